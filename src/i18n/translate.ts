/**
 * Looking a string up. First found wins:
 *   1. `overrides` the caller passes (the live chat's labels from its service),
 *   2. the element's own `strings` property,
 *   3. the nearest `<sportello-config>`'s `strings`,
 *   4. `configure({ strings })`,
 *   5. the built-in catalogue of the language,
 *   6. for a language the integrator brought only in part: the configured language's catalogue, then English,
 *   7. the key itself (visible, so a gap is seen, never a blank).
 * The message is ICU (src/i18n/message.ts), formatted for the language with Intl.
 */
import { closestConfigElement, configured } from '../config.js';
import {
  builtInStrings,
  catalogueReady,
  composeStringsReady,
  launcherStringsReady,
  stringsFor,
  type CatalogueStrings,
  type KeyOf,
  type Namespace,
  type Strings,
} from './catalogue.js';
import { chooseLang, isBuiltIn, LAST_RESORT_LANG, normaliseLang, type Lang } from './lang.js';
import { formatMessage, type MessageParams } from './message.js';
import { intlLocale } from './format.js';

/** What an element gives the lookup: the language it resolved and its own `strings` property. */
export interface StringsHost {
  readonly language: Lang;
  readonly strings?: Strings | undefined;
  /** Where the strings are shown, when the host is not itself that element (its `<sportello-config>` counts). */
  readonly context?: Element | undefined;
}

/** A language code (for pure helpers), or the element itself (its own strings count too). */
export type Speaker = Lang | StringsHost;

/** The language a speaker speaks: for dates and numbers, which need no strings. */
export function langOf(speaker: Speaker): Lang {
  return typeof speaker === 'string' ? speaker : speaker.language;
}

/** The integrator strings that apply to `host`, nearest first: its own, its `<sportello-config>`'s, `configure()`'s. */
function integratorStrings(host: StringsHost | undefined): Array<Strings | undefined> {
  const place = placeOf(host);
  const provided = place ? closestConfigElement(place)?.sportelloConfig?.strings : undefined;
  return [host?.strings, provided, configured().strings];
}

function placeOf(host: StringsHost | undefined): Element | undefined {
  return host?.context ?? (host instanceof Element ? host : undefined);
}

/** The configured language (`<sportello-config lang>`, then `configure({ lang })`). */
function configuredLang(element: Element | undefined): string | undefined {
  const provided = element ? closestConfigElement(element)?.sportelloConfig?.lang : undefined;
  return provided || configured().lang || undefined;
}

function knows(sources: Array<Strings | undefined>, lang: Lang): boolean {
  return isBuiltIn(lang) || sources.some((s) => stringsFor(s, lang).length > 0);
}

/** The language `element` speaks (the rule of src/i18n/lang.ts), languages brought by the integrator included. */
export function languageOf(element: Element & { strings?: Strings | undefined }): Lang {
  const sources = integratorStrings({ language: '', strings: element.strings, context: element });
  return chooseLang(element, (lang) => knows(sources, lang), configuredLang(element));
}

/** The built-in catalogue a language falls back to for keys it lacks. */
function fallbackLang(lang: Lang, element: Element | undefined): Lang | undefined {
  if (isBuiltIn(lang)) return undefined;
  return normaliseLang(configuredLang(element));
}

/**
 * Undefined when everything `lang` needs is loaded, else a promise for it: elements await it
 * before rendering, so they never flash another language or bare keys.
 */
export function stringsReady(lang: Lang, element?: Element, only?: 'launcher' | 'compose'): Promise<void> | undefined {
  const fallback = fallbackLang(lang, element);
  const langs = fallback ? [lang, fallback, LAST_RESORT_LANG] : [lang];
  if (only === 'launcher') return launcherStringsReady(langs);
  if (only === 'compose') return composeStringsReady(langs);
  return catalogueReady(langs);
}

function lookup(list: readonly CatalogueStrings[], ns: Namespace, key: string): string | undefined {
  for (const strings of list) {
    const value = (strings[ns] as Record<string, string | undefined> | undefined)?.[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** The message template of `ns.key` for `speaker` (before formatting). */
export function template(
  speaker: Speaker,
  ns: Namespace,
  key: string,
  overrides?: Readonly<Record<string, string | undefined>>,
): string {
  const fromCaller = overrides?.[key];
  if (typeof fromCaller === 'string') return fromCaller;
  const host = typeof speaker === 'string' ? undefined : speaker;
  const lang = typeof speaker === 'string' ? speaker : speaker.language;
  for (const strings of integratorStrings(host)) {
    const found = lookup(stringsFor(strings, lang), ns, key);
    if (found !== undefined) return found;
  }
  for (const candidate of [lang, fallbackLang(lang, placeOf(host)), LAST_RESORT_LANG]) {
    const strings = candidate ? (builtInStrings(candidate, ns) as Record<string, string> | undefined) : undefined;
    const found = strings?.[key];
    if (found !== undefined) return found;
  }
  return `${ns}.${key}`;
}

/** `t(speaker, key, params?, overrides?)` for one namespace of the catalogue. */
export function translator<N extends Namespace>(ns: N) {
  return (
    speaker: Speaker,
    key: KeyOf<N>,
    params?: MessageParams,
    overrides?: Readonly<Partial<Record<KeyOf<N>, string>>>,
  ): string => {
    const lang = typeof speaker === 'string' ? speaker : speaker.language;
    const message = template(speaker, ns, key, overrides);
    try {
      return formatMessage(message, params, intlLocale(lang));
    } catch (error) {
      // An integrator's malformed message must not break the element: show it raw, say why once.
      console.warn(String(error));
      return message;
    }
  };
}
