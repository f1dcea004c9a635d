/**
 * The gateway's HTTP server (Fastify): every request is checked in the same order —
 * 1. the target (path tricks, method override) and the origin (CORS allow-list), before routing
 *    means anything; security headers on every answer;
 * 2. the per-IP bucket;
 * 3. the allow-list (a route of routes/*.ts, else 404 without contacting any service);
 * 4. the visitor (token, anonymous session, or nothing) and what the route allows them;
 * 5. the per-visitor bucket;
 * 6. the route's own scoping, then the service call with the gateway's credentials.
 * I/O (the service calls, the store, the credentials, the clock of tokens) is injected.
 */
import { createHash, randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Call, credentialHeadersSent, Refused, sendRefusal, type GatewayServices } from './call.js';
import type { GatewayConfig } from './config.js';
import { createCredentials, type Credentials } from './credentials.js';
import { MESSAGES, serviceOfPath, type ServiceName } from './errors.js';
import { checkTarget, hasMethodOverride } from './path-guard.js';
import { aiRoutes } from './routes/ai.js';
import { aiDocumentRoutes } from './routes/ai-documents.js';
import { chatRoutes } from './routes/chat.js';
import { deskRoutes } from './routes/desk.js';
import { signRoutes } from './routes/sign.js';
import { signAuthorRoutes } from './routes/sign-author.js';
import { toFastifyPath, type AllowedRoute } from './routes/types.js';
import { MemoryStore, StoreUnavailable, type GatewayStore } from './store.js';
import { httpUpstream, type Upstream } from './upstream.js';
import { bearerOf, createVisitorVerifier, type Visitor, type VisitorVerifier } from './visitor.js';
import { PUBLIC_VISITOR_ID } from './chat-scope.js';
import { cookie, SESSION_COOKIE } from './session-cookie.js';
import { attachWebSocketProxy } from './ws-proxy.js';
import { trustFunction } from './client-ip.js';
import { Slots } from './limits.js';
import { createMetrics, serveMetrics, type GatewayMetrics } from './metrics.js';
import { createReadiness } from './readiness.js';
import { batchedLines } from './log-lines.js';

/** Where each service lives on the gateway: the simulator's prefixes, so an element only changes its endpoint. */
export const PREFIXES: Record<ServiceName, string> = {
  ai: '/ai/api/v2',
  sign: '/sign/api/v2',
  desk: '/desk',
  chat: '/chat',
};

/** Every allowed method + path pair, by service (the allow-list; README lists the same). */
export const ALLOWED_ROUTES: readonly AllowedRoute[] = [
  ...aiRoutes,
  ...aiDocumentRoutes,
  ...signRoutes,
  ...signAuthorRoutes,
  ...deskRoutes,
  ...chatRoutes,
];

export { SESSION_COOKIE } from './session-cookie.js';
export const SESSION_HEADER = 'X-Sportello-Session';
/** On live-chat answers: `verified` when the request's visitor token verified, else `anonymous`. */
export const VISITOR_VERDICT_HEADER = 'X-Sportello-Visitor';

/** The request id: taken from a proxy in front when sane, else made here; on every answer and log line. */
export const REQUEST_ID_HEADER = 'X-Request-Id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@+=/-]{1,128}$/;

const ALLOWED_REQUEST_HEADERS = [
  'Content-Type',
  'Authorization',
  'Idempotency-Key',
  'Range',
  'If-Range',
  'Last-Event-ID',
  'Cache-Control',
  'Accept-Language',
  // Accepted so that a page still configured with raw keys keeps working; dropped here, never forwarded.
  'X-Api-Key',
  'X-Source-App',
  'X-External-Id',
  'X-SignToken',
  'X-SignUser',
  'X-ChatToken',
];
const EXPOSED_HEADERS = [
  'Retry-After',
  'Content-Disposition',
  'Content-Length',
  'Content-Range',
  'Accept-Ranges',
  'Idempotent-Replayed',
  SESSION_HEADER,
  VISITOR_VERDICT_HEADER,
  REQUEST_ID_HEADER,
];

export interface GatewayOptions {
  config: GatewayConfig;
  /** Where the JSON log lines go (default stdout); tests read them to prove no secret is logged. */
  logStream?: { write(line: string): void };
  store?: GatewayStore;
  upstream?: Upstream;
  credentials?: Credentials;
  verifier?: VisitorVerifier;
  metrics?: GatewayMetrics;
  /** The clock (epoch ms) visitor tokens are checked by (default Date.now): a test moves it past a token's expiry. */
  now?: () => number;
}

declare module 'fastify' {
  interface FastifyRequest {
    sportelloVisitor?: Visitor;
  }
}

/** A short, one-way name for a visitor in the logs (never the id itself, never a token). */
function logName(visitor: Visitor | undefined): string {
  if (!visitor) return '-';
  // Hashed once per visitor object: a verified token's visitor is shared by its requests (verified-tokens.ts).
  let name = logNames.get(visitor);
  if (name === undefined) {
    name = createHash('sha256').update(visitor.id).digest('base64url').slice(0, 10);
    logNames.set(visitor, name);
  }
  return name;
}
const logNames = new WeakMap<Visitor, string>();

/** The caller of a public route who names nobody: one frozen object, so its log name is hashed once. */
const PUBLIC_VISITOR: Visitor = Object.freeze({ kind: 'anonymous', id: PUBLIC_VISITOR_ID });

export async function createGateway(
  options: GatewayOptions,
): Promise<{ app: FastifyInstance; services: GatewayServices }> {
  const { config } = options;
  const store = options.store ?? new MemoryStore();
  const services: GatewayServices = {
    config,
    store,
    upstream:
      options.upstream ??
      httpUpstream({ sockets: config.limits.upstreamSockets, uploadSockets: config.limits.uploadSockets }),
    credentials: options.credentials ?? createCredentials(config),
    slots: {
      requests: new Slots(config.limits.requestsPerIp),
      uploads: new Slots(config.limits.uploadsPerIp),
      largeBodies: new Slots(config.limits.largeBodies),
    },
    metrics: options.metrics ?? createMetrics(),
  };
  const { metrics } = services;
  const trust = trustFunction(config.trustProxy);
  const verifier =
    options.verifier ??
    createVisitorVerifier({
      ...config.visitor,
      sessionSecret: config.anonymous.sessionSecret,
      sessionTtlSeconds: config.anonymous.sessionTtlSeconds,
      now: options.now,
    });
  const origins = new Set(config.origins);
  // Standard output in batches unless told otherwise (log-lines.ts says why).
  const batched = config.logLevel === 'silent' || options.logStream ? undefined : batchedLines();
  const logLines = options.logStream ?? batched;

  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(logLines ? { stream: logLines } : {}),
            // Belt and braces: nothing below logs headers, but if anything ever did, these stay out.
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'req.headers["x-api-key"]',
              'req.headers["x-signtoken"]',
              'req.headers["x-chattoken"]',
            ],
          },
    // One line per request of our own (onResponse below): Fastify's would log the whole URL.
    logController: new LogController({ disableRequestLogging: true }),
    // Logged with every line of the request (`reqId`) and returned as X-Request-Id. A proxy's id
    // is kept when it is a plain token (no spaces, no control characters: nothing to forge a line).
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    },
    // The same rule as the chat socket's (client-ip.ts): only the configured proxies' hops. With
    // none configured the peer is the client, and Fastify reads its address without a rule at all.
    trustProxy: config.trustProxy === false ? false : trust,
    // A whole request, body included, has a deadline (a body trickled a byte at a time ends there;
    // its silences end sooner: bodyIdleMs in call.ts); a connection silent longer than a stream may
    // be is closed.
    requestTimeout: config.limits.bodyTimeoutMs,
    connectionTimeout: config.limits.streamIdleMs + 5_000,
    // Exactly the allow-list's methods: no HEAD twin of every GET.
    exposeHeadRoutes: false,
    return503OnClosing: true,
    routerOptions: {
      ignoreTrailingSlash: false,
      ignoreDuplicateSlashes: false,
      caseSensitive: true,
      maxParamLength: 300,
    },
  });

  // The last lines leave when the gateway closes (after its onClose hooks' own lines).
  if (batched) app.addHook('onClose', (_app, done) => (batched.close(), done()));

  // The request head has its own deadline (nginx client_header_timeout); Node wants it ≤ the whole request's.
  app.server.headersTimeout = Math.min(
    config.limits.headersTimeoutMs || config.limits.bodyTimeoutMs,
    config.limits.bodyTimeoutMs || Infinity,
  );

  // Bodies are never parsed by Fastify: each route reads JSON with its own cap, or streams an upload.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const serviceOf = (request: FastifyRequest): ServiceName =>
    serviceOfPath((request.raw.url ?? '/').split('?')[0]!) ?? 'chat';
  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    message: string,
    headers: Record<string, string> = {},
  ) => sendRefusal(reply, serviceOf(request), status, message, (request.raw.url ?? '/').split('?')[0]!, headers);

  async function limited(key: string, perMinute: number): Promise<number> {
    if (perMinute <= 0) return 0;
    return store.take(key, perMinute, perMinute);
  }

  app.addHook('onRequest', async (request, reply) => {
    (request as { startedAt?: number }).startedAt = performance.now();
    reply.header(REQUEST_ID_HEADER, request.id);
    // Security headers on every answer, refusals included.
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    reply.header('Strict-Transport-Security', 'max-age=31536000');
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox");

    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!origins.has(origin)) return refuse(request, reply, 403, MESSAGES.originRefused);
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Allow-Credentials', 'true');
      reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
      reply.header('Vary', 'Origin');
    }
    const target = checkTarget(request.raw.url ?? '');
    if (!target.ok) return refuse(request, reply, 400, MESSAGES.badPath);
    if (hasMethodOverride(request.headers)) return refuse(request, reply, 400, MESSAGES.methodOverride);
    if (request.method === 'OPTIONS') return undefined;
    // Requests in flight from one address: a crowd of slow requests from one client cannot hold
    // every socket of this replica.
    if (services.slots.requests.limited) {
      const release = services.slots.requests.enter(request.ip);
      if (!release) {
        metrics.limit('requests_per_ip');
        reply.header('Connection', 'close');
        return refuse(request, reply, 429, MESSAGES.tooManyRequests, { 'Retry-After': '1' });
      }
      reply.raw.once('close', release);
    }
    const wait = await limited(`ip:${request.ip}`, config.limits.perIpPerMinute);
    if (wait > 0) {
      metrics.limit('rate_ip');
      return refuse(request, reply, 429, MESSAGES.rateLimited, { 'Retry-After': String(Math.ceil(wait / 1000)) });
    }
    return undefined;
  });

  // The line is only built when it is written: building it (the visitor's hashed name above all)
  // showed in the CPU profile of a gateway whose logs are off.
  const logsRequests = ['info', 'debug', 'trace'].includes(config.logLevel);
  // A callback hook, not an async one: one promise less per request, and nothing here waits.
  app.addHook('onResponse', (request, reply, done) => {
    const started = (request as { startedAt?: number }).startedAt ?? performance.now();
    const route = request.routeOptions.url ?? 'unmatched';
    const ms = performance.now() - started;
    metrics.request(route, request.method, reply.statusCode, ms / 1000);
    // Method, the allow-list's route pattern (never the query: it may hold an e-mail), status, time;
    // the request id comes with every line of the request (`reqId`).
    if (logsRequests)
      request.log.info(
        {
          method: request.method,
          route,
          status: reply.statusCode,
          ms: Math.round(ms),
          visitor: logName(request.sportelloVisitor),
        },
        'request',
      );
    done();
  });

  app.options('/*', async (_request, reply) => {
    reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
    reply.header('Access-Control-Allow-Headers', ALLOWED_REQUEST_HEADERS.join(', '));
    reply.header('Access-Control-Max-Age', '600');
    return reply.code(204).send();
  });

  /** Who calls: a verified token, an anonymous session (Bearer or cookie), or a new anonymous visitor. */
  async function identify(request: FastifyRequest, reply: FastifyReply, route: AllowedRoute): Promise<Visitor> {
    const bearer = bearerOf(request.headers.authorization);
    if (request.headers.authorization !== undefined) {
      const result = bearer ? await verifier.verify(bearer) : undefined;
      if (result?.ok) return result.visitor;
      // A public route serves anyone: a token that does not verify names nobody (the live chat goes
      // on as an anonymous visitor's, and says so: VISITOR_VERDICT_HEADER). Elsewhere it is refused.
      if (route.access !== 'public')
        throw result && !result.ok && result.unavailable
          ? new Refused(503, MESSAGES.keysUnavailable, { 'Retry-After': '5' })
          : new Refused(401, MESSAGES.badToken);
    }
    const fromCookie = cookie(request.headers.cookie, SESSION_COOKIE);
    if (fromCookie) {
      const result = await verifier.verify(fromCookie);
      if (result.ok && result.visitor.kind === 'anonymous') return result.visitor;
    }
    if (route.access === 'public') return PUBLIC_VISITOR;
    // A new anonymous session: what this visitor creates stays theirs (cookie on the same site,
    // header for a page that keeps it and sends it back as a Bearer token).
    const session = await verifier.newSession();
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'Set-Cookie',
      `${SESSION_COOKIE}=${session.token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${session.expiresIn}${secure}`,
    );
    reply.header(SESSION_HEADER, session.token);
    return session.visitor;
  }

  function admit(route: AllowedRoute, visitor: Visitor): void {
    if (route.access === 'public') return;
    if (route.access === 'token' && visitor.kind !== 'token') throw new Refused(401, MESSAGES.needsToken);
    if (visitor.kind === 'anonymous' && !config.anonymous.grants.has(route.service as 'ai' | 'desk' | 'chat'))
      throw new Refused(401, MESSAGES.needsToken);
  }

  for (const route of ALLOWED_ROUTES) {
    if (!config.services.has(route.service)) continue;
    app.route({
      method: route.method,
      url: PREFIXES[route.service] + toFastifyPath(route.path),
      handler: async (request, reply) => {
        try {
          // `/files/` matches `/files/:idFile` with an empty id: not a route of the allow-list.
          const params = request.params as Record<string, string>;
          for (const name in params) if (params[name] === '') throw new Refused(404, MESSAGES.notAllowed);
          const visitor = await identify(request, reply, route);
          request.sportelloVisitor = visitor;
          if (route.service === 'chat')
            reply.header(VISITOR_VERDICT_HEADER, visitor.kind === 'token' ? 'verified' : 'anonymous');
          admit(route, visitor);
          if (visitor.id !== PUBLIC_VISITOR_ID) {
            const wait = await limited(`visitor:${visitor.id}`, config.limits.perVisitorPerMinute);
            if (wait > 0)
              throw new Refused(
                429,
                MESSAGES.rateLimited,
                { 'Retry-After': String(Math.ceil(wait / 1000)) },
                'rate_visitor',
              );
          }
          const dropped = credentialHeadersSent(request.headers);
          if (dropped.length) request.log.warn({ dropped }, 'credential headers sent by the browser were dropped');
          return await route.handle(new Call(route.service, request, reply, visitor, services));
        } catch (error) {
          if (error instanceof StoreUnavailable)
            return sendRefusal(reply, route.service, 503, MESSAGES.storeDown, (request.raw.url ?? '/').split('?')[0]!, {
              'Retry-After': '5',
            });
          if (error instanceof Refused) {
            if (error.limit) metrics.limit(error.limit);
            if (error.status === 413) reply.header('Connection', 'close');
            return sendRefusal(
              reply,
              route.service,
              error.status,
              error.message,
              (request.raw.url ?? '/').split('?')[0]!,
              error.headers,
            );
          }
          throw error;
        }
      },
    });
  }

  // The gateway's own: an anonymous session for a page that keeps it itself, and a health check.
  app.post('/gateway/session', async (_request, reply) => {
    const session = await verifier.newSession();
    return reply
      .header('content-type', 'application/json')
      .send(JSON.stringify({ token: session.token, expires_in: session.expiresIn }));
  });
  // For an orchestrator or a load balancer: liveness (the process serves: restart it when not) and
  // readiness (it can serve visitors now: the store and every served service answer).
  app.get('/healthz', async (_request, reply) => reply.send({ ok: true }));
  const readiness = createReadiness({
    store,
    services: Object.fromEntries([...config.services].map((s) => [s, config.upstream[s]])),
    upstream: services.upstream,
    timeoutMs: Math.min(2_000, config.limits.upstreamTimeoutMs || 2_000),
  });
  app.get('/readyz', async (_request, reply) => {
    const report = await readiness();
    return reply.code(report.ready ? 200 : 503).send(report);
  });
  // Health says whether the store answers: with Redis down some routes answer 503 (store.ts).
  app.get('/gateway/health', async (_request, reply) =>
    reply.code(store.up ? 200 : 503).send({ ok: store.up, store: store.kind, storeUp: store.up }),
  );
  store.watch((up, error) => {
    if (up) app.log.info({ store: store.kind }, 'the shared store answers again');
    else
      app.log.error(
        { store: store.kind, err: (error as Error)?.message },
        'the shared store is not answering: rate limits per replica, ownership refused with 503',
      );
  });

  app.setNotFoundHandler((request, reply) => refuse(request, reply, 404, MESSAGES.notAllowed));
  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: (error as Error).message }, 'gateway failure');
    if (reply.sent || reply.raw.headersSent) {
      reply.raw.destroy();
      return reply;
    }
    const status = (error as { statusCode?: number }).statusCode;
    return refuse(
      request,
      reply,
      status && status >= 400 && status < 500 ? status : 502,
      status && status < 500 ? MESSAGES.badPath : MESSAGES.upstreamDown,
    );
  });

  const chatSockets = config.services.has('chat') ? attachWebSocketProxy(app, services, verifier, trust) : () => 0;
  metrics.sources({
    openConnections: () =>
      new Promise((resolve) => app.server.getConnections((error, count) => resolve(error ? 0 : count))),
    chatSockets,
    storeUp: () => store.up,
  });
  return { app, services };
}

export interface RunningGateway {
  app: FastifyInstance;
  url: string;
  port: number;
  services: GatewayServices;
  /** Where the metrics are served, when SPORTELLO_GATEWAY_METRICS_PORT asks for them. */
  metricsUrl?: string | undefined;
  close(): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const { app, services } = await createGateway(options);
  await app.listen({ port: options.config.port, host: options.config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.config.port;
  const { metrics } = options.config;
  const metricsServer =
    metrics.port === undefined ? undefined : await serveMetrics(services.metrics, metrics.host, metrics.port);
  return {
    app,
    port,
    url: `http://${options.config.host === '0.0.0.0' ? '127.0.0.1' : options.config.host}:${port}`,
    services,
    metricsUrl: metricsServer?.url,
    /** Stops taking requests, lets those in flight finish within the drain deadline, then cuts the rest. */
    async close() {
      const cut = setTimeout(() => app.server.closeAllConnections(), options.config.drainMs);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      await services.store.close();
      await metricsServer?.close();
    },
  };
}
