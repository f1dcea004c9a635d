/**
 * The help-desk service's data as the kit reads it (specs/desk-and-chat-services.md §2.1, §4.1):
 * types only, shared downwards by the client, the readers, the controllers and the elements.
 */
import type { TokenProvider } from '../transport/auth.js';

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

export type AttributeType =
  'text' | 'textarea' | 'number' | 'integer' | 'date' | 'datetime' | 'boolean' | 'select' | 'email';

export interface ExtraAttribute {
  /** Stable key for the form: `id:<idAttributo>` or `code:<codice>`. */
  key: string;
  id?: number | undefined;
  code?: string | undefined;
  label: string;
  type: AttributeType;
  required: boolean;
  options: Array<{ value: string; label: string }>;
  maxLength?: number | undefined;
  min?: number | undefined;
  max?: number | undefined;
  /** A regular expression text values must match (whole value). */
  pattern?: string | undefined;
  help?: string | undefined;
  defaultValue?: string | boolean | undefined;
}

export interface ExtraSection {
  key: string;
  id?: number | undefined;
  code?: string | undefined;
  title: string;
  description?: string | undefined;
  attributes: ExtraAttribute[];
}

export interface ServerFieldError {
  field: string;
  message: string;
  code?: string | undefined;
}

/** One row of the customer's own list (`/richieste/lista-richieste-cliente-paginated`; README assumption). */
export interface RequestRow {
  idRichiesta: number;
  oggetto: string;
  statoAvanz?: string | undefined;
  statoRichiesta?: string | undefined;
  servizio?: NamedRef | undefined;
  tipoRichiesta?: NamedRef | undefined;
  dataRichiesta?: string | undefined;
  dataScadenza?: string | undefined;
  dataChiusura?: string | undefined;
  protocolloTicket?: string | undefined;
}

/** DatatableOutput (spec §2.1) read as a page of rows. */
export interface RequestPage {
  rows: RequestRow[];
  /** All the customer's requests. */
  total: number;
  /** Those matching the search. */
  filtered: number;
}

/** What the list asks for; `idUtente` only where no gateway scopes the call (development). */
export interface RequestListQuery {
  start: number;
  length: number;
  search?: string | undefined;
  stato?: string | undefined;
  idUtente?: number | undefined;
}

/** A customer comment (spec §4.1 commento-cliente): `sollecito` marks a reminder. */
export interface CustomerComment {
  note: string;
  sollecito?: boolean | undefined;
  idUpload?: string | undefined;
  nomeAllegati?: string[] | undefined;
}

/** What reopening answers: the new linked request (spec §3; body and answer are README assumptions). */
export interface Reopened {
  idRichiesta: number;
  idRichiestaOriginale?: number | undefined;
}
