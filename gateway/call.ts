/**
 * One visitor request on an allowed route, with what every route handler needs: the verified
 * visitor, refusals in the service's own shape, the request body (JSON capped, or a capped
 * stream), and calls to the service with the gateway's credentials — either passed straight back
 * as a stream or read as JSON for a scoping decision.
 */
import { Transform, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from './config.js';
import { FORWARDED_REQUEST_HEADERS, FORWARDED_RESPONSE_HEADERS, type Credentials } from './credentials.js';
import { MESSAGES, refusal, type ServiceName } from './errors.js';
import { StoreUnavailable, type GatewayStore } from './store.js';
import {
  readCapped,
  TooLarge,
  UpstreamFailure,
  type CancelSignal,
  type Upstream,
  type UpstreamResponse,
} from './upstream.js';
import type { Visitor } from './visitor.js';
import { BodyIdle, bodyIdleDeadline, Slots } from './limits.js';
import type { GatewayMetrics, LimitName } from './metrics.js';

/** Thrown by handlers to refuse; the server turns it into the service's error shape. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The limit that refused, when one did (counted in the metrics). */
    readonly limit?: LimitName,
  ) {
    super(message);
  }
}

export interface GatewayServices {
  config: GatewayConfig;
  store: GatewayStore;
  upstream: Upstream;
  credentials: Credentials;
  /** In flight per client IP (requests, uploads) and large bodies being read, across visitors. */
  slots: { requests: Slots; uploads: Slots; largeBodies: Slots };
  metrics: GatewayMetrics;
}

export type Query = Record<string, string | string[] | undefined>;

export interface UpstreamCall {
  /** Another service than the route's (a route that reads one service to call another). */
  service?: ServiceName;
  method?: string;
  /** Path below the service's base, e.g. `/files/1001`. */
  path: string;
  query?: URLSearchParams | undefined;
  /** A JSON value (serialised here), raw bytes, or a stream (uploads). */
  json?: unknown;
  body?: Buffer | Readable | undefined;
  /** Pass the browser's own safe headers (Content-Type, Range, Idempotency-Key…). */
  passHeaders?: boolean;
  /** Headers the gateway itself sets on this call (an `Idempotency-Key` of its own). */
  headers?: Record<string, string>;
  /** No deadline for the response head (a long upload, a stream). */
  timeoutMs?: number;
  /** An upload: through the uploads' own sockets to the service. */
  upload?: boolean;
}

export interface JsonAnswer {
  status: number;
  body: unknown;
  headers: UpstreamResponse['headers'];
}

const MAX_DECISION_BODY = 8 * 1024 * 1024;

export class Call {
  constructor(
    readonly service: ServiceName,
    readonly request: FastifyRequest,
    readonly reply: FastifyReply,
    readonly visitor: Visitor,
    readonly gw: GatewayServices,
  ) {}

  get config(): GatewayConfig {
    return this.gw.config;
  }

  get store(): GatewayStore {
    return this.gw.store;
  }

  param(name: string): string {
    return (this.request.params as Record<string, string>)[name] ?? '';
  }

  /** A numeric path id; anything else is not a resource the allow-list knows (404). */
  id(name: string): number {
    const raw = this.param(name);
    if (!/^[1-9]\d{0,15}$/.test(raw)) throw new Refused(404, MESSAGES.notFound);
    return Number(raw);
  }

  /** The query the browser sent, as it sent it (repeatable keys kept). */
  query(): URLSearchParams {
    const raw = this.request.raw.url ?? '';
    const q = raw.indexOf('?');
    return new URLSearchParams(q === -1 ? '' : raw.slice(q + 1));
  }

  /** The request body as a JSON object, at most `max` bytes (413 above, 400 when not an object). */
  async jsonObject(max = this.config.limits.maxJsonBytes): Promise<Record<string, unknown>> {
    this.checkDeclaredLength(max);
    // A large body (an AI message with attachments) is held whole while read: only a few at once.
    const release = max > this.config.limits.maxJsonBytes ? this.gw.slots.largeBodies.enter('all') : () => undefined;
    if (!release) throw new Refused(503, MESSAGES.busy, { 'Retry-After': '2' }, 'large_bodies');
    let raw: Buffer;
    try {
      raw = await readCapped(this.request.raw, max, this.config.limits.bodyIdleMs);
    } catch (error) {
      if (error instanceof TooLarge) throw new Refused(413, MESSAGES.tooLarge, {}, 'body_size');
      if (error instanceof BodyIdle) throw new Refused(408, MESSAGES.bodyIdle, { Connection: 'close' }, 'body_idle');
      throw error;
    } finally {
      release();
    }
    let body: unknown;
    try {
      body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      throw new Refused(400, MESSAGES.badJson);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Refused(400, MESSAGES.badJson);
    return body as Record<string, unknown>;
  }

  /** The request body as a stream that fails past `max` bytes (uploads: never held whole). */
  cappedStream(max = this.config.limits.maxUploadBytes): Readable {
    this.checkDeclaredLength(max);
    const raw = this.request.raw;
    let seen = 0;
    const cap: Transform = new Transform({
      transform(chunk: Buffer, _enc, done) {
        idle.touch();
        seen += chunk.length;
        if (seen > max) done(new TooLarge());
        else done(null, chunk);
      },
      flush(done) {
        idle.stop();
        done();
      },
    });
    const idle = bodyIdleDeadline(this.config.limits.bodyIdleMs, () => cap.destroy(new BodyIdle()));
    raw.on('error', (e) => cap.destroy(e));
    cap.once('close', idle.stop);
    return raw.pipe(cap);
  }

  /**
   * Counts this request as one of its client IP's uploads in flight until it ends; 429 past the
   * cap, so that one client's uploads cannot hold the sockets every visitor needs.
   */
  holdUploadSlot(): void {
    const release = this.gw.slots.uploads.enter(this.request.ip);
    if (!release)
      throw new Refused(429, MESSAGES.tooManyUploads, { 'Retry-After': '5', Connection: 'close' }, 'uploads_per_ip');
    this.reply.raw.once('close', release);
  }

  private checkDeclaredLength(max: number): void {
    const declared = Number(this.request.headers['content-length'] ?? 0);
    if (Number.isFinite(declared) && declared > max) {
      // Say so now and close: reading the rest would only waste the bandwidth.
      this.reply.header('Connection', 'close');
      throw new Refused(413, MESSAGES.tooLarge, {}, 'body_size');
    }
  }

  private headersFor(call: UpstreamCall, credential: Record<string, string>): Record<string, string> {
    // The request id goes along, so the service's logs and the gateway's name the same request.
    // Built in one pass, in the order of precedence (the call's own, then the credential, win). The
    // length is never passed on: the client counts a body itself, and a capped stream may end early.
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Request-Id': this.request.id };
    const hasBody = call.body !== undefined || call.json !== undefined;
    if (call.passHeaders !== false) {
      const given = this.request.headers;
      for (const name of FORWARDED_REQUEST_HEADERS) {
        if (name === 'content-length' || (name === 'content-type' && !hasBody)) continue;
        const v = given[name];
        if (typeof v === 'string') headers[name] = v;
      }
    }
    if (call.json !== undefined) headers['content-type'] = 'application/json';
    headers['X-External-Id'] = this.visitor.id;
    if (call.headers) for (const name in call.headers) headers[name] = call.headers[name]!;
    for (const name in credential) headers[name] = credential[name]!;
    return headers;
  }

  private gone?: VisitorGone;

  /**
   * Aborted when the visitor goes away: the response closing unfinished (the request's own 'close'
   * only says its body was read). One listener per request, however many service calls it makes.
   */
  private visitorGone(): CancelSignal {
    this.gone ??= new VisitorGone(this.reply.raw);
    return this.gone;
  }

  /** Calls the service with the gateway's credentials (one retry with a new OAuth token after a 401). */
  async upstream(call: UpstreamCall): Promise<UpstreamResponse> {
    const service = call.service ?? this.service;
    const base = this.config.upstream[service];
    const qs = call.query?.toString();
    const url = `${base}${call.path}${qs ? `?${qs}` : ''}`;
    const body = call.json !== undefined ? Buffer.from(JSON.stringify(call.json)) : call.body;
    const abort = this.visitorGone();
    const attempt = async (force: boolean) => {
      const credential = await this.gw.credentials.headers(service, force).catch((error: Error) => {
        this.request.log.error({ service, err: error.message }, 'service credential unavailable');
        throw new Refused(502, MESSAGES.upstreamDown);
      });
      return this.gw.upstream({
        url,
        method: call.method ?? 'GET',
        headers: this.headersFor(call, credential),
        body,
        timeoutMs: call.timeoutMs ?? this.config.limits.upstreamTimeoutMs,
        idleMs: this.config.limits.streamIdleMs,
        queueMs: this.config.limits.upstreamQueueMs,
        upload: call.upload,
        signal: abort,
      });
    };
    try {
      let answer = await attempt(false);
      const resendable = body === undefined || Buffer.isBuffer(body);
      if (answer.status === 401 && resendable && this.gw.credentials.refreshable(service)) {
        answer.body.resume();
        answer = await attempt(true);
      }
      if (answer.status === 401) {
        // The service refused the gateway's own credential: a configuration fault, not the visitor's.
        answer.body.resume();
        this.request.log.error({ service, status: answer.status }, 'the service refused the gateway credential');
        throw new Refused(502, MESSAGES.upstreamDown);
      }
      return answer;
    } catch (error) {
      if (error instanceof UpstreamFailure)
        throw new Refused(
          error.kind === 'timeout' ? 504 : 502,
          error.kind === 'timeout' ? MESSAGES.upstreamTimeout : MESSAGES.upstreamDown,
        );
      if (error instanceof TooLarge) throw new Refused(413, MESSAGES.tooLarge, {}, 'body_size');
      if (error instanceof BodyIdle) throw new Refused(408, MESSAGES.bodyIdle, { Connection: 'close' }, 'body_idle');
      throw error;
    }
  }

  /** Calls the service and reads its JSON answer (for a scoping decision before anything is sent). */
  async upstreamJson(call: UpstreamCall): Promise<JsonAnswer> {
    const answer = await this.upstream(call);
    const raw =
      answer.whole ??
      (await readCapped(answer.body, MAX_DECISION_BODY).catch(() => {
        throw new Refused(502, MESSAGES.upstreamDown);
      }));
    let body: unknown;
    try {
      body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      body = undefined;
    }
    return { status: answer.status, body, headers: answer.headers };
  }

  private copyHeaders(headers: UpstreamResponse['headers']): void {
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const v = headers[name];
      if (v !== undefined) this.reply.header(name, v);
    }
  }

  /**
   * Sends a service answer on: streamed, each chunk leaving as it arrives (SSE, downloads), or, when
   * the service declared a small length, whole and in one write (upstream.ts gathers such an answer,
   * and refuses one cut short: a 502, not a truncated answer). Piping a stream through Fastify was
   * the largest part of the gateway's own CPU on a small JSON answer.
   */
  pass(answer: UpstreamResponse): FastifyReply {
    const type = String(answer.headers['content-type'] ?? '');
    const stream = type.startsWith('text/event-stream');
    // Typed and not empty: sent as a Buffer, Fastify would otherwise type it itself (or drop an empty one).
    const whole = answer.whole?.length && type !== '' ? answer.whole : undefined;
    this.reply.code(answer.status);
    this.copyHeaders(answer.headers);
    if (stream) {
      this.reply.header('Cache-Control', 'no-cache, no-transform');
      this.reply.header('X-Accel-Buffering', 'no');
      this.request.raw.socket.setNoDelay(true);
    }
    return this.reply.send(whole ?? answer.body);
  }

  /** Sends a JSON answer already read (after a decision), keeping the service's status and headers. */
  sendJson(answer: JsonAnswer, body: unknown = answer.body): FastifyReply {
    this.reply.code(answer.status);
    this.copyHeaders(answer.headers);
    this.reply.removeHeader('content-length');
    this.reply.header('content-type', 'application/json');
    return this.reply.send(JSON.stringify(body));
  }

  /** Forwards the request as it came (path rebuilt from the allow-list, query kept, safe headers). */
  async forward(path: string, options: Omit<UpstreamCall, 'path'> = {}): Promise<FastifyReply> {
    // The browser's query is read only for a route that passes it on (most name `query: undefined`).
    const query = 'query' in options ? options.query : this.query();
    return this.pass(await this.upstream({ method: this.request.method, ...options, query, path }));
  }

  /** Takes one token from the bucket `name` of this visitor (and of this IP); 429 when empty. */
  async limit(name: string, metric: LimitName, perVisitor: number, perIp: number): Promise<void> {
    for (const [key, perMinute] of [
      [`${name}:visitor:${this.visitor.id}`, perVisitor],
      [`${name}:ip:${this.request.ip}`, perIp],
    ] as const) {
      if (perMinute <= 0) continue;
      const wait = await this.gw.store.take(key, perMinute, perMinute);
      if (wait > 0)
        throw new Refused(429, MESSAGES.rateLimited, { 'Retry-After': String(Math.ceil(wait / 1000)) }, metric);
    }
  }

  /**
   * Before a write whose result becomes the visitor's only once recorded: with the store not
   * answering, refused (503) before the service acts — never something created that its creator
   * could not reach (and would send again).
   */
  async requireStore(): Promise<void> {
    if (!(await this.gw.store.ping())) throw new StoreUnavailable('not answering');
  }

  refuse(status: number, message: string, headers: Record<string, string> = {}): never {
    throw new Refused(status, message, headers);
  }
}

/**
 * Says "abort" to the service calls in flight when the visitor's response closes unfinished. An
 * AbortController per request (an EventTarget) showed in the CPU profile; this does the one thing
 * the calls need of it.
 */
class VisitorGone implements CancelSignal {
  private readonly listeners = new Set<() => void>();

  constructor(response: FastifyReply['raw']) {
    response.once('close', () => {
      if (response.writableFinished) return;
      for (const listener of [...this.listeners]) listener();
      this.listeners.clear();
    });
  }

  addEventListener(_type: 'abort', listener: () => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    this.listeners.delete(listener);
  }
}

/** Sends a refusal in the service's shape. */
export function sendRefusal(
  reply: FastifyReply,
  service: ServiceName,
  status: number,
  message: string,
  path: string,
  headers: Record<string, string> = {},
): FastifyReply {
  const r = refusal(service, status, message, path, headers);
  for (const [k, v] of Object.entries(r.headers)) reply.header(k, v);
  return reply.code(r.status).header('content-type', 'application/json').send(JSON.stringify(r.body));
}

/**
 * Names (never values) of the secrets a browser sent — a page still configured with raw keys:
 * dropped, and worth a warning. (`X-Source-App` and `X-External-Id` are dropped too, silently: the
 * kit's AI client sends the first on every call, and the gateway sets both itself.)
 */
export function credentialHeadersSent(headers: Record<string, unknown>): string[] {
  return ['x-api-key', 'x-signtoken', 'x-signuser', 'x-chattoken'].filter((h) => headers[h] !== undefined);
}
