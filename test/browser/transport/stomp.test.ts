// StompSession against a real broker: RabbitMQ with rabbitmq_web_stomp, started by the test
// setup (test/setup/rabbitmq.mjs). Drops are real: `rabbitmqctl close_all_connections` behind the
// test server's /t/rabbit/drop. If the broker cannot start, every test here is skipped LOUDLY.
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { TRANSPORT_URL } from '/__sportello/env.js';
import { RABBIT } from '/__sportello/rabbit.js';
import {
  StompSession,
  STOMP_MESSAGE_ID_HEADER,
  type StompFrameInfo,
  type StompState,
} from '../../../src/transport/stomp.js';
import type { ServiceError } from '../../../src/transport/errors.js';
import { pollStep } from '../../harness/harness.js';

const login = { login: 'guest', passcode: 'guest' };
const queueName = (what: string) =>
  `sportello-test-${what}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await pollStep(20);
  }
}

async function dropAllConnections(): Promise<void> {
  const response = await fetch(`${TRANSPORT_URL}/t/rabbit/drop`, { method: 'POST' });
  const result = (await response.json()) as { ok: boolean; output: string };
  if (!result.ok) throw new Error(`rabbitmqctl close_all_connections failed: ${result.output}`);
}

/**
 * Publishes a last message and waits for it: a queue hands one publisher's messages over in order,
 * so anything still on its way (a copy, a late redelivery) arrives before the marker does. This is
 * how a test sees that nothing more comes, without guessing how long to wait.
 */
async function drained(publisher: StompSession, destination: string, got: () => Iterable<string>): Promise<string> {
  const marker = `end-${Math.random().toString(36).slice(2)}`;
  publisher.publish(destination, marker);
  await until(() => [...got()].includes(marker), `the marker ${marker} through ${destination}`);
  return marker;
}

function track(session: StompSession) {
  const states: StompState[] = [];
  const errors: ServiceError[] = [];
  session.onState((s) => states.push(s));
  session.onError((e) => errors.push(e));
  return { states, errors };
}

describe('StompSession against RabbitMQ Web-STOMP', function () {
  this.timeout(60_000);
  const sessions: StompSession[] = [];
  const queues: string[] = [];
  const session = (options: Partial<ConstructorParameters<typeof StompSession>[0]> = {}) => {
    const s = new StompSession({
      url: RABBIT.wsUrl,
      connectHeaders: login,
      reconnect: { baseDelayMs: 100, maxDelayMs: 1000 },
      ...options,
    });
    sessions.push(s);
    return s;
  };
  const queue = (what: string) => {
    const name = queueName(what);
    queues.push(name);
    return name;
  };

  before(function () {
    if (!RABBIT.ok) {
      if (RABBIT.required)
        throw new Error(
          `RabbitMQ Web-STOMP is required (SPORTELLO_REQUIRE_RABBIT=1) but unavailable: ${RABBIT.reason}`,
        );
      console.error(
        `\n!!!!!!!! STOMP BROKER TESTS SKIPPED: RabbitMQ Web-STOMP unavailable: ${RABBIT.reason} !!!!!!!!\n`,
      );
      this.skip();
    }
  });

  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.stop()));
    await Promise.all(queues.splice(0).map((name) => fetch(`${TRANSPORT_URL}/t/rabbit/delete-queue?name=${name}`)));
  });

  it('connects, subscribes and publishes; the broker confirms every message', async () => {
    const s = session();
    const { states } = track(s);
    const q = queue('basic');
    const got: StompFrameInfo[] = [];
    s.subscribe(`/queue/${q}`, (frame) => got.push(frame));
    s.start();
    await until(() => s.state === 'open', 'open');
    s.publish(`/queue/${q}`, 'uno');
    s.publish(`/queue/${q}`, { n: 2 }, { 'x-note': 'due' });
    await until(() => got.length === 2, 'two messages');
    expect(got.map((f) => f.body)).to.deep.equal(['uno', '{"n":2}']);
    expect(got[1]!.headers['x-note']).to.equal('due');
    expect(got[1]!.headers['content-type']).to.equal('application/json');
    expect(got[0]!.headers[STOMP_MESSAGE_ID_HEADER]).to.be.a('string');
    await until(() => s.pending === 0, 'receipts for both');
    // A stopped session never reconnects: whatever it might schedule runs on a clock the test moves
    // past the longest backoff (1 s here), instead of a guessed real wait.
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await s.stop();
      clock.tick(5_000);
    } finally {
      clock.restore();
    }
    expect(states).to.deep.equal(['connecting', 'open', 'closed']);
    expect(s.state).to.equal('closed');
  });

  it('keeps what is published before connecting and flushes it in order after the onConnected hooks', async () => {
    const s = session();
    const q = queue('outbox');
    const syncQueue = queue('outbox-sync');
    const got: string[] = [];
    const synced: string[] = [];
    const hookSaw: Array<{ reconnect: boolean; pending: number; received: number }> = [];
    s.subscribe(`/queue/${q}`, (frame) => got.push(frame.body));
    s.subscribe(`/queue/${syncQueue}`, (frame) => synced.push(frame.body));
    s.onConnected(async (info) => {
      // An async sync step, a round trip through the broker as a history request is: the outbox
      // must wait for it.
      s.publish(`/queue/${syncQueue}`, 'sync');
      await until(() => synced.includes('sync') && s.pending === 5, 'the sync step answered and confirmed');
      hookSaw.push({ ...info, pending: s.pending, received: got.length });
    });
    for (let i = 0; i < 5; i++) s.publish(`/queue/${q}`, `m${i}`);
    expect(s.pending).to.equal(5);
    expect(s.state).to.equal('closed');
    s.start();
    await until(() => got.length === 5, 'outbox delivered');
    expect(got).to.deep.equal(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(hookSaw).to.deep.equal([{ reconnect: false, pending: 5, received: 0 }]);
    await until(() => s.pending === 0, 'outbox confirmed');
  });

  it('what an onConnected hook publishes (a sync request) goes out ahead of the outbox, once', async () => {
    const s = session();
    const q = queue('sync-first');
    const got: string[] = [];
    s.subscribe(`/queue/${q}`, (frame) => got.push(frame.body));
    s.onConnected(async () => {
      s.publish(`/queue/${q}`, 'sync');
      // The hook waits for its answer, as a history request does, while the outbox waits for it.
      await until(() => got.includes('sync'), 'the sync request through the broker');
    });
    for (let i = 0; i < 3; i++) s.publish(`/queue/${q}`, `m${i}`);
    s.start();
    await until(() => got.length === 4, 'sync and outbox delivered');
    await until(() => s.pending === 0, 'all confirmed');
    await drained(s, `/queue/${q}`, () => got);
    expect(got.slice(0, -1)).to.deep.equal(['sync', 'm0', 'm1', 'm2']);
  });

  it('asks connect headers given as a promise afresh for each connect, and retries when they fail', async () => {
    let asked = 0;
    const s = session({
      connectHeaders: async () => {
        asked++;
        // A token provider that fails once (the site's backend restarting): no connect without it.
        if (asked === 1) throw new Error('token provider down');
        return login;
      },
    });
    const { errors } = track(s);
    s.start();
    await until(() => s.state === 'open', 'open after the failed attempt');
    expect(errors.map((e) => e.code)).to.deep.equal(['connect_headers']);
    await s.stop();
    s.start();
    await until(() => s.state === 'open', 'open again');
    expect(asked).to.equal(3);
  });

  it('resubscribes after the broker drops every connection, and says it reconnected', async () => {
    const s = session();
    const { states } = track(s);
    const q = queue('resub');
    const got: string[] = [];
    const connects: boolean[] = [];
    s.subscribe(`/queue/${q}`, (frame) => got.push(frame.body));
    s.onConnected(({ reconnect }) => {
      connects.push(reconnect);
    });
    s.start();
    await until(() => s.state === 'open', 'open');
    await dropAllConnections();
    await until(() => states.includes('reconnecting'), 'noticed the drop');
    await until(() => s.state === 'open', 'open again');
    s.publish(`/queue/${q}`, 'after');
    await until(() => got.length === 1, 'message after the drop');
    expect(got).to.deep.equal(['after']);
    expect(connects).to.deep.equal([false, true]);
    expect(states.slice(0, 4)).to.deep.equal(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('1,000 messages through 3 broker-wide drops mid-traffic: 0 lost, 0 duplicated', async () => {
    const q = queue('thousand');
    const subscriber = session();
    const publisher = session();
    const sub = track(subscriber);
    const pub = track(publisher);
    const counts = new Map<string, number>();
    let deliveries = 0;
    // A queue keeps messages while the subscriber is away; client acks make the broker redeliver
    // whatever a drop interrupted; the session drops redeliveries it already handed over.
    subscriber.subscribe(
      `/queue/${q}`,
      (frame) => {
        deliveries++;
        counts.set(frame.body, (counts.get(frame.body) ?? 0) + 1);
      },
      { ack: 'client-individual', 'prefetch-count': '100' },
    );
    subscriber.start();
    publisher.start();
    await until(() => subscriber.state === 'open' && publisher.state === 'open', 'both open');

    const total = 1000;
    const started = performance.now();
    // Paced by what arrived, not by the clock: the publisher stays at most ~150 messages ahead of
    // the subscriber, and the drops come at 250, 500 and 750 delivered, so each one falls mid-traffic
    // however fast or loaded the machine is.
    const publishing = (async () => {
      for (let i = 0; i < total; i++) {
        publisher.publish(`/queue/${q}`, `msg-${i}`);
        if (i % 50 === 49) await until(() => counts.size >= i - 99, `the subscriber near message ${i}`);
      }
    })();
    const dropping = (async () => {
      for (let d = 0; d < 3; d++) {
        await until(() => counts.size >= (d + 1) * 250, `${(d + 1) * 250} delivered before drop ${d + 1}`);
        await dropAllConnections();
        await until(() => subscriber.state === 'open' && publisher.state === 'open', `both open after drop ${d + 1}`);
      }
    })();
    await Promise.all([publishing, dropping]);
    await until(
      () => counts.size === total && publisher.pending === 0,
      `all ${total} delivered (have ${counts.size}, pending ${publisher.pending})`,
      40_000,
    );
    // A late redelivery would show up as a duplicate ahead of the marker.
    const marker = await drained(publisher, `/queue/${q}`, () => counts.keys());
    counts.delete(marker);
    deliveries--;
    const duplicated = [...counts.values()].filter((n) => n > 1).length;
    const lost = [...Array(total).keys()].filter((i) => !counts.has(`msg-${i}`)).length;
    console.log(
      `STOMP 1000: delivered ${counts.size}, lost ${lost}, duplicated ${duplicated}, handler calls ${deliveries}, subscriber reconnects ${sub.states.filter((s) => s === 'reconnecting').length}, publisher reconnects ${pub.states.filter((s) => s === 'reconnecting').length}, ${Math.round(performance.now() - started)} ms`,
    );
    expect({ lost, duplicated, deliveries }).to.deep.equal({ lost: 0, duplicated: 0, deliveries: total });
    // The drops really happened, to both sides, mid-traffic.
    expect(sub.states.filter((s) => s === 'reconnecting').length).to.be.at.least(3);
    expect(pub.states.filter((s) => s === 'reconnecting').length).to.be.at.least(3);
  });

  it('resends what the broker never confirmed, and the subscriber drops the copies (lost receipts)', async () => {
    // A link that loses the broker's RECEIPT frames: the messages arrive, the confirmations do
    // not, so after the reconnect the outbox sends them again. Only the injected socket is
    // tampered with (the webSocketFactory seam); the session and the broker are the real ones.
    let loseReceipts = true;
    const sockets: WebSocket[] = [];
    const lossyFactory = (url: string) => {
      const ws = new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp']);
      let handler: ((event: MessageEvent) => void) | null = null;
      Object.defineProperty(ws, 'onmessage', { get: () => handler, set: (fn) => (handler = fn), configurable: true });
      ws.addEventListener('message', (event: MessageEvent) => {
        if (loseReceipts && typeof event.data === 'string' && event.data.startsWith('RECEIPT')) return;
        handler?.(event);
      });
      sockets.push(ws);
      return ws;
    };
    const q = queue('receipts');
    const publisher = session({ webSocketFactory: lossyFactory });
    const subscriber = session();
    const got: string[] = [];
    subscriber.subscribe(`/queue/${q}`, (frame) => got.push(frame.body), { ack: 'client-individual' });
    subscriber.start();
    publisher.start();
    await until(() => publisher.state === 'open' && subscriber.state === 'open', 'both open');
    for (let i = 0; i < 5; i++) publisher.publish(`/queue/${q}`, `r${i}`);
    await until(() => got.length === 5, 'first copies');
    expect(publisher.pending).to.equal(5); // delivered, but never confirmed
    loseReceipts = false;
    sockets.at(-1)!.close();
    await until(() => publisher.pending === 0, 'resent and confirmed');
    // The second copies reach the subscriber ahead of the marker and must be dropped there.
    await drained(publisher, `/queue/${q}`, () => got);
    expect(got.slice(0, -1)).to.deep.equal(['r0', 'r1', 'r2', 'r3', 'r4']);
    expect(sockets.length).to.equal(2);
  });

  it('notices a silent link through missed heartbeats and reconnects', async () => {
    // The link goes quiet (every incoming frame vanishes, the socket stays "open"): only the
    // heartbeats can tell. Again only the injected socket is tampered with.
    let silent = false;
    const quietFactory = (url: string) => {
      const ws = new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp']);
      let handler: ((event: MessageEvent) => void) | null = null;
      Object.defineProperty(ws, 'onmessage', { get: () => handler, set: (fn) => (handler = fn), configurable: true });
      ws.addEventListener('message', (event: MessageEvent) => {
        if (!silent) handler?.(event);
      });
      return ws;
    };
    const s = session({ webSocketFactory: quietFactory, heartbeat: { outgoingMs: 300, incomingMs: 300 } });
    const { states } = track(s);
    s.start();
    await until(() => s.state === 'open', 'open');
    silent = true;
    await until(() => s.state === 'reconnecting', 'heartbeat loss noticed', 15_000);
    silent = false;
    await until(() => s.state === 'open', 'open again');
    expect(states).to.deep.equal(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('a subscription hands over one message id once, whoever sent it', async () => {
    const q = queue('dedupe');
    const a = session();
    const b = session();
    const got: string[] = [];
    const unsubscribe = a.subscribe(`/queue/${q}`, (frame) => got.push(frame.body));
    a.start();
    b.start();
    await until(() => a.state === 'open' && b.state === 'open', 'both open');
    b.publish(`/queue/${q}`, 'first', { [STOMP_MESSAGE_ID_HEADER]: 'same-id' });
    await until(() => b.pending === 0, 'first confirmed');
    b.publish(`/queue/${q}`, 'copy', { [STOMP_MESSAGE_ID_HEADER]: 'same-id' });
    b.publish(`/queue/${q}`, 'other', { [STOMP_MESSAGE_ID_HEADER]: 'other-id' });
    await until(() => got.length === 2, 'two distinct');
    await drained(b, `/queue/${q}`, () => got);
    expect(got.slice(0, -1)).to.deep.equal(['first', 'other']);
    unsubscribe();
    b.publish(`/queue/${q}`, 'after unsubscribe');
    await until(() => b.pending === 0, 'confirmed');
    // Nothing reaches an ended subscription: a second one on the same queue gets the message.
    const later: string[] = [];
    a.subscribe(`/queue/${q}`, (frame) => later.push(frame.body));
    await until(() => later.includes('after unsubscribe'), 'the message, for the new subscription');
    expect(got.slice(0, -1)).to.deep.equal(['first', 'other']);
  });

  it('reconnects at once on "online" instead of waiting out a long backoff', async () => {
    const s = session({ reconnect: { baseDelayMs: 30_000, maxDelayMs: 30_000 } });
    s.start();
    await until(() => s.state === 'open', 'open');
    await dropAllConnections();
    await until(() => s.state === 'reconnecting', 'reconnecting');
    // The backoff (15–30 s) outlasts the 10 s allowed below: only "online" can open it in time.
    expect(s.state).to.equal('reconnecting');
    window.dispatchEvent(new Event('online'));
    await until(() => s.state === 'open', 'open again right away', 10_000);
  });

  it('reconnects at once on pageshow too', async () => {
    const s = session({ reconnect: { baseDelayMs: 30_000, maxDelayMs: 30_000 } });
    s.start();
    await until(() => s.state === 'open', 'open');
    await dropAllConnections();
    await until(() => s.state === 'reconnecting', 'reconnecting');
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await until(() => s.state === 'open', 'open again right away', 10_000);
  });

  it('reconnects at once when the page becomes visible again', async () => {
    expect(document.visibilityState).to.equal('visible');
    const s = session({ reconnect: { baseDelayMs: 30_000, maxDelayMs: 30_000 } });
    s.start();
    await until(() => s.state === 'open', 'open');
    await dropAllConnections();
    await until(() => s.state === 'reconnecting', 'reconnecting');
    document.dispatchEvent(new Event('visibilitychange'));
    await until(() => s.state === 'open', 'open again right away', 10_000);
  });

  it('reports ERROR frames and keeps going', async () => {
    const s = session();
    const { errors } = track(s);
    const q = queue('after-error');
    const got: string[] = [];
    const unsubscribeBad = s.subscribe('/nonsense/destination', () => undefined);
    s.start();
    await until(() => errors.some((e) => e.kind === 'protocol'), 'an ERROR frame');
    const error = errors.find((e) => e.kind === 'protocol')!;
    expect(error.service).to.equal('chat');
    expect(error.code).to.be.a('string').and.not.equal('');
    unsubscribeBad();
    s.subscribe(`/queue/${q}`, (frame) => got.push(frame.body));
    await until(() => s.state === 'open', 'open');
    s.publish(`/queue/${q}`, 'still fine');
    await until(() => got.length === 1, 'delivery after the error');
  });

  it('backs off against a server that is not there, reporting socket errors', async () => {
    const s = session({ url: 'ws://127.0.0.1:9/ws', reconnect: { baseDelayMs: 50, maxDelayMs: 200 } });
    const { states, errors } = track(s);
    s.start();
    await until(() => errors.length >= 2, 'two failed attempts');
    expect(states[0]).to.equal('connecting');
    expect(states).to.include('reconnecting');
    expect(errors[0]!.kind).to.equal('network');
    await s.stop();
    expect(s.state).to.equal('closed');
  });
});
