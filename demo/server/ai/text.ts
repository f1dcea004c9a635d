/** Text helpers shared by retrieval and answer writing: tokens, a light stemmer, language guess. */

const STOP_IT =
  'a ad al alla alle agli ai anche che chi ci come con cosa da dal dalla dei del della delle di do e ed gli ha hai ho i il in io la le lo ma mi mio mia ne nei nel nella non o per perche piu puo quale quali quando se si sono su sul sulla ti tra tu un una uno vorrei voglio posso sei devo mie miei essere'.split(
    ' ',
  );
const STOP_EN =
  'a an and are as at be by can could do does for from have how i if in is it me my of on or please should so than that the their there this to was we what when where which who why will with would you your am want'.split(
    ' ',
  );
const STOP = new Set([...STOP_IT, ...STOP_EN]);

/** Hints that tip the language guess beyond stop words (greetings, common verbs). */
const HINT_IT = new Set([
  ...STOP_IT,
  'ciao',
  'salve',
  'buongiorno',
  'buonasera',
  'grazie',
  'fattura',
  'ordine',
  'spedizione',
  'orari',
  'firma',
  'richiesta',
  'operatore',
  'aiuto',
  'dove',
  'quanto',
  'sono',
  'annulla',
  'risposta',
  'lunga',
  'simula',
  'errore',
  'ragiona',
]);
const HINT_EN = new Set([
  ...STOP_EN,
  'hello',
  'hi',
  'hey',
  'thanks',
  'thank',
  'invoice',
  'order',
  'shipping',
  'hours',
  'signature',
  'request',
  'human',
  'operator',
  'help',
  'long',
  'answer',
  'simulate',
  'error',
  'think',
  'cancel',
  'track',
]);

export type Lang = 'it' | 'en';

/** Lower case without diacritics: "Perché" and "perche" are one word. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function words(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A deliberately small stemmer: English inflections, Italian infinitives, then final vowels ("fatture" = "fattura"). */
export function stem(word: string): string {
  let w = word;
  if (w.length > 5) w = w.replace(/(ing|ed)$/, '');
  if (w.length > 4) w = w.replace(/(ies)$/, 'y').replace(/([^s])s$/, '$1');
  // Italian infinitives: "pagare" and "paga" share a stem.
  if (w.length > 5) w = w.replace(/(are|ere|ire)$/, '');
  while (w.length > 3 && /[aeiou]$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Index terms of a text: folded words without stop words, stemmed. */
export function terms(text: string): string[] {
  return words(text)
    .filter((w) => !STOP.has(w) && (w.length > 1 || /\d/.test(w)))
    .map(stem);
}

/** Italian or English, by counting function words and common hints; Italian (the service default) on a tie. */
export function detectLang(text: string): Lang {
  let it = 0;
  let en = 0;
  for (const w of words(text)) {
    if (HINT_IT.has(w)) it++;
    if (HINT_EN.has(w)) en++;
  }
  return en > it ? 'en' : 'it';
}

/** Escapes text that comes from a caller before it is placed inside generated markdown. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>&|#]/g, (c) => `\\${c}`);
}
