import { fold } from './text.js';

/**
 * Seeded scenarios, picked by what the user types (documented in README.md). Matching is on the
 * folded text (lower case, no accents), in Italian or English; greeting, asking for a person,
 * thinking and thanking in German, Spanish and French too.
 */
export type Scenario =
  | { kind: 'bench'; bytes: number; chunkChars?: number }
  | { kind: 'error' }
  | { kind: 'cancel-order'; orderId: string }
  | { kind: 'track'; trackingCode: string }
  | { kind: 'long' }
  | { kind: 'whoami' }
  | { kind: 'greeting' }
  | { kind: 'rag' };

const ERROR = /\b(simula(re)? (un )?errore|simulate (an )?error)\b/;
const CANCEL = /\b((annulla|cancella)(re)? (il |l'|l |mio |un )*ordine|cancel (my |the |an )?order)\b/;
const TRACK =
  /\b(traccia(re)?|tracking|track|dov'?e|where is) .*\b(ordine|pacco|spedizione|order|parcel|package|shipment)\b|\btrack\b.*\b[a-z]{2}\d{9}[a-z]{2}\b/;
const LONG = /\b(risposta lunga|long answer|demo lunga|long demo)\b/;
const WHOAMI = /\b(chi sei|who are you|le tue istruzioni|your instructions)\b/;
const GREETING =
  /^(ciao|salve|buongiorno|buonasera|hello|hi|hey|good (morning|afternoon|evening)|hallo|guten (tag|morgen|abend)|hola|buen(os|as) (dias|tardes|noches)|bonjour|bonsoir|salut)\b/;
const HUMAN =
  /\b(operatore|operatrice|persona (vera|reale)|essere umano|umano|parlare con (qualcuno|una persona)|human|real person|operator|live agent|talk to (someone|a person)|speak (to|with) (someone|a person)|mitarbeiter(in)?|echten menschen|mit (jemandem|einem menschen) sprechen|operador(a)?|hablar con (alguien|una persona)|conseill(er|ere)|humain|parler (a|avec) (quelqu'?un|une personne))\b/;
const THINK =
  /\b(ragiona|ragionando|pensaci|passo passo|think|step by step|reason|schritt fur schritt|paso a paso|etape par etape)\b/;

export function pickScenario(message: string): Scenario {
  const raw = message.trim();
  const bench = /^bench:(\d+(?:\.\d+)?)k(?:\/(\d+))?$/i.exec(raw);
  if (bench) {
    const bytes = Math.min(Math.round(Number(bench[1]) * 1024), 5 * 1024 * 1024);
    return bench[2] ? { kind: 'bench', bytes, chunkChars: Math.max(1, Number(bench[2])) } : { kind: 'bench', bytes };
  }
  const text = fold(raw);
  if (ERROR.test(text)) return { kind: 'error' };
  if (CANCEL.test(text))
    return {
      kind: 'cancel-order',
      orderId: /\b([a-z]{1,3}-?\d{3,})\b/i.exec(raw)?.[1]?.toUpperCase() ?? /\b(\d{3,})\b/.exec(raw)?.[1] ?? 'BS-1042',
    };
  if (TRACK.test(text))
    return {
      kind: 'track',
      trackingCode: /\b([A-Z]{2}\d{9}[A-Z]{2})\b/i.exec(raw)?.[1]?.toUpperCase() ?? 'BS123456789IT',
    };
  if (LONG.test(text)) return { kind: 'long' };
  if (WHOAMI.test(text)) return { kind: 'whoami' };
  if (GREETING.test(text) && text.split(/\s+/).length <= 4 && !HUMAN.test(text)) return { kind: 'greeting' };
  return { kind: 'rag' };
}

export const asksForHuman = (message: string) => HUMAN.test(fold(message));
export const asksToThink = (message: string) => THINK.test(fold(message));

const NEGATIVE =
  /\b(arrabbiat\w*|pessim\w*|vergogna|inaccettabile|non funziona|angry|terrible|awful|unacceptable|doesn'?t work|broken|worst)\b/;
const POSITIVE =
  /\b(grazie|ottim\w*|perfett\w*|gentil\w*|thanks|thank you|great|perfect|excellent|awesome|danke|gracias|merci)\b/;

export function sentimentOf(message: string): 'positive' | 'neutral' | 'negative' {
  const text = fold(message);
  if (NEGATIVE.test(text)) return 'negative';
  if (POSITIVE.test(text)) return 'positive';
  return 'neutral';
}
