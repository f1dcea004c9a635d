/**
 * Field validation shared by the REST endpoints and the STOMP `chat.start`: each check returns a
 * stable error code (`required`, `invalid`, `too-long`, …) the widget translates, or null.
 */
export type FieldErrors = Record<string, string>;

export const LIMITS = { name: 100, email: 254, phone: 20, message: 2000, chatText: 4000, url: 2048 };

// Pragmatic e-mail check (the HTML spec's pattern for <input type=email>).
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const PHONE = /^\+?[0-9][0-9 ()./-]{4,18}[0-9]$/;
/** A visitor id as the STOMP `visitor-id` header and the upload's `visitorId` field carry it. */
export const VISITOR_ID = /^[A-Za-z0-9._-]{1,100}$/;

export function checkText(value: unknown, max: number, required: boolean): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return required ? 'required' : null;
  if (typeof value !== 'string') return 'invalid';
  if (value.length > max) return 'too-long';
  return null;
}

export function checkEmail(value: unknown, required: boolean): string | null {
  const basic = checkText(value, LIMITS.email, required);
  if (basic || value === undefined || value === null || (value as string).trim() === '') return basic;
  return EMAIL.test((value as string).trim()) ? null : 'invalid';
}

export function checkPhone(value: unknown, required: boolean): string | null {
  const basic = checkText(value, LIMITS.phone + 5, required);
  if (basic || value === undefined || value === null || (value as string).trim() === '') return basic;
  const phone = (value as string).trim();
  return PHONE.test(phone) && phone.replace(/\D/g, '').length >= 6 && phone.replace(/\D/g, '').length <= 15
    ? null
    : 'invalid';
}

export function checkHttpUrl(value: unknown, required: boolean): string | null {
  const basic = checkText(value, LIMITS.url, required);
  if (basic || value === undefined || value === null || (value as string).trim() === '') return basic;
  try {
    const url = new URL(value as string);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'invalid';
  } catch {
    return 'invalid';
  }
}

/** Collects the non-null results into a field → code map. */
export function collect(checks: Record<string, string | null>): FieldErrors {
  return Object.fromEntries(Object.entries(checks).filter(([, v]) => v !== null)) as FieldErrors;
}

/** Positive integer id from a query/body value, or undefined. */
export function parseId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0) return Number(value);
  return undefined;
}
