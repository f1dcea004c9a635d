/**
 * Reading Server-Sent Events from a byte stream: TextDecoder → eventsource-parser, in batches (one
 * per network read). No DOM and no transport imports, so the stream worker (sse-worker.ts) and the
 * main-thread path (sse.ts) share this one reader.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * The raw events of a byte stream, in order, one array per read that completed any (never an
 * empty array). Decoding survives any chunking (a multi-byte character or a CRLF split across
 * reads). Ends when the stream ends; rejects if reading fails. An event without its closing blank
 * line at the end is dropped, as the SSE standard says.
 */
export async function* readServerSentEventBatches(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<EventSourceMessage[]> {
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
