import { bubbleIcon, closeIcon } from './launcher-icons.js';
import type { LauncherText } from './launcher-text.js';

/**
 * The closed launcher's button: its icon (bubble or close), its unread badge and its label. Plain
 * DOM, part of the closed launcher's file.
 */
export class LauncherButton {
  readonly button: HTMLButtonElement;
  private readonly badge: HTMLSpanElement;
  private bubble?: HTMLSpanElement;
  private closeSvg?: SVGSVGElement;

  constructor() {
    this.button = document.createElement('button');
    this.button.type = 'button';
    this.button.className = 'launcher';
    this.button.setAttribute('part', 'launcher');
    this.button.setAttribute('aria-controls', 'chat-window');
    this.badge = document.createElement('span');
    this.badge.className = 'badge';
    this.badge.setAttribute('part', 'badge');
    this.badge.setAttribute('aria-hidden', 'true');
  }

  /** Shows the state: open or not, how many messages are unread (0: no badge), in the labels' words. */
  render(opened: boolean, unread: number, labels: LauncherText | undefined): void {
    if (labels)
      this.button.setAttribute(
        'aria-label',
        (opened ? labels.close : labels.open) + (unread && labels.unread ? `, ${labels.unread(unread)}` : ''),
      );
    this.button.setAttribute('aria-expanded', opened ? 'true' : 'false');
    this.badge.textContent = unread > 99 ? '99+' : String(unread);
    // Icons are built once per element and swapped, not rebuilt on every render.
    const icon = opened ? (this.closeSvg ??= closeIcon()) : (this.bubble ??= bubbleIcon());
    const want: Node[] = unread ? [icon, this.badge] : [icon];
    const have = this.button.childNodes;
    if (have.length !== want.length || want.some((n, i) => have[i] !== n)) this.button.replaceChildren(...want);
  }
}
