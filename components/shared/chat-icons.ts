import { svg } from 'lit';

/**
 * The launcher's shapes. The live chat's launcher (live-chat.ts) draws the same two with DOM calls
 * and its own copy of these paths: an import would make the closed launcher a second file.
 */
const CHAT_BUBBLE_PATH =
  'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01z';
const CLOSE_PATH = 'M6 6l12 12M18 6L6 18';

// Static SVG icons for the shared chat parts (no icon font, no emoji: they render the same
// everywhere). Decorative.

/** A line icon: one path stroked in the text colour, 2 px at 24 px. */
const strokeIcon = (d: string, size: number) =>
  svg`<svg viewBox="0 0 24 24" width=${size} height=${size} aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" d=${d}/></svg>`;

export const paperclipIcon = (size = 20) =>
  strokeIcon(
    'M21 11.5l-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l9-9a3.7 3.7 0 0 1 5.2 5.2l-9 9a1.8 1.8 0 0 1-2.6-2.6l8.3-8.3',
    size,
  );

/** A clock with a turning-back arrow: past conversations. */
export const historyIcon = (size = 18) => strokeIcon('M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3', size);

/** An arrow down onto a tray: save a file. */
export const downloadIcon = (size = 18) => strokeIcon('M12 4v11M7 10l5 5 5-5M5 20h14', size);
/** A printer: paper in, paper out. */
export const printIcon = (size = 18) =>
  strokeIcon(
    'M7 9V3h10v6M7 17H5a2 2 0 0 1-2-2v-4a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2h-2M7 14h10v7H7z',
    size,
  );

/** A speaker with sound waves (the sound on), or crossed out (off): the visitor's sound toggle. */
export const soundOnIcon = (size = 18) =>
  strokeIcon('M4 9h4l5-4v14l-5-4H4zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12', size);
export const soundOffIcon = (size = 18) => strokeIcon('M4 9h4l5-4v14l-5-4H4zM16 9l6 6M22 9l-6 6', size);

export const chatBubbleIcon = (size = 26) =>
  svg`<svg viewBox="0 0 24 24" width=${size} height=${size} aria-hidden="true" focusable="false"><path fill="currentColor" d=${CHAT_BUBBLE_PATH}/></svg>`;

export const closeIcon = (size = 26) =>
  svg`<svg viewBox="0 0 24 24" width=${size} height=${size} aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" d=${CLOSE_PATH}/></svg>`;

/** The composer's emoji button: a plain face, drawn, so it looks the same whatever emoji font the system has. */
export const smileIcon = (size = 20) =>
  svg`<svg viewBox="0 0 24 24" width=${size} height=${size} aria-hidden="true" focusable="false"><g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><circle cx="12" cy="12" r="9.5"/><path d="M8 14.5a4.6 4.6 0 0 0 8 0"/></g><circle cx="9" cy="10" r="1.3" fill="currentColor"/><circle cx="15" cy="10" r="1.3" fill="currentColor"/></svg>`;
