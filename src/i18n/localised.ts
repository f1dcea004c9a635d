/**
 * Texts a service writes itself (a widget's custom field labels, its greeting, its privacy notice):
 * by language (`{ it: '…', en: '…', de: '…' }`, as the service's owner wrote them), or as one string
 * in the language the service answered in. The kit shows the visitor's language where the owner
 * wrote it; otherwise the next language it prefers, with that language said, so that a screen
 * reader pronounces the words as what they are (WCAG 3.1.2, language of parts).
 */
import { primaryLang, type Lang } from './lang.js';

/** A service's text: one string (in the language it answered in), or one per language tag. */
export type Localised = string | Readonly<Record<string, string>>;

export interface LocalisedText {
  text: string;
  /** The language the text is in (a primary subtag), when known. */
  lang: Lang | undefined;
}

/**
 * `value` in the first language of `wanted` it has (region tags count for their language:
 * `de-CH` is `de`), else in the first language it has at all. A string is in `givenIn`.
 * Undefined when there is no text (nothing, or only blanks).
 */
export function pickLocalised(
  value: unknown,
  wanted: readonly (string | undefined)[],
  givenIn?: string,
): LocalisedText | undefined {
  if (typeof value === 'string') return value.trim() ? { text: value, lang: primaryLang(givenIn) } : undefined;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>).flatMap(([tag, text]) => {
    const lang = primaryLang(tag);
    return lang && typeof text === 'string' && text.trim() ? [{ text, lang }] : [];
  });
  for (const want of wanted) {
    const lang = primaryLang(want);
    const found = lang && entries.find((e) => e.lang === lang);
    if (found) return found;
  }
  return entries[0];
}
