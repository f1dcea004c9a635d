/**
 * The visitor the page vouches for: the gateway's visitor token (a JWT the site's backend mints,
 * claims `sub`, `exp`, `name`, `email`) read for display only. The widget shows the name and
 * e-mail as verified and does not ask for them; the signature is checked where it matters, by the
 * gateway, which also puts the same identity on the chat whatever the page sends.
 */
import { readTokenClaims } from '../visitor-token.js';

export interface VisitorIdentity {
  sub: string;
  name: string;
  email: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

/**
 * The identity a visitor token names, or undefined: not a JWT, expired at `nowSeconds`, or without
 * a subject, a name and an e-mail (then the form asks for them as usual).
 */
export function readVisitorToken(
  token: string | undefined,
  nowSeconds = Date.now() / 1000,
): VisitorIdentity | undefined {
  const claims = readTokenClaims(token, nowSeconds);
  if (!claims) return undefined;
  const { sub, exp, name, email } = claims;
  if (typeof sub !== 'string' || !sub || typeof exp !== 'number') return undefined;
  if (typeof name !== 'string' || !name.trim() || typeof email !== 'string' || !email.includes('@')) return undefined;
  return { sub, name: name.trim(), email: email.trim(), exp };
}
