// The chat simulator's STOMP endpoint, spoken by a client we did not write (@stomp/stompjs) and,
// for framing edge cases, by raw WebSocket messages.
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import WebSocket from 'ws';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';
import { createChatService } from '../../demo/server/chat/index.js';
import { StompParser, type StompFrame } from '../../demo/server/chat/stomp-frame.js';
import { pollStep } from '../harness/harness.js';

const TOKEN = { 'X-ChatToken': 'demo-chat-token' };
let sim: RunningSimulator;
let wsUrl: string;
const clients: Client[] = [];
const raws: RawStomp[] = [];
let visitorSeq = 0;

before(async () => {
  // Server heart-beats of 40 ms so negotiation and enforcement are observable quickly.
  // Queue steps of 80 ms leave a subscriber time to see the countdown even on a busy machine.
  sim = await startSimulator({
    port: 0,
    paceMs: 1,
    modules: (ctx) => [createChatService(ctx, { heartbeat: [40, 40], timing: { queueStepMs: 80 } })],
  });
  wsUrl = `${sim.url.replace('http', 'ws')}/chat/websocket`;
});
after(() => sim.close());
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.deactivate()));
  raws.splice(0).forEach((r) => r.ws.terminate());
  await fetch(`${sim.url}/__sim/reset`, { method: 'POST' });
});

/** Resolves when `predicate` holds for an item pushed into `list` (checked on every push). */
class Inbox<T> {
  readonly items: T[] = [];
  private waiters: Array<{ predicate: (t: T) => boolean; resolve: (t: T) => void }> = [];
  push(item: T): void {
    this.items.push(item);
    this.waiters = this.waiters.filter((w) => (w.predicate(item) ? (w.resolve(item), false) : true));
  }
  next(predicate: (t: T) => boolean, what = 'item'): Promise<T> {
    const found = this.items.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.items).slice(0, 1500)}`)),
        5000,
      );
      this.waiters.push({ predicate, resolve: (t) => (clearTimeout(timer), resolve(t)) });
    });
  }
}

type Event = Record<string, any> & { type: string };

interface Peer {
  client: Client;
  events: Inbox<Event>;
  errors: Inbox<IFrame>;
  closes: Inbox<number>;
  subscribe(destination: string): Promise<void>;
  publish(destination: string, body: unknown): void;
}

/** A connected @stomp/stompjs client; events of every subscription land in `events`. */
function connect(headers: Record<string, string>, options: { heartbeat?: number } = {}): Promise<Peer> {
  const events = new Inbox<Event>();
  const errors = new Inbox<IFrame>();
  const closes = new Inbox<number>();
  const client = new Client({
    webSocketFactory: () => new WebSocket(wsUrl, ['v12.stomp', 'v11.stomp', 'v10.stomp']),
    connectHeaders: headers,
    reconnectDelay: 0,
    heartbeatIncoming: options.heartbeat ?? 0,
    heartbeatOutgoing: options.heartbeat ?? 0,
  });
  clients.push(client);
  const peer: Peer = {
    client,
    events,
    errors,
    closes,
    subscribe: (destination) =>
      new Promise<void>((resolve) => {
        const receipt = `sub-${destination}-${Math.random()}`;
        client.watchForReceipt(receipt, () => resolve());
        client.subscribe(
          destination,
          (m: IMessage) =>
            events.push({ ...JSON.parse(m.body), destination: m.headers.destination, headers: m.headers }),
          { receipt },
        );
      }),
    publish: (destination, body) =>
      client.publish({ destination, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  };
  return new Promise((resolve, reject) => {
    client.onConnect = () => resolve(peer);
    client.onStompError = (frame) => {
      errors.push(frame);
      reject(new Error(frame.headers.message));
    };
    client.onWebSocketClose = (e: { code: number }) => closes.push(e.code);
    client.activate();
  });
}

async function visitor(id = `visitor-${++visitorSeq}`) {
  const peer = await connect({ 'visitor-id': id, 'widget-key': 'demo' });
  await peer.subscribe(`/topic/visitor.${id}`);
  return Object.assign(peer, { visitorId: id });
}

/** Starts a chat and subscribes to its topic; returns the chat id. */
async function startChat(
  v: Peer & { visitorId: string },
  category: number | string,
  extra: Record<string, unknown> = {},
) {
  const clientRequestId = `req-${Math.random()}`;
  v.publish('/app/chat.start', {
    clientRequestId,
    idChatCategory: category,
    name: 'Ada',
    email: 'ada@example.com',
    language: 'en',
    startingPage: 'https://example.com/p',
    visitorId: v.visitorId,
    ...extra,
  });
  const started = await v.events.next((e) => e.type === 'started' && e.clientRequestId === clientRequestId, 'started');
  await v.subscribe(`/topic/chat.${started.idChat}`);
  return started.idChat as number;
}

const isMessage = (pred: (e: Event) => boolean) => (e: Event) => e.type === 'message' && pred(e);

class RawStomp {
  readonly frames = new Inbox<StompFrame>();
  heartbeats = 0;
  readonly heartbeatSeen = new Inbox<number>();
  readonly closed: Promise<number>;
  private parser = new StompParser();
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const r = this.parser.push(data as Buffer);
      for (let i = 0; i < r.heartbeats; i++) this.heartbeatSeen.push(++this.heartbeats);
      r.frames.forEach((f) => this.frames.push(f));
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }
  static async open(protocols = ['v12.stomp']): Promise<RawStomp> {
    const ws = new WebSocket(wsUrl, protocols);
    const raw = new RawStomp(ws);
    raws.push(raw);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return raw;
  }
  send(text: string | Buffer): void {
    this.ws.send(text);
  }
  next(command: string): Promise<StompFrame> {
    return this.frames.next((f) => f.command === command, command);
  }
}

const CONNECT_VISITOR = (id: string, hb = '0,0') =>
  `CONNECT\naccept-version:1.2\nhost:sim\nvisitor-id:${id}\nwidget-key:demo\nheart-beat:${hb}\n\n\0`;

describe('chat STOMP: connection', () => {
  it('connects a visitor over STOMP 1.2 with the v12.stomp subprotocol', async () => {
    const v = await visitor();
    assert.equal(v.client.connectedVersion, '1.2');
    const raw = await RawStomp.open(['v12.stomp', 'v11.stomp']);
    assert.equal(raw.ws.protocol, 'v12.stomp');
    raw.send(CONNECT_VISITOR('raw-1', '0,1000'));
    const connected = await raw.next('CONNECTED');
    assert.equal(connected.headers.version, '1.2');
    assert.equal(connected.headers['heart-beat'], '40,40');
    assert.match(connected.headers.server!, /^sportello-sim\//);
  });

  it('refuses a wrong widget key, bad operator credentials and a missing visitor-id with ERROR, then closes', async () => {
    for (const headers of [
      { 'visitor-id': 'v', 'widget-key': 'nope' },
      { CHAT_WS_USER: 'operator', CHAT_WS_PASSWORD: 'wrong' },
      { CHAT_WS_USER: 'viewer', CHAT_WS_PASSWORD: 'viewer' },
      { 'widget-key': 'demo' },
    ]) {
      const raw = await RawStomp.open();
      raw.send(
        `CONNECT\naccept-version:1.2\n${Object.entries(headers)
          .map(([k, v]) => `${k}:${v}`)
          .join('\n')}\n\n\0`,
      );
      const error = await raw.next('ERROR');
      assert.ok(error.headers.message, JSON.stringify(headers));
      assert.equal(await raw.closed, 1008);
    }
    await assert.rejects(connect({ 'visitor-id': 'v', 'widget-key': 'wrong' }), /unknown widget-key/);
  });

  it('refuses a client without STOMP 1.2 and any frame before CONNECT', async () => {
    const old = await RawStomp.open();
    old.send('CONNECT\naccept-version:1.0,1.1\n\n\0');
    assert.match((await old.next('ERROR')).headers.message!, /1\.2/);
    const early = await RawStomp.open();
    early.send('SEND\ndestination:/app/chat.start\n\n{}\0');
    assert.match((await early.next('ERROR')).headers.message!, /expected CONNECT/);
    await early.closed;
  });

  it('connects an operator with CHAT_WS_USER / CHAT_WS_PASSWORD', async () => {
    const op = await connect({ CHAT_WS_USER: 'operator', CHAT_WS_PASSWORD: 'operator' });
    assert.equal(op.client.connected, true);
  });

  it('sends heart-beats at the negotiated rate and keeps a stompjs client with heart-beats alive', async () => {
    const raw = await RawStomp.open();
    raw.send(CONNECT_VISITOR('hb-1', '0,20'));
    await raw.next('CONNECTED');
    await raw.heartbeatSeen.next((n) => n >= 3, 'three server heart-beats');
    // 400 ms both ways: the server drops a client silent for 800 ms, far above timer jitter even on a
    // loaded 2-core machine (at 100 ms a busy event loop once stalled past the 200 ms limit).
    const v = await connect({ 'visitor-id': 'hb-2', 'widget-key': 'demo' }, { heartbeat: 400 });
    await v.subscribe('/topic/visitor.hb-2');
    // ~2.4 s of the raw peer's 40 ms beats: three times the drop limit, so a client kept alive proves it.
    await raw.heartbeatSeen.next((n) => n >= 60, 'more server heart-beats');
    assert.equal(v.client.connected, true);
    assert.equal(v.closes.items.length, 0);
  });

  it('drops a client that promised heart-beats and went silent', async () => {
    const raw = await RawStomp.open();
    raw.send(CONNECT_VISITOR('silent', '30,0'));
    await raw.next('CONNECTED');
    assert.equal(await raw.closed, 1006);
  });

  it('answers DISCONNECT with its RECEIPT, then closes', async () => {
    const raw = await RawStomp.open();
    raw.send(CONNECT_VISITOR('bye') + 'DISCONNECT\nreceipt:77\n\n\0');
    assert.equal((await raw.next('RECEIPT')).headers['receipt-id'], '77');
    assert.equal(await raw.closed, 1000);
  });
});

describe('chat STOMP: framing', () => {
  it('handles several frames in one WebSocket message, a frame split over two, EOL heart-beats and CRLF', async () => {
    const raw = await RawStomp.open();
    raw.send(
      '\n' +
        CONNECT_VISITOR('frames') +
        '\r\nSUBSCRIBE\r\nid:a\r\ndestination:/topic/visitor.frames\r\nreceipt:r1\r\n\r\n\0\n',
    );
    await raw.next('CONNECTED');
    assert.equal((await raw.next('RECEIPT')).headers['receipt-id'], 'r1');
    const body = JSON.stringify({ clientRequestId: 'split', idChatCategory: 2 });
    const frame = `SEND\ndestination:/app/chat.start\ncontent-type:application/json\ncontent-length:${Buffer.byteLength(body)}\nreceipt:r2\n\n${body}\0`;
    raw.send(frame.slice(0, 20));
    raw.send(frame.slice(20));
    await raw.frames.next((f) => f.command === 'RECEIPT' && f.headers['receipt-id'] === 'r2', 'RECEIPT r2');
    const message = await raw.next('MESSAGE');
    assert.equal(message.headers.destination, '/topic/visitor.frames');
    assert.equal(message.headers.subscription, 'a');
    assert.match(message.headers['message-id']!, /.+/);
    assert.match(message.headers['content-type']!, /^application\/json/);
    assert.equal(Number(message.headers['content-length']), message.body.length);
    assert.equal(JSON.parse(message.body.toString()).type, 'started');
  });

  it('unescapes header values and escapes them back in RECEIPT', async () => {
    const raw = await RawStomp.open();
    raw.send(
      CONNECT_VISITOR('esc') + 'SUBSCRIBE\nid:x\\cy\ndestination:/topic/visitor.esc\nreceipt:a\\cb\\\\c\\nd\n\n\0',
    );
    const receipt = await raw.next('RECEIPT');
    assert.equal(receipt.headers['receipt-id'], 'a:b\\c\nd');
  });

  it('answers a malformed frame with ERROR and closes', async () => {
    for (const bad of [
      'SEND\nfoo:\\t\n\n\0',
      'SEND\ndestination:/app/chat.start\ncontent-length:2\n\n{}}\0',
      'SEND\ndestination:/app/chat.start\n\nnot json\0',
      'BEGIN\ntransaction:t\n\n\0',
      'WHATEVER\n\n\0',
      'SUBSCRIBE\ndestination:/topic/visitor.mal\n\n\0',
    ]) {
      const raw = await RawStomp.open();
      raw.send(CONNECT_VISITOR('mal') + bad);
      const error = await raw.next('ERROR');
      assert.ok(error.headers.message, bad);
      await raw.closed;
    }
  });

  it('puts receipt-id on the ERROR of a frame that asked for a receipt', async () => {
    const raw = await RawStomp.open();
    raw.send(CONNECT_VISITOR('er') + 'SEND\ndestination:/app/nowhere\nreceipt:9\n\n{}\0');
    const error = await raw.next('ERROR');
    assert.equal(error.headers['receipt-id'], '9');
    assert.equal(error.headers.message, 'unknown destination');
  });
});

describe('chat STOMP: visitor protocol', () => {
  it('starts a chat once per clientRequestId', async () => {
    const v = await visitor();
    v.publish('/app/chat.start', {
      clientRequestId: 'same',
      idChatCategory: 2,
      name: 'Ada',
      language: 'en',
      visitorId: v.visitorId,
    });
    const first = await v.events.next((e) => e.type === 'started');
    v.publish('/app/chat.start', {
      clientRequestId: 'same',
      idChatCategory: 2,
      name: 'Ada',
      language: 'en',
      visitorId: v.visitorId,
    });
    await v.events.next((e) => e.type === 'started' && e !== first);
    const started = v.events.items.filter((e) => e.type === 'started');
    assert.equal(started.length, 2);
    assert.equal(started[0]!.idChat, started[1]!.idChat);
    const list = await (await fetch(`${sim.url}/chat/api/chat/`, { headers: TOKEN })).json();
    assert.equal(list.totalElements, 1);
  });

  it('rejects a start with an unknown category or a bad e-mail, with per-field errors', async () => {
    const v = await visitor();
    v.publish('/app/chat.start', { clientRequestId: 'bad', idChatCategory: 99, email: 'nope' });
    const rejected = await v.events.next((e) => e.type === 'rejected');
    assert.deepEqual(
      { reason: rejected.reason, errors: rejected.errors },
      { reason: 'invalid', errors: { idChatCategory: 'unknown', email: 'invalid' } },
    );
  });

  it('queues, counts down, has the scripted operator join, greet and answer in the chat language', async () => {
    const v = await visitor();
    const idChat = await startChat(v, 'SALES', { language: 'it', name: 'Ada' });
    const joined = await v.events.next((e) => e.type === 'joined', 'joined');
    // The first queue event may precede the subscription; the one sent on subscribing replaces it.
    const queue = [...new Set(v.events.items.filter((e) => e.type === 'queue').map((e) => e.position))];
    assert.deepEqual(queue, [3, 2, 1]);
    assert.deepEqual(joined.operator, { idUser: 900, username: 'giulia.script', nickname: 'Giulia' });
    const greeting = await v.events.next(
      isMessage((e) => e.from === 'operator'),
      'greeting',
    );
    assert.equal(greeting.text, 'Ciao Ada, sono Giulia. Come posso aiutarti?');
    assert.equal(greeting.author.name, 'Giulia');
    const typingBefore = v.events.items.findIndex(
      (e) => e.type === 'typing' && e.from === 'operator' && e.typing === true,
    );
    assert.ok(typingBefore >= 0 && typingBefore < v.events.items.indexOf(greeting), 'typing before the greeting');

    v.publish(`/app/chat.${idChat}.message`, { clientMessageId: 'c-1', text: 'Quali sono i prezzi?', attachments: [] });
    const echo = await v.events.next(
      isMessage((e) => e.clientMessageId === 'c-1'),
      'echo',
    );
    assert.equal(echo.from, 'visitor');
    assert.equal(echo.id, greeting.id + 1);
    const read = await v.events.next((e) => e.type === 'read', 'read');
    assert.equal(read.upToId, echo.id);
    const answer = await v.events.next(
      isMessage((e) => e.from === 'operator' && e.id > echo.id),
      'answer',
    );
    assert.match(answer.text, /10 € al mese/);
  });

  it('echoes a message with a server id and de-duplicates a resend by clientMessageId', async () => {
    const v = await visitor();
    const idChat = await startChat(v, 'HUMAN');
    v.publish(`/app/chat.${idChat}.message`, { clientMessageId: 'dup', text: 'one' });
    v.publish(`/app/chat.${idChat}.message`, { clientMessageId: 'dup', text: 'one again' });
    v.publish(`/app/chat.${idChat}.message`, { clientMessageId: 'next', text: 'two' });
    const two = await v.events.next(isMessage((e) => e.clientMessageId === 'next'));
    const dups = v.events.items.filter(isMessage((e) => e.clientMessageId === 'dup'));
    assert.equal(dups.length, 2);
    assert.equal(dups[0]!.id, dups[1]!.id);
    assert.equal(dups[1]!.text, 'one');
    assert.equal(two.id, dups[0]!.id + 1);
    const history = await (await fetch(`${sim.url}/chat/api/chat/history/${idChat}`, { headers: TOKEN })).json();
    assert.deepEqual(
      history.messages.map((m: Event) => m.text),
      ['one', 'two'],
    );
  });

  it('rejects empty and too long messages and messages after close, without breaking the connection', async () => {
    const v = await visitor();
    const idChat = await startChat(v, 'HUMAN');
    v.publish(`/app/chat.${idChat}.message`, { clientMessageId: 'e', text: '  ' });
    assert.equal((await v.events.next((e) => e.type === 'rejected' && e.clientMessageId === 'e')).reason, 'empty');
    v.publish(`/app/chat.${idChat}.message`, { clientMessageId: 'l', text: 'x'.repeat(4001) });
    assert.equal((await v.events.next((e) => e.type === 'rejected' && e.clientMessageId === 'l')).reason, 'too-long');
    v.publish(`/app/chat.${idChat}.message`, { clientMessageId: 'u', text: 'file', attachments: ['no-such-uuid'] });
    assert.equal(
      (await v.events.next((e) => e.type === 'rejected' && e.clientMessageId === 'u')).reason,
      'unknown-attachment',
    );
    v.publish(`/app/chat.${idChat}.close`, {});
    assert.equal((await v.events.next((e) => e.type === 'closed')).by, 'visitor');
    v.publish(`/app/chat.${idChat}.message`, { clientMessageId: 'late', text: 'hello?' });
    assert.equal(
      (await v.events.next((e) => e.type === 'rejected' && e.clientMessageId === 'late')).reason,
      'chat-closed',
    );
    assert.equal(v.client.connected, true);
  });

  it("lets only the chat's visitor or operators subscribe to a chat", async () => {
    const owner = await visitor();
    const idChat = await startChat(owner, 'HUMAN');
    const stranger = await visitor();
    stranger.client.subscribe(`/topic/chat.${idChat}`, () => {});
    assert.equal((await stranger.errors.next(() => true)).headers.message, 'forbidden');
    await stranger.closes.next(() => true);
    const raw = await RawStomp.open();
    raw.send(
      CONNECT_VISITOR('intruder') +
        `SEND\ndestination:/app/chat.${idChat}.message\n\n{"clientMessageId":"x","text":"hi"}\0`,
    );
    assert.equal((await raw.next('ERROR')).headers.message, 'forbidden');
    const raw2 = await RawStomp.open();
    raw2.send(CONNECT_VISITOR('nosy') + 'SUBSCRIBE\nid:1\ndestination:/topic/operators\n\n\0');
    assert.equal((await raw2.next('ERROR')).headers.message, 'forbidden');
    const raw3 = await RawStomp.open();
    raw3.send(CONNECT_VISITOR('nosy2') + 'SUBSCRIBE\nid:1\ndestination:/topic/visitor.someone-else\n\n\0');
    assert.equal((await raw3.next('ERROR')).headers.message, 'forbidden');
    const op = await connect({ CHAT_WS_USER: 'operator', CHAT_WS_PASSWORD: 'operator' });
    await op.subscribe(`/topic/chat.${idChat}`);
  });

  it('runs the bot with quick replies and hands over to the operator', async () => {
    const v = await visitor();
    const idChat = await startChat(v, 'BOT');
    const welcome = await v.events.next(
      isMessage((e) => e.from === 'bot'),
      'bot welcome',
    );
    assert.equal(welcome.author.name, 'Sportellino');
    assert.deepEqual(
      welcome.quickReplies.map((q: Event) => q.value),
      ['hours', 'prices', 'documents', 'human'],
    );
    v.publish(`/app/chat.${idChat}.message`, { clientMessageId: 'q1', text: 'Opening hours', quickReply: 'hours' });
    const hours = await v.events.next(
      isMessage((e) => e.from === 'bot' && e.id > welcome.id),
      'hours answer',
    );
    assert.match(hours.text, /Monday to Friday/);
    assert.equal(hours.quickReplies.length, 4);
    v.publish(`/app/chat.${idChat}.message`, { clientMessageId: 'q2', text: 'Talk to an operator' });
    const handoff = await v.events.next(
      isMessage((e) => e.from === 'bot' && /handing you over/.test(e.text)),
      'handoff',
    );
    assert.equal(handoff.quickReplies, undefined);
    await v.events.next((e) => e.type === 'queue', 'queue after handoff');
    const joined = await v.events.next((e) => e.type === 'joined', 'operator joins');
    assert.equal(joined.operator.idUser, 900);
    const greeting = await v.events.next(
      isMessage((e) => e.from === 'operator'),
      'greeting',
    );
    assert.match(greeting.text, /Giulia/);
    // The operator answers what is said to them, not the request to the bot that brought them.
    v.publish(`/app/chat.${idChat}.message`, { clientMessageId: 'q3', text: 'xyzzy 42' });
    const answer = await v.events.next(
      isMessage((e) => e.from === 'operator' && e.id > greeting.id),
      'first answer',
    );
    assert.match(answer.text, /xyzzy 42/);
  });

  it('relays typing to the other side, not back to the sender', async () => {
    const v = await visitor();
    const idChat = await startChat(v, 'HUMAN');
    const op = await connect({ CHAT_WS_USER: 'operator', CHAT_WS_PASSWORD: 'operator' });
    await op.subscribe(`/topic/chat.${idChat}`);
    v.publish(`/app/chat.${idChat}.typing`, { typing: true });
    const typing = await op.events.next((e) => e.type === 'typing');
    assert.deepEqual({ from: typing.from, typing: typing.typing }, { from: 'visitor', typing: true });
    op.publish(`/app/chat.${idChat}.typing`, { typing: true });
    const back = await v.events.next((e) => e.type === 'typing');
    assert.equal(back.from, 'operator');
    assert.equal(v.events.items.filter((e) => e.type === 'typing' && e.from === 'visitor').length, 0);
  });

  it('sends what was missed after a reconnect as one history event with the state', async () => {
    const v = await visitor();
    const idChat = await startChat(v, 'SALES');
    const greeting = await v.events.next(isMessage((e) => e.from === 'operator'));
    v.publish(`/app/chat.${idChat}.message`, { clientMessageId: 'before-drop', text: 'thanks' });
    await v.events.next(isMessage((e) => e.clientMessageId === 'before-drop'));
    await v.client.deactivate();
    // The scripted operator answers while the visitor is away.
    const answered = async () =>
      (await (await fetch(`${sim.url}/chat/api/chat/history/${idChat}`, { headers: TOKEN })).json()).messages.length ===
      3;
    while (!(await answered())) await pollStep(10);
    const again = await connect({ 'visitor-id': v.visitorId, 'widget-key': 'demo' });
    await again.subscribe(`/topic/chat.${idChat}`);
    again.publish(`/app/chat.${idChat}.sync`, { afterId: greeting.id });
    const history = await again.events.next((e) => e.type === 'history');
    assert.deepEqual(
      history.messages.map((m: Event) => [m.id, m.from]),
      [
        [2, 'visitor'],
        [3, 'operator'],
      ],
    );
    assert.match(history.messages[1].text, /welcome/);
    assert.equal(history.state.status, 'assigned');
    assert.equal(history.state.operator.nickname, 'Giulia');
    assert.equal(history.state.closed, false);
    assert.equal(history.state.lastMessageId, 3);
  });

  it('tells a visitor subscribing to a chat that no longer exists (after a reset) that it is closed', async () => {
    const v = await visitor();
    await v.subscribe('/topic/chat.424242');
    const closed = await v.events.next((e) => e.type === 'closed');
    assert.deepEqual(
      { by: closed.by, reason: closed.reason, idChat: closed.idChat },
      { by: 'system', reason: 'not-found', idChat: 424242 },
    );
  });
});

describe('chat STOMP: real operators', () => {
  it('takes a HUMAN chat through the pending list, REST join, STOMP messages and REST close', async () => {
    const op = await connect({ CHAT_WS_USER: 'operator', CHAT_WS_PASSWORD: 'operator' });
    await op.subscribe('/topic/operators');
    const v = await visitor();
    const idChat = await startChat(v, 'HUMAN');
    const pendingEvent = await op.events.next((e) => e.type === 'chat-pending');
    assert.equal(pendingEvent.chat.idChat, idChat);
    const pending = await (await fetch(`${sim.url}/chat/api/chat/pending/3`, { headers: TOKEN })).json();
    assert.deepEqual(
      pending.map((c: Event) => c.idChat),
      [idChat],
    );
    assert.equal(pending[0].status, 'P');

    await op.subscribe(`/topic/chat.${idChat}`);
    const join = await fetch(`${sim.url}/chat/api/chat/join`, {
      method: 'POST',
      headers: { ...TOKEN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ idChat, idUser: 1 }),
    });
    assert.equal(join.status, 200);
    assert.deepEqual(await join.json(), { idUser: 1, username: 'operator', nickname: 'Operatore Demo' });
    assert.equal((await v.events.next((e) => e.type === 'joined')).operator.username, 'operator');

    op.publish(`/app/chat.${idChat}.message`, { clientMessageId: 'op-1', text: 'Buongiorno!' });
    const fromOp = await v.events.next(isMessage((e) => e.from === 'operator'));
    assert.deepEqual(fromOp.author, { idUser: 1, name: 'Operatore Demo' });
    v.publish(`/app/chat.${idChat}.message`, { clientMessageId: 'v-1', text: 'Salve' });
    assert.equal((await op.events.next(isMessage((e) => e.clientMessageId === 'v-1'))).from, 'visitor');
    op.publish(`/app/chat.${idChat}.read`, { upToId: 2 });
    assert.equal((await v.events.next((e) => e.type === 'read')).upToId, 2);

    const joined = await (await fetch(`${sim.url}/chat/api/chat/joined/1`, { headers: TOKEN })).json();
    assert.deepEqual(
      joined.map((c: Event) => c.idChat),
      [idChat],
    );
    const close = await fetch(`${sim.url}/chat/api/chat/close/${idChat}`, { method: 'PUT', headers: TOKEN });
    assert.equal(close.status, 200);
    assert.equal((await close.json()).closed, true);
    assert.equal((await v.events.next((e) => e.type === 'closed')).by, 'operator');
  });

  it('keeps the scripted operator away from SUPPORT chats while a real operator is available', async () => {
    const op = await connect({ CHAT_WS_USER: 'operator', CHAT_WS_PASSWORD: 'operator' });
    const v = await visitor();
    const idChat = await startChat(v, 'SUPPORT');
    const queue = await v.events.next((e) => e.type === 'queue');
    assert.equal(queue.position, 1, 'no pretend queue ahead when a person will answer');
    const position = await (await fetch(`${sim.url}/chat/public/api/chat/queue-position/?idChat=${idChat}`)).json();
    assert.equal(position.status, 'queued');
    const away = await fetch(`${sim.url}/chat/api/users/away/1`, { method: 'PUT', headers: TOKEN });
    assert.equal((await away.json()).status, 'away');
    const joined = await v.events.next((e) => e.type === 'joined');
    assert.equal(joined.operator.idUser, 900);
    assert.equal(v.events.items.filter((e) => e.type === 'joined').length, 1);
    assert.ok(op.client.connected);
  });

  it('lets a real operator take over a chat from the scripted one', async () => {
    const v = await visitor();
    const idChat = await startChat(v, 'SALES');
    await v.events.next((e) => e.type === 'joined' && e.operator.idUser === 900);
    const join = await fetch(`${sim.url}/chat/api/chat/join`, {
      method: 'POST',
      headers: TOKEN,
      body: JSON.stringify({ idChat, idUser: 1 }),
    });
    assert.equal(join.status, 200);
    assert.equal((await v.events.next((e) => e.type === 'left')).operator.idUser, 900);
    assert.equal(
      (await v.events.next((e) => e.type === 'joined' && e.operator.idUser === 1)).operator.username,
      'operator',
    );
  });

  it('transfers a chat between real operators with PUT /api/chat/assign: one transferred event, no left/joined', async () => {
    const v = await visitor();
    const idChat = await startChat(v, 'SALES');
    await v.events.next((e) => e.type === 'joined' && e.operator.idUser === 900);
    const assign = (idUser: unknown) =>
      fetch(`${sim.url}/chat/api/chat/assign`, {
        method: 'PUT',
        headers: TOKEN,
        body: JSON.stringify({ idChat, idUser }),
      });
    assert.equal((await assign(1)).status, 200);
    const first = await v.events.next((e) => e.type === 'transferred' && e.operator.idUser === 1);
    assert.equal(first.from.idUser, 900);
    // A reassignment away from a real operator (join would refuse it: 403).
    const second = await assign(3);
    assert.equal(second.status, 200);
    assert.equal((await second.json()).nickname, 'Marta');
    const transfer = await v.events.next((e) => e.type === 'transferred' && e.operator.idUser === 3);
    assert.deepEqual(transfer.from, { idUser: 1, username: 'operator', nickname: 'Operatore Demo' });
    assert.equal(
      v.events.items.filter((e) => e.type === 'left' || e.type === 'joined').length,
      1,
      'only the first join',
    );
    assert.equal((await assign(2)).status, 403);
    assert.equal((await assign(99)).status, 404);
    assert.equal((await assign(undefined)).status, 400);
  });
});

describe('chat STOMP: faults', () => {
  afterEach(() => fetch(`${sim.url}/__sim/faults`, { method: 'DELETE' }));

  it('sends one MESSAGE with a body that is not JSON when malformed-stomp is injected', async () => {
    const raw = await RawStomp.open();
    raw.send(CONNECT_VISITOR('fault') + 'SUBSCRIBE\nid:s\ndestination:/topic/visitor.fault\nreceipt:ok\n\n\0');
    await raw.next('RECEIPT');
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'malformed-stomp', match: '/chat/websocket' }),
    });
    const start = (id: string) =>
      raw.send(`SEND\ndestination:/app/chat.start\n\n{"clientRequestId":"${id}","idChatCategory":4}\0`);
    start('a');
    start('b');
    await raw.frames.next((f) => f.command === 'MESSAGE' && f.body.toString().includes('"b"'));
    const bodies = raw.frames.items.filter((f) => f.command === 'MESSAGE').map((f) => f.body.toString());
    assert.throws(() => JSON.parse(bodies[0]!));
    assert.equal(JSON.parse(bodies[1]!).type, 'started');
  });

  it('drops every socket abruptly on /__sim/ws/drop and counts them', async () => {
    const a = await visitor();
    const b = await connect({ CHAT_WS_USER: 'operator', CHAT_WS_PASSWORD: 'operator' });
    const res = await fetch(`${sim.url}/__sim/ws/drop`, { method: 'POST' });
    assert.equal((await res.json()).dropped, 2);
    assert.equal(await a.closes.next(() => true), 1006);
    assert.equal(await b.closes.next(() => true), 1006);
  });

  it('lists the open sockets on /__sim/ws (visitor id, operator name) and counts them on /__sim/health', async () => {
    const a = await visitor('ws-list-visitor');
    await connect({ CHAT_WS_USER: 'operator', CHAT_WS_PASSWORD: 'operator' });
    const listed = (await (await fetch(`${sim.url}/__sim/ws`)).json()) as {
      open: number;
      sockets: Array<Record<string, unknown>>;
    };
    assert.equal(listed.open, listed.sockets.length);
    assert.deepEqual(
      listed.sockets.filter((s) => s.visitorId === 'ws-list-visitor').map((s) => [s.service, s.kind, s.widgetKey]),
      [['chat', 'visitor', 'demo']],
    );
    assert.ok(listed.sockets.some((s) => s.kind === 'operator' && s.username === 'operator'));
    assert.equal((await (await fetch(`${sim.url}/__sim/health`)).json()).websockets, listed.open);
    await a.client.deactivate();
    const after = (await (await fetch(`${sim.url}/__sim/ws`)).json()) as { sockets: Array<Record<string, unknown>> };
    assert.equal(after.sockets.filter((s) => s.visitorId === 'ws-list-visitor').length, 0);
  });

  it('refuses the WebSocket upgrade while refuse-ws is active', async () => {
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'refuse-ws', match: '/chat/websocket', durationMs: 60_000 }),
    });
    const ws = new WebSocket(wsUrl, ['v12.stomp']);
    ws.on('error', () => {});
    const status = await new Promise<number>((resolve) =>
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    assert.equal(status, 503);
    ws.terminate();
  });
});
