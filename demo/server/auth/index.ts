import { readBody, Router, sendJson } from '../core/http-kit.js';
import type { ServiceModule, SimContext } from '../core/service.js';
import { REALMS } from './clients.js';
import { decideGrant } from './grant.js';
import { TokenIssuer, type VerifyResult } from './tokens.js';

export interface AuthService extends ServiceModule {
  /** Validates `Authorization: Bearer <jwt>` (signature, expiry, issuer) for desk and sign. */
  verifyBearer(header: string | undefined): Promise<VerifyResult>;
}

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/**
 * The identity provider: OAuth 2.0 client credentials at
 * `/auth/realms/{realm}/protocol/openid-connect/token`, its JWKS at `.../certs`, and the realm's
 * discovery document. Errors use the OAuth body `{error, error_description}`.
 */
export async function createAuthService(ctx: SimContext): Promise<AuthService> {
  const issuerOf = (realm: string) => `${ctx.baseUrl()}/auth/realms/${realm}`;
  const issuer = await TokenIssuer.create(issuerOf, () => ctx.now());
  const router = new Router('/auth');
  const knownRealm = (realm: string | undefined) => REALMS.includes(realm as (typeof REALMS)[number]);
  const noRealm = { error: 'Realm does not exist' };

  router.post('/realms/{realm}/protocol/openid-connect/token', async ({ req, res, params }) => {
    if (!knownRealm(params.realm)) return sendJson(res, 404, noRealm);
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') {
      return sendJson(
        res,
        400,
        { error: 'invalid_request', error_description: 'Content-Type must be application/x-www-form-urlencoded' },
        NO_STORE,
      );
    }
    const form = new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
    const decision = decideGrant(form, req.headers.authorization);
    if (!decision.ok) {
      const challenge: Record<string, string> =
        decision.status === 401 && decision.basic ? { 'WWW-Authenticate': `Basic realm="${params.realm}"` } : {};
      return sendJson(
        res,
        decision.status,
        { error: decision.error, error_description: decision.description },
        { ...NO_STORE, ...challenge },
      );
    }
    const { token, issuedAt } = await issuer.issue(
      params.realm!,
      decision.client.clientId,
      decision.scope,
      decision.client.lifetime,
    );
    sendJson(
      res,
      200,
      {
        access_token: token,
        token_type: 'Bearer',
        expires_in: decision.client.lifetime,
        refresh_expires_in: 0,
        'not-before-policy': 0,
        scope: decision.scope.join(' '),
        issued_at: issuedAt,
      },
      NO_STORE,
    );
  });

  router.get('/realms/{realm}/protocol/openid-connect/certs', ({ res, params }) => {
    if (!knownRealm(params.realm)) return sendJson(res, 404, noRealm);
    sendJson(res, 200, { keys: [issuer.jwk] });
  });

  router.get('/realms/{realm}/.well-known/openid-configuration', ({ res, params }) => {
    if (!knownRealm(params.realm)) return sendJson(res, 404, noRealm);
    const base = issuerOf(params.realm!);
    sendJson(res, 200, {
      issuer: base,
      token_endpoint: `${base}/protocol/openid-connect/token`,
      jwks_uri: `${base}/protocol/openid-connect/certs`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
  });

  return {
    name: 'auth',
    router,
    errorAnswer: (status, message, code) => ({
      status,
      body: {
        error: code ?? (status === 401 ? 'invalid_client' : status >= 500 ? 'server_error' : 'invalid_request'),
        error_description: message,
      },
    }),
    verifyBearer: (header) => issuer.verify(header),
  };
}
