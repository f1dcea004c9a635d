import { createHash, randomUUID } from 'node:crypto';
import { readBody, sendJson, type SimRequest } from '../core/http-kit.js';
import { MultipartError, readMultipart } from '../core/multipart.js';
import { PRIORITA, URGENZE, catalogJson, item, pick, resolveTriple, type FieldError } from './catalog.js';
import { buildRequest } from './create.js';
import { DeskError } from './errors.js';
import { followRoutes, linkFiles, statoRichiesta } from './follow.js';
import type { DeskRequest, DeskStore } from './store.js';
import { utente } from './seed.js';

/** The desk endpoints of spec §4.1 the kit uses, plus the upload pair and the catalogue. */

const MAX_UPLOAD = 10 * 1024 * 1024;

export type DeskHandler = (r: SimRequest) => Promise<void> | void;

function query(r: SimRequest): Record<string, string> {
  return Object.fromEntries(r.query.entries());
}

async function readJsonBody(r: SimRequest): Promise<{ raw: string; body: unknown }> {
  const raw = (await readBody(r.req, 2 * 1024 * 1024)).toString('utf8');
  if (raw.trim() === '') return { raw, body: undefined };
  try {
    return { raw, body: JSON.parse(raw) };
  } catch {
    throw new DeskError(400, 'Il corpo della richiesta non e JSON valido');
  }
}

/**
 * Idempotency-Key: the first successful answer for a key is kept and replayed (with
 * `Idempotent-Replayed: true`) for a retry with the same body; a different body under the same
 * key is 422. Failures are not kept, so a corrected resubmit with the same key goes through.
 */
async function idempotent(
  store: DeskStore,
  r: SimRequest,
  raw: string,
  run: () => { status: number; body: unknown },
): Promise<void> {
  const key = r.req.headers['idempotency-key'];
  const k = Array.isArray(key) ? key[0] : key;
  if (!k) {
    const answer = run();
    sendJson(r.res, answer.status, answer.body);
    return;
  }
  const scoped = `${r.method} ${r.path} ${k}`;
  const fingerprint = createHash('sha256').update(raw).digest('hex');
  const kept = store.idempotency.get(scoped);
  if (kept) {
    if (kept.fingerprint !== fingerprint)
      throw new DeskError(422, 'Idempotency-Key gia usata con un corpo diverso', [
        { field: 'Idempotency-Key', message: 'Chiave riusata con dati diversi' },
      ]);
    sendJson(r.res, kept.status, kept.body, { 'Idempotent-Replayed': 'true' });
    return;
  }
  const answer = run();
  if (answer.status < 300) store.idempotency.set(scoped, { fingerprint, ...answer });
  sendJson(r.res, answer.status, answer.body);
}

function findRequest(store: DeskStore, raw: string | undefined): DeskRequest {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0)
    throw new DeskError(400, 'idRichiesta deve essere un numero', [
      { field: 'idRichiesta', message: 'Numero non valido' },
    ]);
  const found = store.requests.get(id);
  if (!found) throw new DeskError(404, `Richiesta ${id} non trovata`);
  return found;
}

const stripTags = (s: string | null) =>
  s === null
    ? null
    : s
        .replace(/<[^>]*>/g, '')
        .replace(/\s+/g, ' ')
        .trim();

/** DettaglioRichiestaBean of spec §2.1. */
export function detailOf(store: DeskStore, d: DeskRequest, opts: { viewAsCustomer: boolean; stripRichText: boolean }) {
  const text = (s: string | null) => (opts.stripRichText ? stripTags(s) : s);
  const ticket = opts.viewAsCustomer
    ? d.ticket.map(({ idTicket, protocollo, statoTicket }) => ({ idTicket, protocollo, statoTicket }))
    : d.ticket;
  return {
    idRichiesta: d.idRichiesta,
    oggetto: d.oggetto,
    descrizione: text(d.descrizione),
    note: text(d.note),
    statoAvanz: d.statoAvanz,
    statoRichiesta: statoRichiesta(d),
    statoAssegnazione: d.idUtenteAssegnatario === null ? 'Non assegnata' : 'Assegnata',
    servizio: item(d.triple.servizio),
    assetPadre: item(d.triple.assetPadre),
    assetFiglio: item(d.triple.assetFiglio),
    tipoRichiesta: item(d.triple.tipoRichiesta),
    urgenza: item(d.urgenza),
    priorita: item(d.priorita),
    aziendaCliente: { id: 1, nome: 'ACME Servizi S.p.A.' },
    codiceCanale: d.codiceCanale,
    dataRichiesta: d.dataRichiesta,
    dataSegnalazione: d.dataSegnalazione,
    dataPcarico: d.dataPcarico,
    dataScadenza: d.dataScadenza,
    utenteCre: utente(d.idUtente),
    utenteAssegnatario: utente(d.idUtenteAssegnatario),
    utentePCarico: utente(d.idUtenteAssegnatario),
    nrTicket: d.ticket.length,
    nrTicketA: d.ticket.filter((t) => t.statoTicket === 'A').length,
    minLavorazione: 0,
    allegati: d.allegati,
    sezioni: d.sezioni,
    ticket,
    sospensioni: [],
    assegnazioni:
      d.idUtenteAssegnatario === null
        ? []
        : [{ utente: utente(d.idUtenteAssegnatario), dataAssegnazione: d.dataPcarico }],
    nrCommenti: store.comments.filter((c) => c.idRichiesta === d.idRichiesta).length,
    // Not in DettaglioRichiestaBean as the spec lists it; README.md says why they are here.
    dataChiusura: d.dataChiusura,
    valutazione: d.valutazione,
    idRichiestaOriginale: d.idRichiestaOriginale,
    idRichiestaRiapertura: d.idRichiestaRiapertura,
  };
}

function tripleOrThrow(r: SimRequest) {
  const errors: FieldError[] = [];
  const triple = resolveTriple(query(r), errors, true);
  if (!triple) throw new DeskError(400, 'Terna non valida', errors);
  return triple;
}

export function deskRoutes(store: DeskStore): Array<[string, string, DeskHandler, { public?: boolean }?]> {
  return [
    [
      'GET',
      '/__catalog.json',
      (r) => sendJson(r.res, 200, catalogJson(), { 'Cache-Control': 'no-cache' }),
      { public: true },
    ],

    [
      'POST',
      '/richieste/creazione-richiesta',
      async (r) => {
        const { raw, body } = await readJsonBody(r);
        await idempotent(store, r, raw, () => {
          const request = buildRequest(store, body);
          if (request.triple.config.ticketAutomatico) {
            const idTicket = store.newTicketId();
            request.ticket.push({
              idTicket,
              protocollo: `TCK-${new Date().getUTCFullYear()}-${String(idTicket).padStart(6, '0')}`,
              oggetto: request.oggetto,
              statoTicket: 'A',
            });
          }
          store.requests.set(request.idRichiesta, request);
          for (const a of request.allegati) {
            const file = store.uploads
              .get(String((body as { idUpload?: unknown }).idUpload))
              ?.find((f) => f.nomeFile === a.nomeFile);
            if (file) store.files.set(`${request.idRichiesta}/${a.nomeFile}`, file);
          }
          const ticket = request.ticket[0];
          return {
            status: 200,
            body: {
              idRichiesta: request.idRichiesta,
              idTicket: ticket?.idTicket ?? null,
              protocolloTicket: ticket?.protocollo ?? null,
              esitoInvioMail: true,
            },
          };
        });
      },
    ],

    [
      'GET',
      '/richieste/upload-id',
      (r) => {
        const idUpload = randomUUID();
        store.uploads.set(idUpload, []);
        sendJson(r.res, 200, { idUpload });
      },
    ],

    [
      'POST',
      '/richieste/upload/{idUpload}',
      async (r) => {
        const files = store.uploads.get(r.params.idUpload ?? '');
        if (!files) throw new DeskError(404, `idUpload ${r.params.idUpload} sconosciuto`);
        let body;
        try {
          body = await readMultipart(r.req, MAX_UPLOAD);
        } catch (error) {
          if (error instanceof MultipartError)
            throw new DeskError(error.status, error.message, [{ field: 'file', message: error.message }]);
          throw error;
        }
        const file = body.files.find((f) => f.field === 'file');
        if (!file)
          throw new DeskError(400, 'Il campo multipart file e obbligatorio', [
            { field: 'file', message: 'File mancante' },
          ]);
        const nomeFile = file.filename.replace(/[\\/]/g, '_');
        const entry = { nomeFile, dimensione: file.bytes.length, contentType: file.mimeType, bytes: file.bytes };
        const existing = files.findIndex((f) => f.nomeFile === nomeFile);
        if (existing >= 0) files[existing] = entry;
        else files.push(entry);
        sendJson(r.res, 200, {
          idUpload: r.params.idUpload,
          nomeFile,
          dimensione: entry.dimensione,
          contentType: entry.contentType,
        });
      },
    ],

    [
      'GET',
      '/richieste/info-terna',
      (r) => {
        const t = tripleOrThrow(r);
        const priorita = PRIORITA[1]!;
        sendJson(r.res, 200, {
          idTerna: t.idTerna,
          servizio: item(t.servizio),
          assetPadre: item(t.assetPadre),
          assetFiglio: item(t.assetFiglio),
          tipoRichiesta: item(t.tipoRichiesta),
          sla: {
            minutiPresaInCarico: t.config.minutiPresaInCarico,
            minutiRisoluzione: t.config.minutiRisoluzione,
            calendario: '24x7',
          },
          workflow: item(t.config.workflow),
          ticketAutomatico: t.config.ticketAutomatico,
          notifiche: {
            invioMailCreazione: true,
            invioMailChiusura: true,
            destinatari: ['richiedente', 'gruppo di supporto'],
          },
          prioritaDefault: item(priorita),
          numeroSezioni: t.config.sezioni.length,
        });
      },
    ],

    [
      'GET',
      '/richieste/attributi-aggiuntivi',
      (r) => {
        sendJson(r.res, 200, tripleOrThrow(r).config.sezioni);
      },
    ],

    [
      'GET',
      '/richieste/scadenza-priorita',
      (r) => {
        const q = query(r);
        const errors: FieldError[] = [];
        let priorita = pick(q, 'Priorita', PRIORITA, errors, 'Priorita');
        if (priorita === undefined) {
          const urgenza = pick(q, 'Urgenza', URGENZE, errors, 'Urgenza');
          if (urgenza) priorita = PRIORITA.find((p) => p.idUrgenza === urgenza.id);
          else if (urgenza === undefined)
            errors.push({
              field: 'idPriorita',
              message: 'Indicare idPriorita/codPriorita oppure idUrgenza/codUrgenza',
            });
        }
        let from = new Date();
        if (q.dataRiferimento) {
          from = new Date(q.dataRiferimento);
          if (Number.isNaN(from.getTime()))
            errors.push({ field: 'dataRiferimento', message: 'dataRiferimento deve essere una data ISO 8601' });
        }
        const triple = q.idServizio || q.codServizio ? resolveTriple(q, errors, true) : undefined;
        if (errors.length || !priorita) throw new DeskError(400, 'Parametri non validi', errors);
        const hours = triple
          ? Math.min(priorita.oreRisoluzione, triple.config.minutiRisoluzione / 60)
          : priorita.oreRisoluzione;
        sendJson(r.res, 200, {
          priorita: item(priorita),
          oreRisoluzione: hours,
          dataRiferimento: from.toISOString(),
          dataScadenza: new Date(from.getTime() + hours * 3_600_000).toISOString(),
        });
      },
    ],

    [
      'GET',
      '/richieste/commenti/{idRichiesta}',
      (r) => {
        const d = findRequest(store, r.params.idRichiesta);
        sendJson(
          r.res,
          200,
          store.comments
            .filter((c) => c.idRichiesta === d.idRichiesta)
            .map((c) => ({ ...c, autore: utente(c.idUtente) })),
        );
      },
    ],

    [
      'POST',
      '/richieste/{idRichiesta}/commento-cliente',
      async (r) => {
        const d = findRequest(store, r.params.idRichiesta);
        const { raw, body } = await readJsonBody(r);
        await idempotent(store, r, raw, () => {
          const b = (body ?? {}) as Record<string, unknown>;
          const errors: FieldError[] = [];
          const note = typeof b.note === 'string' ? b.note.trim() : '';
          if (!note) errors.push({ field: 'note', message: 'Il testo del commento e obbligatorio' });
          else if (note.length > 2000) errors.push({ field: 'note', message: 'Il commento supera 2000 caratteri' });
          const names = linkFiles(store, d.idRichiesta, b, errors);
          if (errors.length) throw new DeskError(400, 'Commento non valido', errors);
          const idCommento = store.newCommentId();
          store.comments.push({
            idCommento,
            idRichiesta: d.idRichiesta,
            tipo: 'CLIENTE',
            idUtente: d.idUtente,
            testo: note,
            sollecito: b.sollecito === true,
            dataInserimento: new Date().toISOString(),
            allegati: names,
          });
          return { status: 200, body: { idRichiesta: d.idRichiesta, idCommento, esitoInvioMail: true } };
        });
      },
    ],

    ...followRoutes(store, readJsonBody, (r, raw, run) => idempotent(store, r, raw, run)),

    // Last: `{idRichiesta}` would otherwise swallow the fixed paths above.
    [
      'GET',
      '/richieste/{idRichiesta}',
      (r) => {
        const d = findRequest(store, r.params.idRichiesta);
        sendJson(
          r.res,
          200,
          detailOf(store, d, {
            viewAsCustomer: r.query.get('viewAsCustomer') === 'true',
            stripRichText: r.query.get('stripRichText') === 'true',
          }),
        );
      },
    ],
  ];
}
