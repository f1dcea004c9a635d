/**
 * The stream worker: one per page (see sse-worker-pool.ts), serving many requests by id. For
 * each one it fetches, and for an ok event stream it decodes, parses the events and checks their
 * data is JSON here, off the page's main thread, posting the items as one JSON text (see
 * sse-wire.ts) per network read, or per interval when reads come faster (see Delivery), runs
 * of events the request's JoinRule allows joined into one. A fast model sends thousands of tiny
 * events: the page then pays a message per interval at most, and a few items, instead of the reads,
 * the decoding and the parsing.
 *
 * It knows nothing of terminal events, retries or errors' shapes: the page decides (sse.ts,
 * http.ts), so both paths keep one behaviour. Runs as a module worker; imports no DOM code.
 */
import { readServerSentEventBatches } from './sse-read.js';
import type { EventSourceMessage } from 'eventsource-parser';
import { EVENT_STREAM, WireBatch, type FromWorker, type OffThreadOptions, type ToWorker } from './sse-wire.js';

interface WorkerScope {
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}

const scope = self as unknown as WorkerScope;

/**
 * Least time between two item messages of one stream, unless the request asks for more (up to
 * MAX_DELIVERY_INTERVAL_MS: OffThreadOptions). Each message costs the page two tasks and a parse
 * however few items it carries, and a fast stream brings a read every millisecond or so: the
 * first read after a pause goes at once, the reads of the next interval go together. Measured
 * with the 100 KB bench answer (its ~5,100 events): one message per read cost the page as much
 * main-thread time as reading the stream itself; one per frame ~15% less at full speed and ~30%
 * less at one event per millisecond. A frame's delay is below what a reader can see.
 */
const DELIVERY_INTERVAL_MS = 16;
const MAX_DELIVERY_INTERVAL_MS = 1000;

/** Holds a stream's items and sends them at most once per interval. */
class Delivery {
  private readonly held: WireBatch;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private last = -Infinity;
  private readonly interval: number;

  constructor(
    private readonly send: (items: string) => void,
    { join, deliveryIntervalMs }: OffThreadOptions,
  ) {
    this.held = new WireBatch(join);
    const asked = Number.isFinite(deliveryIntervalMs) ? deliveryIntervalMs! : 0;
    this.interval = Math.min(MAX_DELIVERY_INTERVAL_MS, Math.max(DELIVERY_INTERVAL_MS, asked));
  }

  add(messages: EventSourceMessage[]): void {
    for (const message of messages) this.held.add(message);
    const wait = this.last + this.interval - performance.now();
    if (wait <= 0) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), wait);
  }

  flush(): void {
    this.stop();
    this.last = performance.now();
    if (!this.held.isEmpty) this.send(this.held.take());
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
const running = new Map<number, AbortController>();

/** The page's address as referrer; fetch takes only one of the worker's own origin (a blob: or same-origin worker has the page's). */
function referrerOf(request: Extract<ToWorker, { type: 'fetch' }>): { referrer?: string } {
  try {
    return request.referrer && new URL(request.referrer).origin === self.location.origin
      ? { referrer: request.referrer }
      : {};
  } catch {
    return {};
  }
}

async function serve(request: Extract<ToWorker, { type: 'fetch' }>): Promise<void> {
  const { id } = request;
  const controller = new AbortController();
  running.set(id, controller);
  const post = (message: FromWorker) => {
    if (!controller.signal.aborted) scope.postMessage(message);
  };
  try {
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
        ...referrerOf(request),
      });
    } catch (error) {
      post({ type: 'fail', id, phase: 'fetch', message: error instanceof Error ? error.message : String(error) });
      return;
    }
    const stream =
      response.ok && EVENT_STREAM.test(response.headers.get('Content-Type') ?? '') && response.body !== null;
    let body: string | null = null;
    // A non-ok answer's text goes to the page, whose errorFromResponse reads it as on the main
    // thread (a body that breaks off reads as none there too).
    // An ok answer that is not a stream (a buffering proxy's whole JSON answer) goes too: the
    // caller may read it as the whole answer.
    if (!response.ok || !stream) body = await response.text().catch(() => '');
    post({
      type: 'head',
      id,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      stream,
      body,
    });
    if (!stream) return;
    const delivery = new Delivery((items) => post({ type: 'items', id, items }), request);
    try {
      for await (const messages of readServerSentEventBatches(response.body!)) {
        if (controller.signal.aborted) return;
        delivery.add(messages);
      }
      delivery.flush();
      post({ type: 'end', id });
    } catch (error) {
      // What was read before the break goes first, as a fetch body hands it over before its error.
      delivery.flush();
      post({ type: 'fail', id, phase: 'read', message: error instanceof Error ? error.message : String(error) });
    } finally {
      delivery.stop();
    }
  } finally {
    running.delete(id);
  }
}

scope.addEventListener('message', (event) => {
  const message = event.data;
  if (message.type === 'fetch') void serve(message);
  else if (message.type === 'abort') running.get(message.id)?.abort();
});

// The page sends requests only after this: a worker that never starts has been sent nothing, so
// the page can read the stream itself without asking the service twice.
scope.postMessage({ type: 'ready' });
