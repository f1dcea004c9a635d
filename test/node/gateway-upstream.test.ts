import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { httpUpstream, UpstreamFailure, type UpstreamRequest } from '../../gateway/upstream.js';

// The gateway's client to the services (undici's dispatcher), against a plain HTTP server standing
// in for a service: what the routes rely on when an answer is small, large, cut short, late, or
// when the visitor goes away. The gateway suites drive the same client through the simulator.

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
/** Calls the service saw arrive, and saw cancelled (their connection closed before the answer), by URL. */
const arrived = new Map<string, Mark>();
const cancelled = new Map<string, Mark>();
interface Mark {
  promise: Promise<void>;
  resolve: () => void;
}
const seen = (marks: Map<string, Mark>, url: string): Mark => {
  let mark = marks.get(url);
  if (!mark) {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    marks.set(url, (mark = { promise, resolve }));
  }
  return mark;
};
let server: Server;
let base: string;

before(async () => {
  server = createServer((req, res) => {
    seen(arrived, req.url ?? '').resolve();
    req.once('close', () => {
      if (!res.writableEnded) seen(cancelled, req.url ?? '').resolve();
    });
    routes.get((req.url ?? '').split('?')[0]!)?.(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const call = (upstream: ReturnType<typeof httpUpstream>, path: string, more: Partial<UpstreamRequest> = {}) =>
  upstream({
    url: base + path,
    method: 'GET',
    headers: { Accept: 'application/json' },
    timeoutMs: 0,
    idleMs: 0,
    ...more,
  });

async function text(body: Readable): Promise<string> {
  let out = '';
  for await (const chunk of body) out += String(chunk);
  return out;
}

/** A signal as call.ts gives one: abort() says the visitor went away. */
function visitorSignal() {
  const listeners = new Set<() => void>();
  return {
    addEventListener: (_t: 'abort', l: () => void) => listeners.add(l),
    removeEventListener: (_t: 'abort', l: () => void) => listeners.delete(l),
    abort: () => [...listeners].forEach((l) => l()),
    get listening() {
      return listeners.size;
    },
  };
}

describe('gateway upstream: the client to the services', () => {
  it('hands a small declared answer over whole, and as a stream to a caller that asks', async () => {
    routes.set('/small', (req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': '11',
        'X-Seen-Accept': String(req.headers.accept),
      });
      res.end('{"ok":true}');
    });
    const answer = await call(httpUpstream(), '/small');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.equal(answer.headers['x-seen-accept'], 'application/json');
    assert.equal(answer.whole?.toString(), '{"ok":true}');
    assert.equal(await text(answer.body), '{"ok":true}');
  });

  it('streams an answer of unknown length chunk by chunk, before it ends', async () => {
    let finish!: () => void;
    routes.set('/events', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: one\n\n');
      finish = () => res.end('data: two\n\n');
    });
    const answer = await call(httpUpstream(), '/events');
    assert.equal(answer.whole, undefined);
    const first = await new Promise<string>((resolve) => answer.body.once('data', (c) => resolve(String(c))));
    assert.equal(first, 'data: one\n\n');
    finish();
    assert.equal(await text(answer.body), 'data: two\n\n');
  });

  it('refuses a small answer that the service cut short (never a truncated one)', async () => {
    routes.set('/cut', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
      res.write('{"partial":');
      setImmediate(() => res.socket?.destroy());
    });
    await assert.rejects(call(httpUpstream(), '/cut'), (e) => e instanceof UpstreamFailure && e.kind === 'network');
  });

  it('takes a 204 as whole, whatever length it declares', async () => {
    routes.set('/none', (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const answer = await call(httpUpstream(), '/none');
    assert.equal(answer.status, 204);
    assert.equal(answer.whole?.length, 0);
  });

  it('gives up on a service silent after the request (head deadline), and on one with no free connection (queue deadline)', async () => {
    routes.set('/silent', () => undefined);
    const one = httpUpstream({ sockets: 1, uploadSockets: 1 });
    await assert.rejects(
      call(one, '/silent', { timeoutMs: 150 }),
      (e) => e instanceof UpstreamFailure && e.kind === 'timeout',
    );
    const held = call(one, '/silent?held');
    held.catch(() => undefined);
    await assert.rejects(
      call(one, '/small', { queueMs: 150 }),
      (e) => e instanceof UpstreamFailure && e.kind === 'timeout' && /socket/.test(e.message),
    );
  });

  // A call never cancelled would leave the service waiting: the deadline turns that hang into a failure.
  it('cancels the call when the visitor goes away, waiting or streaming', { timeout: 20_000 }, async () => {
    routes.set('/slow', () => undefined);
    const waiting = visitorSignal();
    const pending = call(httpUpstream(), '/slow?waiting', { signal: waiting });
    await seen(arrived, '/slow?waiting').promise;
    waiting.abort();
    await assert.rejects(pending, (e) => e instanceof UpstreamFailure && e.kind === 'network');

    routes.set('/stream', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: first\n\n');
    });
    const streaming = visitorSignal();
    const answer = await call(httpUpstream(), '/stream?streaming', { signal: streaming });
    await new Promise((resolve) => answer.body.once('data', resolve));
    streaming.abort();
    await new Promise((resolve) => answer.body.once('close', resolve));
    // The service sees both connections close (a call that hangs here was never cancelled).
    await seen(cancelled, '/slow?waiting').promise;
    await seen(cancelled, '/stream?streaming').promise;
    assert.equal(streaming.listening, 0);
  });

  it('sends an upload as a stream, and one header per name whatever its case', async () => {
    routes.set('/upload', (req, res) => {
      let size = 0;
      req.on('data', (c: Buffer) => (size += c.length));
      req.on('end', () => {
        const keys = req.rawHeaders.filter((h) => /^idempotency-key$/i.test(h)).length;
        const json = JSON.stringify({ size, key: req.headers['idempotency-key'], keys });
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(json.length) });
        res.end(json);
      });
    });
    const body = Readable.from([Buffer.alloc(70_000, 1), Buffer.alloc(30_000, 2)]);
    const answer = await call(httpUpstream(), '/upload', {
      method: 'POST',
      body,
      upload: true,
      headers: { 'idempotency-key': 'from-the-page', 'Idempotency-Key': 'the-gateway-s', 'Content-Length': '5' },
    });
    assert.deepEqual(JSON.parse(answer.whole!.toString()), { size: 100_000, key: 'the-gateway-s', keys: 1 });
  });
});
