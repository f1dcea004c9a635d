/**
 * The visitor the page vouches for: the gateway's visitor token (a JWT the site's backend mints,
 * claims `sub`, `exp`, `name`, `email`) read for display only. The widget shows the name and
 * e-mail as verified and does not ask for them; the signature is checked where it matters, by the
 * gateway, which also puts the same identity on the chat whatever the page sends.
 */

export interface VisitorIdentity {
  sub: string;
  name: string;
  email: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

function base64UrlJson(part: string): unknown {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/**
 * The identity a visitor token names, or undefined: not a JWT, expired at `nowSeconds`, or without
 * a subject, a name and an e-mail (then the form asks for them as usual).
 */
export function readVisitorToken(
  token: string | undefined,
  nowSeconds = Date.now() / 1000,
): VisitorIdentity | undefined {
  const parts = token?.split('.');
  if (!parts || parts.length !== 3 || !parts[1]) return undefined;
  let claims: unknown;
  try {
    claims = base64UrlJson(parts[1]);
  } catch {
    return undefined;
  }
  if (!claims || typeof claims !== 'object') return undefined;
  const { sub, exp, name, email } = claims as Record<string, unknown>;
  if (typeof sub !== 'string' || !sub || typeof exp !== 'number' || exp <= nowSeconds) return undefined;
  if (typeof name !== 'string' || !name.trim() || typeof email !== 'string' || !email.includes('@')) return undefined;
  return { sub, name: name.trim(), email: email.trim(), exp };
}
