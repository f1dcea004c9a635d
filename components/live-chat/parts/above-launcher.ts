/**
 * A card above the closed launcher: the widget's greeting (greeting.ts) and the preview of a new
 * message (message-preview.ts). Plain DOM in the launcher's shadow root, in the launcher's corner
 * (its `position`, the page's direction, the service's corner), a button that opens the chat and
 * one that dismisses the card. Loaded only when there is something to show: not part of the closed
 * launcher's file.
 */

const css = `
  .above {
    position: fixed;
    bottom: calc(var(--_offset) + 68px);
    inset-inline-end: var(--_offset);
    z-index: 2147483000;
    box-sizing: border-box;
    display: flex;
    align-items: flex-start;
    gap: 4px;
    width: max-content;
    max-width: min(300px, calc(100vw - 2 * var(--_offset)));
    background: var(--sportello-surface, var(--_look-surface, #ffffff));
    color: var(--sportello-text, var(--_look-text, #1c2230));
    border: 1px solid var(--sportello-border, #d5dbe5);
    border-radius: 12px;
    box-shadow: var(--_shadow);
    font: 15px/1.4 var(--sportello-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  }
  :host([position='bottom-start']) .above {
    inset-inline-end: auto;
    inset-inline-start: var(--_offset);
  }
  :host([position='bottom-left']) .above {
    inset-inline-end: auto;
    left: var(--_offset);
  }
  :host([position='bottom-right']) .above {
    inset-inline-end: auto;
    right: var(--_offset);
  }
  .above .say {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    text-align: start;
    background: none;
    border: 0;
    border-radius: 12px;
    color: inherit;
    font: inherit;
    padding: 10px 4px 10px 14px;
    padding-inline: 14px 4px;
    cursor: pointer;
  }
  .above .from {
    font-weight: 600;
    font-size: 0.9em;
  }
  .above .text {
    overflow-wrap: anywhere;
  }
  .above .dismiss {
    flex: none;
    min-width: 32px;
    min-height: 32px;
    margin: 4px;
    background: none;
    border: 0;
    border-radius: 6px;
    color: var(--sportello-text-muted, #5b6474);
    font: inherit;
    cursor: pointer;
  }
  .above .dismiss:hover {
    background: var(--sportello-surface-alt, #f3f5f9);
  }
  .above-status {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  @media (forced-colors: active) {
    .above {
      border-color: CanvasText;
    }
  }
`;

let sheet: CSSStyleSheet | undefined;

/** Adopts the cards' styles into the launcher's shadow root (once). */
export function adoptAboveStyles(root: ShadowRoot): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

export interface AboveCard {
  card: HTMLElement;
  /** The button that opens the chat: its content is the card's text. */
  say: HTMLButtonElement;
}

/** A card: the opening button (filled by the caller) and the dismiss button, named `dismissLabel`. */
export function aboveCard(
  className: string,
  dismissLabel: string,
  onOpen: () => void,
  onDismiss: () => void,
): AboveCard {
  const card = document.createElement('div');
  card.className = `above ${className}`;
  const say = document.createElement('button');
  say.type = 'button';
  say.className = 'say';
  say.addEventListener('click', onOpen);
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.className = 'dismiss';
  dismiss.setAttribute('aria-label', dismissLabel);
  dismiss.title = dismissLabel;
  dismiss.textContent = '✕';
  dismiss.addEventListener('click', onDismiss);
  card.append(say, dismiss);
  return { card, say };
}
