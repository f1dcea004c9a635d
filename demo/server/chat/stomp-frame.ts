/**
 * STOMP 1.2 frames: a pure parser and serializer, no I/O (the socket lives in stomp-server.ts).
 *
 * A frame is `COMMAND EOL (header EOL)* EOL body NUL`, EOL being `\n` or `\r\n`. Header values are
 * escaped (`\\r \\n \\c \\\\`) in every frame except CONNECT and CONNECTED; an undefined escape is a
 * fatal error. When `content-length` is present the body is exactly that many bytes (so it may hold
 * NULs) and must be followed by a NUL; otherwise the body ends at the first NUL. EOLs between frames
 * are heart-beats. A WebSocket message may hold several frames, or a frame split across messages:
 * the parser keeps what it has not consumed yet.
 */

export interface StompFrame {
  command: string;
  /** Header values after unescaping; when a header repeats, the first value wins (1.2 §"Repeated Header Entries"). */
  headers: Record<string, string>;
  body: Buffer;
}

export class StompParseError extends Error {}

/** Frames whose headers are never escaped (STOMP 1.2 §"Value Encoding"). */
const UNESCAPED_COMMANDS = new Set(['CONNECT', 'CONNECTED']);

export function unescapeHeader(raw: string): string {
  return raw.replace(/\\(.?)/gs, (_m, c: string) => {
    switch (c) {
      case 'r':
        return '\r';
      case 'n':
        return '\n';
      case 'c':
        return ':';
      case '\\':
        return '\\';
      default:
        throw new StompParseError(`undefined escape sequence \\${c} in header`);
    }
  });
}

export function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (c) => ({ '\\': '\\\\', '\r': '\\r', '\n': '\\n', ':': '\\c' })[c]!);
}

export interface ParseResult {
  frames: StompFrame[];
  /** EOLs seen between frames: the peer's heart-beats. */
  heartbeats: number;
}

/**
 * Incremental parser. `push` accepts any slice of the byte stream and returns the complete frames it
 * now holds; a `StompParseError` means the stream is broken and the connection must end.
 */
export class StompParser {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly maxFrameBytes = 64 * 1024) {}

  /** Bytes received but not yet part of a complete frame. */
  get buffered(): number {
    return this.pending.length;
  }

  push(chunk: Buffer | string): ParseResult {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.pending = this.pending.length ? Buffer.concat([this.pending, bytes]) : bytes;
    const result: ParseResult = { frames: [], heartbeats: 0 };
    for (;;) {
      // Heart-beats: bare EOLs between frames. A lone trailing '\r' may be the start of '\r\n'.
      let start = 0;
      while (start < this.pending.length) {
        if (this.pending[start] === 0x0a) {
          start += 1;
          result.heartbeats += 1;
          continue;
        }
        if (this.pending[start] === 0x0d) {
          if (start + 1 >= this.pending.length) break;
          if (this.pending[start + 1] === 0x0a) {
            start += 2;
            result.heartbeats += 1;
            continue;
          }
          throw new StompParseError('carriage return not followed by line feed');
        }
        break;
      }
      this.pending = this.pending.subarray(start);
      if (this.pending.length === 0 || (this.pending.length === 1 && this.pending[0] === 0x0d)) return result;
      const parsed = parseOne(this.pending);
      if (!parsed) {
        if (this.pending.length > this.maxFrameBytes)
          throw new StompParseError(`frame larger than ${this.maxFrameBytes} bytes`);
        return result;
      }
      if (parsed.consumed > this.maxFrameBytes)
        throw new StompParseError(`frame larger than ${this.maxFrameBytes} bytes`);
      result.frames.push(parsed.frame);
      this.pending = this.pending.subarray(parsed.consumed);
    }
  }
}

/** Parses one frame at the start of `buf`; undefined when it is not complete yet. */
function parseOne(buf: Buffer): { frame: StompFrame; consumed: number } | undefined {
  let pos = 0;
  const readLine = (): string | undefined => {
    const nl = buf.indexOf(0x0a, pos);
    if (nl < 0) return undefined;
    const end = nl > pos && buf[nl - 1] === 0x0d ? nl - 1 : nl;
    const line = buf.toString('utf8', pos, end);
    pos = nl + 1;
    return line;
  };

  const command = readLine();
  if (command === undefined) {
    if (buf.indexOf(0x00) >= 0) throw new StompParseError('frame ends before its command line');
    return undefined;
  }
  if (!/^[A-Z]+$/.test(command)) throw new StompParseError(`invalid command line "${command.slice(0, 40)}"`);
  const escaped = !UNESCAPED_COMMANDS.has(command);

  const headers: Record<string, string> = {};
  for (;;) {
    const line = readLine();
    if (line === undefined) {
      if (buf.indexOf(0x00, pos) >= 0) throw new StompParseError('frame ends inside its headers');
      return undefined;
    }
    if (line === '') break;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new StompParseError(`malformed header line "${line.slice(0, 40)}"`);
    const name = escaped ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
    const value = escaped ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
    // Own-property checks and defineProperty: names like `toString` or `__proto__` are just names.
    if (!Object.hasOwn(headers, name))
      Object.defineProperty(headers, name, { value, enumerable: true, writable: true, configurable: true });
  }

  const lengthHeader = headers['content-length'];
  let bodyEnd: number;
  if (lengthHeader !== undefined) {
    if (!/^\d{1,9}$/.test(lengthHeader)) throw new StompParseError(`invalid content-length "${lengthHeader}"`);
    bodyEnd = pos + Number(lengthHeader);
    if (buf.length < bodyEnd + 1) return undefined;
    if (buf[bodyEnd] !== 0x00) throw new StompParseError('body longer than its content-length');
  } else {
    bodyEnd = buf.indexOf(0x00, pos);
    if (bodyEnd < 0) return undefined;
  }
  return { frame: { command, headers, body: Buffer.from(buf.subarray(pos, bodyEnd)) }, consumed: bodyEnd + 1 };
}

/** Serializes a frame; adds `content-length` whenever there is a body. */
export function serializeFrame(
  command: string,
  headers: Record<string, string | number | undefined>,
  body: Buffer | string = '',
): Buffer {
  const bodyBytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const escape = UNESCAPED_COMMANDS.has(command) ? (v: string) => v : escapeHeader;
  const lines = [command];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'content-length') continue;
    lines.push(`${escape(name)}:${escape(String(value))}`);
  }
  if (bodyBytes.length > 0) lines.push(`content-length:${bodyBytes.length}`);
  return Buffer.concat([Buffer.from(lines.join('\n') + '\n\n', 'utf8'), bodyBytes, Buffer.from([0])]);
}

/**
 * Heart-beat negotiation (STOMP 1.2 §"Heart-beating"). `client` is the CONNECT header `cx,cy`,
 * `server` what the server offers `[sx, sy]`. Returns how often the server must send (0 = never)
 * and within what interval it expects to hear from the client (0 = never).
 */
export function negotiateHeartbeat(
  clientHeader: string | undefined,
  server: [number, number],
): { sendEvery: number; expectEvery: number } {
  const [cx, cy] = parseHeartbeat(clientHeader);
  const [sx, sy] = server;
  return {
    sendEvery: sx === 0 || cy === 0 ? 0 : Math.max(sx, cy),
    expectEvery: cx === 0 || sy === 0 ? 0 : Math.max(cx, sy),
  };
}

export function parseHeartbeat(header: string | undefined): [number, number] {
  if (header === undefined || header.trim() === '') return [0, 0];
  const m = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(header);
  if (!m) throw new StompParseError(`invalid heart-beat header "${header}"`);
  return [Number(m[1]), Number(m[2])];
}
