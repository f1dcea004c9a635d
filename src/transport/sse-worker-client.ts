/**
 * The page's side of the streams the worker reads (its worker: sse-worker-pool.ts).
 * `offThreadFetch` is the fetcher HttpClient sends such a request through (so auth headers, the
 * 401 refresh, the timeout until headers and the error shapes stay HttpClient's): it answers with
 * a Response carrying the worker's status and headers (and, when not ok, the body text), and
 * `workerBatchesOf(response)` gives the parsed items of an ok event stream as the worker posts
 * them. Without a worker (none could start, or the page turned it off) it is plain fetch.
 */
import type { FetchInit } from './http.js';
import type { OffThreadOptions, ToWorker, WireItem } from './sse-wire.js';
import { baseUrl, inFlight, served, startWorker } from './sse-worker-pool.js';

let nextId = 1;
const batchesByResponse = new WeakMap<Response, WorkerBatches>();

/** The parsed items of an ok event stream the worker is reading, if `response` came from it. */
export function workerBatchesOf(response: Response): WorkerBatches | undefined {
  return batchesByResponse.get(response);
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Waits for `promise` unless `signal` aborts first (then rejects with its reason). */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * fetch() through the stream worker when it can take the request (a string body or none), else
 * (FormData or Blob body, worker off or unavailable) fetch() on the main thread. `options`: how
 * the worker reads the stream (joins, delivery interval; the main thread ignores them).
 */
export async function offThreadFetch(url: string, init: FetchInit, options: OffThreadOptions = {}): Promise<Response> {
  if (init.body !== null && typeof init.body !== 'string') return fetch(url, init);
  const ready = await unlessAborted(startWorker(), init.signal);
  if (!ready) return fetch(url, init);
  // The worker resolves URLs against its own script: send it the one the page means.
  return sendToWorker(ready, new URL(url, baseUrl()).href, init, init.body, options);
}

function sendToWorker(
  target: Worker,
  url: string,
  init: FetchInit,
  body: string | null,
  options: OffThreadOptions,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const id = nextId++;
    const { signal } = init;
    let batches: WorkerBatches | undefined;
    const finish = () => {
      inFlight.delete(id);
      signal.removeEventListener('abort', onAbort);
    };
    const cancel = () => {
      if (!inFlight.has(id)) return;
      finish();
      target.postMessage({ type: 'abort', id } satisfies ToWorker);
    };
    const onAbort = () => {
      cancel();
      if (batches) batches.fail(abortError(signal), true);
      else reject(abortError(signal));
    };
    inFlight.set(id, {
      message(message) {
        switch (message.type) {
          case 'head': {
            let response: Response;
            try {
              const nullBody = message.status === 204 || message.status === 205 || message.status === 304;
              response = new Response(nullBody ? null : message.body, {
                status: message.status,
                statusText: message.statusText,
                headers: message.headers,
              });
            } catch (error) {
              cancel();
              reject(new TypeError(`Unusable response (status ${message.status})`, { cause: error }));
              return;
            }
            if (message.stream) {
              batches = new WorkerBatches(cancel);
              batchesByResponse.set(response, batches);
              served.streams++;
            } else finish();
            resolve(response);
            return;
          }
          case 'items':
            served.batches++;
            batches?.push(message.items);
            return;
          case 'end':
            finish();
            batches?.end();
            return;
          case 'fail': {
            finish();
            const error = new TypeError(message.message);
            if (batches) batches.fail(error);
            else reject(error);
            return;
          }
        }
      },
      lost(error) {
        signal.removeEventListener('abort', onAbort);
        if (batches) batches.fail(error);
        else reject(error);
      },
    });
    if (signal.aborted) {
      inFlight.delete(id);
      reject(abortError(signal));
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    // The page's address as the referrer, as a fetch from the page would send (not the worker's script).
    target.postMessage({
      type: 'fetch',
      id,
      url,
      method: init.method,
      headers: init.headers,
      body,
      referrer: location.href,
      ...options,
    } satisfies ToWorker);
  });
}

/**
 * The items of one stream as the worker posts them. A consumer slower than the network gets what
 * arrived meanwhile as one array (fewer awaits, one piece of work), in order. Leaving the
 * iteration early cancels the request in the worker.
 */
export class WorkerBatches {
  /** JSON texts of item arrays, parsed when the consumer takes them. */
  private readonly queue: string[] = [];
  private done = false;
  private error: unknown;
  private failed = false;
  private wake: (() => void) | undefined;

  constructor(private readonly cancel: () => void) {}

  push(items: string): void {
    if (this.done) return;
    this.queue.push(items);
    this.notify();
  }

  end(): void {
    this.done = true;
    this.notify();
  }

  /**
   * Ends with `error` after what is queued (a read that broke off delivers what it read before,
   * as a fetch body does); `aborted`: at once, the queue dropped, as an aborted fetch body drops
   * its unread chunks.
   */
  fail(error: unknown, aborted = false): void {
    if (this.done) return;
    this.done = true;
    this.failed = true;
    this.error = error;
    if (aborted) this.queue.length = 0;
    this.notify();
  }

  async *batches(): AsyncGenerator<WireItem[]> {
    let finished = false;
    try {
      for (;;) {
        if (this.queue.length) {
          const items =
            this.queue.length === 1
              ? (JSON.parse(this.queue[0]!) as WireItem[])
              : this.queue.flatMap((json) => JSON.parse(json) as WireItem[]);
          this.queue.length = 0;
          if (items.length) yield items;
          continue;
        }
        if (this.done) {
          finished = true;
          if (this.failed) throw this.error;
          return;
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      if (!finished) this.cancel();
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
