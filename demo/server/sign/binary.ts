import type { IncomingMessage, ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';

/**
 * Byte responses of the signing service: PDFs and ZIPs, inline or as attachments, with
 * single-range `Range` support (pdf.js fetches big documents in chunks when it sees
 * `Accept-Ranges: bytes`).
 */

/** `filename` plus an RFC 5987 `filename*` so non-ASCII names survive. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

type Range = { start: number; end: number } | 'unsatisfiable' | undefined;

/** Parses one `bytes=` range; several ranges or other units are ignored (a full 200 is valid). */
export function parseRange(header: string | undefined, size: number): Range {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export function sendBytes(
  req: IncomingMessage,
  res: ServerResponse,
  bytes: Uint8Array,
  options: { contentType: string; filename: string; disposition: 'inline' | 'attachment' },
): void {
  const size = bytes.length;
  const headers: Record<string, string | number> = {
    'Content-Type': options.contentType,
    'Content-Disposition': contentDisposition(options.disposition, options.filename),
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-cache',
  };
  const range = parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${size}`, 'Content-Length': 0 });
    res.end();
    return;
  }
  if (range) {
    const chunk = bytes.subarray(range.start, range.end + 1);
    res.writeHead(206, {
      ...headers,
      'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
      'Content-Length': chunk.length,
    });
    res.end(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': size });
  res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/**
 * A store-only ZIP (no compression: PDFs are compressed already), enough for "several
 * documents in one download". Fixed DOS date keeps the bytes deterministic.
 */
export function zipStore(files: Array<{ name: string; bytes: Uint8Array }>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const dosTime = 0; // 00:00:00
  const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 15; // 2026-01-15
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const data = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
