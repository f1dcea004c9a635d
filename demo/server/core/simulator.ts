import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { BadJson, BodyTooLarge, readJson, sendJson, sleep } from './http-kit.js';
import { Faults, type FaultInput } from './faults.js';
import type { ServiceModule, SimContext } from './service.js';

/** Headers the specs define, which a browser must be allowed to send cross-origin. */
const ALLOWED_HEADERS = [
  'Content-Type',
  'Authorization',
  'X-Api-Key',
  'X-Source-App',
  'X-External-Id',
  'Idempotency-Key',
  'X-SignToken',
  'X-SignUser',
  'X-ChatToken',
  'Range',
  'Last-Event-ID',
  'Cache-Control',
];
const EXPOSED_HEADERS = [
  'Retry-After',
  'Content-Disposition',
  'Content-Length',
  'Content-Range',
  'Accept-Ranges',
  'Location',
  'Sunset',
  'Link',
  // The live chat's verdict on a visitor token (chat/public-api.ts).
  'X-Sportello-Visitor',
];

/**
 * The body of an answer the dispatcher gives before any service is involved (refused origin, no
 * such service, a failure outside a handler). No spec owns these, so they take the
 * `{status, error, message}` the chat and desk bodies share (and the transport reads), never a
 * shape of their own.
 */
function coreError(status: number, error: string, message: string, extra: Record<string, unknown> = {}) {
  return { status, error, message, ...extra };
}

/** Makes `res` drop its connection instead of answering (the `lose-answer` fault). */
function loseAnswer(res: ServerResponse): void {
  Object.assign(res, {
    writeHead: () => res,
    write: () => true,
    end: () => {
      res.socket?.destroy();
      return res;
    },
  });
}

export interface SimulatorOptions {
  port?: number;
  host?: string;
  /** Origins allowed cross-origin, besides the simulator's own. */
  allowedOrigins?: string[];
  /** Milliseconds between streamed chunks. */
  paceMs?: number;
  /**
   * The clock tokens are issued and checked by, in epoch ms (default `Date.now`): a test moves it
   * past a token's lifetime instead of waiting the lifetime out.
   */
  now?: () => number;
  /** Service modules to mount; the default is every service. */
  modules?: (ctx: SimContext) => Promise<ServiceModule[]> | ServiceModule[];
}

export interface RunningSimulator {
  url: string;
  port: number;
  server: Server;
  faults: Faults;
  allowOrigin(origin: string): void;
  close(): Promise<void>;
}

/** Where each service lives under the one port; the prefix is stripped before routing. */
const PREFIXES: Array<[string, ServiceModule['name']]> = [
  ['/ai/api/v2', 'ai'],
  ['/sign/api/v2', 'sign'],
  ['/sign', 'sign'],
  ['/desk', 'desk'],
  ['/chat', 'chat'],
  ['/auth', 'auth'],
];

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const faults = new Faults();
  const origins = new Set(options.allowedOrigins ?? []);
  const resetHooks: Array<() => void> = [];
  let baseUrl = '';
  let verifier: SimContext['verifyBearer'] = async () => ({ ok: false, reason: 'no identity provider' });

  const ctx: SimContext = {
    faults,
    paceMs: options.paceMs ?? 25,
    now: options.now ?? (() => Date.now()),
    baseUrl: () => baseUrl,
    verifyBearer: (header) => verifier(header),
    onReset: (fn) => resetHooks.push(fn),
  };

  const loadModules = options.modules ?? (async (c: SimContext) => (await import('../services.js')).createServices(c));
  const modules = await loadModules(ctx);
  const byName = new Map(modules.map((m) => [m.name, m] as const));
  const auth = byName.get('auth') as (ServiceModule & { verifyBearer?: SimContext['verifyBearer'] }) | undefined;
  if (auth?.verifyBearer) verifier = auth.verifyBearer.bind(auth);

  const originAllowed = (origin: string | undefined) => !origin || origin === baseUrl || origins.has(origin);

  function corsHeaders(origin: string | undefined): Record<string, string> {
    if (!origin) return {};
    return {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Credentials': 'true',
      'Access-Control-Expose-Headers': EXPOSED_HEADERS.join(', '),
      Vary: 'Origin',
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sim.invalid');
    const origin = req.headers.origin;
    const method = (req.method ?? 'GET').toUpperCase();

    if (origin && !originAllowed(origin)) {
      sendJson(res, 403, coreError(403, 'origin_not_allowed', `Origin ${origin} is not allowed`));
      return;
    }
    for (const [k, v] of Object.entries(corsHeaders(origin))) res.setHeader(k, v);

    if (method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': ALLOWED_HEADERS.join(', '),
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }

    if (url.pathname.startsWith('/__sim/')) return control(req, res, url);

    const entry = PREFIXES.find(([p]) => url.pathname === p || url.pathname.startsWith(p + '/'));
    const module = entry ? byName.get(entry[1]) : undefined;
    if (!entry || !module) {
      sendJson(res, 404, coreError(404, 'not_found', `No service at ${url.pathname}`, { path: url.pathname }));
      return;
    }
    const path = url.pathname.slice(entry[0].length) || '/';

    const delay = faults.take('delay', url.pathname);
    if (delay?.delayMs) await sleep(delay.delayMs);
    if (faults.take('hold', url.pathname)) await faults.released();
    const injected = faults.take('status', url.pathname);
    if (injected?.status) {
      const answer = module.errorAnswer(injected.status, `Injected fault: HTTP ${injected.status}`);
      const retry: Record<string, string> =
        injected.status === 429 || injected.status === 503 ? { 'Retry-After': String(injected.retryAfter ?? 1) } : {};
      sendJson(res, answer.status, answer.body, { ...answer.headers, ...retry });
      return;
    }

    // The write is applied, the answer never arrives: what an idempotent client must survive.
    if (faults.take('lose-answer', url.pathname)) loseAnswer(res);

    const found = module.router.match(method, path);
    if (!('handler' in found)) {
      const answer = module.errorAnswer(
        found.methodMismatch ? 405 : 404,
        found.methodMismatch ? `Method ${method} not allowed` : `No resource at ${path}`,
      );
      sendJson(res, answer.status, answer.body, answer.headers);
      return;
    }
    try {
      await found.handler({ req, res, method, path, params: found.params, query: url.searchParams, url });
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const status = error instanceof BadJson ? 400 : error instanceof BodyTooLarge ? 413 : 500;
      if (status === 500) console.error('[sim]', method, url.pathname, error);
      const answer = module.errorAnswer(status, error instanceof Error ? error.message : String(error));
      sendJson(res, answer.status, answer.body, answer.headers);
    }
  }

  const openSockets = () => modules.flatMap((m) => m.sockets?.() ?? []);

  async function control(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const route = `${method} ${url.pathname}`;
    switch (route) {
      case 'GET /__sim/health':
        return sendJson(res, 200, {
          ok: true,
          services: modules.map((m) => m.name),
          websockets: openSockets().length,
          eventStreams: modules.reduce((n, m) => n + (m.eventStreams?.() ?? 0), 0),
        });
      case 'GET /__sim/ws': {
        // Tests check how many sockets a page holds (one per site, not one per tab).
        const sockets = openSockets();
        return sendJson(res, 200, { open: sockets.length, sockets });
      }
      case 'GET /__sim/faults':
        return sendJson(res, 200, faults.list());
      case 'POST /__sim/faults': {
        const body = (await readJson<FaultInput | FaultInput[]>(req)) ?? [];
        const added = (Array.isArray(body) ? body : [body]).map((f) => faults.add(f));
        return sendJson(res, 201, added);
      }
      case 'DELETE /__sim/faults':
        faults.clear();
        return sendJson(res, 204, undefined);
      case 'POST /__sim/reset':
        faults.clear();
        resetHooks.forEach((fn) => fn());
        return sendJson(res, 204, undefined);
      case 'POST /__sim/ws/drop': {
        const dropped = modules.reduce((n, m) => n + (m.dropSockets?.() ?? 0), 0);
        return sendJson(res, 200, { dropped });
      }
      case 'POST /__sim/http/close-idle': {
        // The next request opens a new connection, whose TCP buffers start small: what a test of
        // upload progress needs, since a kept-alive connection that carried large bodies before
        // can take a whole upload into its buffers at once. This answer closes its own connection too.
        res.setHeader('Connection', 'close');
        sendJson(res, 200, { closed: true });
        server.closeIdleConnections();
        return;
      }
      default: {
        const [, , service, ...action] = url.pathname.split('/');
        const answer = modules.find((m) => m.name === service)?.control?.(method, action.join('/'));
        if (answer) return sendJson(res, answer.status, answer.body);
        return sendJson(res, 404, coreError(404, 'not_found', 'Unknown control path', { path: url.pathname }));
      }
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error('[sim] unhandled', error);
      if (!res.headersSent) sendJson(res, 500, coreError(500, 'internal', 'The simulator failed on this request'));
      else res.destroy();
    });
  });
  // An idle keep-alive connection stays open a minute (Node's default is 5 s). A client reuses one
  // until its own idle timer, a second shorter, says otherwise; on a busy machine that timer runs
  // late, and a request sent on a connection the server closed at that moment fails ("other side
  // closed") — after any step slower than 5 s, such as a 14 MB upload.
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 61_000;
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const origin = req.headers.origin;
    if (origin && !originAllowed(origin)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    const path = new URL(req.url ?? '/', 'http://sim.invalid').pathname;
    if (faults.active('refuse-ws', path)) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    for (const module of modules) if (module.upgrade?.(req, socket, head)) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8790, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${options.host === 'localhost' ? 'localhost' : '127.0.0.1'}:${port}`;
  origins.add(`http://localhost:${port}`);

  return {
    url: baseUrl,
    port,
    server,
    faults,
    allowOrigin: (origin) => origins.add(origin),
    async close() {
      for (const m of modules) await m.close?.();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
