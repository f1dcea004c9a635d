/**
 * Which language an element speaks. One rule for the whole kit (the closed live-chat launcher
 * included, through src/i18n/launcher.ts):
 *   1. the nearest `lang` attribute: the element's own, then its ancestors' (across shadow roots),
 *      then the page's `<html lang>`;
 *   2. none anywhere: the configured language (`<sportello-config lang>`, `configure({ lang })`);
 *   3. a language with no catalogue (neither built in nor brought by the integrator) gets the
 *      configured language too, never silently English; English only when nothing is configured.
 * Region and script subtags fall back to the language: `de-CH` → `de`, `zh-Hant-TW` → `zh`.
 */

/** A language's primary subtag, lower case (`de`, `ar`, `pt`). Not a closed set: integrators add languages. */
export type Lang = string;

/** Languages with a catalogue in the kit. */
export const BUILT_IN_LANGS = ['it', 'en', 'de', 'fr', 'es'] as const;
export type BuiltInLang = (typeof BUILT_IN_LANGS)[number];

/** The last resort when nothing is configured. */
export const LAST_RESORT_LANG: BuiltInLang = 'en';

export function isBuiltIn(lang: string): lang is BuiltInLang {
  return (BUILT_IN_LANGS as readonly string[]).includes(lang);
}

/** The primary subtag of a BCP 47 tag (`' de_CH '` → `de`), or undefined for an empty tag. */
export function primaryLang(tag: string | null | undefined): Lang | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return primary && /^[a-z]{2,8}$/.test(primary) ? primary : undefined;
}

/**
 * `tag` reduced to a language that has a catalogue (`known`), else `fallback` (itself reduced the
 * same way), else English.
 */
export function normaliseLang(
  tag: string | null | undefined,
  known: (lang: Lang) => boolean = isBuiltIn,
  fallback?: string | null,
): Lang {
  const lang = primaryLang(tag);
  if (lang && known(lang)) return lang;
  const configured = primaryLang(fallback);
  if (configured && known(configured)) return configured;
  return LAST_RESORT_LANG;
}

/** The nearest `lang` attribute's value at or above `element` (across shadow roots), then the page's. */
export function nearestLangTag(element: Element): string | undefined {
  let node: Node | null = element;
  while (node) {
    if (node instanceof Element) {
      const tag = node.getAttribute('lang');
      if (tag !== null && tag.trim() !== '') return tag;
    }
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  const page = typeof document === 'undefined' ? '' : document.documentElement.getAttribute('lang');
  return page?.trim() ? page : undefined;
}

const warned = new Set<string>();

/** The rule of the module comment. `configuredLang` is `lang` of `<sportello-config>` / `configure()`. */
export function chooseLang(element: Element, known: (lang: Lang) => boolean, configuredLang?: string | null): Lang {
  const tag = nearestLangTag(element);
  const chosen = normaliseLang(tag ?? configuredLang, known, configuredLang);
  const asked = primaryLang(tag);
  if (asked && asked !== chosen && !warned.has(asked)) {
    warned.add(asked);
    console.info(
      `[sportello] no catalogue for lang="${tag}"; showing "${chosen}". Bring one with configure({ strings: { ${asked}: { … } } }), or choose the fallback with configure({ lang }).`,
    );
  }
  return chosen;
}
