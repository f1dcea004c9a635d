/**
 * A real simulator and a real gateway in front of it, both on loopback ports, for the gateway's
 * node tests; visitor tokens minted as a site's backend would; raw HTTP for the path tricks
 * `fetch` would normalise away. The gateway's service calls are recorded (never replaced), so a
 * test can prove a refusal never reached a service and that no browser credential went up.
 */
import { request as httpRequest } from 'node:http';
import { SignJWT } from 'jose';
import { WebSocket } from 'ws';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';
import { readConfig, type GatewayConfig } from '../../gateway/config.js';
import { startGateway, type RunningGateway } from '../../gateway/server.js';
import type { GatewayStore } from '../../gateway/store.js';
import { httpUpstream, type UpstreamRequest } from '../../gateway/upstream.js';

export const SECRET = 'gateway-test-visitor-secret-0123456789abcdef';
export const AUDIENCE = 'sportello';

export interface Harness {
  sim: RunningSimulator;
  gw: RunningGateway;
  config: GatewayConfig;
  /** Every call the gateway made to a service, in order. */
  calls: UpstreamRequest[];
  close(): Promise<void>;
}

export async function startHarness(
  env: Record<string, string> = {},
  store?: GatewayStore,
  logStream?: { write(line: string): void },
): Promise<Harness> {
  const sim = await startSimulator({ port: 0, paceMs: 1 });
  const config = readConfig(
    {
      SPORTELLO_GATEWAY_PORT: '0',
      SPORTELLO_GATEWAY_VISITOR_SECRET: SECRET,
      SPORTELLO_GATEWAY_LOG_LEVEL: 'silent',
      SPORTELLO_GATEWAY_ORIGINS: 'http://site.test',
      SPORTELLO_GATEWAY_RATE_VISITOR: '100000',
      SPORTELLO_GATEWAY_RATE_IP: '100000',
      SPORTELLO_GATEWAY_RATE_AI_CHAT: '100000',
      SPORTELLO_GATEWAY_RATE_AI_CHAT_IP: '100000',
      ...env,
    },
    sim.url,
  );
  const calls: UpstreamRequest[] = [];
  const real = httpUpstream({ sockets: config.limits.upstreamSockets, uploadSockets: config.limits.uploadSockets });
  const gw = await startGateway({
    config,
    ...(store ? { store } : {}),
    ...(logStream ? { logStream } : {}),
    upstream: (r) => (calls.push(r), real(r)),
  });
  return {
    sim,
    gw,
    config,
    calls,
    async close() {
      await gw.close();
      await sim.close();
    },
  };
}

export interface Claims {
  sub: string;
  name?: string;
  email?: string;
  sportello?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A visitor token as a site's backend mints it (HS256, five minutes). */
export async function mint(
  claims: Claims,
  options: { secret?: string; audience?: string; expiresIn?: string | number; issuer?: string } = {},
): Promise<string> {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setAudience(options.audience ?? AUDIENCE)
    .setExpirationTime(options.expiresIn ?? '5m');
  if (options.issuer) jwt.setIssuer(options.issuer);
  return jwt.sign(new TextEncoder().encode(options.secret ?? SECRET));
}

/** Ada: desk user 501 (creator of the seeded requests), practice 1001 where Laura signs next. */
export const ADA: Claims = {
  sub: 'ada',
  name: 'Ada Lovelace',
  email: 'laura.bianchi@acme.test',
  sportello: {
    desk: { idUtente: 501 },
    sign: { files: [1001], signer: 'laura.bianchi@acme.test' },
    ai: { agents: [1] },
  },
};
/** Bruno: desk user 502, practice 1002, and Mario's address (who already signed 1001). */
export const BRUNO: Claims = {
  sub: 'bruno',
  name: 'Bruno Bianchi',
  email: 'mario.rossi@acme.test',
  sportello: { desk: { idUtente: 502 }, sign: { files: [1002], signer: 'mario.rossi@acme.test' }, ai: { agents: [1] } },
};

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request with the target exactly as written (no normalising of `..`, `//`, `%2F`). */
export function raw(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** `init` with the visitor token as `Authorization: Bearer`. */
export function withToken(token: string | undefined, init: RequestInit = {}): RequestInit {
  return {
    ...init,
    headers: {
      ...(init.headers as Record<string, string> | undefined),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  };
}

/** One STOMP frame as a browser's STOMP client writes it. */
export const frame = (command: string, headers: Record<string, string>, body = '') =>
  `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}`)
    .join('\n')}\n\n${body}\0`;

/** A SEND with a JSON body. */
export const send = (destination: string, body: unknown) => {
  const text = JSON.stringify(body);
  return frame(
    'SEND',
    { destination, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
    text,
  );
};

/** The JSON body of a MESSAGE frame. */
export const bodyOf = (f: string): Record<string, unknown> =>
  JSON.parse(f.slice(f.indexOf('\n\n') + 2, f.lastIndexOf('\0'))) as Record<string, unknown>;

/** A raw STOMP-over-WebSocket client: every frame received is kept; `next` waits for one that matches. */
export function stomp(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, ['v12.stomp'], { headers });
  const frames: string[] = [];
  const waiters: Array<() => void> = [];
  let closed: { code: number; reason: string } | undefined;
  ws.on('message', (d) => {
    frames.push(String(d));
    waiters.splice(0).forEach((w) => w());
  });
  ws.on('close', (code, reason) => {
    closed = { code, reason: String(reason) };
    waiters.splice(0).forEach((w) => w());
  });
  ws.on('error', () => undefined);
  const next = async (test: (f: string) => boolean): Promise<string> => {
    for (;;) {
      const found = frames.find(test);
      if (found) return found;
      if (closed) throw new Error(`socket closed (${closed.code}); frames: ${frames.join(' | ')}`);
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  /** Resolves when the socket has closed, with its code. */
  const ended = () =>
    new Promise<{ code: number; reason: string }>((resolve) => {
      if (closed) return resolve(closed);
      ws.once('close', (code, reason) => resolve({ code, reason: String(reason) }));
    });
  return {
    ws,
    frames,
    next,
    ended,
    opened: new Promise((r, j) => (ws.once('open', r), ws.once('error', j))),
  };
}

/**
 * Starts a live chat through the gateway's socket as the kit's live chat does: CONNECT with a
 * visitor id (and a visitor token when given), the visitor topic, then `chat.start`. Returns the
 * chat id and the still-open client.
 */
export async function startChat(
  gatewayUrl: string,
  visitorId: string,
  options: { token?: string; email?: string; name?: string; message?: string; headers?: Record<string, string> } = {},
): Promise<{ idChat: number; client: ReturnType<typeof stomp> }> {
  const client = stomp(`${gatewayUrl.replace(/^http/, 'ws')}/chat/websocket`, options.headers);
  await client.opened;
  client.ws.send(
    frame('CONNECT', {
      'accept-version': '1.2',
      host: 'x',
      'heart-beat': '0,0',
      'visitor-id': visitorId,
      'widget-key': 'demo',
      ...(options.token ? { 'visitor-token': options.token } : {}),
    }),
  );
  await client.next((f) => f.startsWith('CONNECTED'));
  client.ws.send(frame('SUBSCRIBE', { id: 'v', destination: `/topic/visitor.${visitorId}`, receipt: 'sub-v' }));
  await client.next((f) => f.startsWith('RECEIPT') && f.includes('receipt-id:sub-v'));
  const clientRequestId = `r-${visitorId}`;
  client.ws.send(
    send('/app/chat.start', {
      clientRequestId,
      idChatCategory: 2,
      name: options.name ?? 'Typed Name',
      email: options.email ?? 'typed@example.com',
      language: 'en',
      visitorId,
    }),
  );
  const started = await client.next((f) => f.includes('"type":"started"') && f.includes(clientRequestId));
  const idChat = Number(bodyOf(started).idChat);
  if (options.message) {
    client.ws.send(frame('SUBSCRIBE', { id: 'c', destination: `/topic/chat.${idChat}` }));
    client.ws.send(send(`/app/chat.${idChat}.message`, { clientMessageId: 'm1', text: options.message }));
    await client.next((f) => f.includes(options.message!) && f.includes('"from":"visitor"'));
  }
  return { idChat, client };
}

/** The chat as the chat service's operators see it (its record at the service, not through the gateway). */
export async function chatAtService(
  simUrl: string,
  idChat: number,
): Promise<{
  name: string;
  email: string;
  visitorId: string;
  verified?: boolean;
  navigationPages: Array<{ url: string }>;
  rating: number | null;
}> {
  const res = await fetch(`${simUrl}/chat/api/chat/${idChat}`, { headers: { 'X-ChatToken': 'demo-chat-token' } });
  return res.json();
}
