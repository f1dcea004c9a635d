import type { IncomingMessage } from 'node:http';
import type { SimRequest } from '../core/http-kit.js';
import type { SimContext } from '../core/service.js';
import { SignError } from './errors.js';
import { BEARER_USER, SIGN_TOKENS, USERS, type SignUser } from './model.js';

/** A handler of an endpoint of spec §4, given the user `authenticate` found; index.ts wraps each with auth and errors. */
export type ApiHandler = (r: SimRequest, user: SignUser) => Promise<void> | void;

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Spec §5: either `X-SignToken` + `X-SignUser` (the token must be valid and may act as that
 * user), or `Authorization: Bearer` checked by the identity provider. Anything else is 401
 * with messageKey `error.unauthorized`.
 */
export async function authenticate(ctx: SimContext, req: IncomingMessage): Promise<SignUser> {
  const authorization = header(req, 'authorization');
  const token = header(req, 'x-signtoken');
  if (token !== undefined || authorization === undefined) {
    const username = header(req, 'x-signuser');
    if (!token) throw new SignError(401, 'Missing X-SignToken header', 'error.unauthorized');
    if (!username) throw new SignError(401, 'Missing X-SignUser header', 'error.unauthorized');
    const allowed = SIGN_TOKENS[token];
    if (!allowed) throw new SignError(401, 'Invalid or expired token', 'error.unauthorized');
    const user = USERS[username];
    if (!user || !allowed.includes(username))
      throw new SignError(401, `Token not valid for user ${username}`, 'error.unauthorized');
    return user;
  }
  const verdict = await ctx.verifyBearer(authorization);
  if (!verdict.ok) throw new SignError(401, `Bearer token rejected: ${verdict.reason}`, 'error.unauthorized');
  return USERS[BEARER_USER]!;
}

/** 403 naming the action, as spec §7 asks, when the user lacks the permission. */
export function requirePermission(user: SignUser, anyOf: string[], action: string): void {
  if (!anyOf.some((p) => user.permissions.includes(p))) {
    throw new SignError(
      403,
      `User ${user.username} is not allowed to ${action} (requires ${anyOf.join(' or ')})`,
      'error.forbidden',
    );
  }
}
