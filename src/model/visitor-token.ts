/**
 * The gateway's visitor token read on the page: the claims of the JWT a site's backend mints, for
 * display only (who the visitor is, which signer they are). The signature is not checked here — the
 * gateway verifies it on every call and scopes what the visitor may reach — so nothing the page
 * shows from it grants anything. One decoder for the whole kit; UI-free.
 */

function base64UrlJson(part: string): unknown {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/**
 * The payload of a visitor token, or undefined: not a JWT, a payload that is not a JSON object, or
 * without an `exp` in the future of `nowSeconds`.
 */
export function readTokenClaims(
  token: string | undefined,
  nowSeconds = Date.now() / 1000,
): Record<string, unknown> | undefined {
  const parts = token?.split('.');
  if (!parts || parts.length !== 3 || !parts[1]) return undefined;
  let claims: unknown;
  try {
    claims = base64UrlJson(parts[1]);
  } catch {
    return undefined;
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return undefined;
  const record = claims as Record<string, unknown>;
  if (typeof record.exp !== 'number' || record.exp <= nowSeconds) return undefined;
  return record;
}

/** The signer a visitor token names (`sportello.sign.signer`), or undefined. */
export function tokenSigner(token: string | undefined, nowSeconds = Date.now() / 1000): string | undefined {
  const sportello = readTokenClaims(token, nowSeconds)?.sportello;
  const sign = sportello && typeof sportello === 'object' ? (sportello as Record<string, unknown>).sign : undefined;
  const signer = sign && typeof sign === 'object' ? (sign as Record<string, unknown>).signer : undefined;
  return typeof signer === 'string' && signer.includes('@') ? signer.trim() : undefined;
}

/** What the gateway lets an author do (`sportello.sign.author`), as the page may show it. */
export interface AuthorClaims {
  /** The author's username at the signing service: the host of in-person signing (§2.6). */
  host?: string | undefined;
  /** Codes of the process types the author may use. */
  types?: string[] | undefined;
  /** Whether the author may see external signers' links. */
  links?: boolean | undefined;
}

/** The visitor a token names (`sub`) and the author claims it carries, if any. */
export function tokenAuthor(
  token: string | undefined,
  nowSeconds = Date.now() / 1000,
): { subject: string | undefined; author: AuthorClaims | undefined } {
  const claims = readTokenClaims(token, nowSeconds);
  const subject = typeof claims?.sub === 'string' ? claims.sub : undefined;
  const sportello = claims?.sportello;
  const sign = sportello && typeof sportello === 'object' ? (sportello as Record<string, unknown>).sign : undefined;
  const raw = sign && typeof sign === 'object' ? (sign as Record<string, unknown>).author : undefined;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { subject, author: undefined };
  const a = raw as Record<string, unknown>;
  return {
    subject,
    author: {
      host: typeof a.host === 'string' && a.host ? a.host : undefined,
      types: Array.isArray(a.types) ? a.types.filter((t): t is string => typeof t === 'string') : undefined,
      links: a.links === true,
    },
  };
}
