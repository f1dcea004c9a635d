import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkTarget, checkTargetInFull } from '../../gateway/path-guard.js';
import { createTokenSource, type TokenAnswer } from '../../gateway/oauth.js';
import { MemoryStore, StoreUnavailable, takeToken, type GatewayStore } from '../../gateway/store.js';
import { PendingOwners } from '../../gateway/pending-owners.js';
import { readConnect, rewriteClientMessage, rewriteServerMessage } from '../../gateway/stomp-rewrite.js';
import { createVisitorVerifier, visitorFromClaims, type VerifyResult } from '../../gateway/visitor.js';
import { cachedVerify } from '../../gateway/verified-tokens.js';
import { SignJWT } from 'jose';
import { readConfig } from '../../gateway/config.js';
import { currentSignerEmail } from '../../gateway/routes/sign.js';
import { sanitiseChat } from '../../gateway/routes/ai.js';

// The gateway's pure pieces: token bucket, OAuth token cache, path guard, claims, STOMP rewrite.

const client = { tokenUrl: 'http://idp.test/token', clientId: 'c', clientSecret: 's' };

describe('gateway oauth: cached client-credentials token', () => {
  it('asks the identity provider once for concurrent callers (single flight)', async () => {
    let release!: (a: TokenAnswer) => void;
    let calls = 0;
    const source = createTokenSource(
      client,
      () => {
        calls++;
        return new Promise((r) => {
          release = r;
        });
      },
      { skewSeconds: 60 },
    );
    const all = Promise.all(Array.from({ length: 20 }, () => source.get()));
    release({ accessToken: 't1', expiresIn: 3600 });
    assert.deepEqual(new Set(await all), new Set(['t1']));
    assert.equal(calls, 1);
    assert.equal(await source.get(), 't1');
    assert.equal(calls, 1);
  });

  it('refreshes before expiry, and on demand after a 401', async () => {
    let now = 0;
    let n = 0;
    const source = createTokenSource(client, async () => ({ accessToken: `t${++n}`, expiresIn: 300 }), {
      skewSeconds: 60,
      now: () => now,
    });
    assert.equal(await source.get(), 't1');
    now = 239_000;
    assert.equal(await source.get(), 't1', 'still fresh 61 s before expiry');
    now = 240_001;
    assert.equal(await source.get(), 't2', 'refreshed 60 s before expiry');
    assert.equal(await source.get(true), 't3');
  });

  it('does not keep a failure: the next caller asks again', async () => {
    let fail = true;
    const source = createTokenSource(
      client,
      async () => {
        if (fail) throw new Error('idp down');
        return { accessToken: 'ok', expiresIn: 60 };
      },
      { skewSeconds: 10 },
    );
    await assert.rejects(source.get(), /idp down/);
    fail = false;
    assert.equal(await source.get(), 'ok');
  });
});

describe('gateway store: token bucket', () => {
  it('never lets more than capacity + refill through in any window (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 200 }),
        (perMinute, gaps) => {
          let state;
          let now = 0;
          let allowed = 0;
          for (const gap of gaps) {
            now += gap;
            const r = takeToken(state, now, perMinute, perMinute);
            state = r.state;
            if (r.waitMs === 0) allowed++;
            else assert.ok(r.waitMs > 0 && r.waitMs <= 60_000 / perMinute + 1);
          }
          assert.ok(allowed <= perMinute + Math.floor((now * perMinute) / 60_000) + 1);
        },
      ),
    );
  });

  it('waits as long as the refill needs, then allows again', async () => {
    let now = 0;
    const store = new MemoryStore(() => now);
    for (let i = 0; i < 3; i++) assert.equal(await store.take('k', 3, 60), 0);
    const wait = await store.take('k', 3, 60);
    assert.equal(wait, 1000);
    now += wait;
    assert.equal(await store.take('k', 3, 60), 0);
  });

  it('forgets ownership records after their time', async () => {
    let now = 0;
    const store = new MemoryStore(() => now);
    await store.setOwner('desk', '7100', 'anon:a', 10);
    assert.equal(await store.owner('desk', '7100'), 'anon:a');
    now = 11_000;
    assert.equal(await store.owner('desk', '7100'), undefined);
  });
});

describe('gateway store: a verified visitor’s list of chats', () => {
  it('newest first, each once, the newest `max` kept, forgotten past its lifetime', async () => {
    let now = 0;
    const store = new MemoryStore(() => now);
    for (const id of ['1', '2', '3', '2']) await store.remember('chats-of', 'token:ada', id, 3, 10);
    assert.deepEqual(await store.recall('chats-of', 'token:ada'), ['2', '3', '1']);
    await store.remember('chats-of', 'token:ada', '4', 3, 10);
    assert.deepEqual(await store.recall('chats-of', 'token:ada'), ['4', '2', '3']);
    assert.deepEqual(await store.recall('chats-of', 'token:bruno'), []);
    now = 11_000;
    assert.deepEqual(await store.recall('chats-of', 'token:ada'), []);
  });
});

describe('gateway ownership records kept through a store outage', () => {
  /** A memory store that refuses writes while `down`, and tells its watchers when it answers again. */
  class FlakyStore implements GatewayStore {
    readonly kind = 'redis' as const;
    down = true;
    writes: Array<[string, string, string, number]> = [];
    private readonly memory: MemoryStore;
    private readonly listeners: Array<(up: boolean) => void> = [];
    constructor(now: () => number) {
      this.memory = new MemoryStore(now);
    }
    get up(): boolean {
      return !this.down;
    }
    watch(listener: (up: boolean) => void): void {
      this.listeners.push(listener);
    }
    async setOwner(kind: string, id: string, owner: string, ttlSeconds: number): Promise<void> {
      if (this.down) throw new StoreUnavailable(new Error('down'));
      this.writes.push([kind, id, owner, ttlSeconds]);
      return this.memory.setOwner(kind, id, owner, ttlSeconds);
    }
    owner = (kind: string, id: string) => this.memory.owner(kind, id);
    take = (key: string, capacity: number, perMinute: number) => this.memory.take(key, capacity, perMinute);
    remember = (kind: string, key: string, item: string, max: number, ttlSeconds: number) =>
      this.memory.remember(kind, key, item, max, ttlSeconds);
    recall = (kind: string, key: string) => this.memory.recall(kind, key);
    ping = async () => !this.down;
    close = async () => undefined;
    async answerAgain(): Promise<void> {
      this.down = false;
      for (const l of this.listeners) l(true);
      await new Promise((r) => setImmediate(r));
    }
  }

  it('writes what waited, with what is left of its lifetime, and drops what expired meanwhile', async () => {
    let now = 1_000_000;
    const store = new FlakyStore(() => now);
    const owners = new PendingOwners(store, () => now);
    assert.equal(await owners.record('chat', '7', 'visitor-a', 60), 'pending');
    assert.equal(await owners.record('chat', '8', 'visitor-b', 5), 'pending');
    now += 10_000;
    await store.answerAgain();
    assert.deepEqual(store.writes, [['chat', '7', 'visitor-a', 50]]);
    assert.equal(owners.size, 0);
    assert.equal(await store.owner('chat', '7'), 'visitor-a');
    assert.equal(await owners.record('chat', '9', 'visitor-c', 60), 'recorded');
  });
});

describe('gateway path guard', () => {
  it('accepts the paths the elements use', () => {
    for (const p of [
      '/sign/api/v2/files/1001',
      '/chat/public/api/chat/queue-position/?idChat=3',
      '/desk/__catalog.json',
      '/ai/api/v2/conversations?offset=0&limit=20',
    ]) {
      assert.equal(checkTarget(p).ok, true, p);
    }
  });
  it('refuses every target that a service could read differently (property: no dot segment survives)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('files', '1001', '..', '.', '%2e%2e', '%2E.', '.%2e', '%2f', 'a.', ''), {
          minLength: 1,
          maxLength: 6,
        }),
        (segments) => {
          const target = `/sign/api/v2/${segments.join('/')}`;
          const verdict = checkTarget(target);
          if (!verdict.ok) return;
          const decoded = decodeURIComponent(verdict.path).split('/');
          // A trailing slash is a path of its own (`/queue-position/`); an empty segment inside is not.
          assert.ok(!decoded.includes('..') && !decoded.includes('.') && !decoded.slice(1, -1).includes(''), target);
        },
      ),
    );
  });
  it('gives a plain target the verdict the full check gives (property)', () => {
    const piece = fc.constantFrom(
      '/',
      'files',
      '1001',
      '?',
      '=',
      '&',
      '_method=',
      '_',
      '-',
      '~',
      '.',
      '%2e',
      ';',
      '\\',
      ' ',
      'é',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const target = `/${pieces.join('')}`;
        assert.deepEqual(checkTarget(target), checkTargetInFull(target), target);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('gateway visitor claims', () => {
  it('reads the pinned claims', () => {
    const r = visitorFromClaims({
      sub: 'ada',
      name: 'Ada',
      email: 'ada@x.test',
      sportello: { desk: { idUtente: 501 }, sign: { files: [1001], signer: 'Ada@X.test' }, ai: { agents: [1, 2] } },
    });
    assert.deepEqual(r, {
      ok: true,
      visitor: {
        kind: 'token',
        id: 'ada',
        name: 'Ada',
        email: 'ada@x.test',
        desk: { idUtente: 501 },
        sign: { files: [1001], signer: 'ada@x.test' },
        ai: { agents: [1, 2] },
      },
    });
  });
  it('refuses a malformed one whole', () => {
    for (const claims of [
      {},
      { sub: '' },
      { sub: 'a', sportello: [] },
      { sub: 'a', sportello: { desk: { idUtente: '501' } } },
      { sub: 'a', sportello: { ai: { agents: ['1'] } } },
      { sub: 'a', sportello: { sign: { files: [1], signer: 'nope' } } },
    ]) {
      assert.equal(visitorFromClaims(claims).ok, false, JSON.stringify(claims));
    }
  });
});

describe('gateway verified tokens, kept until they expire', () => {
  /** A token of the right shape with `exp` (s); cachedVerify leaves checking it to the function it wraps. */
  const shaped = (name: string, exp: number) =>
    `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: name, exp })).toString('base64url')}.sig`;

  it('checks each token once while it lives, refused ones every time, and keeps the most recently used', async () => {
    let now = 1_000_000_000_000;
    const checked: string[] = [];
    const verify = cachedVerify(
      async (token): Promise<VerifyResult> => {
        checked.push(token);
        return token.endsWith('.sig')
          ? { ok: true, visitor: { kind: 'token', id: token } }
          : { ok: false, reason: 'bad' };
      },
      () => now,
      2,
    );
    const [a, b, c] = [shaped('a', now / 1000 + 30), shaped('b', now / 1000 + 30), shaped('c', now / 1000 + 30)];
    // A second between uses: the order of use is kept to the second.
    for (const t of [a, a, b, a, 'bad', 'bad', c, a, b]) {
      now += 1_000;
      assert.equal((await verify(t)).ok, t !== 'bad');
    }
    // a once (used last when c came, so kept), b twice (the least recently used when c came), bad each time.
    assert.deepEqual(checked, [a, b, 'bad', 'bad', c, b]);
    now += 21_000; // at exp: checked again (the wrapped check decides; here it still says yes)
    await verify(a);
    assert.equal(checked.at(-1), a);
  });

  it('never answers for a token past its exp, nor lets a request change the shared visitor', async () => {
    let now = Date.UTC(2026, 0, 1);
    const secret = 'verified-tokens-test-secret-0123456789abcdef';
    const verifier = createVisitorVerifier({
      secret,
      audience: 'sportello',
      maxTtlSeconds: 3600,
      sessionSecret: 'verified-tokens-session-secret-0123456789abcdef',
      sessionTtlSeconds: 600,
      now: () => now,
    });
    const token = await new SignJWT({ sportello: { sign: { files: [1001] } } })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('ada')
      .setAudience('sportello')
      .setIssuedAt(now / 1000)
      .setExpirationTime(now / 1000 + 30)
      .sign(new TextEncoder().encode(secret));
    const first = await verifier.verify(token);
    const again = await verifier.verify(token);
    assert.ok(first.ok && again.ok);
    assert.equal(again.visitor.id, 'ada');
    assert.throws(() => again.visitor.sign!.files.push(2002));
    const session = await verifier.newSession();
    assert.equal((await verifier.verify(session.token)).ok, true);
    now += 36_000; // past exp and jose's 5 s of skew, within the cache's own minute
    assert.equal((await verifier.verify(token)).ok, false);
    assert.equal((await verifier.verify(session.token)).ok, true);
    now += 600_000;
    assert.equal((await verifier.verify(session.token)).ok, false);
  });

  it('tells a session from a visitor token by its signature, whatever audience it claims', async () => {
    const visitorSecret = 'audience-test-visitor-secret-0123456789abcdef';
    const sessionSecret = 'audience-test-session-secret-0123456789abcdef';
    const verifier = createVisitorVerifier({
      secret: visitorSecret,
      audience: 'sportello',
      maxTtlSeconds: 3600,
      sessionSecret,
      sessionTtlSeconds: 600,
    });
    const session = 'sportello-gateway:anonymous-session';
    const sign = (secret: string, sub: string, aud?: string | string[]) => {
      const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setExpirationTime('5m');
      return (aud === undefined ? jwt : jwt.setAudience(aud)).sign(new TextEncoder().encode(secret));
    };
    const cases: Array<[string, string, string | string[] | undefined, string | undefined]> = [
      // secret, sub, aud → the visitor's kind, or undefined when refused
      [sessionSecret, 'anon:1', session, 'anonymous'],
      [sessionSecret, 'anon:1', [session, 'sportello'], 'anonymous'],
      [sessionSecret, 'anon:1', 'sportello', undefined],
      [sessionSecret, 'anon:1', undefined, undefined],
      [visitorSecret, 'ada', 'sportello', 'token'],
      [visitorSecret, 'ada', [session, 'sportello'], 'token'],
      [visitorSecret, 'ada', session, undefined],
      [visitorSecret, 'anon:1', [session, 'sportello'], undefined],
    ];
    for (const [secret, sub, aud, kind] of cases) {
      const result = await verifier.verify(await sign(secret, sub, aud));
      assert.equal(result.ok ? result.visitor.kind : undefined, kind, JSON.stringify({ sub, aud }));
    }
    assert.equal((await verifier.verify('not.a.token')).ok, false);
  });
});

describe('gateway STOMP rewrite', () => {
  const start = (body: unknown) =>
    `SEND\ndestination:/app/chat.start\ncontent-type:application/json\ncontent-length:${Buffer.byteLength(JSON.stringify(body))}\n\n${JSON.stringify(body)}\0`;

  it("puts the token's name and e-mail in chat.start", () => {
    const r = rewriteClientMessage(
      start({ clientRequestId: 'r', name: 'Finto', email: 'finto@x.test', idChatCategory: 1 }),
      { identity: { name: 'Ada Lovelace', email: 'ada@x.test' } },
    );
    assert.ok(r.ok);
    const body = r.data.slice(r.data.indexOf('\n\n') + 2, -1);
    assert.deepEqual(JSON.parse(body), {
      clientRequestId: 'r',
      name: 'Ada Lovelace',
      email: 'ada@x.test',
      idChatCategory: 1,
    });
    assert.match(r.data, new RegExp(`content-length:${Buffer.byteLength(body)}\n`));
  });
  it('leaves frames alone without a token, and passes heart-beats', () => {
    const frame = start({ name: 'Io' });
    assert.deepEqual(rewriteClientMessage(frame, {}), { ok: true, data: frame, starts: [] });
    assert.deepEqual(rewriteClientMessage('\n', { identity: { name: 'x' } }), { ok: true, data: '\n', starts: [] });
  });
  it('removes operator credentials from CONNECT and reads a Bearer token there', () => {
    const connect =
      'CONNECT\naccept-version:1.2\nhost:x\nCHAT_WS_USER:operator\nCHAT_WS_PASSWORD:operator\nAuthorization:Bearer abc.def.ghi\nvisitor-id:v1\n\n\0';
    assert.deepEqual(readConnect(connect), { token: 'abc.def.ghi', visitorId: 'v1' });
    const r = rewriteClientMessage(connect, { ids: { page: 'v1', service: 'gw-v1' } });
    assert.ok(r.ok);
    assert.doesNotMatch(r.data, /CHAT_WS|operator|Authorization/);
    assert.match(r.data, /\nvisitor-id:gw-v1\n/);
    assert.doesNotMatch(r.data, /visitor-id:v1\n/);
  });
  it('passes a visitor-token on CONNECT only when the gateway verified it', () => {
    const connect = 'CONNECT\naccept-version:1.2\nvisitor-id:v1\nwidget-key:demo\nvisitor-token:forged.jwt.value\n\n\0';
    assert.equal(readConnect(connect)?.token, 'forged.jwt.value');
    const unverified = rewriteClientMessage(connect, {});
    assert.ok(unverified.ok);
    assert.doesNotMatch(unverified.data, /visitor-token/);
    const verified = rewriteClientMessage(connect, { identity: { name: 'Ada' }, verifiedToken: 'good.jwt.value' });
    assert.ok(verified.ok);
    assert.match(verified.data, /\nvisitor-token:good\.jwt\.value\n/);
    assert.doesNotMatch(verified.data, /forged/);
  });
  it('refuses an incomplete frame', () => {
    assert.equal(rewriteClientMessage('SEND\ndestination:/app/chat.start\n\n{"name":"x"}', {}).ok, false);
  });
  it("speaks to the service under the visitor id the gateway derived, and to the page under the page's", () => {
    const ids = { page: 'page-id', service: 'gw-derived' };
    const sub = rewriteClientMessage('SUBSCRIBE\nid:s1\ndestination:/topic/visitor.page-id\n\n\0', { ids });
    assert.ok(sub.ok);
    assert.match(sub.data, /destination:\/topic\/visitor\.gw-derived\n/);
    const other = rewriteClientMessage('SUBSCRIBE\nid:s2\ndestination:/topic/visitor.someone\n\n\0', { ids });
    assert.ok(other.ok);
    assert.match(other.data, /destination:\/topic\/visitor\.someone\n/);
    const started = start({ clientRequestId: 'r1', visitorId: 'page-id', email: 'a@b.test' });
    const r = rewriteClientMessage(started, { ids });
    assert.ok(r.ok);
    assert.equal(JSON.parse(r.data.slice(r.data.indexOf('\n\n') + 2, -1)).visitorId, 'gw-derived');
    assert.deepEqual(r.starts, [{ clientRequestId: 'r1', email: 'a@b.test' }]);
    const body = JSON.stringify({ type: 'started', idChat: 1042, clientRequestId: 'r1' });
    const back = rewriteServerMessage(
      `MESSAGE\ndestination:/topic/visitor.gw-derived\nsubscription:s1\nmessage-id:1\ncontent-length:${body.length}\n\n${body}\0`,
      ids,
    );
    assert.match(back.data, /destination:\/topic\/visitor\.page-id\n/);
    assert.deepEqual(back.started, [{ idChat: '1042', clientRequestId: 'r1' }]);
    const chatEvent = 'MESSAGE\ndestination:/topic/chat.1042\n\n{"type":"started","idChat":7}\0';
    assert.deepEqual(rewriteServerMessage(chatEvent, ids), { data: chatEvent, started: [] });
  });
});

describe('gateway configuration and scoping rules', () => {
  it('serves the embedded simulator with its seeded credentials by default', () => {
    const c = readConfig({}, 'http://127.0.0.1:9999');
    assert.equal(c.port, 8791);
    assert.equal(c.embedded, true);
    assert.equal(c.upstream.ai, 'http://127.0.0.1:9999/ai/api/v2');
    assert.equal(c.ai.apiKey, 'spk_demo');
    assert.equal(c.desk.oauth.clientId, 'sportello-demo');
    assert.ok(c.visitor.secret);
  });
  it('takes the pinned settings and refuses a short secret', () => {
    const c = readConfig({
      SPORTELLO_GATEWAY_PORT: '9000',
      SPORTELLO_GATEWAY_UPSTREAM: 'https://services.example.com/',
      SPORTELLO_GATEWAY_VISITOR_JWKS: 'https://site.example.com/jwks.json',
      SPORTELLO_GATEWAY_VISITOR_AUDIENCE: 'www.example.com',
      SPORTELLO_GATEWAY_SESSION_SECRET: 'a-session-secret-of-at-least-32-bytes-0123',
      SPORTELLO_GATEWAY_ORIGINS: 'https://www.example.com, https://shop.example.com',
      SPORTELLO_GATEWAY_SERVICES: 'chat',
    });
    assert.equal(c.port, 9000);
    assert.equal(c.embedded, false);
    assert.equal(c.upstream.desk, 'https://services.example.com/desk');
    assert.equal(c.visitor.secret, undefined);
    assert.deepEqual(c.origins, ['https://www.example.com', 'https://shop.example.com']);
    assert.deepEqual([...c.anonymous.grants], ['chat']);
    assert.throws(
      () => readConfig({ SPORTELLO_GATEWAY_UPSTREAM: 'http://x', SPORTELLO_GATEWAY_VISITOR_SECRET: 'short' }),
      /VISITOR_SECRET: must be at least 32 bytes/,
    );
  });
  it('names the current signer: the first still to act, while in progress', () => {
    assert.equal(
      currentSignerEmail({
        status: 'L',
        signers: [
          { email: 'A@x', status: 'F' },
          { email: 'B@x', status: 'L' },
          { email: 'c@x', status: 'L' },
        ],
      }),
      'b@x',
    );
    assert.equal(currentSignerEmail({ status: 'F', signers: [{ email: 'a@x', status: 'F' }] }), undefined);
    assert.equal(currentSignerEmail({ status: 'L', signers: [] }), undefined);
  });
  it('keeps only the chat fields a page may set', () => {
    assert.deepEqual(
      sanitiseChat({
        message: 'm',
        agent_id: 1,
        model: 'x',
        system_prompt: 'p',
        mcp_auth: { a: 'b' },
        metadata: { k: 1, external_id: 'z' },
      }),
      { message: 'm', agent_id: 1, metadata: { k: 1 } },
    );
  });
});

describe('gateway README', () => {
  it('documents every setting the gateway reads', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const files = ['gateway', 'gateway/routes'].flatMap((d) =>
      readdirSync(d)
        .filter((f) => f.endsWith('.ts'))
        .map((f) => `${d}/${f}`),
    );
    const read = new Set(files.flatMap((f) => readFileSync(f, 'utf8').match(/SPORTELLO_GATEWAY_[A-Z_]+[A-Z]/g) ?? []));
    const readme = readFileSync('README.md', 'utf8');
    const section = readme.slice(readme.indexOf('### Settings'));
    const missing = [...read].filter((name) => !section.includes(`\`${name}\``));
    assert.deepEqual(missing, []);
    for (const pinned of [
      'SPORTELLO_GATEWAY_PORT',
      'SPORTELLO_GATEWAY_UPSTREAM',
      'SPORTELLO_GATEWAY_VISITOR_SECRET',
      'SPORTELLO_GATEWAY_VISITOR_JWKS',
      'SPORTELLO_GATEWAY_ORIGINS',
      'SPORTELLO_GATEWAY_REDIS_URL',
    ]) {
      assert.ok(read.has(pinned), `${pinned} is read`);
    }
  });
});

describe('gateway allow-list documentation', () => {
  it('lists exactly the method + path pairs the server allows', async () => {
    const { readFileSync } = await import('node:fs');
    const { ALLOWED_ROUTES, PREFIXES } = await import('../../gateway/server.js');
    const documented = [
      ...readFileSync('gateway/README.md', 'utf8').matchAll(
        /^\| `(GET|POST|PUT|DELETE) (\/(?:ai|sign|desk|chat)\/[^`]*)` \| (\w+) \|/gm,
      ),
    ].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
    const code = ALLOWED_ROUTES.map((r) => `${r.method} ${PREFIXES[r.service]}${r.path} ${r.access}`);
    assert.deepEqual([...documented].sort(), [...code].sort());
  });
});
