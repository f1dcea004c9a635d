/**
 * The chat service's HTTP error shape (spec §7 gives only the status codes; README.md documents
 * the body): `{ status, error, message, errors? }`, `errors` mapping field → code.
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from '../core/http-kit.js';
import type { FieldErrors } from './validation.js';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(status: number, message: string, errors?: FieldErrors) {
  return { status, error: REASONS[status] ?? 'Error', message, ...(errors ? { errors } : {}) };
}

export function fail(
  res: ServerResponse,
  status: number,
  message: string,
  errors?: FieldErrors,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, errorBody(status, message, errors), headers);
}

/** Sliding-window counter per key: `hit` returns the seconds to wait, or 0 when allowed. */
export class RateLimit {
  private hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  hit(key: string, now = Date.now()): number {
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
    }
    recent.push(now);
    this.hits.set(key, recent);
    return 0;
  }

  reset(): void {
    this.hits.clear();
  }
}
