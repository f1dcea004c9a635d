/**
 * Server-Sent Events over fetch (POST or GET): bytes → TextDecoderStream → eventsource-parser →
 * typed messages with JSON data. A stream that ends before its terminal event is reported as cut,
 * never as success; nothing is re-sent automatically (a chat message must not be asked twice).
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
 * The raw events of a byte stream, in order. Decoding survives any chunking (a multi-byte
 * character or a CRLF split across chunks). Ends when the stream ends; rejects if reading fails.
 * An event without its closing blank line at the end is dropped, as the SSE standard says.
 */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<EventSourceMessage> {
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => queue.push(message) });
  const reader = body.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).getReader();
  let lastChar = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!value) continue;
      parser.feed(value);
      lastChar = value[value.length - 1] ?? lastChar;
      while (queue.length) yield queue.shift()!;
    }
    // A final CR may be a whole line ending the parser is still holding (waiting to see whether an
    // LF follows). The stream is over, so none will: an LF completes it without adding a line.
    if (lastChar === '\r') parser.feed('\n');
    while (queue.length) yield queue.shift()!;
  } finally {
    reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * POST (json/form set) or GET event stream. Rejects with ServiceError before the first item if the
 * HTTP answer is not ok or not `text/event-stream`. Aborting through `signal` ends the iteration
 * silently; so does leaving a `for await` early (the request is cancelled).
 */
export async function* openEventStream<T>(http: HttpClient, path: string, options: SseOptions<T>): AsyncGenerator<SseMessage<T>> {
  const { isTerminal, ...request } = options;
  const response = await http.response(path, { accept: 'text/event-stream', ...request, retry: false });
  const contentType = response.headers.get('Content-Type') ?? '';
  if (!/^text\/event-stream\b/i.test(contentType) || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw new ServiceError({ service: http.service, kind: 'protocol', status: response.status, code: 'not_event_stream', message: `Expected an event stream, got ${contentType || 'no content type'}` });
  }
  const signal = options.signal;
  try {
    for await (const message of readServerSentEvents(response.body)) {
      const event = message.event ?? 'message';
      let data: T;
      try {
        data = JSON.parse(message.data) as T;
      } catch (cause) {
        yield { kind: 'malformed', event, raw: message.data, error: new ServiceError({ service: http.service, kind: 'parse', status: response.status, code: 'malformed_event', message: `An event of the stream is not JSON`, cause }) };
        continue;
      }
      yield message.id !== undefined ? { kind: 'event', event, id: message.id, data } : { kind: 'event', event, data };
      if (isTerminal(data, event)) return;
    }
  } catch (error) {
    if (signal?.aborted) return;
    yield { kind: 'cut', error: new ServiceError({ service: http.service, kind: 'network', status: response.status, code: 'stream_cut', message: 'The stream broke off before it was complete', cause: error }) };
    return;
  }
  if (signal?.aborted) return;
  yield { kind: 'cut', error: new ServiceError({ service: http.service, kind: 'protocol', status: response.status, code: 'stream_cut', message: 'The stream ended before it was complete' }) };
}
