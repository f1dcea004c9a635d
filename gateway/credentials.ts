/**
 * The service credentials, added server-side to every upstream call (never seen by a page):
 * AI key + source app, signing token/user or OAuth, desk OAuth client credentials, the chat token
 * when one is configured. OAuth tokens come from cached, single-flight token sources.
 */
import type { GatewayConfig } from './config.js';
import type { ServiceName } from './errors.js';
import { createTokenSource, fetchClientCredentials, type FetchToken, type TokenSource } from './oauth.js';

export interface Credentials {
  /** Headers carrying the service credential. `force` asks the identity provider for a new token. */
  headers(service: ServiceName, force?: boolean): Promise<Record<string, string>>;
  /** True when a 401 from `service` may be cured by a new token (OAuth). */
  refreshable(service: ServiceName): boolean;
  readonly sources: { desk: TokenSource; sign?: TokenSource | undefined };
}

export function createCredentials(config: GatewayConfig, fetchToken: FetchToken = fetchClientCredentials): Credentials {
  const skew = { skewSeconds: config.tokenRefreshSkewSeconds };
  const desk = createTokenSource(config.desk.oauth, fetchToken, skew);
  const sign = config.sign.oauth ? createTokenSource(config.sign.oauth, fetchToken, skew) : undefined;

  return {
    sources: { desk, sign },
    refreshable: (service) => service === 'desk' || (service === 'sign' && !!sign),
    async headers(service, force = false): Promise<Record<string, string>> {
      switch (service) {
        case 'ai':
          return { 'X-Api-Key': config.ai.apiKey, 'X-Source-App': config.ai.sourceApp };
        case 'sign':
          if (sign) return { Authorization: `Bearer ${await sign.get(force)}` };
          return config.sign.token && config.sign.user
            ? { 'X-SignToken': config.sign.token, 'X-SignUser': config.sign.user }
            : {};
        case 'desk':
          return { Authorization: `Bearer ${await desk.get(force)}` };
        case 'chat':
          return config.chat.token ? { 'X-ChatToken': config.chat.token } : {};
      }
    },
  };
}

/**
 * Request headers a browser may pass on to a service. Everything else is dropped — above all the
 * credential headers (`Authorization`, `X-Api-Key`, `X-Source-App`, `X-SignToken`, `X-SignUser`,
 * `X-ChatToken`, `Cookie`) and `X-External-Id`, which the gateway sets to the verified visitor.
 */
export const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'content-length',
  'idempotency-key',
  'range',
  'if-range',
  'last-event-id',
  'cache-control',
] as const;

/** Response headers passed back to the page; `Set-Cookie`, `WWW-Authenticate` and server details stay behind. */
export const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'content-range',
  'accept-ranges',
  'retry-after',
  'idempotent-replayed',
  'etag',
  'last-modified',
  'cache-control',
  'sunset',
  'link',
  'content-language',
] as const;
