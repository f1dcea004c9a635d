/**
 * Refusals the gateway answers itself, in the error shape of the service the path belongs to, so
 * that the kit's transport (src/transport/errors.ts reads all of them) and any other client of the
 * real service read a gateway refusal exactly as one from the service:
 * - ai: `{detail}` (ai spec §7);
 * - sign: `{status, details, messageKey, reference, timestamp, type}` (signing spec §7);
 * - desk and chat: `{status, error, message}` (chat spec §7 names the codes; desk shows no body, the
 *   simulator's `{status, error, message, timestamp, path}` is used).
 * Pure: no I/O, the clock and the reference generator are passed in where they matter.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';

export type ServiceName = 'ai' | 'sign' | 'desk' | 'chat';

export interface Refusal {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

const SIGN_KEYS: Record<number, string> = {
  400: 'error.badRequest',
  401: 'error.unauthorized',
  403: 'error.forbidden',
  404: 'error.notFound',
  405: 'error.methodNotAllowed',
  408: 'error.requestTimeout',
  413: 'error.payloadTooLarge',
  429: 'error.tooManyRequests',
  502: 'error.badGateway',
  503: 'error.serviceUnavailable',
  504: 'error.gatewayTimeout',
};

/** ISO 8601 with an offset (`+00:00`), as the signing service writes its timestamps. */
function isoOffset(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, '+00:00')
    .replace(/Z$/, '+00:00');
}

export function refusalBody(
  service: ServiceName,
  status: number,
  message: string,
  path: string,
  now = new Date(),
): Record<string, unknown> {
  switch (service) {
    case 'ai':
      return { detail: message };
    case 'sign':
      return {
        status,
        details: message,
        messageKey: SIGN_KEYS[status] ?? 'error.internal',
        reference: randomUUID(),
        timestamp: isoOffset(now),
        type: 'common',
      };
    case 'desk':
      return { status, error: STATUS_CODES[status] ?? 'Error', message, timestamp: now.toISOString(), path };
    case 'chat':
      return { status, error: STATUS_CODES[status] ?? 'Error', message };
  }
}

export function refusal(
  service: ServiceName,
  status: number,
  message: string,
  path: string,
  headers: Record<string, string> = {},
): Refusal {
  return { status, body: refusalBody(service, status, message, path), headers };
}

/** Which service a gateway path belongs to, by the simulator's prefixes; undefined outside them. */
export function serviceOfPath(path: string): ServiceName | undefined {
  if (path === '/ai' || path.startsWith('/ai/')) return 'ai';
  if (path === '/sign' || path.startsWith('/sign/')) return 'sign';
  if (path === '/desk' || path.startsWith('/desk/')) return 'desk';
  if (path === '/chat' || path.startsWith('/chat/')) return 'chat';
  return undefined;
}

/**
 * The words of every refusal. One place, so that no refusal says more than it should: a refused
 * practice and a missing one read the same (404), so a visitor cannot probe which ids exist.
 */
export const MESSAGES = {
  notAllowed: 'This operation is not available through the gateway',
  notFound: 'Not found',
  badPath: 'Malformed request path',
  methodOverride: 'Method override headers are not accepted',
  badToken: 'The visitor token is not valid',
  keysUnavailable: 'Visitor tokens cannot be checked right now',
  needsToken: 'This operation needs a signed-in visitor',
  tooLarge: 'Request body too large',
  badJson: 'Malformed JSON body',
  rateLimited: 'Too many requests, retry later',
  upstreamDown: 'The service could not be reached',
  upstreamTimeout: 'The service did not answer in time',
  originRefused: 'Origin not allowed',
  bodyIdle: 'The request body stopped arriving',
  busy: 'The gateway is busy, retry shortly',
  tooManyUploads: 'Too many uploads at once from this address, retry later',
  tooManyRequests: 'Too many requests at once from this address',
  storeDown: "The gateway's shared store (Redis) is unavailable, retry shortly",
} as const;
