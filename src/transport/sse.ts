/**
 * Server-Sent Events over fetch (POST or GET): bytes → TextDecoder → eventsource-parser → typed
 * messages with JSON data. A stream that ends before its terminal event is reported as cut,
 * never as success; nothing is re-sent automatically (a chat message must not be asked twice).
 *
 * The stream is read in batches: everything one network read completes comes out together
 * (`openEventBatches`), so a consumer pays one await, and can do one piece of work, per read
 * rather than per event (a fast model sends thousands of tiny events, many per read).
 * `openEventStream` gives the same items one by one.
 *
 * With `offThread` the fetch, the decoding and the parsing run in a worker (sse-worker.ts), the
 * request still made by HttpClient (auth, 401 refresh, timeout, error shapes) through its fetcher;
 * a batch is then what the worker delivered at once (the reads of up to its delivery interval).
 */
import { ServiceError } from './errors.js';
import type { FetchInit, HttpClient, RequestOptions } from './http.js';
import { readServerSentEventBatches } from './sse-read.js';
import { EVENT_STREAM, wireItem, type OffThreadOptions, type WireItem } from './sse-wire.js';
import { offThreadFetch, workerBatchesOf } from './sse-worker-client.js';

export { readServerSentEventBatches, readServerSentEvents } from './sse-read.js';
export type { JoinRule, OffThreadOptions } from './sse-wire.js';
export {
  sseWorkerState,
  setSseWorkerSrc,
  useSseWorker,
  terminateSseWorker,
  type SseWorkerState,
  type SseWorkerStatus,
} from './sse-worker-pool.js';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

export type SseMessage<T> =
  | { kind: 'event'; event: string; id?: string; data: T }
  | { kind: 'malformed'; event: string; raw: string; error: ServiceError }
  | { kind: 'cut'; error: ServiceError };

/** The timers a stream's watch uses (the page's by default; a test passes a clock it moves itself). */
export interface StreamClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const PAGE_CLOCK: StreamClock = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SseOptions<T> extends RequestOptions {
  /** Which decoded event ends the stream successfully (AI: data.type === 'done'). */
  isTerminal: (data: T, event: string) => boolean;
  /**
   * Fetch, decode and parse the stream in the page's stream worker (sse-worker-client.ts) when it
   * can run, the main thread otherwise: the same items, errors and end either way. With options:
   * runs of events the JoinRule allows may come as one joined event (a consumer that asks for it
   * takes a run and its joined event alike; the main-thread path never joins), and batches at
   * most once per `deliveryIntervalMs`.
   */
  offThread?: boolean | OffThreadOptions;
  /**
   * Longest silence of the body once the headers have come (default 0: none): no event for this
   * long and the request is dropped, the stream ending with a `cut` item (kind `timeout`, code
   * `stream_stalled`). The HTTP timeout counts until the headers only: a stream that hangs after
   * them would otherwise never end.
   */
  idleTimeoutMs?: number;
  /** The timers of that watch (default: the page's). */
  clock?: StreamClock;
}

const STALLED = Symbol('stalled');

/** The next item of `source`, or STALLED when `ms` pass first (0: wait for ever). */
function nextWithin<T>(
  source: AsyncIterator<T>,
  ms: number,
  clock: StreamClock,
): Promise<IteratorResult<T> | typeof STALLED> {
  const next = source.next();
  if (!ms) return next;
  let timer: unknown;
  const silence = new Promise<typeof STALLED>((resolve) => (timer = clock.setTimeout(() => resolve(STALLED), ms)));
  // The read left waiting when the stream stalls fails once the request is dropped: nobody waits for it.
  next.catch(() => undefined);
  return Promise.race([next, silence]).finally(() => clock.clearTimeout(timer));
}

/**
 * POST (json/form set) or GET event stream, one array of items per network read (never empty;
 * `offThread`: per delivery from the worker, which may join the reads of its delivery interval).
 * Rejects with ServiceError before the first batch if the HTTP answer is not ok or not
 * `text/event-stream`. The terminal event is the last item of its batch (what follows it is not
 * read); a stream that ends or breaks before it ends with a `cut` item. Aborting through `signal`
 * ends the iteration silently; so does leaving a `for await` early (the request is cancelled).
 */
export async function* openEventBatches<T>(
  http: HttpClient,
  path: string,
  options: SseOptions<T>,
): AsyncGenerator<Array<SseMessage<T>>> {
  const { isTerminal, offThread, idleTimeoutMs = 0, clock = PAGE_CLOCK, ...request } = options;
  // Our own way to drop the request when the body goes silent, beside the caller's signal.
  const watch = new AbortController();
  if (idleTimeoutMs) request.signal = request.signal ? AbortSignal.any([request.signal, watch.signal]) : watch.signal;
  const read = typeof offThread === 'object' ? offThread : {};
  const fetcher = offThread ? (url: string, init: FetchInit) => offThreadFetch(url, init, read) : undefined;
  const response = await http.response(path, {
    accept: 'text/event-stream',
    ...request,
    retry: false,
    ...(fetcher ? { fetcher } : {}),
  });
  const contentType = response.headers.get('Content-Type') ?? '';
  const fromWorker = workerBatchesOf(response);
  if (!EVENT_STREAM.test(contentType) || (!response.body && !fromWorker)) {
    // A JSON answer instead of a stream (some proxies buffer one into the whole answer): its body
    // goes with the error, for a caller that can use the whole answer.
    const body = JSON_TYPE.test(contentType) ? await response.json().catch(() => undefined) : undefined;
    await response.body?.cancel().catch(() => undefined);
    throw new ServiceError({
      service: http.service,
      kind: 'protocol',
      status: response.status,
      code: 'not_event_stream',
      message: `Expected an event stream, got ${contentType || 'no content type'}`,
      body,
    });
  }
  const signal = options.signal;
  const source = (fromWorker ? fromWorker.batches() : parsedBatches(response.body!))[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      const next = await nextWithin(source, idleTimeoutMs, clock);
      if (next === STALLED) {
        watch.abort();
        yield [
          {
            kind: 'cut',
            error: new ServiceError({
              service: http.service,
              kind: 'timeout',
              status: response.status,
              code: 'stream_stalled',
              message: `The stream sent nothing for ${idleTimeoutMs} ms`,
            }),
          },
        ];
        return;
      }
      if (next.done) {
        finished = true;
        break;
      }
      const parsed = next.value;
      // The worker may have delivered the rest of the answer before the abort: an abort still ends
      // the iteration silently, whatever is already read.
      if (signal?.aborted) return;
      const items: Array<SseMessage<T>> = [];
      for (const item of parsed) {
        if (item.kind === 'malformed') {
          items.push({
            kind: 'malformed',
            event: item.event,
            raw: item.raw,
            error: new ServiceError({
              service: http.service,
              kind: 'parse',
              status: response.status,
              code: 'malformed_event',
              message: `An event of the stream is not JSON`,
              cause: new SyntaxError(item.reason),
            }),
          });
          continue;
        }
        // The item is already the event's shape ({kind, event, id?, data}): no copy per event.
        items.push(item as SseMessage<T>);
        if (isTerminal(item.data as T, item.event)) {
          yield items;
          return;
        }
      }
      yield items;
    }
  } catch (error) {
    if (signal?.aborted) return;
    yield [
      {
        kind: 'cut',
        error: new ServiceError({
          service: http.service,
          kind: 'network',
          status: response.status,
          code: 'stream_cut',
          message: 'The stream broke off before it was complete',
          cause: error,
        }),
      },
    ];
    return;
  } finally {
    // Left early (the terminal event, the caller, a stall): the reading stops and the request closes.
    if (!finished) void source.return?.(undefined)?.catch(() => undefined);
  }
  if (signal?.aborted) return;
  yield [
    {
      kind: 'cut',
      error: new ServiceError({
        service: http.service,
        kind: 'protocol',
        status: response.status,
        code: 'stream_cut',
        message: 'The stream ended before it was complete',
      }),
    },
  ];
}

/** The main-thread path: the body read, decoded and parsed here, one array per read. */
async function* parsedBatches(body: ReadableStream<Uint8Array>): AsyncGenerator<WireItem[]> {
  for await (const messages of readServerSentEventBatches(body)) yield messages.map(wireItem);
}

/** The items of `openEventBatches` one by one (same errors, same end). */
export async function* openEventStream<T>(
  http: HttpClient,
  path: string,
  options: SseOptions<T>,
): AsyncGenerator<SseMessage<T>> {
  for await (const batch of openEventBatches(http, path, options)) yield* batch;
}
