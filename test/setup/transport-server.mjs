// A small HTTP/SSE server for the transport tests, on an ephemeral loopback port. Each endpoint
// plays one situation a real service puts a client in (a flaky 503, Retry-After, a 401 that a
// fresh token cures, a slow answer, a stream cut off or split at awkward places). State is kept
// per `key` query parameter so tests never see each other's counters.
import { createServer } from 'node:http';
import { closeAllRabbitConnections, deleteRabbitQueue } from './rabbitmq.mjs';

const EVENTS = {
  // Multi-byte text on purpose: split at every byte, it must come out whole.
  basic: [
    { event: 'meta', data: '{"type":"start","n":0}' },
    { data: '{"type":"token","text":"Caffè € 😀 naïve"}' },
    { id: '7', data: '{"type":"token","text":"line two"}' },
    { comment: 'keep-alive' },
    { data: ['{"type":"multi",', '"x":1}'] },
    { event: 'message', data: '{"type":"token","text":"ü"}' },
    { data: '{"type":"done"}' },
  ],
  malformed: [
    { data: '{"type":"token","text":"a"}' },
    { data: '{not json' },
    { data: '{"type":"token","text":"b"}' },
    { data: '{"type":"done"}' },
  ],
  // No terminal event: the client must report the stream as cut.
  cut: [{ data: '{"type":"token","text":"a"}' }, { data: '{"type":"token","text":"b"}' }],
};

function serialise(script, eol) {
  let out = '';
  for (const item of script) {
    if (item.comment) {
      out += `: ${item.comment}${eol}`;
      continue;
    }
    if (item.event) out += `event: ${item.event}${eol}`;
    if (item.id) out += `id: ${item.id}${eol}`;
    for (const line of [].concat(item.data)) out += `data: ${line}${eol}`;
    out += eol;
  }
  return out;
}

/** The exact bytes /t/sse sends for a script and line ending (tests compare against it). */
export function sseBytes(name, eol) {
  return Buffer.from(serialise(EVENTS[name], { lf: '\n', crlf: '\r\n', cr: '\r' }[eol] ?? '\n'), 'utf8');
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startTransportServer({ allowedOrigins = [] } = {}) {
  /** key → { calls, aborted, tokens... } */
  const state = new Map();
  /** key → resolves the drop of that key's `end=drop` stream (`/t/release`: the client read what came before). */
  const releases = new Map();
  const released = (key) => new Promise((resolve) => releases.set(key, resolve));
  const stateOf = (key) => {
    if (!state.has(key)) state.set(key, { calls: 0, aborted: 0, closed: 0, finished: 0, tokens: 0 });
    return state.get(key);
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const q = url.searchParams;
    const origin = req.headers.origin;
    if (origin && (allowedOrigins.includes(origin) || /^http:\/\/(localhost|127\.0\.0\.1):\d+$/.test(origin))) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Expose-Headers', 'Retry-After, Content-Disposition, X-Attempt');
    }
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
      res.setHeader('Access-Control-Max-Age', '600');
      res.writeHead(204).end();
      return;
    }
    const key = q.get('key') ?? 'default';
    const st = stateOf(key);
    const json = (status, body, headers = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      switch (url.pathname) {
        case '/t/echo': {
          st.calls++;
          const body = await readBody(req);
          const query = [...q.entries()].filter(([k]) => k !== 'key');
          json(200, {
            method: req.method,
            query,
            search: url.search,
            path: url.pathname,
            headers: req.headers,
            bodyText: body.length < 100_000 ? body.toString('utf8') : '',
            bodyBytes: body.length,
          });
          return;
        }
        case '/t/state':
          json(200, st);
          return;
        case '/t/release':
          releases.get(key)?.();
          releases.delete(key);
          json(200, { released: true });
          return;
        case '/t/flaky': {
          // The first `fail` calls answer `status` (with Retry-After if asked), then 200.
          st.calls++;
          await readBody(req);
          const fail = Number(q.get('fail') ?? 1);
          if (st.calls <= fail) {
            const headers = {};
            const ra = q.get('retryAfter');
            if (ra === 'date') headers['Retry-After'] = new Date(Date.now() + 1500).toUTCString();
            else if (ra) headers['Retry-After'] = ra;
            const status = Number(q.get('status') ?? 503);
            if (status === 0) {
              // The connection breaks in the middle of the answer. (Closing it before any byte
              // would not do: Chromium silently re-sends a request whose reused keep-alive
              // socket closed, even a POST, so the client would never see the failure.)
              res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
              // Broken once the partial answer has left for the client (the write's callback).
              res.write('{"partial":', () => req.socket.destroy());
              return;
            }
            json(status, { detail: `failure ${st.calls}` }, headers);
            return;
          }
          json(200, { calls: st.calls, method: req.method }, { 'X-Attempt': String(st.calls) });
          return;
        }
        case '/t/auth': {
          // Accepts only `Bearer fresh-<n>` with n ≥ `need`; anything else is a 401.
          st.calls++;
          const need = Number(q.get('need') ?? 2);
          const m = /^Bearer fresh-(\d+)$/.exec(req.headers.authorization ?? '');
          if (m && Number(m[1]) >= need) json(200, { ok: true, token: m[0] });
          else
            json(401, {
              status: 401,
              details: 'token expired',
              messageKey: 'error.unauthorized',
              reference: '0d1c2b3a-1111-4222-8333-944455556666',
              timestamp: new Date().toISOString(),
              type: 'common',
            });
          return;
        }
        case '/t/token': {
          // OAuth client credentials (form body); `bad` secret is refused like an IdP would.
          const form = new URLSearchParams((await readBody(req)).toString('utf8'));
          if (form.get('grant_type') !== 'client_credentials') return json(400, { error: 'unsupported_grant_type' });
          if (form.get('client_secret') !== 'secret')
            return json(401, { error: 'invalid_client', error_description: 'Invalid client credentials' });
          st.tokens++;
          json(200, {
            access_token: `fresh-${st.tokens}`,
            token_type: 'Bearer',
            expires_in: Number(q.get('expiresIn') ?? 3600),
          });
          return;
        }
        case '/t/slow': {
          // Answers after `ms`; records whether the client gave up first.
          st.calls++;
          let closed = false;
          res.on('close', () => {
            if (!res.writableFinished) {
              closed = true;
              st.aborted++;
            }
          });
          await wait(Number(q.get('ms') ?? 5000));
          if (!closed) json(200, { slow: true });
          return;
        }
        case '/t/error': {
          const status = Number(q.get('status') ?? 400);
          const shape = q.get('shape') ?? 'bare';
          const headers = q.get('retryAfter') ? { 'Retry-After': q.get('retryAfter') } : {};
          if (shape === 'signing')
            return json(
              status,
              {
                status,
                details: 'Missing documents',
                messageKey: 'error.file.missingData',
                reference: '5f1e0c9a-2b7d-4c3e-9a10-1234567890ab',
                timestamp: '2026-01-01T00:00:00Z',
                type: 'common',
              },
              headers,
            );
          if (shape === 'ai') return json(status, { detail: 'Message quota exceeded' }, headers);
          if (shape === 'ai-list')
            return json(
              status,
              { detail: [{ loc: ['body', 'message'], msg: 'field required', type: 'missing' }] },
              headers,
            );
          if (shape === 'oauth')
            return json(status, { error: 'invalid_client', error_description: 'Invalid client credentials' }, headers);
          if (shape === 'html') {
            res.writeHead(status, { 'Content-Type': 'text/html', ...headers });
            res.end('<html><body><h1>Bad gateway</h1></body></html>');
            return;
          }
          res.writeHead(status, headers).end();
          return;
        }
        case '/t/bad-json':
          res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"broken":');
          return;
        case '/t/no-content':
          res.writeHead(204).end();
          return;
        case '/t/download':
          res.writeHead(200, {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="fallback.pdf"; filename*=UTF-8''contratto%20firmato%20%E2%82%AC.pdf`,
          });
          res.end(Buffer.from('%PDF-1.4\n%test\n'));
          return;
        case '/t/sse': {
          // `script` (basic|malformed|cut), `eol` (lf|crlf|cr), `chunks` (byte sizes, cycled),
          // `end` (close|drop|hang), `delayMs` between chunks, `status`/`type` for refusals.
          st.calls++;
          st.referer = req.headers.referer ?? null;
          await readBody(req);
          const status = Number(q.get('status') ?? 200);
          if (status !== 200) return json(status, { detail: 'stream refused' });
          if (q.get('type') === 'json') return json(200, { not: 'a stream' });
          const bytes = sseBytes(q.get('script') ?? 'basic', q.get('eol') ?? 'lf');
          const sizes = (q.get('chunks') ?? '')
            .split(',')
            .map(Number)
            .filter((n) => n > 0);
          const delayMs = Number(q.get('delayMs') ?? 0);
          const end = q.get('end') ?? 'close';
          const dropAllowed = end === 'drop' ? released(key) : undefined;
          res.on('close', () => {
            if (!res.writableFinished) st.closed++;
          });
          // The whole answer handed to the socket: a test that needs it sent waits for this, not a guess.
          res.on('finish', () => st.finished++);
          req.socket.setNoDelay(true);
          res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
          let offset = 0;
          let i = 0;
          while (offset < bytes.length) {
            const size = sizes.length ? sizes[i++ % sizes.length] : bytes.length;
            res.write(bytes.subarray(offset, offset + size));
            offset += size;
            if (delayMs) await wait(delayMs);
          }
          if (end === 'drop') {
            // A reset discards what the client has received but not yet read (the stream errors and
            // its queue is dropped), so the drop waits until the client says it has read the events
            // (`/t/release?key=`): it comes after them, as a drop mid-answer does, however loaded
            // the machine is.
            await dropAllowed;
            req.socket.destroy();
          } else if (end === 'hang') {
            // stays open until the client goes away
          } else res.end();
          return;
        }
        case '/t/rabbit/drop': {
          const result = await closeAllRabbitConnections();
          json(result.ok ? 200 : 500, result);
          return;
        }
        case '/t/rabbit/delete-queue': {
          json(200, await deleteRabbitQueue(q.get('name') ?? ''));
          return;
        }
        default:
          json(404, { detail: 'no such test endpoint' });
      }
    } catch (error) {
      if (!res.headersSent) json(500, { detail: String(error) });
      else res.destroy();
    }
  });
  server.keepAliveTimeout = 1000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
