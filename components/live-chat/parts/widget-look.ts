import type { ChatLookDetail } from '../events.js';

/** The service's look as this browser last saw it, per widget key, so that the next page starts with it. */
const STORE = 'sportello-chat-look:';

/** The look's colours → the private properties the launcher's and the window's styles read after the page's own. */
const PROPERTIES: ReadonlyArray<readonly [keyof ChatLookDetail, string]> = [
  ['accent', '--_look-accent'],
  ['accentText', '--_look-accent-contrast'],
  ['surface', '--_look-surface'],
  ['text', '--_look-text'],
  ['visitorBubble', '--_look-visitor-bubble'],
  ['visitorBubbleText', '--_look-visitor-bubble-text'],
  ['operatorBubble', '--_look-operator-bubble'],
  ['operatorBubbleText', '--_look-operator-bubble-text'],
];

/**
 * The widget's colours and corner from the service's configuration: a stylesheet of the launcher's
 * own (adopted, so allowed by a strict CSP), never a style attribute. The colours go into private
 * properties that come after the page's in the launcher's and window's styles
 * (`var(--sportello-accent, var(--_look-accent, …))`): a page that sets its own, on the element or
 * any ancestor, keeps it, and nothing here reads computed styles.
 *
 * Remembered in localStorage per widget key: a fresh page paints the closed launcher in the
 * service's look at once, instead of the kit's blue in the kit's corner until the window loads.
 * Part of the closed launcher's file: no imports that bring code.
 */
export class LauncherLook {
  private sheet?: CSSStyleSheet;
  private applied = '';
  /** The service puts the launcher in the bottom-left corner (and the page named no corner). */
  left = false;

  constructor(
    private readonly host: HTMLElement,
    private readonly root: ShadowRoot,
  ) {}

  /** The look this browser kept for `widgetKey`, applied now (nothing kept: nothing changes). */
  restore(widgetKey: string): void {
    if (!widgetKey) return;
    let kept: unknown;
    try {
      kept = JSON.parse(localStorage.getItem(STORE + widgetKey) ?? 'null');
    } catch {
      return; // storage refused, or not ours
    }
    if (kept && typeof kept === 'object') this.apply(kept as ChatLookDetail);
  }

  /** The service's look (from the window), applied and kept for the next page. */
  update(widgetKey: string, look: ChatLookDetail): void {
    const json = JSON.stringify(look);
    if (widgetKey) {
      try {
        if (localStorage.getItem(STORE + widgetKey) !== json) localStorage.setItem(STORE + widgetKey, json);
      } catch {
        // Storage refused: the next page starts in the kit's look until the window loads.
      }
    }
    this.apply(look);
  }

  private apply(look: ChatLookDetail): void {
    const declarations = PROPERTIES.flatMap(([key, property]) => {
      const value = look[key];
      return typeof value === 'string' && CSS.supports('color', value) ? [`${property}: ${value};`] : [];
    });
    const rules = declarations.length ? [`:host { ${declarations.join(' ')} }`] : [];
    this.left = look.position === 'bottom-left' && !this.host.hasAttribute('position');
    if (this.left)
      rules.push(
        ":host .launcher, :host .above, :host(:not([mode='inline'])) .window { right: auto; left: var(--_offset); }",
      );
    const css = rules.join('\n');
    if (css === this.applied) return;
    this.applied = css;
    this.sheet ??= new CSSStyleSheet();
    this.sheet.replaceSync(css);
    if (!this.root.adoptedStyleSheets.includes(this.sheet))
      this.root.adoptedStyleSheets = [...this.root.adoptedStyleSheets, this.sheet];
  }
}
