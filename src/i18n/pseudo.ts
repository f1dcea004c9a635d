/**
 * The pseudo-locale `qps` (as Microsoft's qps-ploc): every built-in string wrapped in brackets and
 * accented, `Send` → `[Šéñð]`, placeholders and plurals kept. A page in `lang="qps"` shows at a
 * glance any text that did not come from the catalogue (plain letters outside brackets), and the
 * pseudo-locale browser test (test/browser/i18n/) fails on it. Loaded only by whoever asks for it.
 */
import type { Catalogue, CatalogueStrings, Namespace } from './catalogue-types.js';
import { mapMessageText } from './message.js';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'áƀçðéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'][i]!,
  ]),
);

/** `Send` → `Šéñð`: the same length, still readable, unmistakably not a real language. */
export function accent(text: string): string {
  return text.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] ?? c);
}

/** One message wrapped and accented (its literal text only). */
export function pseudoMessage(message: string): string {
  return `[${mapMessageText(message, accent)}]`;
}

/**
 * The whole catalogue as pseudo-strings, to give as `configure({ strings: { qps: pseudoCatalogue(en) } })`
 * (the composer's namespace apart: `pseudoCatalogue({ ...en, compose })`).
 */
export function pseudoCatalogue(
  source: Catalogue | Partial<Record<Namespace, Readonly<Record<string, string>>>>,
): CatalogueStrings {
  const out: Record<string, Record<string, string>> = {};
  for (const [ns, messages] of Object.entries(source) as Array<[string, Readonly<Record<string, string>>]>) {
    out[ns] = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, pseudoMessage(message)]));
  }
  return out as CatalogueStrings;
}
