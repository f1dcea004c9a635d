/** Which back-office service an error came from. */
export type ServiceName = 'ai' | 'sign' | 'desk' | 'chat' | 'auth';

/**
 * What went wrong, independent of the service: an HTTP answer, no answer at all, no answer in
 * time, an answer we could not read, or a broken conversation (cut stream, STOMP ERROR frame).
 */
export type ErrorKind = 'http' | 'network' | 'timeout' | 'parse' | 'protocol';

export interface ServiceErrorInit {
  service: ServiceName;
  kind: ErrorKind;
  status?: number | undefined;
  code?: string | undefined;
  message: string;
  reference?: string | undefined;
  retryAfterMs?: number | undefined;
  /** The parsed error body as the service sent it (JSON), for callers that read service-specific fields. */
  body?: unknown;
  cause?: unknown;
}

/** The one error type every transport call and service client rejects with. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly service: ServiceName;
  readonly kind: ErrorKind;
  /** HTTP status, when there was an HTTP answer. */
  readonly status: number | undefined;
  /** Machine-readable code: signing `messageKey`, AI stream `code`, OAuth `error`, or `http_<status>`. */
  readonly code: string | undefined;
  /** Signing `reference` UUID, worth showing to support. */
  readonly reference: string | undefined;
  /** How long the server asked us to wait (429/503 `Retry-After`). */
  readonly retryAfterMs: number | undefined;
  /** The parsed JSON error body, when there was one (e.g. a desk 400's per-field errors). */
  readonly body: unknown;

  constructor(init: ServiceErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.service = init.service;
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.reference = init.reference;
    this.retryAfterMs = init.retryAfterMs;
    this.body = init.body;
  }

  /** True for failures a retry may fix: network, timeout, 408/429/5xx. */
  get retryable(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout') return true;
    const s = this.status ?? 0;
    return s === 408 || s === 429 || s >= 500;
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError || (value instanceof Error && value.name === 'ServiceError');
}

/** Anything a call threw, as the one error type: a ServiceError as it is, anything else as a network failure of `service`. */
export function asServiceError(error: unknown, service: ServiceName): ServiceError {
  if (isServiceError(error)) return error;
  return new ServiceError({
    service,
    kind: 'network',
    message: String((error as Error | null)?.message ?? error),
    cause: error,
  });
}

/** An abort the caller asked for is not an error: callers check this and stay quiet. */
export function isAbort(value: unknown): boolean {
  return value instanceof DOMException
    ? value.name === 'AbortError'
    : (value as { name?: string } | null)?.name === 'AbortError';
}
