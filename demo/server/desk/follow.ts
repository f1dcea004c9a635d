import { sendJson, type SimRequest } from '../core/http-kit.js';
import type { FieldError } from './catalog.js';
import { DeskError } from './errors.js';
import type { DeskRequest, DeskStore } from './store.js';

/**
 * What happens to a request after it is opened (spec §4.1): the customer's own list, the provider's
 * replies, taking in charge, closing, reopening with a note, the rating, and downloading the files a
 * request carries. Where the spec leaves a body or a path unshown, README.md says what is assumed.
 */

type Json = Record<string, unknown>;
type Handler = (r: SimRequest) => Promise<void> | void;
type ReadJson = (r: SimRequest) => Promise<{ raw: string; body: unknown }>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const STATI: Record<DeskRequest['statoAvanz'], string> = { A: 'Aperta', P: 'In lavorazione', C: 'Chiusa' };

export const statoRichiesta = (d: DeskRequest) => STATI[d.statoAvanz];

function requestOf(store: DeskStore, raw: unknown, field = 'idRichiesta'): DeskRequest {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id <= 0)
    throw new DeskError(400, `${field} deve essere un numero`, [{ field, message: 'Numero non valido' }]);
  const found = store.requests.get(id);
  if (!found) throw new DeskError(404, `Richiesta ${id} non trovata`);
  return found;
}

function noteOf(body: Json, errors: FieldError[], required: boolean, max = 2000): string | null {
  const note = typeof body.note === 'string' ? body.note.trim() : '';
  if (!note) {
    if (required) errors.push({ field: 'note', message: 'note e obbligatorio' });
    return null;
  }
  if (note.length > max) errors.push({ field: 'note', message: `note supera ${max} caratteri` });
  return note;
}

/** Checks `idUpload` + `nomeAllegati` as creation does; returns the names once the files are linked to the request. */
export function linkFiles(store: DeskStore, idRichiesta: number, body: Json, errors: FieldError[]): string[] {
  const names = Array.isArray(body.nomeAllegati)
    ? (body.nomeAllegati as unknown[]).filter((n): n is string => typeof n === 'string')
    : [];
  if (!names.length) return [];
  const files = typeof body.idUpload === 'string' ? store.uploads.get(body.idUpload) : undefined;
  if (!files) {
    errors.push({ field: 'idUpload', message: 'idUpload mancante o sconosciuto' });
    return [];
  }
  for (const n of names)
    if (!files.some((f) => f.nomeFile === n))
      errors.push({ field: 'nomeAllegati', message: `Allegato ${n} non caricato` });
  if (errors.length) return [];
  for (const n of names)
    store.files.set(
      `${idRichiesta}/${n}`,
      files.find((f) => f.nomeFile === n)!,
    );
  return names;
}

/** One row of the customer's list (the fields of DettaglioRichiestaBean a list shows). */
function row(d: DeskRequest, protocol: string | null) {
  return {
    idRichiesta: d.idRichiesta,
    oggetto: d.oggetto,
    statoAvanz: d.statoAvanz,
    statoRichiesta: statoRichiesta(d),
    servizio: { id: d.triple.servizio.id, codice: d.triple.servizio.codice, nome: d.triple.servizio.nome },
    tipoRichiesta: {
      id: d.triple.tipoRichiesta.id,
      codice: d.triple.tipoRichiesta.codice,
      nome: d.triple.tipoRichiesta.nome,
    },
    dataRichiesta: d.dataRichiesta,
    dataScadenza: d.dataScadenza,
    dataChiusura: d.dataChiusura,
    protocolloTicket: protocol,
  };
}

const SORTABLE: Record<string, (d: DeskRequest) => string | number> = {
  dataRichiesta: (d) => d.dataRichiesta,
  idRichiesta: (d) => d.idRichiesta,
  oggetto: (d) => d.oggetto.toLowerCase(),
  statoAvanz: (d) => d.statoAvanz,
};

function intParam(
  r: SimRequest,
  key: string,
  fallback: number,
  min: number,
  max: number,
  errors: FieldError[],
): number {
  const raw = r.query.get(key);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    errors.push({ field: key, message: `${key} deve essere un intero tra ${min} e ${max}` });
    return fallback;
  }
  return n;
}

export function followRoutes(
  store: DeskStore,
  readJson: ReadJson,
  idempotent: (r: SimRequest, raw: string, run: () => { status: number; body: unknown }) => Promise<void>,
): Array<[string, string, Handler]> {
  const bodyOf = async (r: SimRequest) => {
    const { raw, body } = await readJson(r);
    return { raw, body: isObject(body) ? body : {} };
  };
  return [
    // DataTables-style paging (start/length/search) because the output is DatatableOutput; idUtente
    // scopes the list to one customer (the gateway sets it from the visitor's token).
    [
      'GET',
      '/richieste/lista-richieste-cliente-paginated',
      (r) => {
        const errors: FieldError[] = [];
        const start = intParam(r, 'start', 0, 0, 1_000_000, errors);
        const length = intParam(r, 'length', 10, 1, 100, errors);
        const user = r.query.get('idUtente');
        if (user !== null && !/^\d+$/.test(user))
          errors.push({ field: 'idUtente', message: 'idUtente deve essere un numero' });
        const ordina = r.query.get('ordina') ?? 'dataRichiesta';
        if (!SORTABLE[ordina])
          errors.push({ field: 'ordina', message: `ordina: uno tra ${Object.keys(SORTABLE).join(', ')}` });
        const verso = (r.query.get('verso') ?? 'DESC').toUpperCase();
        if (verso !== 'ASC' && verso !== 'DESC') errors.push({ field: 'verso', message: 'verso: ASC o DESC' });
        if (errors.length) throw new DeskError(400, 'Parametri non validi', errors);
        const search = (r.query.get('search') ?? '').trim().toLowerCase();
        const stato = r.query.get('stato');
        const mine = [...store.requests.values()].filter((d) => user === null || d.idUtente === Number(user));
        const protocol = (d: DeskRequest) => d.ticket[0]?.protocollo ?? null;
        const filtered = mine.filter(
          (d) =>
            (!stato || d.statoAvanz === stato) &&
            (!search ||
              String(d.idRichiesta).includes(search) ||
              d.oggetto.toLowerCase().includes(search) ||
              (protocol(d) ?? '').toLowerCase().includes(search)),
        );
        const key = SORTABLE[ordina]!;
        filtered.sort((a, b) => {
          const x = key(a);
          const y = key(b);
          return (x < y ? -1 : x > y ? 1 : 0) * (verso === 'ASC' ? 1 : -1) || b.idRichiesta - a.idRichiesta;
        });
        sendJson(r.res, 200, {
          data: filtered.slice(start, start + length).map((d) => row(d, protocol(d))),
          recordsTotal: mine.length,
          recordsFiltered: filtered.length,
          message: null,
        });
      },
    ],

    // Spec §4.1: provider comment `note`, `sollecito`, `nomeAllegati`, `idUpload`, `noteInterne`.
    [
      'POST',
      '/richieste/{idRichiesta}/commento-fornitore',
      async (r) => {
        const d = requestOf(store, r.params.idRichiesta);
        const { raw, body } = await bodyOf(r);
        await idempotent(r, raw, () => {
          const errors: FieldError[] = [];
          const note = noteOf(body, errors, true);
          const names = linkFiles(store, d.idRichiesta, body, errors);
          if (errors.length || !note) throw new DeskError(400, 'Commento non valido', errors);
          const idCommento = store.newCommentId();
          const idUtente = typeof body.idUtente === 'number' ? body.idUtente : 502;
          store.comments.push({
            idCommento,
            idRichiesta: d.idRichiesta,
            tipo: 'FORNITORE',
            idUtente,
            testo: note,
            sollecito: body.sollecito === true,
            dataInserimento: new Date().toISOString(),
            allegati: names,
          });
          return { status: 200, body: { idRichiesta: d.idRichiesta, idCommento, esitoInvioMail: true } };
        });
      },
    ],

    // Spec §4.1: `idRichiesta`, `idUtente` (required), `note` → esitoPresaInCarico.
    [
      'POST',
      '/richieste/presa-in-carico',
      async (r) => {
        const { body } = await bodyOf(r);
        const d = requestOf(store, body.idRichiesta);
        if (!Number.isInteger(body.idUtente))
          throw new DeskError(400, 'Dati non validi', [{ field: 'idUtente', message: 'idUtente e obbligatorio' }]);
        if (d.statoAvanz === 'C') throw new DeskError(409, `La richiesta ${d.idRichiesta} e chiusa`);
        d.statoAvanz = 'P';
        d.idUtenteAssegnatario = body.idUtente as number;
        d.dataPcarico = new Date().toISOString();
        sendJson(r.res, 200, { idRichiesta: d.idRichiesta, esitoPresaInCarico: true, erroreInvioMail: false });
      },
    ],

    // Spec §4.1: `idRichiesta`, `idUtente` (required), `note`, `nomeAllegati`, `idUpload`.
    [
      'POST',
      '/richieste/chiusura',
      async (r) => {
        const { body } = await bodyOf(r);
        const d = requestOf(store, body.idRichiesta);
        const errors: FieldError[] = [];
        if (!Number.isInteger(body.idUtente)) errors.push({ field: 'idUtente', message: 'idUtente e obbligatorio' });
        const note = noteOf(body, errors, false);
        const names = linkFiles(store, d.idRichiesta, body, errors);
        if (errors.length) throw new DeskError(400, 'Dati non validi', errors);
        if (d.statoAvanz === 'C') throw new DeskError(409, `La richiesta ${d.idRichiesta} e gia chiusa`);
        d.statoAvanz = 'C';
        d.dataChiusura = new Date().toISOString();
        if (note || names.length) {
          store.comments.push({
            idCommento: store.newCommentId(),
            idRichiesta: d.idRichiesta,
            tipo: 'FORNITORE',
            idUtente: body.idUtente as number,
            testo: note ?? '',
            sollecito: false,
            dataInserimento: d.dataChiusura,
            allegati: names,
          });
        }
        sendJson(r.res, 200, { idRichiesta: d.idRichiesta, esitoChiusuraRichiesta: true, esitoInvioMail: true });
      },
    ],

    // Spec §3/§4.1: reopening creates a new linked request; the body (`{note}`) and answer are assumed.
    [
      'POST',
      '/richieste/riapertura-richiesta-note/{idRichiestaOriginale}',
      async (r) => {
        const original = requestOf(store, r.params.idRichiestaOriginale, 'idRichiestaOriginale');
        const { raw, body } = await bodyOf(r);
        await idempotent(r, raw, () => {
          const errors: FieldError[] = [];
          const note = noteOf(body, errors, true);
          if (errors.length || !note) throw new DeskError(400, 'Nota di riapertura non valida', errors);
          if (original.statoAvanz !== 'C')
            throw new DeskError(409, `La richiesta ${original.idRichiesta} non e chiusa`);
          if (original.idRichiestaRiapertura !== null)
            throw new DeskError(
              409,
              `La richiesta ${original.idRichiesta} e gia stata riaperta come ${original.idRichiestaRiapertura}`,
            );
          const now = new Date().toISOString();
          const idRichiesta = store.newRequestId();
          store.requests.set(idRichiesta, {
            ...original,
            idRichiesta,
            statoAvanz: 'A',
            dataRichiesta: now,
            dataPcarico: null,
            dataChiusura: null,
            idUtenteAssegnatario: null,
            note,
            allegati: [],
            ticket: [],
            valutazione: null,
            idRichiestaOriginale: original.idRichiesta,
            idRichiestaRiapertura: null,
          });
          original.idRichiestaRiapertura = idRichiesta;
          store.comments.push({
            idCommento: store.newCommentId(),
            idRichiesta,
            tipo: 'CLIENTE',
            idUtente: original.idUtente,
            testo: note,
            sollecito: false,
            dataInserimento: now,
            allegati: [],
          });
          return {
            status: 200,
            body: { idRichiesta, idRichiestaOriginale: original.idRichiesta, esitoInvioMail: true },
          };
        });
      },
    ],

    // Spec §4.1 names the path only; body `{idRichiesta, valutazione: 1-5, note?}` is assumed.
    [
      'POST',
      '/richieste/valutazione-richiesta',
      async (r) => {
        const { raw, body } = await bodyOf(r);
        const d = requestOf(store, body.idRichiesta);
        await idempotent(r, raw, () => {
          const errors: FieldError[] = [];
          const stars = body.valutazione;
          if (!Number.isInteger(stars) || (stars as number) < 1 || (stars as number) > 5)
            errors.push({ field: 'valutazione', message: 'valutazione deve essere un intero da 1 a 5' });
          const note = noteOf(body, errors, false, 1000);
          if (errors.length) throw new DeskError(400, 'Valutazione non valida', errors);
          if (d.statoAvanz !== 'C')
            throw new DeskError(
              409,
              `La richiesta ${d.idRichiesta} non e chiusa: si puo valutare solo una richiesta chiusa`,
            );
          if (d.valutazione) throw new DeskError(409, `La richiesta ${d.idRichiesta} e gia stata valutata`);
          d.valutazione = { valutazione: stars as number, note, dataValutazione: new Date().toISOString() };
          return { status: 200, body: { idRichiesta: d.idRichiesta, esitoValutazione: true } };
        });
      },
    ],

    // Not in the spec (no download path is shown): the simulator serves a request's files here.
    [
      'GET',
      '/richieste/{idRichiesta}/allegati/{nomeFile}',
      (r) => {
        const d = requestOf(store, r.params.idRichiesta);
        const name = decodeURIComponent(r.params.nomeFile ?? '');
        const file = store.files.get(`${d.idRichiesta}/${name}`);
        if (!file) throw new DeskError(404, `Allegato ${name} non trovato nella richiesta ${d.idRichiesta}`);
        r.res.writeHead(200, {
          'Content-Type': file.contentType || 'application/octet-stream',
          'Content-Length': String(file.bytes.length),
          'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.nomeFile)}`,
          'X-Content-Type-Options': 'nosniff',
        });
        r.res.end(file.bytes);
      },
    ],
  ];
}
