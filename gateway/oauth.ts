/**
 * OAuth 2.0 client credentials (signing spec §5) for the services the gateway calls with a Bearer
 * token: the token is cached, refreshed a little before it expires, and concurrent callers share
 * one refresh (single flight) so a burst of visitors never turns into a burst at the identity
 * provider. The HTTP call and the clock are injected.
 */
import type { OAuthClient } from './config.js';

export interface TokenAnswer {
  accessToken: string;
  /** Seconds, as the token endpoint says. */
  expiresIn: number;
}

export type FetchToken = (client: OAuthClient) => Promise<TokenAnswer>;

export interface TokenSource {
  /** A valid token: the cached one, or a new one when it is about to expire (or `force`). */
  get(force?: boolean): Promise<string>;
  /** Times the identity provider was asked (observability for tests and logs). */
  readonly fetches: number;
}

export function createTokenSource(
  client: OAuthClient,
  fetchToken: FetchToken,
  options: { skewSeconds: number; now?: () => number },
): TokenSource {
  const now = options.now ?? Date.now;
  let cached: { token: string; refreshAt: number } | undefined;
  let inFlight: Promise<string> | undefined;
  let fetches = 0;

  function refresh(): Promise<string> {
    inFlight ??= (async () => {
      try {
        fetches++;
        const answer = await fetchToken(client);
        // Refresh `skew` seconds early, but never sooner than half the token's life.
        const lifeMs = Math.max(answer.expiresIn, 1) * 1000;
        const earlyMs = Math.min(options.skewSeconds * 1000, lifeMs / 2);
        cached = { token: answer.accessToken, refreshAt: now() + lifeMs - earlyMs };
        return answer.accessToken;
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  }

  return {
    get(force = false) {
      if (!force && cached && now() < cached.refreshAt) return Promise.resolve(cached.token);
      if (force) cached = undefined;
      return refresh();
    },
    get fetches() {
      return fetches;
    },
  };
}

/** The real token call: form-encoded POST, `{access_token, expires_in}` back. */
export const fetchClientCredentials: FetchToken = async (client) => {
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId });
  if (client.clientSecret) form.set('client_secret', client.clientSecret);
  if (client.scope) form.set('scope', client.scope);
  const response = await fetch(client.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: form,
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => undefined)) as
    { access_token?: unknown; expires_in?: unknown; error?: unknown } | undefined;
  if (!response.ok || typeof body?.access_token !== 'string') {
    // The provider's error identifier only (invalid_client…): never the secret or a token.
    throw new Error(
      `identity provider refused the client credentials: HTTP ${response.status} ${typeof body?.error === 'string' ? body.error : ''}`.trim(),
    );
  }
  return { accessToken: body.access_token, expiresIn: typeof body.expires_in === 'number' ? body.expires_in : 300 };
};
