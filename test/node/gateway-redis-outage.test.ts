import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '../../gateway/errors.js';
import { openStore } from '../../gateway/store.js';
import { ADA, json, mint, startChat, startHarness, withToken, type Harness } from './gateway-helpers.js';
import { OwnRedis } from './own-redis.js';
import { pollStep } from '../harness/harness.js';

// Redis down, as a replica sees it: the gateway starts anyway; a route that needs nothing of Redis
// keeps working (its rate limits fall back to the replica's memory); one that needs an ownership
// record answers 503 naming the gateway's store, without asking the service; health says so; and
// when Redis is back the gateway uses it again by itself. This test's OWN redis-server, on a free
// port, is the one it kills and restarts (the shared one is never touched).

const redis = new OwnRedis();
let h: Harness;
/** How long each answer given with Redis down took (ms): printed, not asserted (a loaded machine). */
const outageMs: number[] = [];

before(async () => {
  await redis.reservePort();
  const store = await openStore(redis.url, { prefix: `sportello:test:${randomUUID()}:`, timeoutMs: 500 });
  h = await startHarness({ SPORTELLO_GATEWAY_RATE_VISITOR: '3' }, store);
});

after(async () => {
  await h?.close();
  await redis.stop();
});

const url = (path: string) => `${h.gw.url}${path}`;

async function timed(path: string, init?: RequestInit): Promise<Response> {
  const started = performance.now();
  const res = await fetch(url(path), init);
  await res.clone().arrayBuffer();
  outageMs.push(performance.now() - started);
  return res;
}

const newRequest = (subject: string) =>
  json({ idRichiesta: 0, codServizio: 'IT', codTipoRichiesta: 'INFO', oggetto: subject });

/** Health as the gateway reports it, polled until it says `up` (Redis reconnects on its own). */
async function healthUntil(up: boolean): Promise<{ ok: boolean; store: string; storeUp: boolean }> {
  for (;;) {
    const res = await fetch(url('/gateway/health'));
    const body = (await res.json()) as { ok: boolean; store: string; storeUp: boolean };
    if (body.storeUp === up) {
      assert.equal(res.status, up ? 200 : 503);
      return body;
    }
    await pollStep(100);
  }
}

/** A store refusal as the desk service's own error shape, naming the store, with Retry-After. */
async function assertStoreRefusal(res: Response): Promise<void> {
  assert.equal(res.status, 503);
  assert.ok(Number(res.headers.get('retry-after')) > 0);
  assert.match(res.headers.get('content-type') ?? '', /application\/json/);
  const body = (await res.json()) as { status: number; message: string };
  assert.equal(body.status, 503);
  assert.equal(body.message, MESSAGES.storeDown);
  assert.match(body.message, /Redis/);
}

async function assertRedisFreeRoutesWork(): Promise<void> {
  const widget = await timed('/chat/public/api/widget?widgetKey=demo&language=en');
  assert.equal(widget.status, 200);
  // A visitor's own rate limit still holds, in this replica's memory.
  const token = await mint({ ...ADA, sub: `ada-${randomUUID()}` });
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await timed('/sign/api/v2/files/1001', withToken(token))).status);
  assert.deepEqual(statuses, [200, 200, 200, 429]);
}

describe('gateway with its Redis down, and back', () => {
  let created: { id: number; session: string } | undefined;

  it('starts while Redis is down: Redis-free routes work, ownership is refused with 503, health says so', async () => {
    assert.deepEqual(await healthUntil(false), { ok: false, store: 'redis', storeUp: false });
    await assertRedisFreeRoutesWork();
    const before = h.calls.length;
    // An anonymous visitor's new request could not be recorded as theirs: nothing is created.
    await assertStoreRefusal(await timed('/desk/richieste/creazione-richiesta', newRequest('Senza Redis')));
    assert.equal(
      h.calls.slice(before).filter((c) => c.url.includes('creazione-richiesta')).length,
      0,
      'the service was not asked to create a request',
    );
  });

  it('uses Redis once it answers, without a restart', async () => {
    await redis.start();
    assert.deepEqual(await healthUntil(true), { ok: true, store: 'redis', storeUp: true });
    const res = await fetch(url('/desk/richieste/creazione-richiesta'), newRequest('Con Redis'));
    assert.equal(res.status, 200);
    created = {
      id: ((await res.json()) as { idRichiesta: number }).idRichiesta,
      session: res.headers.get('x-sportello-session')!,
    };
    assert.equal((await fetch(url(`/desk/richieste/${created.id}`), withToken(created.session))).status, 200);
  });

  it('Redis killed: the owner’s request is refused with 503 naming the store, never served or called missing', async (t) => {
    assert.ok(created, 'the previous test created a request');
    await redis.kill();
    const before = h.calls.length;
    await assertStoreRefusal(await timed(`/desk/richieste/commenti/${created.id}`, withToken(created.session)));
    // A chat the caller names: whose it is cannot be read, so it is not served.
    const queue = await timed(`/chat/public/api/chat/queue-position/?idChat=1&visitorId=${randomUUID()}`);
    assert.equal(queue.status, 503);
    assert.equal(((await queue.json()) as { message: string }).message, MESSAGES.storeDown);
    assert.equal(h.calls.length, before, 'no service was called for a decision the store had to make');
    assert.deepEqual(await healthUntil(false), { ok: false, store: 'redis', storeUp: false });
    // Readiness names the store, and only the store.
    for (;;) {
      const ready = await fetch(url('/readyz'));
      const body = (await ready.json()) as { ready: boolean; checks: Record<string, boolean> };
      if (!body.checks.store) {
        assert.equal(ready.status, 503);
        assert.deepEqual(body, {
          ready: false,
          checks: { store: false, ai: true, sign: true, desk: true, chat: true },
        });
        break;
      }
      await pollStep(200);
    }
    await assertRedisFreeRoutesWork();
    const sorted = [...outageMs].sort((a, b) => a - b);
    t.diagnostic(
      `${sorted.length} answers with Redis down: median ${Math.round(sorted[sorted.length >> 1]!)} ms, max ${Math.round(sorted.at(-1)!)} ms`,
    );
  });

  /** A chat an anonymous visitor started over the socket while Redis was down. */
  let startedDuringOutage: { idChat: number; visitorId: string } | undefined;
  const queuePosition = (chat: { idChat: number; visitorId: string }) =>
    fetch(url(`/chat/public/api/chat/queue-position/?idChat=${chat.idChat}&visitorId=${chat.visitorId}`));

  it('a chat started over the socket while Redis is down goes on; REST calls naming it wait (503)', async () => {
    const visitorId = `v-${randomUUID()}`;
    const { idChat, client } = await startChat(h.gw.url, visitorId);
    client.ws.close();
    startedDuringOutage = { idChat, visitorId };
    const res = await queuePosition(startedDuringOutage);
    assert.equal(res.status, 503);
    assert.equal(((await res.json()) as { message: string }).message, MESSAGES.storeDown);
  });

  it('Redis restarted: the gateway recovers by itself', async () => {
    await redis.start();
    await healthUntil(true);
    const res = await fetch(url('/desk/richieste/creazione-richiesta'), newRequest('Dopo il riavvio'));
    assert.equal(res.status, 200);
    const id = ((await res.json()) as { idRichiesta: number }).idRichiesta;
    const session = res.headers.get('x-sportello-session')!;
    assert.equal((await fetch(url(`/desk/richieste/${id}`), withToken(session))).status, 200);
  });

  it('the chat started during the outage is its visitor’s once Redis is back, and nobody else’s', async () => {
    assert.ok(startedDuringOutage, 'a chat was started during the outage');
    await healthUntil(true);
    // The record waited in the replica's memory and was written when the store answered again
    // (before: the owner's own chat answered "not found" for good).
    let res = await queuePosition(startedDuringOutage);
    for (let i = 0; res.status === 503 && i < 300; i++) {
      await pollStep(100);
      res = await queuePosition(startedDuringOutage);
    }
    assert.equal(res.status, 200);
    const stranger = await queuePosition({ ...startedDuringOutage, visitorId: `v-${randomUUID()}` });
    assert.equal(stranger.status, 404);
  });
});
