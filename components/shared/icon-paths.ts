/**
 * Path data of the kit's icons, with no dependency: the live chat's launcher (plain DOM, no Lit)
 * and the Lit icon templates (chat-icons.ts) draw the same shapes from here. 24×24 view box.
 */
export const CHAT_BUBBLE_PATH = 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01z';
/** Drawn as a 2.4 px round-capped stroke. */
export const CLOSE_PATH = 'M6 6l12 12M18 6L6 18';
