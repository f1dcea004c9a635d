import { BadJson, readJson, sendJson, type Handler, type SimRequest } from '../core/http-kit.js';
import { authenticate, isRefusal, type Caller } from './auth-headers.js';
import type { RateLimiter } from './rate-limit.js';
import { Invalid } from './validate.js';

/** Spec §7: every error is `{detail}`. */
export const detail = (r: SimRequest, status: number, message: string, headers: Record<string, string> = {}) =>
  sendJson(r.res, status, { detail: message }, headers);

/** Wraps a handler with spec §5 header checks and body-error mapping to `{detail}`. */
export function guarded(
  deps: { limiter: RateLimiter },
  handler: (r: SimRequest, caller: Caller) => Promise<void> | void,
  needsChat = false,
): Handler {
  return async (r) => {
    const caller = authenticate(r.req, deps.limiter);
    if (isRefusal(caller)) return detail(r, caller.status, caller.detail, caller.headers);
    if (needsChat && !caller.key.canChat)
      return detail(r, 403, "This API key's role lacks the permission for this operation");
    try {
      await handler(r, caller);
    } catch (error) {
      if (error instanceof Invalid) return detail(r, error.status, error.message);
      if (error instanceof BadJson) return detail(r, 400, 'Malformed JSON body');
      throw error;
    }
  };
}

/** The media type of the request body, lower case, without parameters ('' when none). */
export const mediaType = (r: SimRequest) => (r.req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

export async function jsonBody(r: SimRequest): Promise<unknown> {
  const type = mediaType(r);
  if (type && type !== 'application/json') throw new Invalid(400, 'Content-Type must be application/json');
  return readJson(r.req);
}
