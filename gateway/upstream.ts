/**
 * The one place that talks HTTP to the services: streams a request body up and hands the response
 * back (uploads and downloads are never held whole in memory; an SSE answer leaves as it arrives).
 * Keep-alive pools, a deadline for getting a connection, one for the response head, an idle
 * deadline for streams. Injected into the server as a function, so tests can observe or replace it.
 *
 * The client is undici's dispatcher, driven through its handler callbacks: a small answer (a length
 * the service declared, up to SMALL_ANSWER_BYTES) is gathered as it arrives and handed over whole,
 * with no stream made for it. Node's own client built a request object, a response stream and their
 * listeners for every call: a third of the gateway's CPU on a scoped request (`npm run bench
 * gateway`, gateway/README.md "Speed").
 */
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import { BodyIdle, bodyIdleDeadline } from './limits.js';

export interface UpstreamRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: Readable | Buffer | undefined;
  /** Deadline (ms) for the response head, counted once the request is sent (0: none). */
  timeoutMs: number;
  /** Deadline (ms) between two chunks of the response body once it flows. */
  idleMs: number;
  /** Aborted when the visitor went away: the upstream call is cancelled too. */
  signal?: CancelSignal | undefined;
  /** Deadline (ms) to get a connection to the service: a request queued longer gets a 504 (0: none). */
  queueMs?: number | undefined;
  /** An upload: it goes through the uploads' own connections, so uploads never take every one. */
  upload?: boolean | undefined;
}

/** What the call needs of an AbortSignal: an AbortSignal does, and so does call.ts's lighter one. */
export interface CancelSignal {
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The answer's body as a stream (for an answer that came whole, made on first use). */
  body: Readable;
  /** The whole body, when the service declared a small length and all of it has arrived. */
  whole?: Buffer | undefined;
}

export class UpstreamFailure extends Error {
  constructor(
    readonly kind: 'timeout' | 'network',
    message: string,
  ) {
    super(message);
  }
}

export type Upstream = (r: UpstreamRequest) => Promise<UpstreamResponse>;

/** Connections to each service: ordinary calls, and uploads apart (a fair share of them). */
export interface UpstreamPools {
  sockets: number;
  uploadSockets: number;
}

/** Answers up to this size (declared by the service) are gathered whole before they are handed over. */
const SMALL_ANSWER_BYTES = 64 * 1024;

/** The HTTP client to the services, with its own keep-alive pools. */
export function httpUpstream(pools: UpstreamPools = { sockets: 192, uploadSockets: 64 }): Upstream {
  const calls = new Agent({ connections: pools.sockets });
  const uploads = new Agent({ connections: pools.uploadSockets });
  return (r) => call(r, r.upload ? uploads : calls);
}

/** A service's origin, parsed once, and what a call to it adds (credentials written in its URL). */
interface Origin {
  origin: string;
  authorization?: string | undefined;
}
const origins = new Map<string, Origin>();

/**
 * Targets whose meaning `new URL` leaves exactly as written: a path of plain characters (no dot,
 * so no dot segment, no percent sign, so no encoded one) and a query of characters the URL parser
 * does not encode. Anything else goes through `new URL` as before.
 */
const PLAIN_TARGET = /^\/[A-Za-z0-9\-_~!$&()*+,;=:@/]*(\?[A-Za-z0-9\-._~!$&()*+,;=:@/?%]*)?$/;

/**
 * Where a call goes: its origin parsed once per service base (parsing every call's URL showed in
 * the CPU profile), and its target as written when that is a plain one, else as `new URL` reads it.
 */
function target(url: string): { origin: Origin; path: string } {
  const scheme = url.indexOf('://');
  const slash = scheme === -1 ? -1 : url.indexOf('/', scheme + 3);
  const base = slash === -1 ? url : url.slice(0, slash);
  let origin = origins.get(base);
  if (!origin) {
    const parsed = new URL(`${base}/`);
    if (!/^https?:$/.test(parsed.protocol)) throw new UpstreamFailure('network', `not an HTTP service: ${base}`);
    const user = decodeURIComponent(parsed.username);
    origin = {
      origin: parsed.origin,
      authorization:
        user || parsed.password
          ? `Basic ${Buffer.from(`${user}:${decodeURIComponent(parsed.password)}`).toString('base64')}`
          : undefined,
    };
    if (origins.size < 64) origins.set(base, origin);
  }
  const path = slash === -1 ? '/' : url.slice(slash);
  if (PLAIN_TARGET.test(path)) return { origin, path };
  const parsed = new URL(url);
  return { origin, path: parsed.pathname + parsed.search };
}

/** The response head as Node's client gives it: lower-case names, repeated ones joined (cookies listed). */
function headersOf(raw: Buffer[]): IncomingHttpHeaders {
  const headers: Record<string, string | string[]> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toString('latin1').toLowerCase();
    const value = raw[i + 1]!.toString('latin1');
    const prior = headers[name];
    if (prior === undefined) headers[name] = name === 'set-cookie' ? [value] : value;
    else if (Array.isArray(prior)) prior.push(value);
    else headers[name] = `${prior}, ${value}`;
  }
  return headers as IncomingHttpHeaders;
}

/** Request headers the client sets itself (and undici refuses from a caller). */
const CLIENT_HEADERS = new Set([
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
  'host',
]);

/**
 * The request head as Node's client made it: names in any case are one header (the last given
 * wins: a call's own header over a browser's), and undici would send each spelling.
 */
function requestHeaders(given: Record<string, string>, origin: Origin): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name in given) {
    const lower = name.toLowerCase();
    if (!CLIENT_HEADERS.has(lower)) headers[lower] = given[name]!;
  }
  if (origin.authorization && headers.authorization === undefined) headers.authorization = origin.authorization;
  return headers;
}

/** A stream fed by the dispatcher: undici pauses when it is full, and it cancels the call when destroyed. */
class AnswerStream extends Readable {
  resumeSource: (() => void) | undefined;
  cancel: (() => void) | undefined;

  override _read(): void {
    this.resumeSource?.();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.cancel?.();
    done(error);
  }
}

/** An answer gathered whole: its body as a stream only for a caller that asks for one. */
class WholeAnswer implements UpstreamResponse {
  private stream: Readable | undefined;

  constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    readonly whole: Buffer,
  ) {}

  get body(): Readable {
    const whole = this.whole;
    return (this.stream ??= new Readable({
      read() {
        this.push(whole);
        this.push(null);
      },
    }));
  }
}

function call(r: UpstreamRequest, dispatcher: Dispatcher): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    let to: { origin: Origin; path: string };
    try {
      to = target(r.url);
    } catch (error) {
      reject(error instanceof UpstreamFailure ? error : new UpstreamFailure('network', (error as Error).message));
      return;
    }
    const exchange = new Exchange(r, resolve, reject);
    try {
      dispatcher.dispatch(
        {
          origin: to.origin.origin,
          path: to.path,
          method: r.method as Dispatcher.HttpMethod,
          headers: requestHeaders(r.headers, to.origin),
          body: r.body ?? null,
          // The head's deadline is ours, to the millisecond, counted from the moment the request is
          // sent (a long upload is not the service's slowness): undici's own runs on shared timers
          // of a one-second step. The silence between chunks (two minutes by default) is undici's.
          headersTimeout: 0,
          bodyTimeout: r.idleMs > 0 ? r.idleMs : 0,
        },
        exchange,
      );
    } catch (error) {
      exchange.fail(new UpstreamFailure('network', (error as Error).message));
      return;
    }
    exchange.dispatched();
  });
}

/**
 * One call to a service, as undici's dispatcher drives it: its callbacks are the plain handler's
 * (typed as deprecated in undici 7, still its core's own interface; `onRequestSent` is called, not
 * typed). The controller-style handler goes through an adapter that parses every response head
 * into an object first; one object per call here, where closures per call showed in the profile.
 */
class Exchange implements Dispatcher.DispatchHandler {
  private settled = false;
  private connected = false;
  /** Set once the call is given up: a call still queued is cut as soon as it gets a connection. */
  private cancelled = false;
  private abortCall: ((error?: Error) => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stream: AnswerStream | undefined;
  private bodyError: Error | undefined;
  private status = 502;
  private headers: IncomingHttpHeaders = {};
  /** The declared length of an answer gathered whole, else -1 (it streams). */
  private gathering = -1;
  private chunks: Buffer[] = [];
  private size = 0;
  private readonly onAbort = () => {
    if (this.stream) this.stream.destroy();
    else this.fail(new UpstreamFailure('network', 'visitor went away'));
  };

  constructor(
    private readonly r: UpstreamRequest,
    private readonly resolve: (answer: UpstreamResponse) => void,
    private readonly reject: (error: Error) => void,
  ) {
    r.signal?.addEventListener('abort', this.onAbort, { once: true });
    if (r.body && !Buffer.isBuffer(r.body))
      // A body past its cap fails as itself (413), anything else as a broken connection.
      r.body.once('error', (error) => {
        if (error instanceof TooLarge || error instanceof BodyIdle) this.bodyError = error;
      });
  }

  /**
   * After `dispatch`: a call still waiting for a connection (every one busy, or undici checking an
   * idle one first) has a deadline of its own, so the visitor gets a 504 in time.
   */
  dispatched(): void {
    const { queueMs } = this.r;
    if (this.connected || this.settled || !queueMs || queueMs <= 0) return;
    // undici checks an idle keep-alive connection for a turn of the loop before it writes (its
    // setImmediate, queued before this one): a call that has a connection by then never waits,
    // and pays no timer. One that still has none is waiting: from then on, at most queueMs.
    setImmediate(() => {
      if (!this.connected && !this.settled)
        this.timer = setTimeout(() => {
          if (!this.connected) this.fail(new UpstreamFailure('timeout', 'no socket to the service in time'));
        }, queueMs);
    });
  }

  cancel(): void {
    this.cancelled = true;
    this.abortCall?.(new Error('cancelled'));
  }

  fail(error: Error): void {
    clearTimeout(this.timer);
    if (this.settled) return;
    this.settled = true;
    this.r.signal?.removeEventListener('abort', this.onAbort);
    this.cancel();
    this.reject(error);
  }

  onConnect(abort: (error?: Error) => void): void {
    this.connected = true;
    clearTimeout(this.timer);
    this.abortCall = abort;
    if (this.cancelled) abort(new Error('cancelled'));
  }

  onRequestSent(): void {
    if (this.r.timeoutMs > 0 && !this.settled)
      this.timer = setTimeout(() => this.fail(new UpstreamFailure('timeout', 'no answer in time')), this.r.timeoutMs);
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void): boolean {
    if (statusCode < 200) return true;
    clearTimeout(this.timer);
    if (this.settled) return false;
    this.status = statusCode;
    const headers = (this.headers = headersOf(rawHeaders));
    const type = headers['content-type'] ?? '';
    // An answer that has no body whatever its declared length (HTTP semantics) is whole when it ends.
    const bodiless = statusCode === 204 || statusCode === 304 || this.r.method === 'HEAD';
    const length = bodiless ? 0 : Number(headers['content-length'] ?? Number.NaN);
    if (!type.startsWith('text/event-stream') && length >= 0 && length <= SMALL_ANSWER_BYTES) {
      this.gathering = length;
      return true;
    }
    const stream = (this.stream = new AnswerStream());
    stream.resumeSource = resume;
    stream.cancel = () => this.cancel();
    stream.once('close', () => this.r.signal?.removeEventListener('abort', this.onAbort));
    this.settled = true;
    this.resolve({ status: statusCode, headers, body: stream });
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.stream) return this.stream.push(chunk);
    this.size += chunk.length;
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    const { stream } = this;
    if (stream) {
      stream.cancel = undefined; // whole: nothing left to cancel when it closes
      stream.push(null);
      return;
    }
    this.r.signal?.removeEventListener('abort', this.onAbort);
    if (this.settled) return;
    const { chunks, size } = this;
    if (size !== this.gathering) {
      this.fail(new UpstreamFailure('network', `answer of ${size} bytes, ${this.gathering} declared`));
      return;
    }
    this.settled = true;
    this.resolve(
      new WholeAnswer(this.status, this.headers, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)),
    );
  }

  onError(error: Error): void {
    clearTimeout(this.timer);
    if (this.stream) this.stream.destroy(error);
    else this.fail(this.bodyError ?? new UpstreamFailure('network', error.message));
  }
}

export class TooLarge extends Error {}

/**
 * Reads a stream to the end, refusing more than `max` bytes (without reading the rest), and failing
 * with BodyIdle when it stays silent `idleMs` (0: no deadline).
 */
export async function readCapped(stream: Readable, max: number, idleMs = 0): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  // The iterator below fails with BodyIdle; the stream (a request, its socket) is left to the caller.
  const idle = bodyIdleDeadline(idleMs, () => stream.emit('error', new BodyIdle()));
  try {
    for await (const chunk of stream) {
      idle.touch();
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += b.length;
      if (size > max) throw new TooLarge();
      chunks.push(b);
    }
  } finally {
    idle.stop();
  }
  return Buffer.concat(chunks, size);
}
