import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { ADA, SECRET, json, mint, raw, startHarness, withToken, type Harness } from './gateway-helpers.js';

// Visitor tokens verified against a site's JWKS (ES256 / RS256), issuer checks, the gateway's own
// service credentials (cached OAuth, one refresh for many callers, a new token after a 401, the
// signing service's OAuth mode), upstream deadlines, exact methods, and logs that hold no secret.

describe('gateway: visitor tokens from a JWKS', () => {
  let jwksServer: Server;
  let h: Harness;
  let es: { privateKey: CryptoKey; publicKey: CryptoKey };
  let rs: { privateKey: CryptoKey; publicKey: CryptoKey };
  let other: { privateKey: CryptoKey; publicKey: CryptoKey };

  before(async () => {
    es = await generateKeyPair('ES256');
    rs = await generateKeyPair('RS256');
    other = await generateKeyPair('ES256');
    const keys = [
      { ...(await exportJWK(es.publicKey)), kid: 'es', alg: 'ES256', use: 'sig' },
      { ...(await exportJWK(rs.publicKey)), kid: 'rs', alg: 'RS256', use: 'sig' },
    ];
    jwksServer = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ keys }));
    });
    await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
    const { port } = jwksServer.address() as AddressInfo;
    h = await startHarness({
      SPORTELLO_GATEWAY_VISITOR_SECRET: '',
      SPORTELLO_GATEWAY_VISITOR_JWKS: `http://127.0.0.1:${port}/.well-known/jwks.json`,
      SPORTELLO_GATEWAY_VISITOR_ISSUER: 'https://www.example.com',
    });
  });
  after(async () => {
    await h.close();
    jwksServer.close();
  });

  const signed = (key: CryptoKey, alg: string, kid: string, claims = ADA, iss = 'https://www.example.com') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg, kid })
      .setIssuer(iss)
      .setAudience('sportello')
      .setExpirationTime('5m')
      .sign(key);
  const practice = (token: string) => fetch(`${h.gw.url}/sign/api/v2/files/1001`, withToken(token));

  it("accepts ES256 and RS256 tokens signed by the site's keys", async () => {
    assert.equal((await practice(await signed(es.privateKey, 'ES256', 'es'))).status, 200);
    assert.equal((await practice(await signed(rs.privateKey, 'RS256', 'rs'))).status, 200);
  });

  it('refuses a key not in the set, an HS256 token, and another issuer', async () => {
    h.calls.length = 0;
    assert.equal((await practice(await signed(other.privateKey, 'ES256', 'es'))).status, 401);
    assert.equal((await practice(await mint(ADA, { issuer: 'https://www.example.com' }))).status, 401);
    assert.equal(
      (await practice(await signed(es.privateKey, 'ES256', 'es', ADA, 'https://evil.example.com'))).status,
      401,
    );
    assert.equal(h.calls.length, 0);
  });
});

describe('gateway: a JWKS that does not answer', () => {
  it("answers 503 with Retry-After (the site's keys are missing), not 401 (the visitor's token is not at fault)", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise((r) => closed.close(r));
    const h = await startHarness({
      SPORTELLO_GATEWAY_VISITOR_SECRET: '',
      SPORTELLO_GATEWAY_VISITOR_JWKS: `http://127.0.0.1:${port}/jwks.json`,
    });
    try {
      const { privateKey } = await generateKeyPair('ES256');
      const token = await new SignJWT(ADA)
        .setProtectedHeader({ alg: 'ES256', kid: 'k' })
        .setAudience('sportello')
        .setExpirationTime('5m')
        .sign(privateKey);
      const res = await fetch(`${h.gw.url}/sign/api/v2/files/1001`, withToken(token));
      assert.equal(res.status, 503);
      assert.ok(Number(res.headers.get('retry-after')) >= 1);
      assert.equal(h.calls.length, 0);
    } finally {
      await h.close();
    }
  });
});

describe('gateway: its own service credentials', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it('asks the identity provider once for a burst of desk calls, and reuses the token', async () => {
    const token = await mint(ADA);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        fetch(`${h.gw.url}/desk/richieste/info-terna?codServizio=IT&codTipoRichiesta=INFO`, withToken(token)),
      ),
    );
    assert.deepEqual([...new Set(answers.map((a) => a.status))], [200]);
    assert.equal(h.gw.services.credentials.sources.desk.fetches, 1);
    assert.equal((await fetch(`${h.gw.url}/desk/richieste/7001`, withToken(token))).status, 200);
    assert.equal(h.gw.services.credentials.sources.desk.fetches, 1);
  });

  it('gets a new token after the service refuses the cached one, and the visitor never sees the 401', async () => {
    const before = h.gw.services.credentials.sources.desk.fetches;
    await fetch(`${h.sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'status', status: 401, match: '/desk/richieste/7001', count: 1 }),
    });
    const res = await fetch(`${h.gw.url}/desk/richieste/7001`, withToken(await mint(ADA)));
    assert.equal(res.status, 200);
    assert.equal(h.gw.services.credentials.sources.desk.fetches, before + 1);
  });

  it("answers 504 in the service's shape when the service is too slow", async () => {
    const slow = await startHarness({ SPORTELLO_GATEWAY_UPSTREAM_TIMEOUT_MS: '200' });
    try {
      await fetch(`${slow.sim.url}/__sim/faults`, {
        method: 'POST',
        // The service holds the request (never answers by itself): the gateway's deadline answers.
        body: JSON.stringify({ kind: 'hold', match: '/sign/api/v2/files/1001', count: 1 }),
      });
      const res = await fetch(`${slow.gw.url}/sign/api/v2/files/1001`, withToken(await mint(ADA)));
      assert.equal(res.status, 504);
      const body = await res.json();
      assert.equal(body.status, 504);
      assert.equal(typeof body.messageKey, 'string');
    } finally {
      await slow.close();
    }
  });

  it('gives an upload all the time it needs, then holds the service to the deadline', async () => {
    const slow = await startHarness({ SPORTELLO_GATEWAY_UPSTREAM_TIMEOUT_MS: '300' });
    try {
      const token = await mint(ADA);
      const { idUpload } = await (await fetch(`${slow.gw.url}/desk/richieste/upload-id`, withToken(token))).json();
      await fetch(`${slow.sim.url}/__sim/faults`, {
        method: 'POST',
        // The service holds the upload (never answers by itself): the gateway's deadline answers.
        body: JSON.stringify({ kind: 'hold', match: `/desk/richieste/upload/${idUpload}`, count: 1 }),
      });
      const form = new FormData();
      form.append('file', new Blob(['x']), 'x.txt');
      const res = await fetch(
        `${slow.gw.url}/desk/richieste/upload/${idUpload}`,
        withToken(token, { method: 'POST', body: form }),
      );
      assert.equal(res.status, 504);
    } finally {
      await slow.close();
    }
  });

  it('signs in to the signing service with OAuth client credentials when configured so', async () => {
    const oauth = await startHarness({
      SPORTELLO_GATEWAY_SIGN_CLIENT_ID: 'sportello-demo',
      SPORTELLO_GATEWAY_SIGN_CLIENT_SECRET: 'demo-secret',
    });
    try {
      assert.equal((await fetch(`${oauth.gw.url}/sign/api/v2/files/1001`, withToken(await mint(ADA)))).status, 200);
      const up = oauth.calls.find((c) => c.url.endsWith('/files/1001'))!;
      assert.match(up.headers.Authorization ?? '', /^Bearer /);
      assert.equal(up.headers['X-SignToken'], undefined);
    } finally {
      await oauth.close();
    }
  });
});

describe('gateway: exact methods and paths', () => {
  let h: Harness;
  let ada: string;
  before(async () => {
    h = await startHarness();
    ada = await mint(ADA);
  });
  after(() => h.close());

  it('refuses HEAD, a trailing slash and another letter case of an allowed path', async () => {
    for (const [method, target] of [
      ['HEAD', '/sign/api/v2/files/1001'],
      ['GET', '/sign/api/v2/files/1001/'],
      ['GET', '/SIGN/api/v2/files/1001'],
      ['GET', '/sign/api/v2/Files/1001'],
      ['PUT', '/desk/richieste/creazione-richiesta'],
      ['PATCH', '/ai/api/v2/chat'],
    ] as const) {
      const res = await raw(h.gw.url, method, target, { Authorization: `Bearer ${ada}` });
      assert.equal(res.status, 404, `${method} ${target}`);
    }
    assert.equal(h.calls.length, 0);
  });
});

describe('gateway: logs', () => {
  it('log one line per request with no token, key, secret, cookie, query or e-mail in it', async () => {
    const lines: string[] = [];
    const h = await startHarness({ SPORTELLO_GATEWAY_LOG_LEVEL: 'info' }, undefined, {
      write: (line: string) => void lines.push(line),
    });
    try {
      const token = await mint(ADA);
      await fetch(
        `${h.gw.url}/sign/api/v2/files/1001`,
        withToken(token, {
          headers: {
            'X-Api-Key': 'spk_stolen_key',
            'X-SignToken': 'stolen-sign-token',
            Cookie: 'sportello_session=abc',
          },
        }),
      );
      await fetch(
        `${h.gw.url}/chat/public/api/chat/contact-request-email/?widgetKey=demo&name=Ada&email=ada.secret@example.com&message=hi`,
      );
      await fetch(
        `${h.gw.url}/ai/api/v2/chat`,
        withToken('forged.token.value', json({ agent_id: 1, message: 'ciao' })),
      );
      const created = await fetch(
        `${h.gw.url}/desk/richieste/creazione-richiesta`,
        json({ idRichiesta: 0, codServizio: 'IT', codTipoRichiesta: 'INFO', oggetto: 'x' }),
      );
      const session = created.headers.get('x-sportello-session')!;
      await fetch(`${h.gw.url}/desk/richieste/7001`, withToken(session));
      const log = lines.join('');
      assert.ok(lines.filter((l) => l.includes('"msg":"request"')).length >= 5, log);
      for (const secret of [
        token,
        session,
        'forged.token.value',
        'spk_stolen_key',
        'stolen-sign-token',
        'sportello_session=abc',
        'ada.secret@example.com',
        'spk_demo',
        'demo-sign-token',
        'demo-secret',
        SECRET,
        'widgetKey=',
      ]) {
        assert.ok(!log.includes(secret), `the log holds ${secret}`);
      }
      assert.match(log, /"route":"\/sign\/api\/v2\/files\/:idFile"/);
      assert.match(log, /"dropped":\["x-api-key","x-signtoken"\]/);
    } finally {
      await h.close();
    }
  });
});
