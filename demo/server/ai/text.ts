/** Text helpers shared by retrieval and answer writing: tokens, a light stemmer, language guess, query translation. */

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

/** Hints for the kit's other languages: function words, greetings, the topics the service knows. */
const HINT_DE = new Set(
  'der die das den dem des und ist sind ich mochte sprechen brauche wie was wo wann warum wer mein meine meinen mit fur nicht ein eine einen kann konnen habe haben hat sie ihr ihre ihren bitte danke hallo guten tag morgen abend rechnung rechnungen bezahlen zahlung bestellung versand lieferung kostet kosten offnungszeiten geoffnet unterschrift unterschreiben passwort kennwort konto anfrage hilfe mitarbeiter mensch zweimal vergessen abgelaufen erstattung ruckerstattung paket'.split(
    ' ',
  ),
);
const HINT_ES = new Set(
  'el los las y es yo quiero hablar necesito como que donde cuando cual mi mis con para por un una puedo tengo usted su sus del al hola gracias favor buenos dias buenas tardes factura facturas pagar pago pedido envio entrega cuesta cuanto horario horarios abierto firma firmar contrasena cuenta solicitud ayuda persona agente dos veces olvide caducado reembolso paquete'.split(
    ' ',
  ),
);
const HINT_FR = new Set(
  'le les et est je veux voudrais parler besoin comment quoi ou quand quel quelle quels quelles sont mon ma mes avec pour pas une puis peux vous votre vos du au bonjour bonsoir salut merci facture factures payer paiement commande livraison expedition frais coute combien horaires ouvert signature signer mot passe compte demande aide conseiller humain deux fois oublie expire remboursement colis'.split(
    ' ',
  ),
);

/** The kit's languages (src/i18n): the simulated model answers in each of them. */
export const LANGS = ['it', 'en', 'de', 'es', 'fr'] as const;
export type Lang = (typeof LANGS)[number];
/** The languages the knowledge bases are written in (data/kb-<lang>.json). */
export type KbLang = 'it' | 'en';

const HINTS: Record<Lang, Set<string>> = { it: HINT_IT, en: HINT_EN, de: HINT_DE, es: HINT_ES, fr: HINT_FR };

/**
 * The knowledge a question in `lang` is answered from: Italian or English as asked; German, Spanish
 * and French questions are "auto-translated to the first language" (ai-service.md §2.2) of the
 * knowledge base that has most of the kit's visitors: English.
 */
export const knowledgeLang = (lang: Lang): KbLang => (lang === 'it' ? 'it' : 'en');

/** `template_vars.language` (the page's language, `de-CH` counting as `de`) when it is one of ours. */
export function requestedLang(tag: string | undefined): Lang | undefined {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return LANGS.find((l) => l === primary);
}

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

/**
 * The question's language, by counting function words and common hints: the language with most.
 * When the words do not tell (none, or a tie) the requested language decides (`template_vars.language`,
 * the page's) if it is among the likeliest, else Italian (the service default), else the first.
 */
export function detectLang(text: string, requested?: string): Lang {
  const counts = new Map<Lang, number>(LANGS.map((l) => [l, 0]));
  for (const w of words(text)) for (const l of LANGS) if (HINTS[l].has(w)) counts.set(l, counts.get(l)! + 1);
  const most = Math.max(...counts.values());
  const likeliest = LANGS.filter((l) => counts.get(l) === most);
  const asked = requestedLang(requested);
  if (asked && likeliest.includes(asked)) return asked;
  return likeliest.includes('it') ? 'it' : likeliest[0]!;
}

/** Words of German, Spanish and French questions, with the English words the knowledge uses for them. */
const TO_ENGLISH: Record<Exclude<Lang, KbLang>, Record<string, string>> = {
  de: {
    rechnung: 'invoice',
    rechnungen: 'invoices',
    bezahlen: 'pay',
    zahlen: 'pay',
    zahlung: 'payment',
    konto: 'account',
    passwort: 'password',
    kennwort: 'password',
    anmelden: 'sign in',
    versand: 'shipping',
    versandkosten: 'shipping cost',
    lieferung: 'delivery',
    kostet: 'cost',
    kosten: 'cost',
    offnungszeiten: 'opening hours',
    geoffnet: 'open hours',
    unterschrift: 'signature',
    signatur: 'signature',
    unterschreiben: 'sign',
    abgelaufen: 'expired',
    erstattung: 'refund',
    ruckerstattung: 'refund',
    anfrage: 'request',
    hilfe: 'help',
    zweimal: 'twice',
    vergessen: 'forgot',
    bestellung: 'order',
    paket: 'parcel',
  },
  es: {
    factura: 'invoice',
    facturas: 'invoices',
    pagar: 'pay',
    pague: 'paid',
    pago: 'payment',
    cuenta: 'account',
    contrasena: 'password',
    envio: 'shipping',
    entrega: 'delivery',
    cuesta: 'cost',
    coste: 'cost',
    costo: 'cost',
    horario: 'opening hours',
    horarios: 'opening hours',
    firma: 'signature',
    firmar: 'sign',
    enlace: 'link',
    caducado: 'expired',
    reembolso: 'refund',
    solicitud: 'request',
    ayuda: 'help',
    veces: 'twice',
    olvide: 'forgot',
    pedido: 'order',
    paquete: 'parcel',
  },
  fr: {
    facture: 'invoice',
    factures: 'invoices',
    payer: 'pay',
    paye: 'paid',
    paiement: 'payment',
    compte: 'account',
    passe: 'password',
    livraison: 'delivery shipping',
    expedition: 'shipping',
    frais: 'cost',
    coute: 'cost',
    horaires: 'opening hours',
    ouverture: 'opening hours',
    signature: 'signature',
    signer: 'sign',
    lien: 'link',
    expire: 'expired',
    remboursement: 'refund',
    demande: 'request',
    aide: 'help',
    fois: 'twice',
    oublie: 'forgot',
    commande: 'order',
    colis: 'parcel',
  },
};

/**
 * The query the knowledge is searched with: a German, Spanish or French question translated to the
 * English words of the topics it names (the service's auto-translation, simulated by a glossary:
 * what it does not know is left out, as it would not match English text anyway); a question with
 * no word of the glossary, or an Italian or English one, as it is.
 */
export function knowledgeQuery(question: string, lang: Lang): string {
  if (lang === 'it' || lang === 'en') return question;
  const glossary = TO_ENGLISH[lang];
  const english = words(question).flatMap((w) => (glossary[w] ? [glossary[w]] : []));
  return english.length ? english.join(' ') : question;
}

/** Escapes text that comes from a caller before it is placed inside generated markdown. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>&|#]/g, (c) => `\\${c}`);
}
