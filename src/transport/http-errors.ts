/**
 * A failed HTTP answer as the one ServiceError, whatever shape the service answers with: what its
 * body says (signing, AI, OAuth, chat and desk shapes), its status, and when the service asked to
 * be asked again (`Retry-After`). Used by HttpClient and by the token fetch of auth.ts. UI-free.
 */
import { ServiceError, type ServiceName } from './errors.js';

/** `Retry-After` in ms: delta-seconds or an HTTP date (relative to `now`); undefined if absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // A date: only the HTTP date forms have letters; refuse anything else (e.g. "-5").
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

interface ErrorFields {
  message?: string;
  code?: string;
  reference?: string;
}

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * What an error body says, whatever its shape: signing `{status, details, messageKey, reference}`,
 * AI `{detail}` (a string, or a validation list `[{msg, loc}]`), OAuth `{error, error_description}`,
 * or anything with a `message`. Unknown shapes give no fields (the status then speaks).
 */
export function errorFieldsFromBody(body: unknown): ErrorFields {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const b = body as Record<string, unknown>;
  if ('messageKey' in b || 'details' in b) {
    return {
      message: stringField(b.details) ?? stringField(b.message),
      code: stringField(b.messageKey),
      reference: stringField(b.reference),
    };
  }
  if ('detail' in b) {
    if (typeof b.detail === 'string') return { message: stringField(b.detail) };
    if (Array.isArray(b.detail)) {
      const parts = b.detail.map((item) => {
        if (typeof item === 'string') return item;
        const entry = item as { msg?: unknown; loc?: unknown };
        const where = Array.isArray(entry.loc) ? entry.loc.join('.') : '';
        return `${where ? `${where}: ` : ''}${String(entry.msg ?? '')}`;
      });
      return { message: parts.filter(Boolean).join('; ') || undefined, code: 'validation_error' };
    }
  }
  // OAuth token errors ({error, error_description}); the chat and desk bodies also carry `error`
  // (the reason phrase) beside a `message` that says what went wrong, which wins.
  if (typeof b.error === 'string')
    return { message: stringField(b.error_description) ?? stringField(b.message) ?? b.error, code: b.error };
  return { message: stringField(b.message), code: stringField(b.code) };
}

/** Normalises any non-ok Response into a ServiceError (reads the body). */
export async function errorFromResponse(service: ServiceName, response: Response): Promise<ServiceError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body broke off: the status alone still says what happened.
  }
  let fields: ErrorFields = {};
  let body: unknown;
  if (text) {
    try {
      body = JSON.parse(text);
      fields = errorFieldsFromBody(body);
    } catch {
      // Not JSON: a short plain-text body is a message; an HTML error page is not worth showing.
      const plain = text.trim();
      if (plain.length <= 300 && !plain.startsWith('<')) fields = { message: plain };
    }
  }
  const status = response.status;
  return new ServiceError({
    service,
    kind: 'http',
    status,
    code: fields.code ?? `http_${status}`,
    message: fields.message ?? `HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}`,
    reference: fields.reference,
    retryAfterMs: parseRetryAfter(response.headers.get('Retry-After')),
    body,
  });
}
