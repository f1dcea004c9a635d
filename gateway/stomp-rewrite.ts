/**
 * What the gateway changes in the STOMP frames a visitor's browser sends to the live chat
 * (design.md "Live chat, visitor side"), and back. Pure: one WebSocket message in, the message to
 * forward out (or a refusal).
 * - CONNECT: operator credentials (`CHAT_WS_USER` / `CHAT_WS_PASSWORD`, `login` / `passcode`) are
 *   removed — the operator console does not go through the gateway. The visitor token
 *   (`visitor-token`, the header the kit's live chat sends, or `Authorization: Bearer`) is removed
 *   too and only a token the gateway verified is put back as `visitor-token`: the chat service
 *   trusts that header (the signature is the gateway's to check), so a forged one never reaches it.
 * - SEND `/app/chat.start`: with a visitor token, the body's `name` and `email` become the token's
 *   — the chat's verified identity, whatever the page typed.
 * - The page's `visitor-id` (CONNECT, its visitor topic, `chat.start`) becomes the one the gateway
 *   derives from the visitor it vouches for (chat-scope.ts); the service's frames on that topic go
 *   back to the page under the page's own id.
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
  // Set by the gateway from the visitor it vouches for (chat-scope.ts), never as the page sent it.
  'visitor-id',
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

/** What a CONNECT frame says about its visitor: the visitor token and the page's visitor id. */
export interface ConnectInfo {
  /** `visitor-token` (the kit's live chat), else `Authorization: Bearer`. */
  token?: string | undefined;
  visitorId?: string | undefined;
}

/** The CONNECT (or STOMP) frame of a message, read; undefined when it holds none. */
export function readConnect(data: string): ConnectInfo | undefined {
  const { frames } = parseFrames(data);
  for (const f of frames) {
    if (typeof f === 'string' || (f.command !== 'CONNECT' && f.command !== 'STOMP')) continue;
    const header = (name: string) => f.headers.find(([k]) => k.toLowerCase() === name)?.[1];
    const own = header('visitor-token')?.trim();
    const bearer = /^Bearer\s+(\S+)$/i.exec(header('authorization') ?? '')?.[1];
    return { token: own || bearer, visitorId: header('visitor-id') };
  }
  return undefined;
}

/** The visitor id of the page and the one the service knows this visitor by (chat-scope.ts). */
export interface VisitorIds {
  page: string;
  service: string;
}

export interface ClientRewrite {
  /** A verified visitor's name and e-mail: the chat's identity on `chat.start`. */
  identity?: StompIdentity | undefined;
  /** The visitor token the gateway checked, put on CONNECT as `visitor-token`; any other is dropped. */
  verifiedToken?: string | undefined;
  /** The page's visitor id, replaced by the service's on CONNECT, its SUBSCRIBE and `chat.start`. */
  ids?: VisitorIds | undefined;
}

/** A `chat.start` the gateway passed on: the e-mail the chat starts with, by its request id. */
export interface StartSeen {
  clientRequestId: string;
  email: string;
}

export type ClientResult = { ok: true; data: string; starts: StartSeen[] } | { ok: false; reason: string };

const visitorTopic = (id: string) => `/topic/visitor.${id}`;

/** A JSON object body, or undefined. */
function objectBody(body: string): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(body) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** One WebSocket message of the page's, as the service gets it (see the module's comment). */
export function rewriteClientMessage(data: string, rewrite: ClientRewrite): ClientResult {
  const { frames, ok } = parseFrames(data);
  if (!ok) return { ok: false, reason: 'incomplete STOMP frame' };
  const { identity, verifiedToken, ids } = rewrite;
  const starts: StartSeen[] = [];
  let changed = false;
  const out = frames.map((f) => {
    if (typeof f === 'string') return f;
    if (f.command === 'CONNECT' || f.command === 'STOMP') {
      const kept = f.headers.filter(([k]) => !CONNECT_DROPPED.has(k.toLowerCase()));
      if (verifiedToken) kept.push(['visitor-token', verifiedToken]);
      if (ids) kept.push(['visitor-id', ids.service]);
      if (kept.length !== f.headers.length || verifiedToken || ids) changed = true;
      return serialize({ ...f, headers: kept });
    }
    const destination = f.headers.find(([k]) => k === 'destination')?.[1];
    if (f.command === 'SUBSCRIBE' && ids && destination === visitorTopic(ids.page)) {
      changed = true;
      return serialize({
        ...f,
        headers: f.headers.map(([k, v]): [string, string] =>
          k === 'destination' ? [k, visitorTopic(ids.service)] : [k, v],
        ),
      });
    }
    if (f.command === 'SEND' && destination === '/app/chat.start') {
      const body = objectBody(f.body);
      if (!body) return serialize(f);
      const edits: Record<string, unknown> = {};
      if (identity?.name) edits.name = identity.name;
      if (identity?.email) edits.email = identity.email;
      if (ids && body.visitorId === ids.page) edits.visitorId = ids.service;
      Object.assign(body, edits);
      if (typeof body.clientRequestId === 'string')
        starts.push({ clientRequestId: body.clientRequestId, email: typeof body.email === 'string' ? body.email : '' });
      if (Object.keys(edits).length === 0) return serialize(f);
      changed = true;
      return serialize({ ...f, body: JSON.stringify(body) });
    }
    return serialize(f);
  });
  return { ok: true, data: changed ? out.join('') : data, starts };
}

/** A chat the service started for this socket's visitor (`started` on their visitor topic). */
export interface Started {
  idChat: string;
  clientRequestId?: string | undefined;
}

/**
 * One WebSocket message of the service's, as the page gets it: the visitor topic named with the
 * page's visitor id again, and the chats the service says it started. Messages that do not touch
 * the visitor topic (the chat's own events, most of the traffic) pass untouched and unparsed.
 */
export function rewriteServerMessage(data: string, ids: VisitorIds | undefined): { data: string; started: Started[] } {
  if (!ids || !data.includes('/topic/visitor.')) return { data, started: [] };
  const { frames, ok } = parseFrames(data);
  if (!ok) return { data, started: [] };
  const started: Started[] = [];
  const out = frames.map((f) => {
    if (typeof f === 'string') return f;
    const destination = f.headers.find(([k]) => k === 'destination')?.[1];
    if (f.command !== 'MESSAGE' || destination !== visitorTopic(ids.service)) return serialize(f);
    const body = objectBody(f.body);
    if (body?.type === 'started' && (typeof body.idChat === 'number' || typeof body.idChat === 'string'))
      started.push({
        idChat: String(body.idChat),
        clientRequestId: typeof body.clientRequestId === 'string' ? body.clientRequestId : undefined,
      });
    return serialize({
      ...f,
      headers: f.headers.map(([k, v]): [string, string] =>
        k === 'destination' ? [k, visitorTopic(ids.page)] : [k, v],
      ),
    });
  });
  return { data: out.join(''), started };
}
