import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { WebSocket } from 'ws';
import { ADA, json, mint, startHarness, withToken, type Harness } from './gateway-helpers.js';
import { pollStep } from '../harness/harness.js';

// Streams and sockets through the gateway: an SSE answer leaves as it arrives, an upload is
// streamed and cut at its cap, and the live chat's STOMP WebSocket is proxied with the visitor
// token's name and e-mail as the chat's identity.

let h: Harness;
let ada: string;

before(async () => {
  h = await startHarness({ SPORTELLO_GATEWAY_MAX_UPLOAD_BYTES: String(1024 * 1024) });
  ada = await mint(ADA);
});
after(() => h.close());
beforeEach(async () => {
  await fetch(`${h.sim.url}/__sim/reset`, { method: 'POST' });
});

async function openStreams(): Promise<number> {
  return (await (await fetch(`${h.sim.url}/__sim/health`)).json()).eventStreams;
}

describe('gateway: SSE', () => {
  it('passes each event on as it arrives: the first reaches the visitor while the service still streams', async () => {
    const res = await fetch(
      `${h.gw.url}/ai/api/v2/chat`,
      withToken(ada, json({ agent_id: 1, message: 'bench:100k', stream: true })),
    );
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.equal(res.headers.get('x-accel-buffering'), 'no');
    const reader = res.body!.getReader();
    const first = await reader.read();
    assert.match(new TextDecoder().decode(first.value), /^data: \{"type"/);
    // Deterministic, not timed: the service's stream is still open when the first event is here.
    assert.ok((await openStreams()) >= 1, 'the gateway held the stream back until the service finished');
    let text = new TextDecoder().decode(first.value);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    assert.match(text, /"type":"done"/);
    assert.ok(text.length > 100_000);
  });

  it('closes the service stream when the visitor goes away', async () => {
    const abort = new AbortController();
    const res = await fetch(
      `${h.gw.url}/ai/api/v2/chat`,
      withToken(ada, { ...json({ agent_id: 1, message: 'bench:100k', stream: true }), signal: abort.signal }),
    );
    const reader = res.body!.getReader();
    await reader.read();
    abort.abort();
    for (let i = 0; i < 200 && (await openStreams()) > 0; i++) await pollStep(25);
    assert.equal(await openStreams(), 0);
  });
});

describe('gateway: uploads', () => {
  it('streams an upload without a declared length and cuts it at the cap (413)', async () => {
    const { idUpload } = await (await fetch(`${h.gw.url}/desk/richieste/upload-id`, withToken(ada))).json();
    const url = new URL(`${h.gw.url}/desk/richieste/upload/${idUpload}`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            Authorization: `Bearer ${ada}`,
            'Content-Type': 'multipart/form-data; boundary=x',
            'Transfer-Encoding': 'chunked',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(
        '--x\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n',
      );
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const pump = () => {
        while (sent < 3 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return req.once('drain', pump);
        }
        req.end('\r\n--x--\r\n');
      };
      pump();
    });
    assert.equal(status, 413);
  });

  it('streams an upload under the cap to the service', async () => {
    const { idUpload } = await (await fetch(`${h.gw.url}/desk/richieste/upload-id`, withToken(ada))).json();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(512 * 1024)]), 'mezzo.bin');
    const res = await fetch(
      `${h.gw.url}/desk/richieste/upload/${idUpload}`,
      withToken(ada, { method: 'POST', body: form }),
    );
    assert.equal(res.status, 200);
    assert.equal((await res.json()).dimensione, 512 * 1024);
  });
});

describe('gateway: the live chat WebSocket', () => {
  const frame = (command: string, headers: Record<string, string>, body = '') =>
    `${command}\n${Object.entries(headers)
      .map(([k, v]) => `${k}:${v}`)
      .join('\n')}\n\n${body}\0`;

  function stomp(url: string) {
    const ws = new WebSocket(url, ['v12.stomp']);
    const frames: string[] = [];
    const waiters: Array<() => void> = [];
    ws.on('message', (d) => {
      frames.push(String(d));
      waiters.splice(0).forEach((w) => w());
    });
    const next = async (test: (f: string) => boolean): Promise<string> => {
      for (;;) {
        const found = frames.find(test);
        if (found) return found;
        if (ws.readyState === WebSocket.CLOSED) throw new Error(`socket closed; frames: ${frames.join(' | ')}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          ws.once('close', () => r());
        });
      }
    };
    return { ws, next, opened: new Promise((r, j) => (ws.once('open', r), ws.once('error', j))) };
  }

  it("starts a chat with the token's name and e-mail, whatever the page typed", async () => {
    const url = `${h.gw.url.replace('http', 'ws')}/chat/websocket?access_token=${ada}`;
    const s = stomp(url);
    await s.opened;
    s.ws.send(
      frame('CONNECT', {
        'accept-version': '1.2',
        host: 'x',
        'heart-beat': '0,0',
        'visitor-id': 'v-ada-1',
        'widget-key': 'demo',
      }),
    );
    await s.next((f) => f.startsWith('CONNECTED'));
    s.ws.send(frame('SUBSCRIBE', { id: 's1', destination: '/topic/visitor.v-ada-1' }));
    const body = JSON.stringify({
      clientRequestId: 'r1',
      idChatCategory: 1,
      name: 'Finto Nome',
      email: 'finto@evil.test',
      language: 'it',
      startingPage: 'http://site.test/',
      visitorId: 'v-ada-1',
    });
    s.ws.send(
      frame(
        'SEND',
        {
          destination: '/app/chat.start',
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
        body,
      ),
    );
    const started = await s.next((f) => f.includes('"type":"started"'));
    const idChat = JSON.parse(started.slice(started.indexOf('\n\n') + 2, -1)).idChat;
    s.ws.close();
    const chat = await (
      await fetch(`${h.sim.url}/chat/api/chat/${idChat}`, { headers: { 'X-ChatToken': 'demo-chat-token' } })
    ).json();
    assert.equal(chat.name, 'Ada Lovelace');
    assert.equal(chat.email, ADA.email);
  });

  async function startOverSocket(connectHeaders: Record<string, string>, visitorId: string): Promise<number> {
    const s = stomp(`${h.gw.url.replace('http', 'ws')}/chat/websocket`);
    await s.opened;
    s.ws.send(
      frame('CONNECT', {
        'accept-version': '1.2',
        host: 'x',
        'heart-beat': '0,0',
        'visitor-id': visitorId,
        'widget-key': 'demo',
        ...connectHeaders,
      }),
    );
    await s.next((f) => f.startsWith('CONNECTED'));
    s.ws.send(frame('SUBSCRIBE', { id: 's1', destination: `/topic/visitor.${visitorId}` }));
    const body = JSON.stringify({
      clientRequestId: 'r1',
      idChatCategory: 1,
      name: 'Typed Name',
      email: 'typed@example.com',
      language: 'en',
      visitorId,
    });
    s.ws.send(
      frame(
        'SEND',
        {
          destination: '/app/chat.start',
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
        body,
      ),
    );
    const started = await s.next((f) => f.includes('"type":"started"'));
    s.ws.close();
    return JSON.parse(started.slice(started.indexOf('\n\n') + 2, -1)).idChat;
  }
  const chatResource = async (idChat: number) =>
    (await (
      await fetch(`${h.sim.url}/chat/api/chat/${idChat}`, { headers: { 'X-ChatToken': 'demo-chat-token' } })
    ).json()) as { name: string; email: string; verified?: boolean };

  it('takes the visitor-token the live chat sends on CONNECT once it verifies', async () => {
    const chat = await chatResource(await startOverSocket({ 'visitor-token': ada }, 'v-ada-2'));
    assert.equal(chat.name, 'Ada Lovelace');
    assert.equal(chat.email, ADA.email);
    assert.equal(chat.verified, true);
  });

  it('drops a forged visitor-token: the service never sees it, the chat is not verified', async () => {
    const forged = await mint(
      { ...ADA, name: 'Mallory Impostor', email: 'mallory@evil.test' },
      { secret: 'an-attacker-secret-that-is-long-enough-0000' },
    );
    const chat = await chatResource(await startOverSocket({ 'visitor-token': forged }, 'v-mallory-1'));
    assert.equal(chat.name, 'Typed Name');
    assert.notEqual(chat.verified, true);
    const expired = await mint(ADA, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    const chat2 = await chatResource(await startOverSocket({ 'visitor-token': expired }, 'v-late-1'));
    assert.equal(chat2.name, 'Typed Name');
  });

  it('keeps operators out: their CONNECT credentials never reach the service', async () => {
    const s = stomp(`${h.gw.url.replace('http', 'ws')}/chat/websocket`);
    await s.opened;
    s.ws.send(
      frame('CONNECT', { 'accept-version': '1.2', host: 'x', CHAT_WS_USER: 'operator', CHAT_WS_PASSWORD: 'operator' }),
    );
    const answer = await s.next((f) => f.startsWith('ERROR') || f.startsWith('CONNECTED'));
    assert.match(answer, /^ERROR/);
  });

  it('refuses an invalid token, another origin and another path', async () => {
    const refusedWith = (url: string, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, { headers });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => (ws.close(), resolve(101)));
        ws.on('error', () => undefined);
      });
    const base = h.gw.url.replace('http', 'ws');
    assert.equal(await refusedWith(`${base}/chat/websocket?access_token=forged.token.here`), 401);
    assert.equal(await refusedWith(`${base}/chat/websocket`, { Origin: 'https://evil.test' }), 403);
    assert.equal(await refusedWith(`${base}/chat/api/websocket`), 404);
    assert.equal(await refusedWith(`${base}/chat//websocket`), 404);
  });
});
