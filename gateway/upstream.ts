/**
 * The one place that talks HTTP to the services: streams a request body up and hands the response
 * back as a stream (uploads and downloads are never held whole in memory; an SSE answer leaves as
 * it arrives). Keep-alive agents, a deadline for the response head, an idle deadline for streams.
 * Injected into the server as a function, so tests and the benchmark can observe or replace it.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
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
  /** Deadline (ms) to get a socket to the service: a request queued longer gets a 504 (0: none). */
  queueMs?: number | undefined;
  /** An upload: it goes through the uploads' own sockets, so uploads never take every socket. */
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
  body: IncomingMessage;
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

/** Socket pools to the services: ordinary calls, and uploads apart (a fair share of the sockets). */
export interface UpstreamPools {
  sockets: number;
  uploadSockets: number;
}

/** The HTTP client to the services, with its own keep-alive pools. */
export function nodeUpstream(pools: UpstreamPools = { sockets: 192, uploadSockets: 64 }): Upstream {
  const agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: pools.sockets }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: pools.sockets }),
    httpUpload: new HttpAgent({ keepAlive: true, maxSockets: pools.uploadSockets }),
    httpsUpload: new HttpsAgent({ keepAlive: true, maxSockets: pools.uploadSockets }),
  };
  return (r) => call(r, agents);
}

/** A service's origin, parsed once: `secure`, and what a request to it needs besides its path. */
interface Origin {
  secure: boolean;
  /** Request options for it, or undefined when it is not a plain one (user info, another scheme). */
  options?: { hostname: string; port: number | undefined } | undefined;
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
 * the CPU profile), and its target as written when that is a plain one.
 */
function target(
  url: string,
): { secure: boolean; options: { hostname: string; port: number | undefined; path: string } } | URL {
  const scheme = url.indexOf('://');
  const slash = scheme === -1 ? -1 : url.indexOf('/', scheme + 3);
  const base = slash === -1 ? url : url.slice(0, slash);
  let origin = origins.get(base);
  if (!origin) {
    const parsed = new URL(`${base}/`);
    const plain = !parsed.username && !parsed.password && /^https?:$/.test(parsed.protocol);
    const hostname = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname;
    origin = {
      secure: parsed.protocol === 'https:',
      options: plain ? { hostname, port: parsed.port ? Number(parsed.port) : undefined } : undefined,
    };
    if (origins.size < 64) origins.set(base, origin);
  }
  const path = slash === -1 ? '/' : url.slice(slash);
  if (!origin.options || !PLAIN_TARGET.test(path)) return new URL(url);
  return { secure: origin.secure, options: { ...origin.options, path } };
}

function call(
  r: UpstreamRequest,
  agents: { http: HttpAgent; https: HttpsAgent; httpUpload: HttpAgent; httpsUpload: HttpsAgent },
): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    const to = target(r.url);
    const secure = to instanceof URL ? to.protocol === 'https:' : to.secure;
    const agent = secure ? (r.upload ? agents.httpsUpload : agents.https) : r.upload ? agents.httpUpload : agents.http;
    const options = { method: r.method, headers: r.headers, agent };
    const send = secure ? httpsRequest : httpRequest;
    const req = to instanceof URL ? send(to, options) : send({ ...to.options, ...options });
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      req.destroy();
      reject(error);
    };
    // The deadline counts from the moment the whole request is sent: a long upload is not the
    // service's slowness, a service silent after it is.
    let timer: NodeJS.Timeout | undefined;
    // Waiting for a socket (every one busy) has its own deadline: the visitor gets a 504 in time.
    // A kept-alive socket that was free is handed over at once (`reusedSocket`): nothing to wait for.
    const queued =
      r.queueMs && r.queueMs > 0 && !req.reusedSocket
        ? setTimeout(() => fail(new UpstreamFailure('timeout', 'no socket to the service in time')), r.queueMs)
        : undefined;
    if (queued) req.once('socket', () => clearTimeout(queued));
    req.once('finish', () => {
      if (r.timeoutMs > 0 && !settled)
        timer = setTimeout(() => fail(new UpstreamFailure('timeout', 'no answer in time')), r.timeoutMs);
    });
    const onAbort = () => fail(new UpstreamFailure('network', 'visitor went away'));
    r.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => fail(new UpstreamFailure('network', error.message)));
    req.on('response', (res) => {
      clearTimeout(timer);
      clearTimeout(queued);
      if (settled) {
        res.destroy();
        return;
      }
      settled = true;
      if (r.idleMs > 0) res.setTimeout(r.idleMs, () => res.destroy(new Error('upstream stream idle')));
      res.on('close', () => r.signal?.removeEventListener('abort', onAbort));
      resolve({ status: res.statusCode ?? 502, headers: res.headers, body: res });
    });
    if (r.body === undefined) req.end();
    else if (Buffer.isBuffer(r.body)) req.end(r.body);
    else {
      // A body past its cap fails as itself (413), anything else as a broken connection.
      r.body.on('error', (error) =>
        fail(
          error instanceof TooLarge || error instanceof BodyIdle
            ? error
            : new UpstreamFailure('network', error.message),
        ),
      );
      r.body.pipe(req);
    }
  });
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
