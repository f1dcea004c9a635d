/**
 * HTTP for every service client: URL joining, query strings, JSON and multipart bodies, timeouts,
 * caller cancellation, upload progress (xhr-fetch.ts), retries with backoff and Retry-After, 401
 * refresh, and one error type (ServiceError, read from any failed answer by http-errors.ts). UI-free.
 */
import type { AuthStrategy } from './auth.js';
import { backoffDelay, sleep } from './backoff.js';
import { ServiceError, isAbort, type ServiceName } from './errors.js';
import { errorFromResponse } from './http-errors.js';
import { xhrFetch } from './xhr-fetch.js';

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

export interface RetryOptions {
  retries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Arrays become repeated keys: `status=L&status=F`; null/undefined are left out. */
  query?: Record<string, QueryValue>;
  /** JSON body (sets Content-Type). */
  json?: unknown;
  /** Multipart body (the browser sets the boundary). */
  form?: FormData;
  headers?: Record<string, string>;
  /** Caller cancellation: the call then rejects with an AbortError (see `isAbort`), not a ServiceError. */
  signal?: AbortSignal;
  /**
   * Default from the client (30 s); 0 = none. `json`/`text`/`blob` count the whole body;
   * `response` counts until the headers arrive, so a stream can run for as long as it lasts.
   */
  timeoutMs?: number;
  /** Sets `Idempotency-Key` and allows retrying a POST. */
  idempotencyKey?: string;
  retry?: boolean | RetryOptions;
  /** Multipart upload progress; the request then goes through XMLHttpRequest (fetch can't report it). */
  onUploadProgress?: (loaded: number, total: number) => void;
  accept?: string;
  /**
   * Sends each attempt instead of fetch() (the SSE worker's `offThreadFetch` does); everything
   * else (auth headers, 401 refresh, retries, timeout, error shapes) stays this client's.
   */
  fetcher?: (url: string, init: FetchInit) => Promise<Response>;
}

/** What a `fetcher` gets for one attempt. */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body: BodyInit | null;
  signal: AbortSignal;
}

export interface HttpClientOptions {
  service: ServiceName;
  baseUrl: string;
  auth?: AuthStrategy;
  timeoutMs?: number;
  retry?: RetryOptions;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** Defaults: 2 retries, waits of 0.25–0.5 s then 0.5–1 s; nothing longer than 8 s. */
export const DEFAULT_RETRY: Required<RetryOptions> = { retries: 2, baseDelayMs: 500, maxDelayMs: 8_000 };

// ---------------------------------------------------------------------------------------------
// Pure helpers (unit-tested on their own)

/** `a=1&status=L&status=F`: arrays repeat the key, null/undefined are skipped, booleans are `true`/`false`. */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value))
      for (const item of value as ReadonlyArray<string | number | boolean>) params.append(key, String(item));
    else params.append(key, String(value));
  }
  return params.toString();
}

/** `${base}/${path}` with exactly one '/' between them; an absolute `path` (scheme://) is used as is. */
export function joinUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  let url: string;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) url = path;
  else if (!path) url = baseUrl;
  else url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const qs = buildQuery(query);
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

/** The file name a `Content-Disposition` header offers (RFC 6266: `filename*` wins over `filename`). */
export function filenameFromContentDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // a broken percent-encoding: fall back to the plain parameter
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return bare?.[1];
}

/**
 * Whether a failed attempt may be sent again: safe requests (GET, or any request carrying an
 * Idempotency-Key) on network/timeout/408/429/5xx; any request on 429, because the server said it
 * did nothing and when to come back.
 */
export function shouldRetry(error: ServiceError, method: string, idempotent: boolean): boolean {
  if (error.status === 429) return true;
  if (method !== 'GET' && !idempotent) return false;
  return error.retryable;
}

function retryPolicy(
  clientRetry: RetryOptions | undefined,
  requestRetry: RequestOptions['retry'],
): Required<RetryOptions> {
  const merged = { ...DEFAULT_RETRY, ...clientRetry };
  if (requestRetry === false) return { ...merged, retries: 0 };
  if (requestRetry === true || requestRetry === undefined) return merged;
  return { ...merged, ...requestRetry };
}

// ---------------------------------------------------------------------------------------------

/** Marks an abort caused by our own timer, told apart from the caller's. */
class TimeoutSignal {
  readonly controller = new AbortController();
  timedOut = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly callerSignal: AbortSignal | undefined;
  private readonly onCallerAbort = () => this.controller.abort(this.callerSignal?.reason);

  constructor(callerSignal: AbortSignal | undefined, timeoutMs: number) {
    this.callerSignal = callerSignal;
    if (callerSignal?.aborted) this.controller.abort(callerSignal.reason);
    else callerSignal?.addEventListener('abort', this.onCallerAbort, { once: true });
    if (timeoutMs > 0) {
      this.timer = setTimeout(() => {
        this.timedOut = true;
        this.controller.abort(new DOMException('The request timed out', 'TimeoutError'));
      }, timeoutMs);
    }
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Stops the timer; the caller's signal stays linked so a returned stream can still be cancelled. */
  stopTimer(): void {
    clearTimeout(this.timer);
  }

  /** Stops everything: the attempt is over. */
  dispose(): void {
    clearTimeout(this.timer);
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
  }
}

export class HttpClient {
  readonly service: ServiceName;
  readonly baseUrl: string;
  private readonly auth: AuthStrategy | undefined;
  private readonly timeoutMs: number;
  private readonly retry: RetryOptions | undefined;

  constructor(options: HttpClientOptions) {
    this.service = options.service;
    this.baseUrl = options.baseUrl;
    this.auth = options.auth;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retry = options.retry;
  }

  url(path: string, query?: Record<string, QueryValue>): string {
    return joinUrl(this.baseUrl, path, query);
  }

  /** Parsed JSON body; `undefined` for 204 or an empty body. */
  json<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request(path, { accept: 'application/json', ...options }, async (response) => {
      const text = await response.text();
      if (response.status === 204 || !text.trim()) return undefined as T;
      try {
        return JSON.parse(text) as T;
      } catch (error) {
        throw new ServiceError({
          service: this.service,
          kind: 'parse',
          status: response.status,
          code: 'invalid_json',
          message: 'The answer is not valid JSON',
          cause: error,
        });
      }
    });
  }

  text(path: string, options: RequestOptions = {}): Promise<string> {
    return this.request(path, options, (response) => response.text());
  }

  blob(path: string, options: RequestOptions = {}): Promise<{ blob: Blob; filename?: string; contentType?: string }> {
    return this.request(path, options, async (response) => {
      const blob = await response.blob();
      const filename = filenameFromContentDisposition(response.headers.get('Content-Disposition'));
      const contentType = response.headers.get('Content-Type') ?? undefined;
      return {
        blob,
        ...(filename !== undefined ? { filename } : {}),
        ...(contentType !== undefined ? { contentType } : {}),
      };
    });
  }

  /** The ok Response with its body unread (streams, ranges). The timeout stops once headers arrive. */
  response(path: string, options: RequestOptions = {}): Promise<Response> {
    return this.request(path, options, async (response) => response, true);
  }

  /** One logical call: attempts, 401 refresh, retries; `read` runs inside the attempt (and its timeout). */
  private async request<T>(
    path: string,
    options: RequestOptions,
    read: (response: Response) => Promise<T>,
    streaming = false,
  ): Promise<T> {
    const method = options.method ?? (options.json !== undefined || options.form ? 'POST' : 'GET');
    const url = this.url(path, options.query);
    const policy = retryPolicy(this.retry, options.retry);
    const idempotent = options.idempotencyKey !== undefined;
    let refreshed = false;
    let retriesLeft = policy.retries;
    for (let attempt = 0; ; attempt++) {
      let error: ServiceError;
      const scope = new TimeoutSignal(options.signal, options.timeoutMs ?? this.timeoutMs);
      let handedOver = false;
      try {
        const response = await this.send(url, method, options, scope.signal);
        if (response.ok) {
          if (streaming) {
            // The body is the caller's now: only its own signal may still cancel it.
            scope.stopTimer();
            handedOver = true;
          }
          return await read(response);
        }
        error = await errorFromResponse(this.service, response);
        if (response.status === 401 && !refreshed && this.auth?.refresh) {
          refreshed = true;
          if (await this.auth.refresh().catch(() => false)) {
            attempt--;
            continue;
          }
        }
      } catch (thrown) {
        if (options.signal?.aborted) throw options.signal.reason ?? thrown;
        error = this.toServiceError(thrown, scope.timedOut, method, url);
      } finally {
        if (!handedOver) scope.dispose();
      }
      if (retriesLeft <= 0 || !shouldRetry(error, method, idempotent)) throw error;
      const wait = Math.max(error.retryAfterMs ?? 0, backoffDelay(attempt, policy));
      // A server asking for a longer pause than our ceiling: give the caller the error (with
      // retryAfterMs) instead of hanging a UI for minutes.
      if (wait > policy.maxDelayMs) throw error;
      retriesLeft--;
      await sleep(wait, options.signal);
    }
  }

  private toServiceError(thrown: unknown, timedOut: boolean, method: string, url: string): ServiceError {
    if (thrown instanceof ServiceError) return thrown;
    if (timedOut)
      return new ServiceError({
        service: this.service,
        kind: 'timeout',
        code: 'timeout',
        message: `${method} ${url} timed out`,
        cause: thrown,
      });
    if (isAbort(thrown))
      return new ServiceError({
        service: this.service,
        kind: 'network',
        code: 'aborted',
        message: `${method} ${url} was interrupted`,
        cause: thrown,
      });
    return new ServiceError({
      service: this.service,
      kind: 'network',
      code: 'network',
      message: `${method} ${url} failed: ${thrown instanceof Error ? thrown.message : String(thrown)}`,
      cause: thrown,
    });
  }

  private async send(url: string, method: string, options: RequestOptions, signal: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = {};
    if (options.accept) headers.Accept = options.accept;
    let body: BodyInit | null = null;
    if (options.form) body = options.form;
    else if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    if (options.idempotencyKey !== undefined) headers['Idempotency-Key'] = options.idempotencyKey;
    Object.assign(headers, await this.authHeaders(), options.headers);
    if (options.onUploadProgress)
      return xhrFetch(url, { method, headers, body, signal, onUploadProgress: options.onUploadProgress });
    if (options.fetcher) return options.fetcher(url, { method, headers, body, signal });
    return fetch(url, { method, headers, body, signal });
  }

  private async authHeaders(): Promise<Record<string, string>> {
    if (!this.auth) return {};
    try {
      return await this.auth.headers();
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      throw new ServiceError({
        service: this.service,
        kind: 'http',
        status: 401,
        code: 'token_unavailable',
        message: `No access token: ${error instanceof Error ? error.message : String(error)}`,
        cause: error,
      });
    }
  }
}
