/**
 * The page's stream worker (sse-worker.ts): one per page, started on the first off-thread stream,
 * kept while the page lives, apart from the streams it serves (sse-worker-client.ts, which
 * sends requests to it and routes its answers back by id).
 *
 * Fallback, remembered for the page: no Worker, a constructor that throws (Trusted Types refusing
 * the URL) or an error before the worker's `ready` (CSP without `worker-src` for it, a missing
 * file) → no worker: the client reads streams with plain fetch on the main thread, with one
 * console.info. The client sends requests only after `ready`, so falling back never asks the
 * service twice. A worker lost mid-stream ends its streams as cut (sse.ts); the next stream
 * starts a new worker.
 *
 * Worker URL: `setSseWorkerSrc(url)`, else the file Vite emitted beside the bundle, always started
 * through a `blob:` module that `import()`s it (see createWorker: the worker then keeps to the
 * page's CSP), so the page needs `worker-src blob:` and the script's origin in `script-src`. Under
 * Trusted Types the blob: URL goes through the `sportello` policy.
 */
import emittedSrc from './sse-worker.js?worker&url';
import { trustedScriptUrl } from '../security/trusted-types.js';
import type { FromWorker } from './sse-wire.js';

export type SseWorkerStatus = 'idle' | 'starting' | 'ready' | 'unavailable' | 'off';

export interface SseWorkerState {
  status: SseWorkerStatus;
  /** Why the worker is unavailable (the page reads its streams on the main thread). */
  reason?: string;
  /** Event streams the worker has served on this page, and the item messages it posted for them. */
  streams: number;
  batches: number;
}

/** Long enough for a slow network to fetch a small script; a worker that takes longer is not worth waiting for. */
const READY_TIMEOUT_MS = 10_000;

let srcOverride: string | undefined;
let enabled = true;
let status: SseWorkerStatus = 'idle';
let reason: string | undefined;
let starting: Promise<Worker | undefined> | undefined;
let worker: Worker | undefined;
let told = false;

/** Streams the worker served on this page, and the item messages it posted for them (the client counts). */
export const served = { streams: 0, batches: 0 };

/** A request the worker is serving: where its messages go, and what it hears if the worker is lost. */
export interface InFlight {
  message(message: FromWorker): void;
  lost(error: Error): void;
}
/** Requests in flight by id (the client adds and removes them; the worker's messages are routed here). */
export const inFlight = new Map<number, InFlight>();

/** How the page's streams are read right now (tests, the bench, a page's diagnostics). */
export function sseWorkerState(): SseWorkerState {
  return { status: enabled ? status : 'off', ...(reason !== undefined ? { reason } : {}), ...served };
}

/**
 * Uses this URL for the stream worker's script instead of the one emitted beside the bundle
 * (`undefined`: that one again), and gives a worker that could not start a new chance. A running
 * worker is stopped (its streams end as cut): call it before the first stream.
 */
export function setSseWorkerSrc(url: string | undefined): void {
  srcOverride = url === undefined ? undefined : new URL(url, baseUrl()).href;
  terminateSseWorker();
  status = 'idle';
  reason = undefined;
}

/**
 * `false`: streams opened from now on are read on the main thread (those in flight go on, and a
 * started worker stays, idle); `true`: the worker again, and a worker that could not start gets a
 * new chance.
 */
export function useSseWorker(on: boolean): void {
  enabled = on;
  if (on && status === 'unavailable') {
    starting = undefined;
    status = 'idle';
    reason = undefined;
  }
}

/** Stops the worker now; streams it was reading end as cut. The next stream starts a new one. */
export function terminateSseWorker(): void {
  const current = worker;
  worker = undefined;
  starting = undefined;
  if (status === 'ready' || status === 'starting') status = 'idle';
  current?.terminate();
  loseAll(new TypeError('The stream worker stopped'));
}

/**
 * The same two functions on a global symbol, for diagnostics where the module itself is out of
 * reach (a built bundle: the bench, a page's console): `globalThis[Symbol.for('sportello.sse-worker')]`.
 * The last copy of the kit loaded on a page owns it.
 */
(globalThis as unknown as Record<symbol, unknown>)[Symbol.for('sportello.sse-worker')] = {
  state: sseWorkerState,
  use: useSseWorker,
};

/** The page's address, against which a request's URL is resolved for the worker. */
export function baseUrl(): string {
  return (globalThis as { document?: Document }).document?.baseURI ?? location.href;
}

function loseAll(error: Error): void {
  const lost = [...inFlight.values()];
  inFlight.clear();
  for (const request of lost) request.lost(error);
}

function giveUp(why: string): void {
  status = 'unavailable';
  reason = why;
  starting = undefined;
  worker = undefined;
  if (told) return;
  told = true;
  console.info(
    `[sportello] AI answers are read on the main thread: the stream worker could not start (${why}). A page's Content Security Policy without worker-src blob: (see the README), or a bundler that did not copy the worker asset (assets/sse-worker-*.js) beside the script, stops it.`,
  );
}

/**
 * Always a one-line module in a blob: URL that imports the worker script, even from the page's own
 * origin. A blob: worker takes the page's policies (Content Security Policy, referrer policy); a
 * worker started from its script's URL takes those of the script's response, which usually has
 * none: its fetch would escape the page's `connect-src`, and an injected element pointed at a
 * foreign endpoint could send the visitor's messages there. The blob: module also makes a CDN copy
 * usable (workers must be same-origin).
 * A failed import (the CDN sends no CORS header) would only reject inside the worker: thrown from
 * a task it becomes the Worker's error event, so the page falls back at once instead of waiting.
 */
function createWorker(src: string): { worker: Worker; blobUrl: string } {
  // The single-file build hands a blob: URL of the worker's own code: it already takes the page's
  // policies, and an import() of it from a second blob: would need `blob:` in `script-src`. The
  // URL is the build's to keep (a restart uses it again): nothing to revoke.
  if (src.startsWith('blob:'))
    return {
      worker: new Worker(trustedScriptUrl(src) as string, { type: 'module', name: 'sportello-sse' }),
      blobUrl: '',
    };
  const blobUrl = URL.createObjectURL(
    new Blob([`import(${JSON.stringify(src)}).catch((e) => setTimeout(() => { throw e; }));`], {
      type: 'text/javascript',
    }),
  );
  try {
    return {
      worker: new Worker(trustedScriptUrl(blobUrl) as string, { type: 'module', name: 'sportello-sse' }),
      blobUrl,
    };
  } catch (error) {
    URL.revokeObjectURL(blobUrl);
    throw error;
  }
}

function route(event: MessageEvent<FromWorker>): void {
  const message = event.data;
  if (message.type === 'ready') return;
  inFlight.get(message.id)?.message(message);
}

/** The worker, started if it is not yet; undefined when the page reads its streams on the main thread. */
export function startWorker(): Promise<Worker | undefined> {
  if (!enabled || status === 'unavailable') return Promise.resolve(undefined);
  starting ??= new Promise<Worker | undefined>((resolve) => {
    status = 'starting';
    const src = srcOverride ?? new URL(emittedSrc, import.meta.url).href;
    let created: { worker: Worker; blobUrl: string };
    try {
      if (typeof Worker !== 'function') throw new Error('no Worker in this browser');
      created = createWorker(src);
    } catch (error) {
      giveUp(error instanceof Error ? error.message : String(error));
      resolve(undefined);
      return;
    }
    const candidate = created.worker;
    const settle = (ready: boolean, why?: string) => {
      clearTimeout(timer);
      candidate.removeEventListener('message', onFirst);
      candidate.removeEventListener('error', onError);
      if (created.blobUrl) URL.revokeObjectURL(created.blobUrl);
      // Stopped (terminateSseWorker, useSseWorker(false)) while it was starting: nobody wants it.
      if (starting !== pending) {
        candidate.terminate();
        resolve(undefined);
        return;
      }
      if (!ready) {
        candidate.terminate();
        giveUp(why ?? 'error');
        resolve(undefined);
        return;
      }
      status = 'ready';
      worker = candidate;
      candidate.addEventListener('message', route);
      // After `ready`, an error event means the worker's own code failed (it catches everything
      // it expects): treat it as lost rather than guess which streams are still sound.
      const crashed = (event: Event) => {
        event.preventDefault();
        if (worker === candidate) terminateSseWorker();
      };
      candidate.addEventListener('error', crashed);
      candidate.addEventListener('messageerror', crashed);
      resolve(candidate);
    };
    const onFirst = (event: MessageEvent<FromWorker>) => {
      if (event.data?.type === 'ready') settle(true);
    };
    const onError = (event: Event) => {
      // Handled here: a worker that can't start is not an error of the host page.
      event.preventDefault();
      const how = created.blobUrl ? ' (through a blob: module)' : '';
      settle(
        false,
        event instanceof ErrorEvent && event.message
          ? `${event.message}${how}`
          : `could not start a worker from ${src}${how}`,
      );
    };
    const timer = setTimeout(
      () => settle(false, `no answer from ${src} in ${READY_TIMEOUT_MS / 1000} s`),
      READY_TIMEOUT_MS,
    );
    candidate.addEventListener('message', onFirst);
    candidate.addEventListener('error', onError);
  });
  const pending = starting;
  return starting;
}
