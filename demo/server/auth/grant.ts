import { findClient, type IdpClient } from './clients.js';

/** An OAuth 2.0 token-endpoint error (RFC 6749 §5.2) with the HTTP status it is sent with. */
export interface GrantError {
  status: number;
  error: 'invalid_request' | 'invalid_client' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope';
  description: string;
}

export type GrantDecision = { ok: true; client: IdpClient; scope: string[] } | ({ ok: false } & GrantError);

/** Reads client credentials from HTTP Basic (RFC 6749 §2.3.1) or from the form. */
function clientCredentials(
  form: URLSearchParams,
  authorization: string | undefined,
): { id?: string; secret?: string; basic: boolean } {
  const m = authorization ? /^Basic\s+(\S+)$/i.exec(authorization) : null;
  if (m) {
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) {
      return {
        id: decodeURIComponent(decoded.slice(0, colon)),
        secret: decodeURIComponent(decoded.slice(colon + 1)),
        basic: true,
      };
    }
  }
  return { id: form.get('client_id') ?? undefined, secret: form.get('client_secret') ?? undefined, basic: false };
}

/** Decides a client-credentials request: who the client is, whether it may, which scopes it gets. */
export function decideGrant(
  form: URLSearchParams,
  authorization: string | undefined,
): GrantDecision & { basic?: boolean } {
  const grantType = form.get('grant_type');
  if (!grantType)
    return { ok: false, status: 400, error: 'invalid_request', description: 'Missing form parameter: grant_type' };
  const creds = clientCredentials(form, authorization);
  if (!creds.id)
    return { ok: false, status: 401, error: 'invalid_client', description: 'Missing client_id', basic: creds.basic };
  const client = findClient(creds.id);
  if (!client)
    return {
      ok: false,
      status: 401,
      error: 'invalid_client',
      description: 'Invalid client or Invalid client credentials',
      basic: creds.basic,
    };
  if (client.secret !== null && creds.secret !== client.secret) {
    return {
      ok: false,
      status: 401,
      error: 'invalid_client',
      description: 'Invalid client or Invalid client credentials',
      basic: creds.basic,
    };
  }
  if (grantType !== 'client_credentials') {
    return {
      ok: false,
      status: 400,
      error: 'unsupported_grant_type',
      description: `Unsupported grant_type ${grantType}`,
    };
  }
  if (!client.clientCredentials) {
    return {
      ok: false,
      status: 400,
      error: 'unauthorized_client',
      description: 'Client not enabled to retrieve service account',
    };
  }
  const requested = (form.get('scope') ?? '').split(' ').filter(Boolean);
  const unknown = requested.filter((s) => !client.defaultScopes.includes(s) && !client.optionalScopes.includes(s));
  if (unknown.length)
    return { ok: false, status: 400, error: 'invalid_scope', description: `Invalid scopes: ${unknown.join(' ')}` };
  const scope = [...new Set([...client.defaultScopes, ...requested])];
  return { ok: true, client, scope };
}
