import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { contentDisposition, parseRange, zipStore } from '../../demo/server/sign/binary.js';

// Pure pieces of the signing simulator's byte responses, over generated inputs.

/** Reads a store-only ZIP back through its central directory. */
function readZip(zip: Buffer): Array<{ name: string; bytes: Buffer; crc: number }> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out = [];
  for (let i = 0; i < count; i++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    const local = zip.readUInt32LE(at + 42);
    assert.equal(zip.readUInt32LE(local), 0x04034b50);
    const localName = zip.readUInt16LE(local + 26);
    const extra = zip.readUInt16LE(local + 28);
    const start = local + 30 + localName + extra;
    out.push({ name, bytes: zip.subarray(start, start + size), crc });
    at += 46 + nameLen;
  }
  return out;
}

describe('sign: Range parsing (RFC 9110 single ranges)', () => {
  it('gives start..min(end, size-1) for bytes=a-b, or unsatisfiable when a is past the end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.nat(2e6), fc.nat(2e6), (size, x, y) => {
        const [a, b] = x <= y ? [x, y] : [y, x];
        const r = parseRange(`bytes=${a}-${b}`, size);
        if (a >= size) assert.equal(r, 'unsatisfiable');
        else assert.deepEqual(r, { start: a, end: Math.min(b, size - 1) });
      }),
    );
  });

  it('gives the last n bytes for bytes=-n and the tail for bytes=a-', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 2e6 }), (size, n) => {
        assert.deepEqual(parseRange(`bytes=-${n}`, size), { start: Math.max(0, size - n), end: size - 1 });
        const open = parseRange(`bytes=${n}-`, size);
        assert.deepEqual(open, n >= size ? 'unsatisfiable' : { start: n, end: size - 1 });
      }),
    );
  });

  it('never yields a range outside the document, whatever the header says', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e5 }), fc.string(), (size, header) => {
        const r = parseRange(header, size);
        if (r && r !== 'unsatisfiable') assert.ok(r.start >= 0 && r.start <= r.end && r.end < size);
      }),
    );
    assert.equal(parseRange('bytes=0-1,5-9', 100), undefined, 'several ranges: a full 200 instead');
    assert.equal(parseRange('items=0-1', 100), undefined);
    assert.equal(parseRange(undefined, 100), undefined);
  });
});

describe('sign: store-only ZIP writer', () => {
  it('round-trips names, bytes and CRC-32 of any set of files', () => {
    const file = fc.record({
      name: fc.stringMatching(/^[a-z0-9_-]{1,20}\.pdf$/),
      bytes: fc.uint8Array({ maxLength: 2048 }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(file, { selector: (f) => f.name, minLength: 1, maxLength: 6 }), (files) => {
        const entries = readZip(Buffer.from(zipStore(files)));
        assert.deepEqual(
          entries.map((e) => e.name),
          files.map((f) => f.name),
        );
        entries.forEach((e, i) => {
          assert.deepEqual(new Uint8Array(e.bytes), files[i]!.bytes);
          assert.equal(e.crc, crc32(files[i]!.bytes));
        });
      }),
    );
  });

  it('is deterministic for the same input', () => {
    const files = [{ name: 'a.pdf', bytes: new Uint8Array([1, 2, 3]) }];
    assert.deepEqual(zipStore(files), zipStore(files));
  });
});

describe('sign: Content-Disposition', () => {
  it('is a single ASCII line whose filename* decodes to the original name', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
        fc.constantFrom('inline' as const, 'attachment' as const),
        (name, kind) => {
          const value = contentDisposition(kind, name);
          assert.match(value, /^[\x20-\x7e]+$/);
          assert.ok(value.startsWith(`${kind}; filename="`));
          const star = /filename\*=UTF-8''(.*)$/.exec(value)![1]!;
          assert.equal(decodeURIComponent(star), name);
        },
      ),
    );
  });
});
