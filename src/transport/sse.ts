/**
 * Server-Sent Events over fetch (POST or GET): bytes → TextDecoder → eventsource-parser → typed
 * messages with JSON data. A stream that ends before its terminal event is reported as cut,
 * never as success; nothing is re-sent automatically (a chat message must not be asked twice).
 *
 * The stream is read in batches: everything one network read completes comes out together
 * (`openEventBatches`), so a consumer pays one await, and can do one piece of work, per read
 * rather than per event (a fast model sends thousands of tiny events, many per read).
 * `openEventStream` gives the same items one by one.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ServiceError } from './errors.js';
import type { HttpClient, RequestOptions } from './http.js';

export type SseMessage<T> =
  | { kind: 'event'; event: string; id?: string; data: T }
  | { kind: 'malformed'; event: string; raw: string; error: ServiceError }
  | { kind: 'cut'; error: ServiceError };

export interface SseOptions<T> extends RequestOptions {
  /** Which decoded event ends the stream successfully (AI: data.type === 'done'). */
  isTerminal: (data: T, event: string) => boolean;
}

/**
 * The raw events of a byte stream, in order, one array per read that completed any (never an
 * empty array). Decoding survives any chunking (a multi-byte character or a CRLF split across
 * reads). Ends when the stream ends; rejects if reading fails. An event without its closing blank
 * line at the end is dropped, as the SSE standard says.
 */
export async function* readServerSentEventBatches(body: ReadableStream<Uint8Array>): AsyncGenerator<EventSourceMessage[]> {
  let batch: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => batch.push(message) });
  // A decoder in the read loop rather than a TextDecoderStream: no second stream, and no extra
  // promise hops, between the network read and the parser.
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let lastChar = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!value?.length) continue;
      const text = decoder.decode(value, { stream: true });
      if (!text) continue; // only the first bytes of a character
      parser.feed(text);
      lastChar = text[text.length - 1]!;
      if (batch.length) {
        const out = batch;
        batch = [];
        yield out;
      }
    }
    const rest = decoder.decode();
    if (rest) {
      parser.feed(rest);
      lastChar = rest[rest.length - 1]!;
    }
    // A final CR may be a whole line ending the parser is still holding (waiting to see whether an
    // LF follows). The stream is over, so none will: an LF completes it without adding a line.
    if (lastChar === '\r') parser.feed('\n');
    if (batch.length) yield batch;
  } finally {
    reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** The raw events of a byte stream one by one (see readServerSentEventBatches). */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<EventSourceMessage> {
  for await (const batch of readServerSentEventBatches(body)) yield* batch;
}

/**
 * POST (json/form set) or GET event stream, one array of items per network read (never empty).
 * Rejects with ServiceError before the first batch if the HTTP answer is not ok or not
 * `text/event-stream`. The terminal event is the last item of its batch (what follows it is not
 * read); a stream that ends or breaks before it ends with a `cut` item. Aborting through `signal`
 * ends the iteration silently; so does leaving a `for await` early (the request is cancelled).
 */
export async function* openEventBatches<T>(http: HttpClient, path: string, options: SseOptions<T>): AsyncGenerator<Array<SseMessage<T>>> {
  const { isTerminal, ...request } = options;
  const response = await http.response(path, { accept: 'text/event-stream', ...request, retry: false });
  const contentType = response.headers.get('Content-Type') ?? '';
  if (!/^text\/event-stream\b/i.test(contentType) || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw new ServiceError({ service: http.service, kind: 'protocol', status: response.status, code: 'not_event_stream', message: `Expected an event stream, got ${contentType || 'no content type'}` });
  }
  const signal = options.signal;
  try {
    for await (const messages of readServerSentEventBatches(response.body)) {
      const items: Array<SseMessage<T>> = [];
      for (const message of messages) {
        const event = message.event ?? 'message';
        let data: T;
        try {
          data = JSON.parse(message.data) as T;
        } catch (cause) {
          items.push({ kind: 'malformed', event, raw: message.data, error: new ServiceError({ service: http.service, kind: 'parse', status: response.status, code: 'malformed_event', message: `An event of the stream is not JSON`, cause }) });
          continue;
        }
        items.push(message.id !== undefined ? { kind: 'event', event, id: message.id, data } : { kind: 'event', event, data });
        if (isTerminal(data, event)) {
          yield items;
          return;
        }
      }
      yield items;
    }
  } catch (error) {
    if (signal?.aborted) return;
    yield [{ kind: 'cut', error: new ServiceError({ service: http.service, kind: 'network', status: response.status, code: 'stream_cut', message: 'The stream broke off before it was complete', cause: error }) }];
    return;
  }
  if (signal?.aborted) return;
  yield [{ kind: 'cut', error: new ServiceError({ service: http.service, kind: 'protocol', status: response.status, code: 'stream_cut', message: 'The stream ended before it was complete' }) }];
}

/** The items of `openEventBatches` one by one (same errors, same end). */
export async function* openEventStream<T>(http: HttpClient, path: string, options: SseOptions<T>): AsyncGenerator<SseMessage<T>> {
  for await (const batch of openEventBatches(http, path, options)) yield* batch;
}
