import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';
import { ensureRedis, stopRedisIfOurs } from '../setup/redis.mjs';
import { ADA, BRUNO, SECRET, json, mint, send, startChat, withToken } from './gateway-helpers.js';
import { RedisStore, type RedisLike } from '../../gateway/store.js';
import { startGatewayProcess } from '../harness/gateway-process.js';

// Two gateway processes on one Redis, as replicas behind a load balancer: a rate limit and an
// anonymous visitor's ownership record hold across both. Needs Redis: fails (never skips) without it.

let sim: RunningSimulator;
const gateways: Array<{ child: ChildProcess; url: string }> = [];
const prefix = `sportello:test:${randomUUID()}:`;
let redisUrl: string;

/** One replica: the gateway's command from its sources, once it says where it listens. */
async function startReplica(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const ran = startGatewayProcess(process.execPath, ['--import', 'tsx', 'gateway/main.ts'], {
    env: { ...process.env, ...env },
  });
  const url = await ran.listening;
  if (!url) throw new Error(`the gateway exited before it listened: ${ran.out()}`);
  return { child: ran.child, url };
}

before(async () => {
  const redis = await ensureRedis();
  assert.ok(redis.ok, `Redis is needed for this test and could not start: ${redis.reason}`);
  redisUrl = redis.url;
  sim = await startSimulator({ port: 0, paceMs: 1 });
  const env = {
    SPORTELLO_GATEWAY_UPSTREAM: sim.url,
    SPORTELLO_GATEWAY_PORT: '0',
    SPORTELLO_GATEWAY_REDIS_URL: redisUrl,
    SPORTELLO_GATEWAY_REDIS_PREFIX: prefix,
    SPORTELLO_GATEWAY_VISITOR_SECRET: SECRET,
    SPORTELLO_GATEWAY_VISITOR_AUDIENCE: 'sportello',
    SPORTELLO_GATEWAY_SESSION_SECRET: 'shared-by-every-replica-0123456789abcdef',
    SPORTELLO_GATEWAY_ANONYMOUS: 'ai,desk,chat',
    SPORTELLO_GATEWAY_AI_KEY: 'spk_demo',
    SPORTELLO_GATEWAY_SIGN_TOKEN: 'demo-sign-token',
    SPORTELLO_GATEWAY_SIGN_USER: 'demo',
    SPORTELLO_GATEWAY_DESK_CLIENT_ID: 'sportello-demo',
    SPORTELLO_GATEWAY_DESK_CLIENT_SECRET: 'demo-secret',
    // A verified visitor's past chats are read from the chat service with the gateway's own token.
    SPORTELLO_GATEWAY_CHAT_TOKEN: 'demo-chat-token',
    SPORTELLO_GATEWAY_RATE_VISITOR: '4',
    SPORTELLO_GATEWAY_RATE_IP: '10000',
    SPORTELLO_GATEWAY_LOG_LEVEL: 'silent',
  };
  gateways.push(await startReplica(env), await startReplica(env));
});

after(async () => {
  for (const g of gateways) g.child.kill('SIGTERM');
  await Promise.all(
    gateways.map((g) => new Promise((r) => (g.child.exitCode !== null ? r(null) : g.child.once('exit', r)))),
  );
  await sim?.close();
  await stopRedisIfOurs();
});

describe('gateway replicas on one Redis', () => {
  it("share a visitor's rate limit: the fifth request is refused whichever replica takes it", async () => {
    const token = await mint({ ...ADA, sub: `ada-${randomUUID()}` });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${gateways[i % 2]!.url}/sign/api/v2/files/1001`, withToken(token));
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 429]);
    // Each replica alone saw at most three requests: only a shared bucket refuses the fifth.
    const other = await fetch(`${gateways[0]!.url}/sign/api/v2/files/1001`, withToken(token));
    assert.equal(other.status, 429);
    assert.ok(Number(other.headers.get('retry-after')) >= 1);
  });

  it("share an anonymous visitor's ownership: created on one replica, theirs on the other", async () => {
    const one = gateways[0]!;
    const two = gateways[1]!;
    const created = await fetch(
      `${one.url}/desk/richieste/creazione-richiesta`,
      json({ idRichiesta: 0, codServizio: 'IT', codTipoRichiesta: 'INFO', oggetto: 'Creata sulla prima replica' }),
    );
    assert.equal(created.status, 200);
    const session = created.headers.get('x-sportello-session')!;
    const { idRichiesta } = await created.json();
    const onTwo = await fetch(`${two.url}/desk/richieste/${idRichiesta}`, withToken(session));
    assert.equal(onTwo.status, 200);
    assert.equal((await onTwo.json()).oggetto, 'Creata sulla prima replica');
    // Another anonymous visitor, on either replica, does not see it.
    const stranger = (
      await fetch(
        `${two.url}/desk/richieste/creazione-richiesta`,
        json({ idRichiesta: 0, codServizio: 'IT', codTipoRichiesta: 'INFO', oggetto: 'Altro' }),
      )
    ).headers.get('x-sportello-session')!;
    const refused = await fetch(`${one.url}/desk/richieste/${idRichiesta}`, withToken(stranger));
    assert.equal(refused.status, 404);
    assert.ok(!(await refused.text()).includes('prima replica'));
  });

  it("list a verified visitor's chat started on one replica from the other, and to them only", async () => {
    const ada = await mint({ ...ADA, sub: `ada-${randomUUID()}` });
    const bruno = await mint({ ...BRUNO, sub: `bruno-${randomUUID()}` });
    const { idChat, client } = await startChat(gateways[0]!.url, `v-${randomUUID()}`, {
      token: ada,
      message: 'Asked from the first replica',
    });
    client.ws.send(send(`/app/chat.${idChat}.close`, {}));
    await client.next((f) => f.includes('"type":"closed"'));
    client.ws.close();
    // Another device, behind the load balancer on the other replica.
    const listed = await fetch(`${gateways[1]!.url}/chat/sportello/past-chats`, withToken(ada));
    assert.equal(listed.status, 200);
    const { chats } = (await listed.json()) as { chats: Array<{ idChat: string }> };
    assert.deepEqual(
      chats.map((c) => c.idChat),
      [String(idChat)],
    );
    const other = await fetch(`${gateways[0]!.url}/chat/sportello/past-chats`, withToken(bruno));
    assert.deepEqual(await other.json(), { chats: [] });
  });

  it('keeps the record in Redis itself, under the configured prefix', async () => {
    const { Redis } = await import('ioredis');
    const client = new Redis(redisUrl);
    try {
      const store = new RedisStore(client as unknown as RedisLike, prefix);
      await store.setOwner('desk', 'probe', 'anon:x', 30);
      assert.equal(await store.owner('desk', 'probe'), 'anon:x');
      const keys = await client.keys(`${prefix}own:desk:*`);
      assert.ok(keys.length >= 2, `ownership keys: ${keys.join(', ')}`);
      assert.ok((await client.ttl(`${prefix}own:desk:probe`)) > 0);
    } finally {
      client.disconnect();
    }
  });

  it('takes the buckets asked for together in one script call, each in the order asked', async () => {
    const { Redis } = await import('ioredis');
    const client = new Redis(redisUrl);
    /** Calls of EVAL so far, from Redis's own statistics. */
    const evals = async () => Number(/cmdstat_eval:calls=(\d+)/.exec(await client.info('commandstats'))?.[1] ?? 0);
    try {
      const store = new RedisStore(client as unknown as RedisLike, prefix);
      const before = await evals();
      // Three from one bucket of two, two from another of five, one from a third of one: asked in one turn.
      const waits = await Promise.all([
        store.take('batch:a', 2, 60),
        store.take('batch:b', 5, 60),
        store.take('batch:a', 2, 60),
        store.take('batch:c', 1, 60),
        store.take('batch:a', 2, 60),
        store.take('batch:b', 5, 60),
      ]);
      assert.equal((await evals()) - before, 1, 'one script call for the six');
      assert.deepEqual(
        waits.map((w) => w > 0),
        [false, false, false, false, true, false],
        `waits: ${waits.join(', ')}`,
      );
      // The third from `batch:a` waits for one token at 60 a minute: about a second.
      assert.ok(waits[4]! > 900 && waits[4]! <= 1000, `wait ${waits[4]}`);
      // Asked in a later turn: a call of its own, and the buckets remember the first.
      assert.ok((await store.take('batch:c', 1, 60)) > 0);
      assert.equal((await evals()) - before, 2);
      assert.equal(store.up, true);
    } finally {
      client.disconnect();
    }
  });
});
