import type { ChatLookDetail } from '../events.js';

/**
 * The widget's colours and corner from the service's configuration, where the page set none:
 * a stylesheet of the launcher's own (adopted, so allowed by a strict CSP), never a style attribute.
 * Part of the closed launcher's file: no imports that bring code.
 */
export class WidgetLook {
  private sheet?: CSSStyleSheet;

  constructor(
    private readonly host: HTMLElement,
    private readonly root: ShadowRoot,
  ) {}

  apply({ accent, accentText, position }: ChatLookDetail): void {
    const pageSets = (name: string) => getComputedStyle(this.host).getPropertyValue(name).trim() !== '';
    const colour = (value: string | undefined) => (value && CSS.supports('color', value) ? value : undefined);
    const rules: string[] = [];
    const host: string[] = [];
    if (colour(accent) && !pageSets('--sportello-accent')) host.push(`--sportello-accent: ${colour(accent)};`);
    if (colour(accentText) && !pageSets('--sportello-accent-contrast'))
      host.push(`--sportello-accent-contrast: ${colour(accentText)};`);
    if (host.length) rules.push(`:host { ${host.join(' ')} }`);
    if (position === 'bottom-left' && !this.host.hasAttribute('position'))
      rules.push(":host .launcher, :host(:not([mode='inline'])) .window { right: auto; left: var(--_offset); }");
    if (!rules.length) return;
    this.sheet ??= new CSSStyleSheet();
    this.sheet.replaceSync(rules.join('\n'));
    if (!this.root.adoptedStyleSheets.includes(this.sheet))
      this.root.adoptedStyleSheets = [...this.root.adoptedStyleSheets, this.sheet];
  }
}
