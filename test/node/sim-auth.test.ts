import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';
import { createAuthService, type AuthService } from '../../demo/server/auth/index.js';
import type { SimContext } from '../../demo/server/core/service.js';
import { Router, sendJson } from '../../demo/server/core/http-kit.js';

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('identity provider (signing spec §5)', () => {
  let sim: RunningSimulator;
  let auth: AuthService;
  let tokenUrl: string;
  before(async () => {
    sim = await startSimulator({
      port: 0,
      paceMs: 1,
      modules: async (ctx: SimContext) => {
        auth = await createAuthService(ctx);
        // A stand-in for desk/sign: it asks ctx.verifyBearer, which the simulator takes from this module.
        const probe = new Router('/desk').get('/whoami', async ({ req, res }) =>
          sendJson(res, 200, await ctx.verifyBearer(req.headers.authorization)),
        );
        return [
          auth,
          {
            name: 'desk',
            router: probe,
            errorAnswer: (status: number, message: string) => ({ status, body: { message } }),
          },
        ];
      },
    });
    tokenUrl = `${sim.url}/auth/realms/sportello/protocol/openid-connect/token`;
  });
  after(() => sim.close());

  const token = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(tokenUrl, { method: 'POST', headers: { ...FORM, ...headers }, body: new URLSearchParams(form) });

  it('issues an RS256 JWT for client credentials, verifiable against the JWKS', async () => {
    const res = await token({
      grant_type: 'client_credentials',
      client_id: 'sportello-demo',
      client_secret: 'demo-secret',
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const body = await res.json();
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.expires_in, 3600);
    assert.equal(typeof body.issued_at, 'number');
    assert.ok(body.scope.split(' ').includes('desk'));
    const jwks = createRemoteJWKSet(new URL(`${sim.url}/auth/realms/sportello/protocol/openid-connect/certs`));
    const { payload, protectedHeader } = await jwtVerify(body.access_token, jwks, {
      issuer: `${sim.url}/auth/realms/sportello`,
    });
    assert.equal(protectedHeader.alg, 'RS256');
    assert.equal(payload.azp, 'sportello-demo');
    assert.equal(payload.exp! - payload.iat!, 3600);
  });

  it('accepts client credentials in HTTP Basic', async () => {
    const basic = Buffer.from('sportello-demo:demo-secret').toString('base64');
    const res = await token({ grant_type: 'client_credentials' }, { Authorization: `Basic ${basic}` });
    assert.equal(res.status, 200);
  });

  it('answers invalid_client (401) for a wrong secret or unknown client', async () => {
    for (const form of [
      { grant_type: 'client_credentials', client_id: 'sportello-demo', client_secret: 'nope' },
      { grant_type: 'client_credentials', client_id: 'who', client_secret: 'x' },
    ]) {
      const res = await token(form);
      assert.equal(res.status, 401);
      assert.equal((await res.json()).error, 'invalid_client');
    }
    const basic = Buffer.from('sportello-demo:bad').toString('base64');
    const viaBasic = await token({ grant_type: 'client_credentials' }, { Authorization: `Basic ${basic}` });
    assert.equal(viaBasic.status, 401);
    assert.match(viaBasic.headers.get('www-authenticate') ?? '', /^Basic/);
  });

  it('answers unauthorized_client for a client not allowed the grant', async () => {
    const res = await token({ grant_type: 'client_credentials', client_id: 'sportello-web' });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.error, 'unauthorized_client');
    assert.equal(typeof body.error_description, 'string');
  });

  it('answers invalid_scope for a scope not assigned, and grants an optional one when asked', async () => {
    const bad = await token({
      grant_type: 'client_credentials',
      client_id: 'sportello-demo',
      client_secret: 'demo-secret',
      scope: 'admin:everything',
    });
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).error, 'invalid_scope');
    const ok = await token({
      grant_type: 'client_credentials',
      client_id: 'sportello-demo',
      client_secret: 'demo-secret',
      scope: 'chat:admin',
    });
    assert.equal(ok.status, 200);
    assert.ok((await ok.json()).scope.split(' ').includes('chat:admin'));
  });

  it('rejects other grants, missing grant_type, JSON bodies and unknown realms', async () => {
    const pw = await token({ grant_type: 'password', client_id: 'sportello-demo', client_secret: 'demo-secret' });
    assert.equal(pw.status, 400);
    assert.equal((await pw.json()).error, 'unsupported_grant_type');
    const none = await token({ client_id: 'sportello-demo', client_secret: 'demo-secret' });
    assert.equal((await none.json()).error, 'invalid_request');
    const json = await fetch(tokenUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    assert.equal(json.status, 400);
    assert.equal((await json.json()).error, 'invalid_request');
    const realm = await fetch(`${sim.url}/auth/realms/other/protocol/openid-connect/token`, {
      method: 'POST',
      headers: FORM,
      body: 'grant_type=client_credentials',
    });
    assert.equal(realm.status, 404);
    const get = await fetch(tokenUrl);
    assert.equal(get.status, 405);
  });

  it('publishes a JWKS and a discovery document', async () => {
    const certs = await (await fetch(`${sim.url}/auth/realms/sportello/protocol/openid-connect/certs`)).json();
    assert.equal(certs.keys.length, 1);
    assert.equal(certs.keys[0].kty, 'RSA');
    assert.equal(certs.keys[0].alg, 'RS256');
    assert.equal('d' in certs.keys[0], false, 'no private part');
    const disco = await (await fetch(`${sim.url}/auth/realms/sportello/.well-known/openid-configuration`)).json();
    assert.equal(disco.token_endpoint, tokenUrl);
  });

  it('verifyBearer accepts its own token and refuses missing, non-Bearer, tampered and malformed ones', async () => {
    const body = await (
      await token({ grant_type: 'client_credentials', client_id: 'sportello-demo', client_secret: 'demo-secret' })
    ).json();
    const ok = await auth.verifyBearer(`Bearer ${body.access_token}`);
    assert.deepEqual(ok.ok && ok.clientId, 'sportello-demo');
    assert.ok(ok.ok && ok.scope.includes('sign'));
    assert.equal((await auth.verifyBearer(undefined)).ok, false);
    assert.equal((await auth.verifyBearer(`Basic abc`)).ok, false);
    const [h, p, s] = body.access_token.split('.');
    const claims = { ...decodeJwt(body.access_token), azp: 'someone-else' };
    const forged = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
    assert.notEqual(p, forged.split('.')[1]);
    const tampered = await auth.verifyBearer(`Bearer ${forged}`);
    assert.equal(tampered.ok, false);
    assert.equal(!tampered.ok && tampered.reason, 'invalid signature');
    assert.equal((await auth.verifyBearer('Bearer not.a.jwt')).ok, false);
  });

  it('is the verifier the simulator hands to other services (ctx.verifyBearer)', async () => {
    const body = await (
      await token({ grant_type: 'client_credentials', client_id: 'sportello-demo', client_secret: 'demo-secret' })
    ).json();
    const ok = await (
      await fetch(`${sim.url}/desk/whoami`, { headers: { Authorization: `Bearer ${body.access_token}` } })
    ).json();
    assert.equal(ok.ok, true);
    assert.equal(ok.clientId, 'sportello-demo');
    const none = await (await fetch(`${sim.url}/desk/whoami`)).json();
    assert.equal(none.ok, false);
  });

  it('issues short-lived tokens to sportello-short that verifyBearer refuses once expired', async (t) => {
    const res = await token({
      grant_type: 'client_credentials',
      client_id: 'sportello-short',
      client_secret: 'short-secret',
    });
    const body = await res.json();
    assert.equal(body.expires_in, 4);
    assert.equal((await auth.verifyBearer(`Bearer ${body.access_token}`)).ok, true);
    // Let the clock pass the expiry instead of sleeping for real.
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() + 5000 });
    const later = await auth.verifyBearer(`Bearer ${body.access_token}`);
    t.mock.timers.reset();
    assert.equal(later.ok, false);
    assert.equal(!later.ok && later.reason, 'token expired');
  });
});
