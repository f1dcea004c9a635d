/** Languages with a built-in catalogue. Anything else falls back to English. */
export type Lang = 'it' | 'en';

export function normaliseLang(tag: string | null | undefined): Lang | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'it' || primary === 'en') return primary;
  return undefined;
}

/** `lang` on the element or its nearest ancestor (across shadow roots), then the page, then the browser. */
export function resolveLang(element: Element): Lang {
  let node: Node | null = element;
  while (node) {
    if (node instanceof Element && node.hasAttribute('lang')) {
      const found = normaliseLang(node.getAttribute('lang'));
      if (found) return found;
    }
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return normaliseLang(document.documentElement.lang) ?? normaliseLang(navigator.language) ?? 'en';
}
