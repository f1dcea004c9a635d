import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  escapeHeader,
  negotiateHeartbeat,
  serializeFrame,
  StompParseError,
  StompParser,
  unescapeHeader,
} from '../../demo/server/chat/stomp-frame.js';

const parseAll = (...chunks: Array<string | Buffer>) => {
  const parser = new StompParser();
  const frames = [];
  let heartbeats = 0;
  for (const c of chunks) {
    const r = parser.push(c);
    frames.push(...r.frames);
    heartbeats += r.heartbeats;
  }
  return { frames, heartbeats, buffered: parser.buffered };
};

describe('STOMP frame parser', () => {
  it('parses a frame with CRLF line ends and a NUL-terminated body', () => {
    const { frames } = parseAll('SEND\r\ndestination:/app/x\r\n\r\nhello\0');
    assert.equal(frames.length, 1);
    assert.equal(frames[0]!.command, 'SEND');
    assert.deepEqual(frames[0]!.headers, { destination: '/app/x' });
    assert.equal(frames[0]!.body.toString(), 'hello');
  });

  it('reads exactly content-length bytes, NULs included', () => {
    const { frames } = parseAll('SEND\ndestination:/a\ncontent-length:3\n\na\0b\0');
    assert.deepEqual([...frames[0]!.body], [0x61, 0, 0x62]);
  });

  it('rejects a body longer than its content-length', () => {
    assert.throws(() => parseAll('SEND\ncontent-length:1\n\nab\0'), StompParseError);
  });

  it('counts EOL heart-beats between frames and parses several frames in one message', () => {
    const { frames, heartbeats } = parseAll('\n\r\nSEND\ndestination:/a\n\n1\0\nSEND\ndestination:/b\n\n2\0\n');
    assert.deepEqual(
      frames.map((f) => f.body.toString()),
      ['1', '2'],
    );
    assert.equal(heartbeats, 4);
  });

  it('keeps a partial frame until the rest arrives', () => {
    const { frames, buffered } = parseAll('SEND\ndestina', 'tion:/a\n\nbo');
    assert.equal(frames.length, 0);
    assert.ok(buffered > 0);
    const done = parseAll('SEND\ndestina', 'tion:/a\n\nbo', 'dy\0');
    assert.equal(done.frames[0]!.body.toString(), 'body');
  });

  it('unescapes headers except in CONNECT, and the first of repeated headers wins', () => {
    const { frames } = parseAll('MESSAGE\nfoo:a\\cb\\nc\\\\d\\r\nfoo:second\n\n\0CONNECT\nlogin:a\\cb\n\n\0');
    assert.equal(frames[0]!.headers.foo, 'a:b\nc\\d\r');
    assert.equal(frames[1]!.headers.login, 'a\\cb');
  });

  it('fails on undefined escapes, header lines without a colon and bad commands', () => {
    assert.throws(() => parseAll('SEND\nfoo:\\t\n\n\0'), /escape/);
    assert.throws(() => parseAll('SEND\nnocolon\n\n\0'), /header/);
    assert.throws(() => parseAll('send\n\n\0'), /command/);
    assert.throws(() => parseAll('SEND\ncontent-length:x\n\n\0'), /content-length/);
  });

  it('fails on a frame larger than the limit', () => {
    const parser = new StompParser(100);
    assert.throws(() => parser.push('SEND\n\n' + 'x'.repeat(200)), /larger/);
  });

  it('negotiates heart-beats as STOMP 1.2 says', () => {
    assert.deepEqual(negotiateHeartbeat('100,200', [1000, 50]), { sendEvery: 1000, expectEvery: 100 });
    assert.deepEqual(negotiateHeartbeat('0,0', [1000, 1000]), { sendEvery: 0, expectEvery: 0 });
    assert.deepEqual(negotiateHeartbeat(undefined, [1000, 1000]), { sendEvery: 0, expectEvery: 0 });
    assert.deepEqual(negotiateHeartbeat('500,0', [0, 100]), { sendEvery: 0, expectEvery: 500 });
    assert.throws(() => negotiateHeartbeat('fast', [1, 1]), StompParseError);
  });

  it('round-trips escaping for any string (property)', () => {
    fc.assert(fc.property(fc.string(), (s) => unescapeHeader(escapeHeader(s)) === s));
  });

  const frameArb = fc.record({
    command: fc.constantFrom('SEND', 'MESSAGE', 'SUBSCRIBE', 'ERROR', 'RECEIPT'),
    headers: fc.dictionary(
      fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== 'content-length'),
      fc.string({ maxLength: 12 }),
      { maxKeys: 4 },
    ),
    body: fc.uint8Array({ maxLength: 40 }),
  });

  it('parses what it serializes, however the bytes are split and with heart-beats between (property)', () => {
    fc.assert(
      fc.property(
        fc.array(frameArb, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.nat({ max: 3 }),
        (frames, cuts, beats) => {
          const bytes = Buffer.concat(
            frames.flatMap((f) => [
              Buffer.from('\n'.repeat(beats)),
              serializeFrame(f.command, f.headers, Buffer.from(f.body)),
            ]),
          );
          const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          const chunks: Buffer[] = [];
          let last = 0;
          for (const p of points) {
            chunks.push(bytes.subarray(last, p));
            last = p;
          }
          chunks.push(bytes.subarray(last));
          const parsed = parseAll(...chunks);
          assert.equal(parsed.frames.length, frames.length);
          assert.equal(parsed.heartbeats, beats * frames.length);
          parsed.frames.forEach((got, i) => {
            const want = frames[i]!;
            assert.equal(got.command, want.command);
            assert.deepEqual(Buffer.from(got.body), Buffer.from(want.body));
            for (const [k, v] of Object.entries(want.headers)) assert.equal(got.headers[k], v);
          });
        },
      ),
    );
  });
});
