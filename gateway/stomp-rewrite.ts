/**
 * What the gateway changes in the STOMP frames a visitor's browser sends to the live chat
 * (design.md "Live chat, visitor side"). Pure: one WebSocket message in, the message to forward
 * out (or a refusal).
 * - CONNECT: operator credentials (`CHAT_WS_USER` / `CHAT_WS_PASSWORD`, `login` / `passcode`) are
 *   removed — the operator console does not go through the gateway. The visitor token
 *   (`visitor-token`, the header the kit's live chat sends, or `Authorization: Bearer`) is removed
 *   too and only a token the gateway verified is put back as `visitor-token`: the chat service
 *   trusts that header (the signature is the gateway's to check), so a forged one never reaches it.
 * - SEND `/app/chat.start`: with a visitor token, the body's `name` and `email` become the token's
 *   — the chat's verified identity, whatever the page typed.
 * Each WebSocket message must hold whole frames (what STOMP clients over WebSocket send); anything
 * else is refused rather than passed on unread.
 */

export interface StompIdentity {
  name?: string | undefined;
  email?: string | undefined;
}

export type RewriteResult = { ok: true; data: string } | { ok: false; reason: string };

/** CONNECT headers that never pass as the browser sent them. */
const CONNECT_DROPPED = new Set([
  'chat_ws_user',
  'chat_ws_password',
  'login',
  'passcode',
  'authorization',
  'visitor-token',
]);

interface Frame {
  command: string;
  headers: Array<[string, string]>;
  body: string;
}

function parseFrames(text: string): { frames: Array<Frame | string>; ok: boolean } {
  const out: Array<Frame | string> = [];
  let at = 0;
  while (at < text.length) {
    // EOLs between frames are heart-beats: kept as they are.
    const eol = /^(\r?\n)+/.exec(text.slice(at));
    if (eol) {
      out.push(eol[0]);
      at += eol[0].length;
      continue;
    }
    const headEnd = text.indexOf('\n\n', at) >= 0 ? text.indexOf('\n\n', at) : -1;
    const crlfEnd = text.indexOf('\r\n\r\n', at);
    const end = crlfEnd >= 0 && (headEnd < 0 || crlfEnd < headEnd) ? crlfEnd : headEnd;
    if (end < 0) return { frames: out, ok: false };
    const sep = end === crlfEnd ? 4 : 2;
    const lines = text.slice(at, end).split(/\r?\n/);
    const command = lines.shift() ?? '';
    const headers = lines.map((l): [string, string] => {
      const i = l.indexOf(':');
      return i < 0 ? [l, ''] : [l.slice(0, i), l.slice(i + 1)];
    });
    const bodyStart = end + sep;
    const length = headers.find(([k]) => k.toLowerCase() === 'content-length')?.[1];
    let bodyEnd: number;
    if (length !== undefined && /^\d+$/.test(length)) {
      // content-length counts bytes; the bodies here are UTF-8 text.
      const bytes = Buffer.from(text.slice(bodyStart), 'utf8').subarray(0, Number(length));
      bodyEnd = bodyStart + bytes.toString('utf8').length;
    } else bodyEnd = text.indexOf('\0', bodyStart);
    if (bodyEnd < 0 || text[bodyEnd] !== '\0') return { frames: out, ok: false };
    out.push({ command, headers, body: text.slice(bodyStart, bodyEnd) });
    at = bodyEnd + 1;
  }
  return { frames: out, ok: true };
}

function serialize(frame: Frame): string {
  const headers = frame.headers.map(
    ([k, v]) => `${k}:${k.toLowerCase() === 'content-length' ? Buffer.byteLength(frame.body) : v}`,
  );
  return `${frame.command}\n${headers.join('\n')}\n\n${frame.body}\0`;
}

/** The visitor token a CONNECT frame carries: `visitor-token` (the kit's live chat), else `Authorization: Bearer`. */
export function connectToken(data: string): string | undefined {
  const { frames } = parseFrames(data);
  for (const f of frames) {
    if (typeof f === 'string' || (f.command !== 'CONNECT' && f.command !== 'STOMP')) continue;
    const header = (name: string) => f.headers.find(([k]) => k.toLowerCase() === name)?.[1];
    const own = header('visitor-token');
    if (own) return own.trim();
    const m = /^Bearer\s+(\S+)$/i.exec(header('authorization') ?? '');
    if (m) return m[1];
  }
  return undefined;
}

/**
 * `verifiedToken`: the visitor token the gateway checked (from the socket URL or the CONNECT
 * frame), put on CONNECT as `visitor-token` for the service; any other is dropped.
 */
export function rewriteClientMessage(
  data: string,
  identity: StompIdentity | undefined,
  verifiedToken?: string | undefined,
): RewriteResult {
  const { frames, ok } = parseFrames(data);
  if (!ok) return { ok: false, reason: 'incomplete STOMP frame' };
  let changed = false;
  const out = frames.map((f) => {
    if (typeof f === 'string') return f;
    if (f.command === 'CONNECT' || f.command === 'STOMP') {
      const kept = f.headers.filter(([k]) => !CONNECT_DROPPED.has(k.toLowerCase()));
      if (verifiedToken) kept.push(['visitor-token', verifiedToken]);
      if (kept.length !== f.headers.length || verifiedToken) changed = true;
      return serialize({ ...f, headers: kept });
    }
    const destination = f.headers.find(([k]) => k === 'destination')?.[1];
    if (f.command === 'SEND' && destination === '/app/chat.start' && identity && (identity.name || identity.email)) {
      let body: Record<string, unknown>;
      try {
        const parsed = JSON.parse(f.body) as unknown;
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return serialize(f);
        body = parsed as Record<string, unknown>;
      } catch {
        return serialize(f);
      }
      if (identity.name) body.name = identity.name;
      if (identity.email) body.email = identity.email;
      changed = true;
      return serialize({ ...f, body: JSON.stringify(body) });
    }
    return serialize(f);
  });
  return { ok: true, data: changed ? out.join('') : data };
}
