import { CANALI, PRIORITA, URGENZE, pick, resolveTriple, type FieldError, type Section } from './catalog.js';
import { DeskError } from './errors.js';
import type { DeskRequest, DeskStore } from './store.js';

/** `POST /richieste/creazione-richiesta`: spec §2.1 validation and the stored request. */

export const LIMITS = { oggetto: 200, descrizione: 4000, note: 2000 } as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function intField(
  body: Json,
  field: string,
  errors: FieldError[],
  opts: { required: boolean; min: number },
): number | undefined {
  const v = body[field];
  if (v === undefined || v === null || v === '') {
    if (opts.required) errors.push({ field, message: `${field} e obbligatorio` });
    return undefined;
  }
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < opts.min) {
    errors.push({ field, message: `${field} deve essere un numero intero >= ${opts.min}` });
    return undefined;
  }
  return n;
}

function textField(body: Json, field: keyof typeof LIMITS, errors: FieldError[], required: boolean): string | null {
  const v = body[field];
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
    if (required) errors.push({ field, message: `${field} e obbligatorio` });
    return null;
  }
  if (typeof v !== 'string') {
    errors.push({ field, message: `${field} deve essere un testo` });
    return null;
  }
  if (v.length > LIMITS[field]) errors.push({ field, message: `${field} supera ${LIMITS[field]} caratteri` });
  return v;
}

/** ISO 8601 date (yyyy-MM-dd) or date-time; returns the normalised ISO string. */
function dateField(body: Json, field: string, errors: FieldError[]): string | null {
  const v = body[field];
  if (v === undefined || v === null || v === '') return null;
  if (
    typeof v !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) ||
    Number.isNaN(new Date(v).getTime())
  ) {
    errors.push({ field, message: `${field} deve essere una data ISO 8601` });
    return null;
  }
  return new Date(v).toISOString();
}

/** The field name the form uses for an extra attribute's error: `attributo.{idAttributo}`. */
export const attributeField = (idAttributo: number) => `attributo.${idAttributo}`;

/** Checks `listaSezioniRichiesta` against the triple's sections: required, type, options, bounds. */
export function checkSections(input: unknown, sections: Section[], errors: FieldError[]): DeskRequest['sezioni'] {
  if (input !== undefined && input !== null && !Array.isArray(input)) {
    errors.push({ field: 'listaSezioniRichiesta', message: 'listaSezioniRichiesta deve essere un array' });
    return [];
  }
  const given = new Map<number, unknown>();
  for (const [i, s] of ((input as unknown[]) ?? []).entries()) {
    const section = isObject(s)
      ? sections.find((x) => x.idSezione === Number(s.idSezione) || x.codice === s.codice)
      : undefined;
    if (!section || !isObject(s)) {
      errors.push({ field: `listaSezioniRichiesta[${i}]`, message: 'Sezione non prevista per questa terna' });
      continue;
    }
    for (const [j, a] of (Array.isArray(s.attributi) ? s.attributi : []).entries()) {
      const attr = isObject(a)
        ? section.attributi.find((x) => x.idAttributo === Number(a.idAttributo) || x.codice === a.codice)
        : undefined;
      if (!attr || !isObject(a)) {
        errors.push({
          field: `listaSezioniRichiesta[${i}].attributi[${j}]`,
          message: 'Attributo non previsto per questa sezione',
        });
        continue;
      }
      given.set(attr.idAttributo, a.valore);
    }
  }
  return sections.map((section) => ({
    idSezione: section.idSezione,
    codice: section.codice,
    nome: section.nome,
    attributi: section.attributi.flatMap((attr) => {
      const field = attributeField(attr.idAttributo);
      const raw = given.get(attr.idAttributo);
      const value = raw === undefined || raw === null ? '' : String(raw).trim();
      const empty = value === '' || (attr.tipo === 'CHECKBOX' && value === 'false');
      if (empty) {
        if (attr.obbligatorio) errors.push({ field, message: `${attr.nome} e obbligatorio` });
        return attr.tipo === 'CHECKBOX' && value === 'false'
          ? [{ idAttributo: attr.idAttributo, codice: attr.codice, nome: attr.nome, tipo: attr.tipo, valore: 'false' }]
          : [];
      }
      let problem: string | undefined;
      if (attr.tipo === 'NUMBER') {
        const n = Number(value);
        if (!Number.isFinite(n)) problem = 'deve essere un numero';
        else if (attr.min !== undefined && n < attr.min) problem = `deve essere almeno ${attr.min}`;
        else if (attr.max !== undefined && n > attr.max) problem = `deve essere al massimo ${attr.max}`;
      } else if (attr.tipo === 'DATE') {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(new Date(value).getTime()))
          problem = 'deve essere una data aaaa-mm-gg';
      } else if (attr.tipo === 'SELECT') {
        if (!attr.opzioni?.some((o) => o.valore === value))
          problem = `deve essere uno di ${attr.opzioni?.map((o) => o.valore).join(', ')}`;
      } else if (attr.tipo === 'CHECKBOX') {
        if (value !== 'true') problem = 'deve essere true o false';
      } else {
        if (attr.maxLunghezza !== undefined && value.length > attr.maxLunghezza)
          problem = `supera ${attr.maxLunghezza} caratteri`;
        else if (attr.pattern && !new RegExp(attr.pattern).test(value)) problem = 'non ha il formato richiesto';
      }
      if (problem) {
        errors.push({ field, message: `${attr.nome} ${problem}` });
        return [];
      }
      return [{ idAttributo: attr.idAttributo, codice: attr.codice, nome: attr.nome, tipo: attr.tipo, valore: value }];
    }),
  }));
}

/** Validates a creation body; every problem becomes a field error, reported together as one 400. */
export function buildRequest(store: DeskStore, body: unknown): DeskRequest {
  if (!isObject(body)) throw new DeskError(400, 'Il corpo della richiesta deve essere un oggetto JSON');
  const errors: FieldError[] = [];
  const idUtente = intField(body, 'idUtente', errors, { required: true, min: 1 });
  const idRichiesta = intField(body, 'idRichiesta', errors, { required: true, min: 0 });
  if (idRichiesta !== undefined && idRichiesta > 0 && store.requests.has(idRichiesta)) {
    throw new DeskError(409, `La richiesta ${idRichiesta} esiste gia`, [
      { field: 'idRichiesta', message: 'Identificativo gia usato' },
    ]);
  }
  const triple = resolveTriple(body, errors, true);
  const urgenza = pick(body, 'Urgenza', URGENZE, errors, 'Urgenza') ?? null;
  const oggetto = textField(body, 'oggetto', errors, true);
  const descrizione = textField(body, 'descrizione', errors, false);
  const note = textField(body, 'note', errors, false);
  const canale = body.codiceCanale ?? 'WEB';
  if (typeof canale !== 'string' || !CANALI.includes(canale))
    errors.push({ field: 'codiceCanale', message: `codiceCanale deve essere uno di ${CANALI.join(', ')}` });
  const dataSegnalazione = dateField(body, 'dataSegnalazione', errors);
  const dataScadenzaManuale = dateField(body, 'dataScadenza', errors);
  if (dataSegnalazione && new Date(dataSegnalazione).getTime() > Date.now() + 5 * 60_000)
    errors.push({ field: 'dataSegnalazione', message: 'dataSegnalazione non puo essere nel futuro' });
  intField(body, 'idItem', errors, { required: false, min: 1 });
  if (
    body.idProblemiAss !== undefined &&
    (!Array.isArray(body.idProblemiAss) || body.idProblemiAss.some((x) => !Number.isInteger(Number(x))))
  ) {
    errors.push({ field: 'idProblemiAss', message: 'idProblemiAss deve essere un array di numeri' });
  }

  const allegati: DeskRequest['allegati'] = [];
  const names = body.nomeAllegati ?? [];
  if (!Array.isArray(names) || names.some((n) => typeof n !== 'string'))
    errors.push({ field: 'nomeAllegati', message: 'nomeAllegati deve essere un array di nomi di file' });
  else if (names.length) {
    const files = typeof body.idUpload === 'string' ? store.uploads.get(body.idUpload) : undefined;
    if (!files)
      errors.push({ field: 'idUpload', message: 'idUpload mancante o sconosciuto: caricare prima gli allegati' });
    else {
      for (const name of names as string[]) {
        const f = files.find((x) => x.nomeFile === name);
        if (!f) errors.push({ field: 'nomeAllegati', message: `Allegato ${name} non caricato con questo idUpload` });
        else
          allegati.push({
            idAllegato: store.newAttachmentId(),
            nomeFile: f.nomeFile,
            dimensione: f.dimensione,
            contentType: f.contentType,
          });
      }
    }
  } else if (
    body.idUpload !== undefined &&
    body.idUpload !== null &&
    body.idUpload !== '' &&
    !store.uploads.has(String(body.idUpload))
  ) {
    errors.push({ field: 'idUpload', message: 'idUpload sconosciuto' });
  }
  const sezioni = triple ? checkSections(body.listaSezioniRichiesta, triple.config.sezioni, errors) : [];

  if (errors.length || !triple || idUtente === undefined || idRichiesta === undefined || !oggetto) {
    throw new DeskError(400, 'Dati della richiesta non validi', errors);
  }
  const now = new Date();
  const priorita = PRIORITA.find((p) => p.idUrgenza === (urgenza?.id ?? 2)) ?? null;
  const dataScadenza =
    dataScadenzaManuale ?? new Date(now.getTime() + triple.config.minutiRisoluzione * 60_000).toISOString();
  return {
    idRichiesta: idRichiesta > 0 ? idRichiesta : store.newRequestId(),
    idUtente,
    triple,
    urgenza,
    priorita,
    oggetto,
    descrizione,
    note,
    codiceCanale: canale as string,
    statoAvanz: 'A',
    dataRichiesta: now.toISOString(),
    dataSegnalazione,
    dataPcarico: null,
    dataScadenza,
    idUtenteAssegnatario: null,
    allegati,
    sezioni,
    ticket: [],
    dataChiusura: null,
    valutazione: null,
    idRichiestaOriginale: null,
    idRichiestaRiapertura: null,
  };
}
