/**
 * The stream worker: one per page (see sse-worker-client.ts), serving many requests by id. For
 * each one it fetches, and for an ok event stream it decodes, parses the events and checks their
 * data is JSON here, off the page's main thread, posting one message per network read with the
 * items that read completed (as one JSON text: see sse-wire.ts). A fast model sends thousands of tiny events: the page then pays one
 * message per read instead of the reads, the decoding and the parsing.
 *
 * It knows nothing of terminal events, retries or errors' shapes: the page decides (sse.ts,
 * http.ts), so both paths keep one behaviour. Runs as a module worker; imports no DOM code.
 */
import { readServerSentEventBatches } from './sse-read.js';
import { EVENT_STREAM, wireItemJson, type FromWorker, type ToWorker } from './sse-wire.js';

interface WorkerScope {
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}

const scope = self as unknown as WorkerScope;
const running = new Map<number, AbortController>();

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
      response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal: controller.signal });
    } catch (error) {
      post({ type: 'fail', id, phase: 'fetch', message: error instanceof Error ? error.message : String(error) });
      return;
    }
    const stream = response.ok && EVENT_STREAM.test(response.headers.get('Content-Type') ?? '') && response.body !== null;
    let body: string | null = null;
    // A non-ok answer's text goes to the page, whose errorFromResponse reads it as on the main
    // thread (a body that breaks off reads as none there too).
    if (!response.ok) body = await response.text().catch(() => '');
    else if (!stream) await response.body?.cancel().catch(() => undefined);
    post({ type: 'head', id, status: response.status, statusText: response.statusText, headers: [...response.headers], stream, body });
    if (!stream) return;
    try {
      for await (const messages of readServerSentEventBatches(response.body!)) {
        if (controller.signal.aborted) return;
        post({ type: 'items', id, items: `[${messages.map(wireItemJson).join(',')}]` });
      }
      post({ type: 'end', id });
    } catch (error) {
      post({ type: 'fail', id, phase: 'read', message: error instanceof Error ? error.message : String(error) });
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
