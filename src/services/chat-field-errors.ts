/**
 * The chat service's per-field errors in one shape, `{ field, message }`: a 400 of the REST API
 * (`errors` by field, or a list) and a refused start over STOMP give them either way.
 */
import { ServiceError } from '../transport/errors.js';

export interface FieldError {
  field: string;
  message: string;
}

/** The per-field errors of a 400 from the chat service (`errors` by field, or a list), if it has any. */
export function fieldErrorsOf(error: unknown): FieldError[] | undefined {
  if (!(error instanceof ServiceError) || error.status !== 400) return undefined;
  const body = error.body;
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  const list = normaliseFieldErrors(errors);
  return list.length ? list : undefined;
}

export function normaliseFieldErrors(errors: unknown): FieldError[] {
  if (!errors) return [];
  if (Array.isArray(errors)) {
    return errors
      .filter((e): e is { field?: unknown; message?: unknown } => !!e && typeof e === 'object')
      .map((e) => ({ field: String(e.field ?? ''), message: String(e.message ?? '') }));
  }
  if (typeof errors === 'object')
    return Object.entries(errors as Record<string, unknown>).map(([field, message]) => ({
      field,
      message: String(message),
    }));
  return [];
}
