import { PRIORITA, URGENZE, resolveTriple } from './catalog.js';
import type { DeskStore } from './store.js';

/** Seeded requests (ids 7001, 7002) and their comment thread; new requests start at 7100. */
export const SEED_REQUESTS = { open: 7001, inProgress: 7002 } as const;

export function seedDesk(store: DeskStore): void {
  const guasto = resolveTriple(
    { codServizio: 'IT', codAssetRoot: 'PDL', codAssetFiglio: 'PDL-NB', codTipoRichiesta: 'GUASTO' },
    [],
  )!;
  const info = resolveTriple({ codServizio: 'AMM', codAssetRoot: 'FATT', codTipoRichiesta: 'INFO' }, [])!;
  store.requests.set(SEED_REQUESTS.open, {
    idRichiesta: SEED_REQUESTS.open,
    idUtente: 501,
    triple: guasto,
    urgenza: URGENZE[2]!,
    priorita: PRIORITA[2]!,
    oggetto: 'Il notebook non si accende',
    descrizione: '<p>Da questa mattina il notebook <b>non si accende</b>: il LED di alimentazione lampeggia.</p>',
    note: 'Disponibile dalle 9 alle 13',
    codiceCanale: 'WEB',
    statoAvanz: 'A',
    dataRichiesta: '2026-02-12T08:30:00.000Z',
    dataSegnalazione: '2026-02-12T08:15:00.000Z',
    dataPcarico: null,
    dataScadenza: '2026-02-13T08:30:00.000Z',
    idUtenteAssegnatario: null,
    allegati: [{ idAllegato: 1, nomeFile: 'foto-led.jpg', dimensione: 48213, contentType: 'image/jpeg' }],
    sezioni: [
      {
        idSezione: 1,
        codice: 'DETTAGLI_GUASTO',
        nome: 'Dettagli del guasto',
        attributi: [
          { idAttributo: 101, codice: 'NUM_INVENTARIO', nome: 'Numero di inventario', tipo: 'TEXT', valore: 'NB-2291' },
          { idAttributo: 102, codice: 'DATA_GUASTO', nome: 'Data del guasto', tipo: 'DATE', valore: '2026-02-12' },
          { idAttributo: 103, codice: 'IMPATTO', nome: 'Impatto sul lavoro', tipo: 'SELECT', valore: 'BLOCCANTE' },
        ],
      },
    ],
    ticket: [
      { idTicket: 9001, protocollo: 'TCK-2026-009001', oggetto: 'Il notebook non si accende', statoTicket: 'A' },
    ],
  });
  store.requests.set(SEED_REQUESTS.inProgress, {
    idRichiesta: SEED_REQUESTS.inProgress,
    idUtente: 501,
    triple: info,
    urgenza: URGENZE[0]!,
    priorita: PRIORITA[0]!,
    oggetto: 'Copia della fattura di gennaio',
    descrizione: 'Vorrei ricevere una copia della fattura n. 118 di gennaio.',
    note: null,
    codiceCanale: 'MAIL',
    statoAvanz: 'P',
    dataRichiesta: '2026-02-10T10:00:00.000Z',
    dataSegnalazione: null,
    dataPcarico: '2026-02-10T11:20:00.000Z',
    dataScadenza: '2026-02-13T10:00:00.000Z',
    idUtenteAssegnatario: 503,
    allegati: [],
    sezioni: [],
    ticket: [],
  });
  store.comments.push(
    {
      idCommento: 1,
      idRichiesta: SEED_REQUESTS.open,
      tipo: 'FORNITORE',
      idUtente: 502,
      testo: 'Abbiamo ricevuto la segnalazione: un tecnico la contattera in mattinata.',
      sollecito: false,
      dataInserimento: '2026-02-12T09:05:00.000Z',
      allegati: [],
    },
    {
      idCommento: 2,
      idRichiesta: SEED_REQUESTS.open,
      tipo: 'CLIENTE',
      idUtente: 501,
      testo: 'Grazie, resto in attesa. Il notebook e in ufficio 3B.',
      sollecito: false,
      dataInserimento: '2026-02-12T09:20:00.000Z',
      allegati: [],
    },
    {
      idCommento: 3,
      idRichiesta: SEED_REQUESTS.inProgress,
      tipo: 'FORNITORE',
      idUtente: 503,
      testo: 'La copia e in preparazione.',
      sollecito: false,
      dataInserimento: '2026-02-10T11:25:00.000Z',
      allegati: [],
    },
  );
}
