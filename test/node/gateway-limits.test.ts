import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { SignJWT } from 'jose';
import { WebSocket } from 'ws';
import { readConfig } from '../../gateway/config.js';
import { ADA, SECRET, json, mint, startHarness, withToken, type Harness } from './gateway-helpers.js';

// Issue #32, defects 2, 3 and 7 (tokens), each as the issue's attack: a trickle of uploads that
// stalled every visitor, a body trickled for ever, a forged X-Forwarded-For walking past the per-IP
// budget, a chat socket limit that ignored the proxy rule, and a token issued in the future.

/** An upload that declares `declared` bytes and then sends one byte every `everyMs`, until stopped. */
function trickle(
  base: string,
  path: string,
  headers: Record<string, string>,
  declared: number,
  everyMs: number,
): { req: ClientRequest; status: Promise<number>; stop(): void } {
  const url = new URL(base);
  let timer: NodeJS.Timeout | undefined;
  let req!: ClientRequest;
  const status = new Promise<number>((resolve) => {
    req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: {
          ...headers,
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': String(declared),
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', () => resolve(-1));
    req.on('close', () => clearInterval(timer));
    req.write('--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n');
    timer = setInterval(() => req.write('a'), everyMs);
  });
  return {
    req,
    status,
    stop() {
      clearInterval(timer);
      req.destroy();
    },
  };
}

describe('a trickle of uploads stalls nobody', { timeout: 180_000 }, () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ SPORTELLO_GATEWAY_TRUST_PROXY: '1' });
  });
  after(() => h.close());

  it('~270 anonymous chat uploads declaring 5 MB and sending 1 byte every 5 s leave another visitor answered', async () => {
    const path = '/chat/public/api/attachments/upload';
    const count = 270;
    // The gateway has read each trickle's head (it is then refused or held): counted where the
    // gateway's HTTP server hears it, not guessed from a wait.
    const server = h.gw.app.server;
    const allReached = new Promise<void>((resolve) => {
      let reached = 0;
      const heard = (req: IncomingMessage) => {
        if (req.url === path && ++reached === count) {
          server.off('request', heard);
          resolve();
        }
      };
      server.on('request', heard);
    });
    const uploads = Array.from({ length: count }, (_, i) =>
      trickle(h.gw.url, path, { 'X-Forwarded-For': `203.0.113.${i % 2}` }, 5 * 1024 * 1024, 5_000),
    );
    try {
      // Every trickle has reached the gateway (refused or held), and now another visitor asks.
      await allReached;
      const answer = await Promise.race([
        fetch(`${h.gw.url}/chat/public/api/widget?widgetKey=demo`, {
          headers: { 'X-Forwarded-For': '198.51.100.7' },
        }).then((r) => r.status),
        // A generous bound: the answer must come while the trickles still hold what they hold.
        new Promise<string>((r) => setTimeout(() => r('no answer while the uploads trickle'), 60_000)),
      ]);
      assert.equal(answer, 200);
    } finally {
      for (const u of uploads) u.stop();
    }
  });
});

describe('a body trickled for ever loses its socket', { timeout: 120_000 }, () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ SPORTELLO_GATEWAY_BODY_IDLE_MS: '1000', SPORTELLO_GATEWAY_BODY_TIMEOUT_MS: '4000' });
  });
  after(() => h.close());

  async function closedByGateway(everyMs: number): Promise<string> {
    const url = new URL(h.gw.url);
    const socket: Socket = connect(Number(url.port), url.hostname);
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      'POST /chat/public/api/chat/input/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const timer = setInterval(() => socket.write(' '), everyMs);
    let answer = '';
    socket.on('data', (d) => (answer += d));
    const how = await Promise.race([
      new Promise<string>((r) => socket.once('close', () => r(`closed: ${answer.split('\r\n')[0] ?? ''}`))),
      new Promise<string>((r) => setTimeout(() => r('still open after 60 s'), 60_000)),
    ]);
    clearInterval(timer);
    socket.destroy();
    return how;
  }

  it('a body silent past its idle deadline is answered 408 and closed', async () => {
    assert.match(await closedByGateway(10_000), /^closed: HTTP\/1\.1 408/);
  });
  it('a body trickled 1 byte at a time, never silent long enough, still ends at the body deadline', async () => {
    assert.match(await closedByGateway(500), /^closed/);
  });
});

describe('client IP from the configured proxies only', { timeout: 120_000 }, () => {
  it('refuses to trust "any" proxy (SPORTELLO_GATEWAY_TRUST_PROXY=true)', () => {
    assert.throws(
      () => readConfig({ SPORTELLO_GATEWAY_TRUST_PROXY: 'true' }, 'http://127.0.0.1:1'),
      /SPORTELLO_GATEWAY_TRUST_PROXY: "true" would let any client forge its address/,
    );
  });

  it('a forged X-Forwarded-For does not buy more AI answers than the per-IP budget', async () => {
    const h = await startHarness({ SPORTELLO_GATEWAY_TRUST_PROXY: '1', SPORTELLO_GATEWAY_RATE_AI_CHAT_IP: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        // The client writes a new address each time; the proxy in front appends the real one.
        const res = await fetch(`${h.gw.url}/ai/api/v2/chat`, {
          ...json({ agent_id: 1, message: 'Quali sono gli orari?' }),
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.8.${i}, 192.0.2.44` },
        });
        statuses.push(res.status);
        await res.arrayBuffer();
      }
      assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429]);
    } finally {
      await h.close();
    }
  });

  it('the chat socket limits each visitor behind the proxy, not the proxy as one bucket', async () => {
    const h = await startHarness({ SPORTELLO_GATEWAY_TRUST_PROXY: '1', SPORTELLO_GATEWAY_RATE_IP: '2' });
    const open = (ip: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`${h.gw.url.replace(/^http/, 'ws')}/chat/websocket`, ['v12.stomp'], {
          headers: { 'X-Forwarded-For': ip },
        });
        ws.on('open', () => (ws.close(), resolve(101)));
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => undefined);
      });
    try {
      assert.deepEqual([await open('192.0.2.1'), await open('192.0.2.1'), await open('192.0.2.1')], [101, 101, 429]);
      // Another visitor behind the same proxy has their own bucket.
      assert.equal(await open('192.0.2.2'), 101);
    } finally {
      await h.close();
    }
  });
});

describe('visitor tokens: time claims', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ SPORTELLO_GATEWAY_VISITOR_ISSUER: 'https://www.example.com' });
  });
  after(() => h.close());

  it('refuses a token issued in the future (beyond a few seconds of clock skew)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const future = await new SignJWT({ ...ADA })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('https://www.example.com')
      .setAudience('sportello')
      .setIssuedAt(now + 3600)
      .setExpirationTime(now + 3600 + 60)
      .sign(new TextEncoder().encode(SECRET));
    const res = await fetch(`${h.gw.url}/sign/api/v2/files/1001`, withToken(future));
    assert.equal(res.status, 401);
    const skewed = await mint(ADA, { issuer: 'https://www.example.com' });
    assert.equal((await fetch(`${h.gw.url}/sign/api/v2/files/1001`, withToken(skewed))).status, 200);
  });

  it('requires iss when an issuer is configured', async () => {
    const res = await fetch(`${h.gw.url}/sign/api/v2/files/1001`, withToken(await mint(ADA)));
    assert.equal(res.status, 401);
  });
});
