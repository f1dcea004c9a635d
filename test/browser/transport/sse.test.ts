// Server-Sent Events over fetch: against the loopback test server (real chunking over HTTP), on
// both paths (the page's main thread, and the stream worker with `offThread`), and, for exhaustive
// chunkings, on ReadableStreams built here (the same decoding path).
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { TRANSPORT_URL } from '/__sportello/env.js';
import { HttpClient } from '../../../src/transport/http.js';
import {
  openEventBatches,
  openEventStream,
  readServerSentEventBatches,
  readServerSentEvents,
  sseWorkerState,
  type SseMessage,
} from '../../../src/transport/sse.js';
import { ServiceError } from '../../../src/transport/errors.js';
import { pollStep } from '../../harness/harness.js';

interface Data {
  type: string;
  text?: string;
  n?: number;
  x?: number;
}

const http = new HttpClient({ service: 'ai', baseUrl: TRANSPORT_URL });
let keySeq = 0;
const newKey = () => `sse-${Date.now()}-${++keySeq}`;

const BASIC: Array<SseMessage<Data>> = [
  { kind: 'event', event: 'meta', data: { type: 'start', n: 0 } },
  { kind: 'event', event: 'message', data: { type: 'token', text: 'Caffè € 😀 naïve' } },
  { kind: 'event', event: 'message', id: '7', data: { type: 'token', text: 'line two' } },
  { kind: 'event', event: 'message', data: { type: 'multi', x: 1 } },
  { kind: 'event', event: 'message', data: { type: 'token', text: 'ü' } },
  { kind: 'event', event: 'message', data: { type: 'done' } },
];

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of stream) out.push(item);
  return out;
}

async function serverState(
  key: string,
): Promise<{ calls: number; closed: number; finished: number; referer?: string | null }> {
  return (await fetch(`${TRANSPORT_URL}/t/state?key=${key}`)).json();
}

/** Lets the test server drop the `end=drop` stream of `key`: the client has read what came before. */
async function releaseDrop(key: string): Promise<void> {
  await fetch(`${TRANSPORT_URL}/t/release?key=${key}`);
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await pollStep(50);
  }
  throw new Error(`never happened: ${what}`);
}

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let last = 0;
  for (const p of [...points, bytes.length]) {
    if (p > last) out.push(bytes.slice(last, p));
    last = Math.max(last, p);
  }
  return out;
}

for (const offThread of [false, true])
  describe(`openEventStream over real HTTP (${offThread ? 'stream worker' : 'main thread'})`, () => {
    const isTerminal = (data: Data) => data.type === 'done';
    const streamsBefore = sseWorkerState().streams;

    for (const eol of ['lf', 'crlf', 'cr']) {
      for (const chunks of ['', '1', '3,7,2']) {
        it(`decodes every event with ${eol} line endings, chunks [${chunks || 'whole'}]`, async () => {
          const items = await collect(
            openEventStream<Data>(http, '/t/sse', { isTerminal, offThread, query: { script: 'basic', eol, chunks } }),
          );
          expect(items).to.deep.equal(BASIC);
        });
      }
    }

    it('any chunking the server chooses yields the same events (property)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 }),
          fc.constantFrom('lf', 'crlf', 'cr'),
          async (sizes, eol) => {
            const items = await collect(
              openEventStream<Data>(http, '/t/sse', {
                isTerminal,
                offThread,
                query: { script: 'basic', eol, chunks: sizes.join(','), delayMs: 1 },
              }),
            );
            expect(items).to.deep.equal(BASIC);
          },
        ),
        { numRuns: 12 },
      );
    });

    it('batches: one array per read, never empty, the same items in the same order (property)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 }),
          fc.constantFrom('lf', 'crlf', 'cr'),
          async (sizes, eol) => {
            const batches = await collect(
              openEventBatches<Data>(http, '/t/sse', {
                isTerminal,
                offThread,
                query: { script: 'basic', eol, chunks: sizes.join(','), delayMs: 1 },
              }),
            );
            expect(batches.every((b) => b.length > 0)).to.equal(true);
            expect(batches.flat()).to.deep.equal(BASIC);
          },
        ),
        { numRuns: 12 },
      );
    });

    it('batches: a cut stream ends with a batch holding the cut', async () => {
      const key = newKey();
      const batches: Array<Array<SseMessage<Data>>> = [];
      const query = { key, script: 'cut', end: 'drop' };
      for await (const batch of openEventBatches<Data>(http, '/t/sse', { isTerminal, offThread, query })) {
        batches.push(batch);
        if (batches.flat().length === 2) await releaseDrop(key);
      }
      expect(batches.flat().map((i) => i.kind)).to.deep.equal(['event', 'event', 'cut']);
      expect(batches.at(-1)!.at(-1)!.kind).to.equal('cut');
    });

    it('POSTs a JSON body when json is set', async () => {
      const key = newKey();
      const items = await collect(
        openEventStream<Data>(http, '/t/sse', { isTerminal, offThread, json: { message: 'ciao' }, query: { key } }),
      );
      expect(items.at(-1)).to.deep.equal({ kind: 'event', event: 'message', data: { type: 'done' } });
      expect((await serverState(key)).calls).to.equal(1);
    });

    it('sends the page as referrer, as a fetch from the page does (its origin: the server is cross-origin)', async () => {
      const key = newKey();
      await collect(openEventStream<Data>(http, '/t/sse', { isTerminal, offThread, query: { key } }));
      expect((await serverState(key)).referer).to.equal(`${location.origin}/`);
    });

    it('yields malformed data as an item and goes on', async () => {
      const items = await collect(
        openEventStream<Data>(http, '/t/sse', { isTerminal, offThread, query: { script: 'malformed', chunks: '5' } }),
      );
      expect(items.map((i) => i.kind)).to.deep.equal(['event', 'malformed', 'event', 'event']);
      const bad = items[1] as Extract<SseMessage<Data>, { kind: 'malformed' }>;
      expect(bad.raw).to.equal('{not json');
      expect(bad.event).to.equal('message');
      expect(bad.error).to.be.instanceOf(ServiceError);
      expect(bad.error.kind).to.equal('parse');
    });

    it('reports a stream that ends without its terminal event as cut', async () => {
      const items = await collect(
        openEventStream<Data>(http, '/t/sse', { isTerminal, offThread, query: { script: 'cut' } }),
      );
      expect(items.map((i) => i.kind)).to.deep.equal(['event', 'event', 'cut']);
      const cut = items[2] as Extract<SseMessage<Data>, { kind: 'cut' }>;
      expect([cut.error.kind, cut.error.code]).to.deep.equal(['protocol', 'stream_cut']);
    });

    it('reports a connection dropped mid-stream as cut (network), never as success', async () => {
      const key = newKey();
      const items: Array<SseMessage<Data>> = [];
      const query = { key, script: 'cut', end: 'drop' };
      for await (const item of openEventStream<Data>(http, '/t/sse', { isTerminal, offThread, query })) {
        items.push(item);
        if (items.length === 2) await releaseDrop(key);
      }
      expect(items.map((i) => i.kind)).to.deep.equal(['event', 'event', 'cut']);
      const cut = items[2] as Extract<SseMessage<Data>, { kind: 'cut' }>;
      expect([cut.error.kind, cut.error.code]).to.deep.equal(['network', 'stream_cut']);
    });

    it('rejects before the first item on an HTTP error, and never re-sends', async () => {
      const key = newKey();
      let error: unknown;
      try {
        await collect(
          openEventStream<Data>(http, '/t/sse', { isTerminal, offThread, json: {}, query: { key, status: 503 } }),
        );
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(ServiceError);
      expect((error as ServiceError).status).to.equal(503);
      expect((await serverState(key)).calls).to.equal(1);
      const getKey = newKey();
      try {
        await collect(
          openEventStream<Data>(http, '/t/sse', { isTerminal, offThread, query: { key: getKey, status: 503 } }),
        );
      } catch {
        // expected
      }
      expect((await serverState(getKey)).calls).to.equal(1);
    });

    it('rejects an answer that is not an event stream', async () => {
      let error: unknown;
      try {
        await collect(openEventStream<Data>(http, '/t/sse', { isTerminal, offThread, query: { type: 'json' } }));
      } catch (e) {
        error = e;
      }
      expect((error as ServiceError).code).to.equal('not_event_stream');
      expect((error as ServiceError).kind).to.equal('protocol');
    });

    it('a body silent for idleTimeoutMs ends as a stalled cut and closes the request (a clock the test moves)', async () => {
      const key = newKey();
      const timers = new Map<number, () => void>();
      let seq = 0;
      const clock = {
        setTimeout: (callback: () => void) => (timers.set(++seq, callback), seq),
        clearTimeout: (handle: unknown) => void timers.delete(handle as number),
      };
      const stream = openEventStream<Data>(http, '/t/sse', {
        isTerminal,
        offThread,
        idleTimeoutMs: 60_000,
        clock,
        query: { key, script: 'cut', end: 'hang' },
      });
      expect((await stream.next()).value?.kind).to.equal('event');
      expect((await stream.next()).value?.kind).to.equal('event');
      const next = stream.next();
      // The server sends nothing more: the watch waits on its one timer, and a minute passes.
      await until(async () => timers.size === 1, 'the watch is set');
      for (const fire of timers.values()) fire();
      const cut = (await next).value as Extract<SseMessage<Data>, { kind: 'cut' }>;
      expect([cut.kind, cut.error.kind, cut.error.code]).to.deep.equal(['cut', 'timeout', 'stream_stalled']);
      expect((await stream.next()).done).to.equal(true);
      await until(async () => (await serverState(key)).closed === 1, 'server saw the stream closed');
    });

    it('a stream that keeps talking is never taken for stalled: each event clears the watch', async () => {
      const timers = new Set<number>();
      let seq = 0;
      const clock = {
        setTimeout: () => (timers.add(++seq), seq),
        clearTimeout: (handle: unknown) => void timers.delete(handle as number),
      };
      const items = await collect(
        openEventStream<Data>(http, '/t/sse', { isTerminal, offThread, idleTimeoutMs: 60_000, clock }),
      );
      expect(items).to.deep.equal(BASIC);
      expect(seq).to.be.greaterThan(0);
      expect(timers.size).to.equal(0);
    });

    it('an abort through the signal ends the iteration silently and closes the request', async () => {
      const key = newKey();
      const controller = new AbortController();
      const items: Array<SseMessage<Data>> = [];
      for await (const item of openEventStream<Data>(http, '/t/sse', {
        isTerminal,
        offThread,
        signal: controller.signal,
        query: { key, script: 'cut', end: 'hang' },
      })) {
        items.push(item);
        if (items.length === 2) controller.abort();
      }
      expect(items.map((i) => i.kind)).to.deep.equal(['event', 'event']);
      await until(async () => (await serverState(key)).closed === 1, 'server saw the stream closed');
    });

    it('an abort after the whole answer arrived still ends the iteration silently (nothing read before it comes out)', async () => {
      const key = newKey();
      const controller = new AbortController();
      const batches: Array<Array<SseMessage<Data>>> = [];
      // One event per read: the first batch is not the whole answer.
      for await (const batch of openEventBatches<Data>(http, '/t/sse', {
        isTerminal,
        offThread,
        signal: controller.signal,
        query: { key, chunks: '30', delayMs: '10' },
      })) {
        batches.push(batch);
        if (batches.length === 1) {
          // The server has sent the rest of the answer (done included), which waits read but not
          // taken; then abort.
          await until(async () => (await serverState(key)).finished === 1, 'the server sent the whole answer');
          controller.abort();
        }
      }
      expect(batches.length).to.equal(1);
      expect(batches[0]!.some((i) => i.kind === 'event' && i.data.type === 'done')).to.equal(false);
    });

    it('leaving the loop early cancels the request', async () => {
      const key = newKey();
      for await (const item of openEventStream<Data>(http, '/t/sse', {
        isTerminal,
        offThread,
        query: { key, script: 'cut', end: 'hang' },
      })) {
        expect(item.kind).to.equal('event');
        break;
      }
      await until(async () => (await serverState(key)).closed === 1, 'server saw the stream closed');
    });

    it(offThread ? 'went through the stream worker' : 'never used the stream worker', () => {
      const served = sseWorkerState().streams - streamsBefore;
      if (offThread) {
        expect(sseWorkerState().status).to.equal('ready');
        expect(served).to.be.greaterThan(20);
      } else expect(served).to.equal(0);
    });
  });

describe('readServerSentEvents on in-page streams', () => {
  // Lines may hold any text except line breaks; names and ids avoid leading spaces (the
  // standard strips exactly one after the colon, which our writer always puts there).
  const line = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !/[\r\n]/.test(s));
  const token = fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 8 })
    .filter((s) => !/[\r\n\0:]/.test(s) && !s.startsWith(' '));
  const eventArb = fc.record({
    event: fc.option(token, { nil: undefined }),
    id: fc.option(token, { nil: undefined }),
    lines: fc.array(line, { minLength: 1, maxLength: 3 }),
  });

  function serialise(
    events: Array<{ event?: string | undefined; id?: string | undefined; lines: string[] }>,
    eol: string,
  ): Uint8Array {
    let text = '';
    for (const e of events) {
      if (e.event !== undefined) text += `event: ${e.event}${eol}`;
      if (e.id !== undefined) text += `id: ${e.id}${eol}`;
      for (const l of e.lines) text += `data: ${l}${eol}`;
      text += eol;
    }
    return new TextEncoder().encode(text);
  }

  it('any chunking of any stream yields the same events (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventArb, { maxLength: 6 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.array(fc.nat(), { maxLength: 30 }),
        async (events, eol, cuts) => {
          const bytes = serialise(events, eol);
          const expected = events.map((e) => ({ event: e.event, id: e.id, data: e.lines.join('\n') }));
          const whole = await collect(readServerSentEvents(streamOf([bytes])));
          const split = await collect(readServerSentEvents(streamOf(splitAt(bytes, cuts))));
          expect(whole).to.deep.equal(expected);
          expect(split).to.deep.equal(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('events completed by one read come out as one batch', async () => {
    const enc = new TextEncoder();
    const batches = await collect(
      readServerSentEventBatches(
        streamOf([
          enc.encode('data: 1\n\ndata: 2\n\ndata: 3'),
          enc.encode('\n\n'),
          enc.encode(': comment only\n'),
          enc.encode('data: 4\n\n'),
        ]),
      ),
    );
    expect(batches.map((b) => b.map((m) => m.data))).to.deep.equal([['1', '2'], ['3'], ['4']]);
  });

  it('a multi-byte character split across chunks comes out whole', async () => {
    const bytes = new TextEncoder().encode('data: {"t":"😀€"}\n\n');
    const emoji = bytes.indexOf(0xf0);
    const items = await collect(
      readServerSentEvents(
        streamOf([bytes.slice(0, emoji + 1), bytes.slice(emoji + 1, emoji + 3), bytes.slice(emoji + 3)]),
      ),
    );
    expect(items).to.deep.equal([{ event: undefined, id: undefined, data: '{"t":"😀€"}' }]);
  });

  it('drops a last event that never got its blank line (standard EOF rule)', async () => {
    const items = await collect(readServerSentEvents(streamOf([new TextEncoder().encode('data: 1\n\ndata: 2\n')])));
    expect(items.map((i) => i.data)).to.deep.equal(['1']);
  });
});
