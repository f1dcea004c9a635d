import { PRIORITA, URGENZE, resolveTriple } from './catalog.js';
import type { DeskStore } from './store.js';

/** Seeded requests (ids 7001-7003) and their comment threads; new requests start at 7100. */
export const SEED_REQUESTS = { open: 7001, inProgress: 7002, closed: 7003 } as const;

/** Fields of a request that is not closed, rated or reopened. */
const open = { dataChiusura: null, valutazione: null, idRichiestaOriginale: null, idRichiestaRiapertura: null };

/** A 1×1 JPEG: the seeded photo is a real image a browser can open. */
const TINY_JPEG =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

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
    ...open,
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
    ...open,
  });
  const vpn = resolveTriple(
    { codServizio: 'IT', codAssetRoot: 'RETE', codAssetFiglio: 'RETE-VPN', codTipoRichiesta: 'ACCESSO' },
    [],
  )!;
  store.requests.set(SEED_REQUESTS.closed, {
    idRichiesta: SEED_REQUESTS.closed,
    idUtente: 501,
    triple: vpn,
    urgenza: URGENZE[1]!,
    priorita: PRIORITA[1]!,
    oggetto: 'Accesso VPN da casa',
    descrizione: 'Non riesco a collegarmi alla VPN aziendale da casa.',
    note: null,
    codiceCanale: 'WEB',
    statoAvanz: 'C',
    dataRichiesta: '2026-02-02T09:00:00.000Z',
    dataSegnalazione: null,
    dataPcarico: '2026-02-02T09:40:00.000Z',
    dataScadenza: '2026-02-03T09:00:00.000Z',
    idUtenteAssegnatario: 502,
    allegati: [],
    sezioni: [],
    ticket: [],
    ...open,
    dataChiusura: '2026-02-02T15:10:00.000Z',
  });
  const guide = Buffer.from(
    'Configurazione VPN\n1. Installare il client.\n2. Accedere con le credenziali aziendali.\n',
    'utf8',
  );
  store.files.set(`${SEED_REQUESTS.closed}/istruzioni-vpn.txt`, {
    nomeFile: 'istruzioni-vpn.txt',
    dimensione: guide.length,
    contentType: 'text/plain; charset=utf-8',
    bytes: guide,
  });
  const photo = Buffer.from(TINY_JPEG, 'base64');
  store.files.set(`${SEED_REQUESTS.open}/foto-led.jpg`, {
    nomeFile: 'foto-led.jpg',
    dimensione: photo.length,
    contentType: 'image/jpeg',
    bytes: photo,
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
    {
      idCommento: 4,
      idRichiesta: SEED_REQUESTS.closed,
      tipo: 'FORNITORE',
      idUtente: 502,
      testo: 'Le abbiamo inviato le istruzioni per configurare il client VPN: la richiesta viene chiusa.',
      sollecito: false,
      dataInserimento: '2026-02-02T15:05:00.000Z',
      allegati: ['istruzioni-vpn.txt'],
    },
  );
}
