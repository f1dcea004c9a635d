import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';
import { Router } from '../../demo/server/core/http-kit.js';
import { pollStep } from '../harness/harness.js';

describe('router', () => {
  const router = new Router('/x')
    .get('/files/', () => undefined)
    .get('/files/{idFile}', () => undefined)
    .post('/chat/rating/', () => undefined);
  const found = (method: string, path: string) => {
    const m = router.match(method, path);
    return 'handler' in m ? m.params : m.methodMismatch ? 405 : 404;
  };

  it('matches a path exactly as registered, trailing slash included', () => {
    assert.deepEqual(found('GET', '/files/'), {});
    assert.equal(found('GET', '/files'), 404);
    assert.deepEqual(found('GET', '/files/12'), { idFile: '12' });
    assert.equal(found('GET', '/files/12/'), 404);
    assert.deepEqual(found('POST', '/chat/rating/'), {});
    assert.equal(found('POST', '/chat/rating'), 404);
  });

  it('tells a known path with another method (405) from an unknown spelling (404)', () => {
    assert.equal(found('GET', '/chat/rating/'), 405);
    assert.equal(found('GET', '/chat/rating'), 404);
    assert.deepEqual(found('HEAD', '/files/'), {});
  });
});

describe('simulator core', () => {
  let sim: RunningSimulator;
  before(async () => {
    sim = await startSimulator({ port: 0, allowedOrigins: ['http://allowed.test'] });
  });
  after(() => sim.close());

  it('closes idle kept-alive connections on request, its own answer included', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string, method = 'GET') =>
      new Promise<{ status: number; connection: string | undefined; socketClosed: Promise<void> }>(
        (resolve, reject) => {
          const req = request(`${sim.url}${path}`, { method, agent }, (res) => {
            res.resume();
            const socketClosed = new Promise<void>((done) => res.socket.once('close', () => done()));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, socketClosed }),
            );
          });
          req.on('error', reject);
          req.end();
        },
      );
    const kept = await get('/__sim/health');
    assert.equal(kept.connection, 'keep-alive');
    const closing = await get('/__sim/http/close-idle', 'POST');
    assert.equal(closing.status, 200);
    assert.equal(closing.connection, 'close');
    await closing.socketClosed;
    agent.destroy();
  });

  it('keeps an idle connection for a minute, so a client that reuses it after a slow step finds it open', async () => {
    // With Node's 5 s a request sent on a connection idle since before a slow step (a 14 MB upload
    // on a busy machine) met the server closing it ("other side closed").
    const res = await fetch(`${sim.url}/__sim/health`);
    await res.body?.cancel();
    assert.equal(res.headers.get('keep-alive'), 'timeout=60');
  });

  it('answers health on the control path', async () => {
    const res = await fetch(`${sim.url}/__sim/health`);
    assert.equal(res.status, 200);
    assert.deepEqual((await res.json()).services.sort(), ['ai', 'auth', 'chat', 'desk', 'sign']);
  });

  it('answers a preflight from an allowed origin with every custom header of the specs', async () => {
    const res = await fetch(`${sim.url}/ai/api/v2/chat`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://allowed.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-api-key',
      },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://allowed.test');
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const h of [
      'x-api-key',
      'x-source-app',
      'x-signtoken',
      'x-signuser',
      'x-chattoken',
      'authorization',
      'idempotency-key',
      'x-external-id',
    ]) {
      assert.ok(allowed.includes(h), `${h} allowed`);
    }
  });

  it('refuses another origin', async () => {
    const res = await fetch(`${sim.url}/ai/api/v2/chat`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.test' },
    });
    assert.equal(res.status, 403);
    assert.equal(res.headers.get('access-control-allow-origin'), null);
  });

  it('answers a refused origin and a path of no service with the usual {status, error, message} body', async () => {
    const refused = await fetch(`${sim.url}/chat/public/api/health`, { headers: { Origin: 'http://evil.test' } });
    assert.equal(refused.status, 403);
    assert.deepEqual(await refused.json(), {
      status: 403,
      error: 'origin_not_allowed',
      message: 'Origin http://evil.test is not allowed',
    });
    const nowhere = await fetch(`${sim.url}/nowhere`);
    assert.equal(nowhere.status, 404);
    assert.deepEqual(await nowhere.json(), {
      status: 404,
      error: 'not_found',
      message: 'No service at /nowhere',
      path: '/nowhere',
    });
  });

  it('injects a status fault for the next request only, with Retry-After on 429', async () => {
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'status', status: 429, retryAfter: 3, match: '/desk/x' }),
    });
    const first = await fetch(`${sim.url}/desk/x`);
    assert.equal(first.status, 429);
    assert.equal(first.headers.get('retry-after'), '3');
    const second = await fetch(`${sim.url}/desk/x`);
    assert.equal(second.status, 404);
  });

  it('holds a request under a hold fault until the faults are cleared, then handles it', async () => {
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'hold', match: '/desk/held' }),
    });
    let answered = false;
    const held = fetch(`${sim.url}/desk/held`).then((res) => ((answered = true), res));
    // The request has reached the simulator (the fault counts it) and is not answered.
    for (;;) {
      const [hold] = (await (await fetch(`${sim.url}/__sim/faults`)).json()) as Array<{ hits: number } | undefined>;
      if (!hold) break; // taken: a fault of count 1 is gone once it is used
      await pollStep(5);
    }
    // A later request is not held (the fault was spent) and is answered before the held one.
    assert.equal((await fetch(`${sim.url}/desk/other`)).status, 404);
    assert.equal(answered, false);
    await fetch(`${sim.url}/__sim/faults`, { method: 'DELETE' });
    assert.equal((await held).status, 404);
  });
});
