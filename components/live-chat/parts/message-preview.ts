/**
 * The preview above the closed launcher (as Intercom and Crisp show it): the newest message from the
 * operator or the bot, shortened, with who wrote it; a click opens the chat, ✕ puts it away until
 * the next message. Said once, politely, by a live region that is on the page before its words (a
 * region inserted with its text is often not read). Loaded the first time a message arrives while
 * the window is closed: not part of the closed launcher's file.
 */
import { languageOf, stringsReady, translator } from '../../../src/i18n/translate.js';
import { aboveCard, adoptAboveStyles } from './above-launcher.js';

const t = translator('launcher');

/** About two lines of the card: longer messages end with "…" (the whole one is in the window). */
export const PREVIEW_CHARS = 120;

/** `text` on one line, at most `max` characters, cut at a word where there is one near the end. */
export function shorten(text: string, max = PREVIEW_CHARS): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export interface PreviewHost {
  /** The launcher element (its language and strings). */
  readonly element: HTMLElement & { strings?: import('../../../src/i18n/catalogue-types.js').Strings | undefined };
  readonly root: ShadowRoot;
  /** Opens the chat window (and moves focus into it). */
  open(): Promise<void>;
}

export class MessagePreview {
  private card: HTMLElement | undefined;
  private readonly status: HTMLElement;

  constructor(private readonly host: PreviewHost) {
    adoptAboveStyles(host.root);
    this.status = document.createElement('div');
    this.status.className = 'above-status';
    this.status.setAttribute('role', 'status');
    host.root.append(this.status);
  }

  /** Shows `text` from `from` (replacing the preview before it) and says it. */
  async show(from: string, text: string): Promise<void> {
    const language = languageOf(this.host.element);
    await stringsReady(language, this.host.element, 'launcher');
    const speaker = { language, strings: this.host.element.strings, context: this.host.element };
    const short = shorten(text);
    this.hide();
    const made = aboveCard(
      'preview',
      t(speaker, 'dismissGreeting'),
      () => {
        this.hide();
        void this.host.open();
      },
      () => this.hide(),
    );
    const name = document.createElement('span');
    name.className = 'from';
    name.textContent = from;
    const words = document.createElement('span');
    words.className = 'text';
    words.dir = 'auto';
    words.textContent = short;
    made.say.append(name, words);
    this.card = made.card;
    this.host.root.append(made.card);
    this.status.textContent = t(speaker, 'preview', { name: from, text: short });
  }

  /** Puts the preview away (the window opened, or the visitor dismissed it). */
  hide(): void {
    this.card?.remove();
    this.card = undefined;
  }

  /** Whether a preview is on screen. */
  get shown(): boolean {
    return !!this.card;
  }
}
