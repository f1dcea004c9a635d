/**
 * Typed client of the help-desk service, first-level requests (specs/desk-and-chat-services.md §2.1,
 * §4.1, §5). No DOM, no UI: every call goes through the shared transport (Bearer auth with a token
 * provider asked again after a 401, retries, error normalising) and rejects with a ServiceError.
 * The answers' shapes are read in desk-readers.ts; the types live in desk-types.ts.
 */
import { HttpClient, type QueryValue } from '../transport/http.js';
import { bearer, none, type TokenProvider } from '../transport/auth.js';
import { ServiceError } from '../transport/errors.js';
import {
  isRecord,
  num,
  readComments,
  readDuePreview,
  readFieldErrors,
  readRequestPage,
  readSections,
  readTripleInfo,
  str,
} from './desk-readers.js';
import type {
  CreatedRequest,
  CreateOptions,
  CustomerComment,
  DeskClientOptions,
  DeskComment,
  DuePreview,
  ExtraSection,
  Reopened,
  RequestDetail,
  RequestListQuery,
  RequestPage,
  ServerFieldError,
  TripleInfo,
  TripleQuery,
  UploadOptions,
} from './desk-types.js';

export type { TokenProvider };

export type * from './desk-types.js';
export {
  readComments,
  readDuePreview,
  readFieldErrors,
  readRequestPage,
  readSections,
  readTripleInfo,
} from './desk-readers.js';

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

/** Where the simulator serves a request's files (README assumption: the spec shows no download path). */
export const DEFAULT_ATTACHMENT_PATH = '/richieste/{idRichiesta}/allegati/{nomeFile}';

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

  /** POST /richieste/{id}/commento-cliente (`sollecito: true` is a reminder); an idempotency key keeps a retried comment single. */
  addCustomerComment(idRichiesta: number | string, comment: CustomerComment, idempotencyKey: string): Promise<unknown> {
    return this.http.json<unknown>(`/richieste/${encodeURIComponent(String(idRichiesta))}/commento-cliente`, {
      method: 'POST',
      json: comment,
      idempotencyKey,
    });
  }

  /** GET /richieste/lista-richieste-cliente-paginated: the customer's own requests (query names: README assumption). */
  async listCustomerRequests(query: RequestListQuery, signal?: AbortSignal): Promise<RequestPage> {
    const body = await this.http.json<unknown>('/richieste/lista-richieste-cliente-paginated', {
      query: { ...query } as Record<string, QueryValue>,
      ...(signal ? { signal } : {}),
    });
    return readRequestPage(body);
  }

  /** POST /richieste/riapertura-richiesta-note/{id}: reopens a closed request as a new linked one. */
  async reopenRequest(idRichiesta: number | string, note: string, idempotencyKey: string): Promise<Reopened> {
    const body = await this.http.json<unknown>(
      `/richieste/riapertura-richiesta-note/${encodeURIComponent(String(idRichiesta))}`,
      {
        method: 'POST',
        json: { note },
        idempotencyKey,
      },
    );
    const raw = isRecord(body) ? body : {};
    const id = num(raw['idRichiesta']);
    if (id === undefined)
      throw new ServiceError({ service: 'desk', kind: 'parse', message: 'Reopening answer without idRichiesta' });
    return { idRichiesta: id, idRichiestaOriginale: num(raw['idRichiestaOriginale']) };
  }

  /** POST /richieste/valutazione-richiesta with the body the element built (its shape is not shown in the spec). */
  rateRequest(body: Record<string, unknown>, idempotencyKey: string): Promise<unknown> {
    return this.http.json<unknown>('/richieste/valutazione-richiesta', { method: 'POST', json: body, idempotencyKey });
  }

  /**
   * The address of one file of a request. The spec shows no download path; `template` (with
   * `{idRichiesta}` and `{nomeFile}`) maps it to the real server's, the default is the simulator's.
   */
  attachmentPath(idRichiesta: number | string, name: string, template = DEFAULT_ATTACHMENT_PATH): string {
    return template
      .replace('{idRichiesta}', encodeURIComponent(String(idRichiesta)))
      .replace('{nomeFile}', encodeURIComponent(name));
  }

  /** The full URL of {@link attachmentPath} (for a plain link where a proxy adds the credentials). */
  attachmentUrl(idRichiesta: number | string, name: string, template?: string): string {
    return this.http.url(this.attachmentPath(idRichiesta, name, template));
  }

  /** Downloads one file of a request with the client's credentials. */
  async downloadAttachment(
    idRichiesta: number | string,
    name: string,
    template?: string,
    signal?: AbortSignal,
  ): Promise<Blob> {
    const { blob } = await this.http.blob(this.attachmentPath(idRichiesta, name, template), signal ? { signal } : {});
    return blob;
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
