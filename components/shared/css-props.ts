import { noChange } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';

/** CSS property name (`width`, `--scale-factor`) → value; `undefined`/`null` removes it. */
export type CssProps = Readonly<Record<string, string | number | undefined | null>>;

/**
 * Sets inline CSS properties through the CSSOM (`el.style.setProperty`), never through a `style`
 * attribute. Lit's style-map directive writes the attribute on the first render, which a page with
 * `style-src 'self'` (no `'unsafe-inline'`) refuses — the element then lays out with no sizes at
 * all. CSSOM writes are not inline styles in CSP's sense and pass.
 *
 *   html`<div ${cssProps({ width: `${w}px`, '--scale-factor': scale })}></div>`
 */
class CssPropsDirective extends Directive {
  private previous = new Set<string>();

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ELEMENT)
      throw new Error('cssProps() goes on an element, as <div ${cssProps({...})}>, not in an attribute.');
  }

  render(_props: CssProps): unknown {
    // Server rendering would need the attribute; the kit renders in the browser only.
    return noChange;
  }

  override update(part: ElementPart, [props]: [CssProps]): unknown {
    const style = (part.element as HTMLElement).style;
    const next = new Set<string>();
    for (const [name, value] of Object.entries(props)) {
      if (value === undefined || value === null) continue;
      next.add(name);
      const text = String(value);
      if (style.getPropertyValue(name) !== text) style.setProperty(name, text);
    }
    for (const name of this.previous) if (!next.has(name)) style.removeProperty(name);
    this.previous = next;
    return noChange;
  }
}

export const cssProps = directive(CssPropsDirective);
