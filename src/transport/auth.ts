/**
 * Authentication strategies: each one only knows which headers a request carries and whether a
 * 401 is worth one more try. UI-free.
 */
import { errorFromResponse } from './http-errors.js';
import { ServiceError } from './errors.js';

/** The AI service's closed list of caller identifiers (`X-Source-App`); anything else is a 400. */
export type SourceApp = 'chat_app' | 'desk_app' | 'api_direct' | 'ai_app' | 'internal';
export const SOURCE_APPS: readonly SourceApp[] = Object.freeze([
  'chat_app',
  'desk_app',
  'api_direct',
  'ai_app',
  'internal',
] as const);

export interface AuthStrategy {
  readonly kind: 'none' | 'aiApiKey' | 'signApiKey' | 'bearer' | 'chatToken';
  /** Headers for one request (bearer awaits the token provider). */
  headers(): Promise<Record<string, string>>;
  /** After a 401: true if one retry with fresh headers makes sense (bearer: asks the provider again). */
  refresh?(): Promise<boolean>;
}

export type TokenProvider = (options: { forceRefresh: boolean }) => Promise<string>;

export const none: AuthStrategy = Object.freeze({ kind: 'none' as const, headers: async () => ({}) });

/** Hosts where a raw key in the page is a developer's own business (no visitor can read it). */
export function isLocalHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

let rawKeyWarned = false;

/**
 * A secret in page JavaScript is readable by every visitor. Fine for a demo on localhost; anywhere
 * else it deserves one (and only one) console warning pointing at the fix. `host` defaults to the
 * page's; returns whether it warned.
 */
export function warnRawKey(
  what: string,
  host: string | undefined = (globalThis as { location?: Location }).location?.hostname,
): boolean {
  if (rawKeyWarned || host === undefined || host === '' || isLocalHost(host)) return false;
  rawKeyWarned = true;
  console.warn(
    `Sportello: a raw ${what} is used in the page on ${host}. Anyone can read it from the page. ` +
      'Put a server-side proxy in front of the service that adds the credential, and give the element the proxy URL (or a short-lived bearer token provider).',
  );
  return true;
}

/** Test hook: lets a test see the one-time warning again. */
export function resetRawKeyWarning(): void {
  rawKeyWarned = false;
}

export function aiApiKey(apiKey: string, sourceApp: SourceApp, externalId?: string): AuthStrategy {
  if (!SOURCE_APPS.includes(sourceApp)) {
    throw new RangeError(
      `Sportello: X-Source-App must be one of ${SOURCE_APPS.join(', ')} (got ${JSON.stringify(sourceApp)})`,
    );
  }
  warnRawKey('AI API key');
  const headers: Record<string, string> = { 'X-Api-Key': apiKey, 'X-Source-App': sourceApp };
  if (externalId !== undefined && externalId !== '') headers['X-External-Id'] = externalId;
  return { kind: 'aiApiKey', headers: async () => ({ ...headers }) };
}

export function signApiKey(token: string, user: string): AuthStrategy {
  warnRawKey('signing token');
  return { kind: 'signApiKey', headers: async () => ({ 'X-SignToken': token, 'X-SignUser': user }) };
}

export function chatToken(token: string): AuthStrategy {
  warnRawKey('chat token');
  return { kind: 'chatToken', headers: async () => ({ 'X-ChatToken': token }) };
}

/**
 * `Authorization: Bearer <token>` from a provider the page supplies. After a 401 the provider is
 * asked once with `forceRefresh: true`; concurrent 401s share that one forced refresh.
 */
export function bearer(tokenProvider: TokenProvider): AuthStrategy {
  let fresh: string | undefined;
  let refreshing: Promise<boolean> | undefined;
  return {
    kind: 'bearer',
    async headers() {
      if (refreshing) await refreshing;
      // The token a forced refresh just fetched is used once as is; later calls ask the provider
      // (which caches) so an expiring token is renewed without a 401 first.
      const token = fresh ?? (await tokenProvider({ forceRefresh: false }));
      fresh = undefined;
      return { Authorization: `Bearer ${token}` };
    },
    refresh() {
      refreshing ??= tokenProvider({ forceRefresh: true })
        .then((token) => {
          fresh = token || undefined;
          return Boolean(token);
        })
        .catch(() => false)
        .finally(() => {
          refreshing = undefined;
        });
      return refreshing;
    },
  };
}

/**
 * Development helper: OAuth 2.0 client credentials (signing spec §5) against
 * `{auth_url}/realms/{realm}/protocol/openid-connect/token`. Caches the token until shortly before
 * `expires_in`; `forceRefresh` (after a 401) fetches a new one. Rejects with ServiceError
 * (service 'auth', code = OAuth `error`, e.g. `invalid_client`).
 */
export function clientCredentials(o: {
  tokenUrl: string;
  clientId: string;
  clientSecret?: string;
  scope?: string;
}): TokenProvider {
  warnRawKey('client secret');
  let cached: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;
  const fetchToken = async (): Promise<string> => {
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: o.clientId });
    if (o.clientSecret) form.set('client_secret', o.clientSecret);
    if (o.scope) form.set('scope', o.scope);
    let response: Response;
    try {
      response = await fetch(o.tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: form.toString(),
      });
    } catch (error) {
      throw new ServiceError({
        service: 'auth',
        kind: 'network',
        code: 'network',
        message: `Token request failed: ${error instanceof Error ? error.message : String(error)}`,
        cause: error,
      });
    }
    if (!response.ok) throw await errorFromResponse('auth', response);
    let body: { access_token?: unknown; expires_in?: unknown };
    try {
      body = (await response.json()) as typeof body;
    } catch (error) {
      throw new ServiceError({
        service: 'auth',
        kind: 'parse',
        status: response.status,
        code: 'invalid_json',
        message: 'The token answer is not JSON',
        cause: error,
      });
    }
    if (typeof body.access_token !== 'string' || !body.access_token) {
      throw new ServiceError({
        service: 'auth',
        kind: 'protocol',
        status: response.status,
        code: 'no_access_token',
        message: 'The token answer has no access_token',
      });
    }
    const lifetimeMs = (typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 60) * 1000;
    // Renew a little early (a tenth of the lifetime, at most 30 s) so a request never leaves with a token about to expire.
    cached = { token: body.access_token, expiresAt: Date.now() + lifetimeMs - Math.min(30_000, lifetimeMs / 10) };
    return body.access_token;
  };
  return async ({ forceRefresh }) => {
    if (!forceRefresh && cached && Date.now() < cached.expiresAt) return cached.token;
    if (forceRefresh) cached = undefined;
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}
