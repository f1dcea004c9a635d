/**
 * Typed client of the help-desk service, first-level requests (specs/desk-and-chat-services.md §2.1,
 * §4.1, §5). No DOM, no UI: every call goes through the shared transport (Bearer auth with a token
 * provider asked again after a 401, retries, error normalising) and rejects with a ServiceError.
 *
 * Where the spec says "not shown" (attribute, SLA and comment shapes, the upload pair, error body)
 * the readers below accept the simulator's documented shapes and the obvious Italian/English
 * alternatives, so that a real server that differs in naming still renders.
 */
import { HttpClient, type QueryValue } from '../transport/http.js';
import { bearer, none, type TokenProvider } from '../transport/auth.js';
import { ServiceError } from '../transport/errors.js';
import type { AttributeType, ExtraAttribute, ExtraSection } from '../controllers/desk/form-model.js';

export type { TokenProvider };

export interface DeskClientOptions {
  /** `{desk_base_url}` or a proxy serving the same paths. */
  endpoint: string;
  /** Bearer token source (identity provider of signing spec §5); omit when `endpoint` is a proxy. */
  tokenProvider?: TokenProvider | undefined;
  /** Per-request timeout (ms), default 30 s. */
  timeoutMs?: number | undefined;
}

/** §2.1 response (InfoCreazioneRichiesta). */
export interface CreatedRequest {
  idRichiesta: number;
  idTicket?: number | null;
  protocolloTicket?: string | null;
  esitoInvioMail?: boolean;
  [key: string]: unknown;
}

/** `{ id, codice, nome }` as the detail's nested objects carry them. */
export interface NamedRef {
  id?: number;
  codice?: string;
  nome?: string;
}

export interface DeskUser {
  idUtente?: number;
  nome?: string;
  cognome?: string;
  matricola?: string;
}

/** §2.1 request detail (DettaglioRichiestaBean), the fields the follow-up view reads. */
export interface RequestDetail {
  idRichiesta: number;
  oggetto?: string;
  descrizione?: string;
  note?: string;
  statoAvanz?: string;
  statoRichiesta?: string;
  statoAssegnazione?: string;
  servizio?: NamedRef | null;
  assetPadre?: NamedRef | null;
  tipoRichiesta?: NamedRef | null;
  urgenza?: NamedRef | null;
  priorita?: NamedRef | null;
  dataRichiesta?: string | null;
  dataSegnalazione?: string | null;
  dataPcarico?: string | null;
  dataScadenza?: string | null;
  utenteCre?: DeskUser | null;
  utenteAssegnatario?: DeskUser | null;
  utentePCarico?: DeskUser | null;
  allegati?: unknown[];
  ticket?: unknown[];
  [key: string]: unknown;
}

/** One comment of `/richieste/commenti/{id}` (shape "not shown" in the spec; normalised). */
export interface DeskComment {
  id: string;
  text: string;
  author: string;
  /** `cliente`, `fornitore`, `ct` (contact centre) or what the server says. */
  origin: string;
  date?: string | undefined;
  attachments: string[];
  reminder: boolean;
}

/** The classification triple, plus what some lookups need beside it. */
export type TripleQuery = Record<string, string | number | undefined>;

/** What `/richieste/info-terna` says about a triple (SLA, workflow, notifications). */
export interface TripleInfo {
  /** Resolution time in minutes, when the server gives one. */
  slaMinutes?: number | undefined;
  /** Time to take in charge, minutes. */
  takeInChargeMinutes?: number | undefined;
  /** A name for the SLA/calendar ("Business hours 8-18"). */
  slaName?: string | undefined;
  workflow?: string | undefined;
  notifications?: string[] | undefined;
  priority?: NamedRef | undefined;
  raw: Record<string, unknown>;
}

/** What `/richieste/scadenza-priorita` answers: the expected due date for the urgency. */
export interface DuePreview {
  dataScadenza?: string | undefined;
  priority?: NamedRef | undefined;
  raw: Record<string, unknown>;
}

export interface UploadOptions {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

export interface CreateOptions {
  /** Same key for every attempt of one submission: the server then creates at most one request. */
  idempotencyKey: string;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

type Raw = Record<string, unknown>;
const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const pick = (raw: Raw, keys: string[]): unknown => keys.map((k) => raw[k]).find((v) => v !== undefined && v !== null);
const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;
const bool = (v: unknown): boolean => v === true || v === 'true' || v === 'S' || v === 1 || v === 'Y';

const TYPE_ALIASES: Record<string, AttributeType> = {
  text: 'text',
  string: 'text',
  testo: 'text',
  stringa: 'text',
  textarea: 'textarea',
  testolungo: 'textarea',
  longtext: 'textarea',
  memo: 'textarea',
  number: 'number',
  numero: 'number',
  decimal: 'number',
  decimale: 'number',
  double: 'number',
  integer: 'integer',
  intero: 'integer',
  int: 'integer',
  long: 'integer',
  date: 'date',
  data: 'date',
  datetime: 'datetime',
  dataora: 'datetime',
  timestamp: 'datetime',
  boolean: 'boolean',
  booleano: 'boolean',
  checkbox: 'boolean',
  flag: 'boolean',
  bool: 'boolean',
  select: 'select',
  list: 'select',
  lista: 'select',
  combo: 'select',
  enum: 'select',
  scelta: 'select',
  email: 'email',
  mail: 'email',
};

function readAttribute(raw: unknown, index: number): ExtraAttribute | undefined {
  if (!isRecord(raw)) return undefined;
  const id = num(pick(raw, ['idAttributo', 'id']));
  const code = str(pick(raw, ['codAttributo', 'codice', 'code']));
  const label = str(pick(raw, ['nome', 'label', 'etichetta', 'descrizione', 'name'])) ?? code ?? `#${index + 1}`;
  const rawOptions = pick(raw, ['opzioni', 'valori', 'options', 'valoriAmmessi']);
  const options = Array.isArray(rawOptions)
    ? rawOptions
        .map((o) =>
          isRecord(o)
            ? {
                value: str(pick(o, ['valore', 'value', 'codice', 'id'])) ?? '',
                label: str(pick(o, ['etichetta', 'label', 'nome', 'descrizione', 'valore', 'value'])) ?? '',
              }
            : { value: str(o) ?? '', label: str(o) ?? '' },
        )
        .filter((o) => o.value !== '')
    : [];
  const typeName = (str(pick(raw, ['tipo', 'tipoAttributo', 'type'])) ?? (options.length ? 'select' : 'text'))
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  const type = TYPE_ALIASES[typeName] ?? (options.length ? 'select' : 'text');
  const defaultRaw = pick(raw, ['valoreDefault', 'default', 'defaultValue']);
  return {
    key: id !== undefined ? `id:${id}` : `code:${code ?? index}`,
    id,
    code,
    label,
    type,
    required: bool(pick(raw, ['obbligatorio', 'required', 'flagObbligatorio'])),
    options,
    maxLength: num(pick(raw, ['lunghezzaMax', 'maxLength', 'maxLunghezza'])),
    min: num(pick(raw, ['min', 'valoreMin'])),
    max: num(pick(raw, ['max', 'valoreMax'])),
    pattern: str(pick(raw, ['pattern', 'regex', 'formato'])),
    help: str(pick(raw, ['aiuto', 'help', 'suggerimento', 'hint'])),
    defaultValue: type === 'boolean' ? (defaultRaw === undefined ? undefined : bool(defaultRaw)) : str(defaultRaw),
  };
}

/** Reads `/richieste/attributi-aggiuntivi`: a list of sections, or `{ sezioni: [...] }`. */
export function readSections(body: unknown): ExtraSection[] {
  const list = Array.isArray(body)
    ? body
    : isRecord(body)
      ? pick(body, ['sezioni', 'listaSezioni', 'sections', 'data'])
      : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).map((raw, i): ExtraSection => {
    const id = num(pick(raw, ['idSezione', 'id']));
    const code = str(pick(raw, ['codSezione', 'codice', 'code']));
    const attrs = pick(raw, ['attributi', 'listaAttributi', 'attributes']);
    return {
      key: id !== undefined ? `id:${id}` : `code:${code ?? i}`,
      id,
      code,
      title: str(pick(raw, ['nome', 'titolo', 'title', 'descrizione'])) ?? code ?? `#${i + 1}`,
      description:
        str(pick(raw, ['descrizione', 'description'])) !== str(pick(raw, ['nome', 'titolo', 'title']))
          ? str(pick(raw, ['descrizione', 'description']))
          : undefined,
      attributes: Array.isArray(attrs) ? attrs.map(readAttribute).filter((a): a is ExtraAttribute => !!a) : [],
    };
  });
}

function readRef(v: unknown): NamedRef | undefined {
  if (!isRecord(v)) return undefined;
  const ref: NamedRef = {};
  const id = num(v['id']);
  if (id !== undefined) ref.id = id;
  const codice = str(pick(v, ['codice', 'code']));
  if (codice !== undefined) ref.codice = codice;
  const nome = str(pick(v, ['nome', 'name', 'descrizione']));
  if (nome !== undefined) ref.nome = nome;
  return ref;
}

export function readTripleInfo(body: unknown): TripleInfo {
  const raw = isRecord(body) ? body : {};
  const sla = isRecord(raw['sla']) ? raw['sla'] : raw;
  const notif = pick(raw, ['notifiche', 'notifications', 'criteriNotifica']);
  return {
    slaMinutes: num(
      pick(sla, ['minutiRisoluzione', 'slaMinuti', 'tempoRisoluzioneMinuti', 'resolutionMinutes', 'minuti']),
    ),
    takeInChargeMinutes: num(pick(sla, ['minutiPresaInCarico', 'tempoPresaInCaricoMinuti', 'takeInChargeMinutes'])),
    slaName: str(pick(sla, ['nome', 'descrizione', 'calendario', 'name'])),
    workflow: str(pick(raw, ['workflow', 'nomeWorkflow'])) ?? str(readRef(raw['workflow'])?.nome),
    notifications: Array.isArray(notif)
      ? notif
          .map((n) => (isRecord(n) ? str(pick(n, ['descrizione', 'nome', 'destinatario'])) : str(n)))
          .filter((s): s is string => !!s)
      : undefined,
    priority: readRef(raw['priorita'] ?? raw['prioritaDefault']),
    raw,
  };
}

export function readDuePreview(body: unknown): DuePreview {
  const raw = isRecord(body) ? body : typeof body === 'string' ? { dataScadenza: body } : {};
  return {
    dataScadenza: str(pick(raw, ['dataScadenza', 'scadenza', 'dueDate'])),
    priority: readRef(raw['priorita']),
    raw,
  };
}

function personName(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (!isRecord(v)) return undefined;
  const full = [str(v['nome']), str(v['cognome'])].filter(Boolean).join(' ');
  return full || str(pick(v, ['username', 'matricola', 'name']));
}

export function readComments(body: unknown): DeskComment[] {
  const list = Array.isArray(body)
    ? body
    : isRecord(body)
      ? pick(body, ['commenti', 'data', 'content', 'items'])
      : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).map((raw, i): DeskComment => {
    const attachments = pick(raw, ['nomeAllegati', 'allegati', 'attachments']);
    return {
      id: str(pick(raw, ['idCommento', 'id'])) ?? `c${i}`,
      text: str(pick(raw, ['note', 'testo', 'commento', 'text'])) ?? '',
      author: personName(pick(raw, ['utente', 'autore', 'utenteIns', 'author'])) ?? '',
      origin: (str(pick(raw, ['tipo', 'origine', 'tipoCommento', 'origin'])) ?? '').toLowerCase(),
      date: str(pick(raw, ['dataIns', 'data', 'dataInserimento', 'ts', 'date'])),
      attachments: Array.isArray(attachments)
        ? attachments
            .map((a) => (isRecord(a) ? str(pick(a, ['nome', 'nomeFile', 'name'])) : str(a)))
            .filter((s): s is string => !!s)
        : [],
      reminder: bool(raw['sollecito']),
    };
  });
}

/** Per-field errors in a 400 body: `{ errors: [{ field, message }] }`, `{ fieldErrors: { f: msg } }`, ... */
export function readFieldErrors(body: unknown): ServerFieldError[] {
  if (!isRecord(body)) return [];
  const source = pick(body, ['fieldErrors', 'errors', 'errori', 'violations', 'campi', 'details', 'dettagli']);
  if (Array.isArray(source)) {
    return source
      .filter(isRecord)
      .map((e) => ({
        field: str(pick(e, ['field', 'campo', 'path', 'propertyPath', 'name'])) ?? '',
        message: str(pick(e, ['message', 'messaggio', 'defaultMessage', 'descrizione'])) ?? '',
        code: str(pick(e, ['code', 'codice', 'messageKey'])),
      }))
      .filter((e) => e.field);
  }
  if (isRecord(source)) {
    return Object.entries(source).map(([field, v]) => ({
      field,
      message: Array.isArray(v)
        ? v.map(String).join(' ')
        : isRecord(v)
          ? (str(pick(v, ['message', 'messaggio'])) ?? '')
          : String(v),
    }));
  }
  return [];
}

export interface ServerFieldError {
  field: string;
  message: string;
  code?: string | undefined;
}

/** A 400 whose body names the fields it concerns (still a ServiceError for every other purpose). */
export class DeskFieldErrors extends ServiceError {
  readonly fieldErrors: ServerFieldError[];
  constructor(error: ServiceError, fieldErrors: ServerFieldError[]) {
    super({
      service: error.service,
      kind: error.kind,
      status: error.status,
      code: error.code,
      message: error.message,
      reference: error.reference,
      body: error.body,
      cause: error,
    });
    this.fieldErrors = fieldErrors;
  }
}

function readCreated(created: unknown): CreatedRequest {
  if (!isRecord(created) || num(created['idRichiesta']) === undefined) {
    throw new ServiceError({ service: 'desk', kind: 'parse', message: 'Creation answer without idRichiesta' });
  }
  return { ...created, idRichiesta: num(created['idRichiesta']) as number };
}

export class DeskClient {
  readonly http: HttpClient;

  constructor(options: DeskClientOptions) {
    this.http = new HttpClient({
      service: 'desk',
      baseUrl: options.endpoint,
      auth: options.tokenProvider ? bearer(options.tokenProvider) : none,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
  }

  /**
   * POST /richieste/creazione-richiesta with an Idempotency-Key (the transport retries network
   * failures, timeouts and 5xx under the same key). A 400 rejects with {@link DeskFieldErrors}
   * when the body names fields.
   */
  async createRequest(body: Record<string, unknown>, options: CreateOptions): Promise<CreatedRequest> {
    const path = '/richieste/creazione-richiesta';
    try {
      return readCreated(
        await this.http.json<unknown>(path, {
          method: 'POST',
          json: body,
          idempotencyKey: options.idempotencyKey,
          ...(options.signal ? { signal: options.signal } : {}),
          ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        }),
      );
    } catch (error) {
      if (!(error instanceof ServiceError) || error.status !== 400) throw error;
      const fields = readFieldErrors(error.body);
      throw fields.length ? new DeskFieldErrors(error, fields) : error;
    }
  }

  /** GET /richieste/{id}?viewAsCustomer=true&stripRichText=true */
  getRequest(idRichiesta: number | string, signal?: AbortSignal): Promise<RequestDetail> {
    return this.http.json<RequestDetail>(`/richieste/${encodeURIComponent(String(idRichiesta))}`, {
      query: { viewAsCustomer: true, stripRichText: true },
      ...(signal ? { signal } : {}),
    });
  }

  async getComments(idRichiesta: number | string, signal?: AbortSignal): Promise<DeskComment[]> {
    const body = await this.http.json<unknown>(
      `/richieste/commenti/${encodeURIComponent(String(idRichiesta))}`,
      signal ? { signal } : {},
    );
    return readComments(body);
  }

  /** POST /richieste/{id}/commento-cliente; an idempotency key keeps a retried comment single. */
  addCustomerComment(
    idRichiesta: number | string,
    comment: { note: string; idUpload?: string | undefined; nomeAllegati?: string[] | undefined },
    idempotencyKey: string,
  ): Promise<unknown> {
    return this.http.json<unknown>(`/richieste/${encodeURIComponent(String(idRichiesta))}/commento-cliente`, {
      method: 'POST',
      json: comment,
      idempotencyKey,
    });
  }

  async extraAttributes(triple: TripleQuery, signal?: AbortSignal): Promise<ExtraSection[]> {
    const body = await this.http.json<unknown>('/richieste/attributi-aggiuntivi', {
      query: triple as Record<string, QueryValue>,
      ...(signal ? { signal } : {}),
    });
    return readSections(body);
  }

  async tripleInfo(triple: TripleQuery, signal?: AbortSignal): Promise<TripleInfo> {
    const body = await this.http.json<unknown>('/richieste/info-terna', {
      query: triple as Record<string, QueryValue>,
      ...(signal ? { signal } : {}),
    });
    return readTripleInfo(body);
  }

  async dueDate(query: TripleQuery, signal?: AbortSignal): Promise<DuePreview> {
    const body = await this.http.json<unknown>('/richieste/scadenza-priorita', {
      query: query as Record<string, QueryValue>,
      ...(signal ? { signal } : {}),
    });
    return readDuePreview(body);
  }

  /** GET /richieste/upload-id → `{ idUpload }` (design.md assumption). */
  async newUploadId(signal?: AbortSignal): Promise<string> {
    const body = await this.http.json<unknown>('/richieste/upload-id', signal ? { signal } : {});
    const id = isRecord(body) ? str(body['idUpload']) : str(body);
    if (!id) throw new ServiceError({ service: 'desk', kind: 'parse', message: 'upload-id answer without idUpload' });
    return id;
  }

  /** POST /richieste/upload/{idUpload}, multipart field `file`, with upload progress. */
  async upload(idUpload: string, file: File, options: UploadOptions = {}): Promise<void> {
    const form = new FormData();
    form.append('file', file, file.name);
    await this.http.json<unknown>(`/richieste/upload/${encodeURIComponent(idUpload)}`, {
      method: 'POST',
      form,
      timeoutMs: 0,
      ...(options.onProgress ? { onUploadProgress: options.onProgress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }
}

/** Loads a `catalog-src` URL (absolute, any origin the page may read; no credentials). */
export async function fetchCatalogJson(src: string, signal?: AbortSignal): Promise<unknown> {
  const url = new URL(src);
  const http = new HttpClient({ service: 'desk', baseUrl: url.origin, auth: none });
  return http.json<unknown>(url.pathname + url.search, signal ? { signal } : {});
}
