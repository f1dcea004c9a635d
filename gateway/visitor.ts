/**
 * Who is calling: a visitor named by a short-lived token the site's backend minted (HS256 with a
 * shared secret, or ES256/RS256 verified against the site's JWKS), an anonymous visitor holding
 * the gateway's own session token, or an anonymous visitor with nothing yet.
 *
 * Claims (pinned; README "Deploying on a public site"):
 *   sub (the visitor), exp, optional name, email, and
 *   sportello: { desk: { idUtente }, sign: { files: [idFile…], signer: email, author: {…} }, ai: { agents: [id…] } }
 * `sign.author` is the permission to prepare and send practices ({@link SignAuthor}).
 * Everything the gateway scopes by comes from a verified token, never from the page.
 */
import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, jwtVerify, SignJWT, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { cachedVerify } from './verified-tokens.js';

/**
 * `sportello.sign.author`: what an author may prepare and send through the gateway. Without it a
 * visitor never reaches an authoring route.
 */
export interface SignAuthor {
  /** Codes of the process types (§2.9) the author may use. */
  types: string[];
  /** May send a practice that follows no process type (its own documents and signers). */
  free: boolean;
  /** The author's username at the signing service: the only host of in-person signing (§2.6) they may name. */
  host?: string | undefined;
  /** May see external signers' signing links in the creation answer. */
  links: boolean;
  /** Uploads a day (a bucket refilled over 24 hours). */
  uploads: number;
  /** Largest upload in bytes (never above the gateway's SPORTELLO_GATEWAY_MAX_UPLOAD_BYTES). */
  uploadBytes?: number | undefined;
}

/** Uploads a day when the claim does not say. */
export const DEFAULT_AUTHOR_UPLOADS = 20;

export interface Visitor {
  kind: 'token' | 'anonymous';
  /** `sub` of a visitor token; `anon:<uuid>` for an anonymous session. Sent upstream as X-External-Id. */
  id: string;
  name?: string | undefined;
  email?: string | undefined;
  desk?: { idUtente: number } | undefined;
  sign?: { files: number[]; signer?: string | undefined; author?: SignAuthor | undefined } | undefined;
  ai?: { agents: number[] } | undefined;
}

/** `unavailable`: the token could not be checked (the site's JWKS did not answer), not a bad token. */
export type VerifyResult = { ok: true; visitor: Visitor } | { ok: false; reason: string; unavailable?: boolean };

export const ANONYMOUS_PREFIX = 'anon:';
const SESSION_AUDIENCE = 'sportello-gateway:anonymous-session';
/** Clock difference tolerated between the site's backend and the gateway (s). */
const CLOCK_SKEW_S = 5;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const optBool = (v: unknown): v is boolean | undefined => v === undefined || typeof v === 'boolean';

/** Reads `sportello.sign.author`, or says what is malformed in it. */
function authorFromClaim(raw: unknown): SignAuthor | string {
  if (!isRecord(raw)) return 'sportello.sign.author must be an object';
  const types = raw.types ?? [];
  if (
    !Array.isArray(types) ||
    types.length > 200 ||
    !types.every((t) => typeof t === 'string' && t.length > 0 && t.length <= 100)
  )
    return 'sportello.sign.author.types must be process type codes';
  const host = raw.host;
  if (host !== undefined && (typeof host !== 'string' || !/^[\w.@+-]{1,100}$/.test(host)))
    return 'sportello.sign.author.host must be a username';
  if (!optBool(raw.free) || !optBool(raw.links)) return 'sportello.sign.author.free and .links must be booleans';
  const { uploads, uploadBytes } = raw;
  if (uploads !== undefined && !isCount(uploads)) return 'sportello.sign.author.uploads must be a whole number ≥ 0';
  if (uploadBytes !== undefined && !isId(uploadBytes))
    return 'sportello.sign.author.uploadBytes must be a positive whole number';
  return {
    types: [...(types as string[])],
    free: raw.free === true,
    host: host as string | undefined,
    links: raw.links === true,
    uploads: uploads ?? DEFAULT_AUTHOR_UPLOADS,
    uploadBytes,
  };
}

/** Reads the claims into a Visitor, or says which claim is malformed (a malformed token is refused whole). */
export function visitorFromClaims(claims: JWTPayload): VerifyResult {
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 255)
    return { ok: false, reason: 'sub must be a string of 1-255 characters' };
  if (sub.startsWith(ANONYMOUS_PREFIX)) return { ok: false, reason: `sub must not start with ${ANONYMOUS_PREFIX}` };
  const visitor: Visitor = { kind: 'token', id: sub };
  for (const key of ['name', 'email'] as const) {
    const v = claims[key];
    if (v === undefined) continue;
    if (typeof v !== 'string' || v.length > 320) return { ok: false, reason: `${key} must be a string` };
    visitor[key] = v;
  }
  const s = claims.sportello;
  if (s === undefined) return { ok: true, visitor };
  if (!isRecord(s)) return { ok: false, reason: 'sportello must be an object' };
  if (s.desk !== undefined) {
    if (!isRecord(s.desk) || !isId(s.desk.idUtente))
      return { ok: false, reason: 'sportello.desk.idUtente must be a positive integer' };
    visitor.desk = { idUtente: s.desk.idUtente };
  }
  if (s.sign !== undefined) {
    if (!isRecord(s.sign)) return { ok: false, reason: 'sportello.sign must be an object' };
    const files = s.sign.files ?? [];
    if (!Array.isArray(files) || !files.every(isId) || files.length > 1000)
      return { ok: false, reason: 'sportello.sign.files must be positive integers' };
    const signer = s.sign.signer;
    if (signer !== undefined && (typeof signer !== 'string' || !signer.includes('@')))
      return { ok: false, reason: 'sportello.sign.signer must be an e-mail address' };
    visitor.sign = { files: [...files], signer: signer?.toLowerCase() };
    if (s.sign.author !== undefined) {
      const author = authorFromClaim(s.sign.author);
      if (typeof author === 'string') return { ok: false, reason: author };
      visitor.sign.author = author;
    }
  }
  if (s.ai !== undefined) {
    if (!isRecord(s.ai) || !Array.isArray(s.ai.agents) || !s.ai.agents.every(isId))
      return { ok: false, reason: 'sportello.ai.agents must be positive integers' };
    visitor.ai = { agents: [...s.ai.agents] };
  }
  return { ok: true, visitor };
}

export interface VisitorVerifierOptions {
  secret?: string | undefined;
  jwks?: string | undefined;
  audience: string;
  issuer?: string | undefined;
  maxTtlSeconds: number;
  sessionSecret: string;
  sessionTtlSeconds: number;
  /** Injected for tests of a JWKS without a network. */
  jwksKeys?: JWTVerifyGetKey | undefined;
  /** The clock (ms), injected for tests of expiry. */
  now?: (() => number) | undefined;
}

export interface VisitorVerifier {
  /** Verifies a bearer token: a visitor token of the site, or an anonymous session of this gateway. */
  verify(token: string): Promise<VerifyResult>;
  /** A new anonymous session: its visitor and the token that names it. */
  newSession(): Promise<{ visitor: Visitor; token: string; expiresIn: number }>;
}

export function createVisitorVerifier(o: VisitorVerifierOptions): VisitorVerifier {
  const clock = o.now ?? Date.now;
  const sessionKey = new TextEncoder().encode(o.sessionSecret);
  const hsKey = o.secret ? new TextEncoder().encode(o.secret) : undefined;
  const jwks =
    o.jwksKeys ??
    (o.jwks ? createRemoteJWKSet(new URL(o.jwks), { cooldownDuration: 30_000, timeoutDuration: 5_000 }) : undefined);

  async function verifySession(token: string): Promise<VerifyResult | undefined> {
    try {
      const { payload } = await jwtVerify(token, sessionKey, {
        algorithms: ['HS256'],
        audience: SESSION_AUDIENCE,
        requiredClaims: ['sub', 'exp'],
        currentDate: new Date(clock()),
      });
      if (typeof payload.sub !== 'string' || !payload.sub.startsWith(ANONYMOUS_PREFIX))
        return { ok: false, reason: 'bad session subject' };
      return { ok: true, visitor: { kind: 'anonymous', id: payload.sub } };
    } catch {
      return undefined;
    }
  }

  async function verifyVisitor(token: string): Promise<VerifyResult> {
    const options = {
      audience: o.audience,
      ...(o.issuer ? { issuer: o.issuer } : {}),
      requiredClaims: ['sub', 'exp'],
      clockTolerance: CLOCK_SKEW_S,
      currentDate: new Date(clock()),
    };
    try {
      const { payload } = hsKey
        ? await jwtVerify(token, hsKey, { ...options, algorithms: ['HS256'] })
        : jwks
          ? await jwtVerify(token, jwks, { ...options, algorithms: ['ES256', 'RS256'] })
          : (() => {
              throw new Error('no visitor key configured');
            })();
      const now = Math.floor(clock() / 1000);
      if (typeof payload.exp === 'number' && payload.exp - now > o.maxTtlSeconds + CLOCK_SKEW_S)
        return { ok: false, reason: 'token lives longer than allowed' };
      // Issued in the future (beyond a small clock skew): minted by a wrong clock or to outlive its `exp` check.
      if (payload.iat !== undefined && (typeof payload.iat !== 'number' || payload.iat > now + CLOCK_SKEW_S))
        return { ok: false, reason: 'token issued in the future' };
      return visitorFromClaims(payload);
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'invalid token';
      // The key set could not be fetched: the site's fault, not the visitor's (503, not 401).
      const unavailable =
        jwks !== undefined &&
        !hsKey &&
        (code === 'ERR_JWKS_TIMEOUT' || code === 'ERR_JOSE_GENERIC' || error instanceof TypeError);
      return { ok: false, reason: code, ...(unavailable ? { unavailable } : {}) };
    }
  }

  return {
    verify: cachedVerify(
      async (token) => (claimsSession(token) ? await verifySession(token) : undefined) ?? verifyVisitor(token),
      clock,
    ),
    async newSession() {
      const id = `${ANONYMOUS_PREFIX}${randomUUID()}`;
      const iat = Math.floor(clock() / 1000);
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(id)
        .setAudience(SESSION_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + o.sessionTtlSeconds)
        .sign(sessionKey);
      return { visitor: { kind: 'anonymous', id }, token, expiresIn: o.sessionTtlSeconds };
    },
  };
}

/**
 * Whether a token, read without checking it, names the session audience. When it does not, the
 * session check could only fail (jose refuses any other audience, after an HMAC and with a thrown
 * error, about half of a first visitor-token check's CPU): it is skipped, and the answer is the
 * same. A token that cannot even be read goes through both checks, as before.
 */
function claimsSession(token: string): boolean {
  try {
    const { aud } = decodeJwt(token);
    return Array.isArray(aud) ? aud.includes(SESSION_AUDIENCE) : aud === SESSION_AUDIENCE;
  } catch {
    return true;
  }
}

/** The `Authorization: Bearer` token of a request, if any. */
export function bearerOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const m = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(value ?? '');
  return m?.[1];
}
