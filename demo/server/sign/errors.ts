import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson } from '../core/http-kit.js';
import { isoOffset } from './model.js';

/** The signing service's error body of spec §7. */
export interface SignErrorBody {
  status: number;
  details: string;
  messageKey: string;
  reference: string;
  timestamp: string;
  type: string;
}

/** messageKeys the spec names, plus the simulator's own where the spec shows none (see README). */
const DEFAULT_KEYS: Record<number, string> = {
  400: 'error.badRequest',
  401: 'error.unauthorized',
  403: 'error.forbidden',
  404: 'error.notFound',
  405: 'error.methodNotAllowed',
  409: 'error.conflict',
  413: 'error.payloadTooLarge',
  416: 'error.rangeNotSatisfiable',
  429: 'error.tooManyRequests',
};

export function signErrorBody(status: number, details: string, messageKey?: string): SignErrorBody {
  return {
    status,
    details,
    messageKey: messageKey ?? DEFAULT_KEYS[status] ?? 'error.internal',
    reference: randomUUID(),
    timestamp: isoOffset(new Date()),
    type: 'common',
  };
}

/** Thrown by handlers and helpers; the module's wrapper turns it into the error body. */
export class SignError extends Error {
  constructor(
    readonly status: number,
    details: string,
    readonly messageKey?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(details);
  }
}

export function sendSignError(res: ServerResponse, error: SignError): void {
  sendJson(res, error.status, signErrorBody(error.status, error.message, error.messageKey), error.headers);
}
