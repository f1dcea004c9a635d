/**
 * The help desk's seeded requests (ids 7001-7003), their files and comment threads, and the people
 * they name: the data in data/requests.json, which names each request's triple, urgency and
 * priority by their codes in the catalogue (data/catalog.json). New requests start at 7100.
 */
import { PRIORITA, URGENZE, resolveTriple, type Item } from './catalog.js';
import type { DeskComment, DeskRequest, DeskStore } from './store.js';
import { readSeed } from '../core/seed-data.js';

/** The seeded requests by what they show (tests and screenshots name them). */
export const SEED_REQUESTS = { open: 7001, inProgress: 7002, closed: 7003 } as const;

interface SeedRequest extends Omit<DeskRequest, 'triple' | 'urgenza' | 'priorita'> {
  /** The triple as a form names it: `codServizio`, `codAssetRoot`, `codAssetFiglio`, `codTipoRichiesta`. */
  terna: Record<string, string>;
  urgenza: string | null;
  priorita: string | null;
}

/** A file attached to a seeded request: text as it reads, anything else as base64. */
interface SeedFile {
  idRichiesta: number;
  nomeFile: string;
  contentType: string;
  text?: string;
  base64?: string;
}

interface DeskSeed {
  /** People the seed knows by id; any other positive idUtente is accepted and shown by number. */
  utenti: Record<number, { nome: string; cognome: string; matricola: string }>;
  requests: SeedRequest[];
  files: SeedFile[];
  comments: DeskComment[];
}

const seed = readSeed<DeskSeed>(new URL('./data/requests.json', import.meta.url));

export function utente(idUtente: number | null) {
  if (idUtente === null) return null;
  const u = seed.utenti[idUtente];
  return {
    idUtente,
    nome: u?.nome ?? 'Utente',
    cognome: u?.cognome ?? String(idUtente),
    matricola: u?.matricola ?? null,
  };
}

const byCode = (items: Item[], codice: string | null): Item | null => {
  if (codice === null) return null;
  const found = items.find((i) => i.codice === codice);
  if (!found) throw new Error(`desk seed: no catalogue item ${codice}`);
  return found;
};

export function seedDesk(store: DeskStore): void {
  for (const { idRichiesta, idUtente, terna, urgenza, priorita, ...rest } of structuredClone(seed.requests)) {
    const triple = resolveTriple(terna, []);
    if (!triple) throw new Error(`desk seed: request ${idRichiesta} names no triple of the catalogue`);
    store.requests.set(idRichiesta, {
      idRichiesta,
      idUtente,
      triple,
      urgenza: byCode(URGENZE, urgenza),
      priorita: byCode(PRIORITA, priorita),
      ...rest,
    });
  }
  for (const file of seed.files) {
    const bytes = file.text !== undefined ? Buffer.from(file.text, 'utf8') : Buffer.from(file.base64 ?? '', 'base64');
    store.files.set(`${file.idRichiesta}/${file.nomeFile}`, {
      nomeFile: file.nomeFile,
      dimensione: bytes.length,
      contentType: file.contentType,
      bytes,
    });
  }
  store.comments.push(...structuredClone(seed.comments));
}
