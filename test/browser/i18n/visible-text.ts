/**
 * What a visitor reads (or hears) in an element: its text across shadow roots, plus the
 * attributes assistive technology speaks. Used by the pseudo-locale test to prove every word
 * comes from the catalogue or from data. Generic: any element, any state.
 */
/** Attributes that are read out or shown as text. */
const SPOKEN_ATTRIBUTES = [
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
];
const SILENT_TAGS = new Set(['STYLE', 'SCRIPT', 'TEMPLATE', 'SVG', 'svg', 'CANVAS']);

export interface FoundText {
  text: string;
  /** Where: the element's tag and attribute, for the failure message. */
  where: string;
}

function describe(el: Element): string {
  const id = el.id ? `#${el.id}` : '';
  const cls = el.classList.length ? `.${[...el.classList].join('.')}` : '';
  const part = el.getAttribute('part') ? `[part=${el.getAttribute('part')}]` : '';
  return `${el.localName}${id}${cls}${part}`;
}

/**
 * Every text node and spoken attribute under `root` (shadow roots included, slotted page content
 * not: that is the page's), skipping what is not rendered (`display: none`, `hidden`) and what
 * matches `skip` (e.g. a PDF's own text layer).
 */
export function collectTexts(root: Element, skip: readonly string[] = []): FoundText[] {
  const found: FoundText[] = [];
  const visit = (node: Node, host: Element) => {
    if (node instanceof Text) {
      const text = node.data.trim();
      if (text) found.push({ text, where: describe(host) });
      return;
    }
    if (!(node instanceof Element) && !(node instanceof ShadowRoot)) return;
    if (node instanceof Element) {
      if (SILENT_TAGS.has(node.tagName) || skip.some((s) => node.matches(s))) return;
      if (!node.checkVisibility() && node.localName !== 'dialog') return;
      for (const name of SPOKEN_ATTRIBUTES) {
        const value = node.getAttribute(name)?.trim();
        if (value) found.push({ text: value, where: `${describe(node)}@${name}` });
      }
      if (node instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(node.type) && node.value) {
        found.push({ text: node.value, where: `${describe(node)}@value` });
      }
      if (node.shadowRoot) visit(node.shadowRoot, node);
    }
    const parent = node instanceof Element ? node : (node as ShadowRoot).host;
    for (const child of node.childNodes) visit(child, parent);
  };
  if (root.shadowRoot) visit(root.shadowRoot, root);
  else visit(root, root);
  return found;
}

/** Removes pseudo-locale segments `[…]`, innermost first (a placeholder may hold another). */
function withoutPseudo(text: string): string {
  let before: string;
  let out = text;
  do {
    before = out;
    out = out.replace(/\[[^[\]]*\]/g, ' ');
  } while (out !== before);
  return out;
}

/**
 * Words Intl produced for the page (month and day names, "today", AM/PM, unit names): formatted
 * data, not the kit's own text. Computed for the locale the pseudo-language falls back to.
 */
export function intlVocabulary(locale = 'en-GB'): string[] {
  const words = new Set<string>();
  const add = (s: string) =>
    s
      .split(/[^\p{L}]+/u)
      .filter(Boolean)
      .forEach((w) => words.add(w));
  const year = 2026;
  for (let m = 0; m < 12; m++) {
    for (const month of ['long', 'short'] as const)
      add(new Intl.DateTimeFormat(locale, { month }).format(new Date(year, m, 15)));
  }
  for (let d = 0; d < 7; d++) {
    for (const weekday of ['long', 'short'] as const)
      add(new Intl.DateTimeFormat(locale, { weekday }).format(new Date(year, 0, 5 + d)));
  }
  add(new Intl.DateTimeFormat(locale, { hour: 'numeric', hour12: true }).format(new Date(year, 0, 1, 9)));
  add(new Intl.DateTimeFormat(locale, { hour: 'numeric', hour12: true }).format(new Date(year, 0, 1, 21)));
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const) {
    for (const n of [-2, -1, 0, 1, 2]) add(relative.format(n, unit));
    for (const unitDisplay of ['long', 'short', 'narrow'] as const) {
      if (unit === 'week' || unit === 'month' || unit === 'year') continue;
      for (const n of [1, 2]) add(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay }).format(n));
    }
  }
  for (const unit of ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const) {
    for (const n of [1, 2]) add(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(n));
  }
  add(new Intl.DateTimeFormat(locale, { timeZoneName: 'short' }).format(new Date()));
  return [...words];
}

/**
 * Text a visitor would read that is neither from the (pseudo) catalogue nor data: what is left
 * once pseudo segments, the given data, Intl's words, numbers, punctuation and symbols are gone.
 * The pseudo-locale has no plain Latin letter, so a word with one is a leak.
 */
export function untranslated(
  found: readonly FoundText[],
  data: ReadonlyArray<string | RegExp>,
  vocabulary: readonly string[],
): FoundText[] {
  const vocab = new Set(vocabulary);
  return found.filter(({ text }) => {
    let rest = withoutPseudo(text);
    for (const d of data) rest = typeof d === 'string' ? rest.split(d).join(' ') : rest.replace(d, ' ');
    const words = rest
      .replace(/[\p{P}\p{S}\p{N}\s]+/gu, ' ')
      .split(' ')
      .filter((w) => /[A-Za-z]/.test(w) && !vocab.has(w));
    return words.length > 0;
  });
}
