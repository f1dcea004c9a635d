/**
 * The live chat's WebSocket (STOMP) through the gateway, for same-origin deployments: only
 * `/chat/websocket`, only from allowed origins, within the per-IP limit. Frames from the browser
 * pass through `rewriteClientMessage` (no operator logins; a token's name and e-mail are the
 * chat's identity); frames from the service pass unchanged. The visitor token comes as the
 * `access_token` query parameter (a browser cannot set headers on a WebSocket) or on the STOMP
 * CONNECT frame (`visitor-token`, as the kit's live chat sends it, or `Authorization: Bearer`);
 * only a token that verifies reaches the service, which trusts it. The visitor id the service sees
 * is derived from the visitor the gateway vouches for (chat-scope.ts), so a socket reaches its own
 * visitor's chats only, and the chats it starts are recorded as theirs.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { GatewayServices } from './call.js';
import { checkTarget } from './path-guard.js';
import { clientIp, type TrustFunction } from './client-ip.js';
import {
  CHAT_OWNERSHIP_TTL_S,
  chatOwner,
  isVerifiedOwner,
  serviceVisitorId,
  VERIFIED_CHATS_LISTED,
} from './chat-scope.js';
import { cookie, SESSION_COOKIE } from './session-cookie.js';
import { PendingOwners } from './pending-owners.js';
import { readConnect, rewriteClientMessage, rewriteServerMessage, type VisitorIds } from './stomp-rewrite.js';
import type { Visitor, VisitorVerifier } from './visitor.js';

const SOCKET_PATH = '/chat/websocket';

/** A token the gateway checked (a site's visitor token or its own session), and who it names. */
interface Verified {
  token: string;
  visitor: Visitor;
}
const MAX_MESSAGE_BYTES = 256 * 1024;

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function toWebSocketBase(httpBase: string): string {
  return httpBase.replace(/^http/i, 'ws');
}

/** Returns how many chat sockets are open (the metrics read it). */
export function attachWebSocketProxy(
  app: FastifyInstance,
  gw: GatewayServices,
  verifier: VisitorVerifier,
  trust: TrustFunction,
): () => number {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const origins = new Set(gw.config.origins);
  const owners = new PendingOwners(gw.store);

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void (async () => {
      const target = checkTarget(req.url ?? '');
      if (!target.ok || target.path !== SOCKET_PATH) return refuseUpgrade(socket, 404, 'Not Found');
      const origin = req.headers.origin;
      if (origin !== undefined && !origins.has(origin)) return refuseUpgrade(socket, 403, 'Forbidden');
      // The client's address by the same rule as every HTTP request (client-ip.ts), not the proxy's.
      const ip = clientIp(req, trust);
      if (
        gw.config.limits.perIpPerMinute > 0 &&
        (await gw.store.take(`ip:${ip}`, gw.config.limits.perIpPerMinute, gw.config.limits.perIpPerMinute)) > 0
      ) {
        gw.metrics.limit('rate_ip');
        return refuseUpgrade(socket, 429, 'Too Many Requests');
      }
      let visitor: Verified | undefined;
      const token = new URLSearchParams(target.query).get('access_token');
      if (token) {
        const result = await verifier.verify(token);
        if (!result.ok) return refuseUpgrade(socket, 401, 'Unauthorized');
        visitor = { token, visitor: result.visitor };
      }
      // Same site: the gateway's anonymous session cookie names the visitor, as it does on REST calls.
      const session = cookie(req.headers.cookie, SESSION_COOKIE);
      if (!visitor && session) {
        const result = await verifier.verify(session);
        if (result.ok && result.visitor.kind === 'anonymous') visitor = { token: session, visitor: result.visitor };
      }
      wss.handleUpgrade(req, socket, head, (client) => bridge(client, visitor));
    })().catch(() => refuseUpgrade(socket, 502, 'Bad Gateway'));
  });

  function bridge(client: WebSocket, initial: Verified | undefined): void {
    const headers: Record<string, string> = gw.config.chat.token ? { 'X-ChatToken': gw.config.chat.token } : {};
    const upstream = new WebSocket(
      `${toWebSocketBase(gw.config.upstream.chat)}/websocket`,
      ['v12.stomp', 'v11.stomp', 'v10.stomp'],
      { headers, maxPayload: 4 * MAX_MESSAGE_BYTES },
    );
    let caller = initial;
    /** Decided on CONNECT: whose chats this socket reaches, and as which service visitor id. */
    let owner: string | undefined;
    let ids: VisitorIds | undefined;
    let connected = false;
    /** The e-mail of each chat.start passed on, until the service says which chat it started. */
    const starting = new Map<string, string>();
    // Client frames in order, each after the previous one is decided (a CONNECT token is verified first).
    let chain: Promise<void> = new Promise((resolve) => upstream.once('open', () => resolve()));
    const end = (code = 1011, reason = '') => {
      if (client.readyState === WebSocket.OPEN) client.close(code, reason);
      if (upstream.readyState === WebSocket.OPEN || upstream.readyState === WebSocket.CONNECTING) upstream.terminate();
    };

    async function onConnect(text: string): Promise<void> {
      connected = true;
      const connect = readConnect(text);
      if (!caller && connect?.token) {
        // The kit's live chat sends its visitor token on CONNECT. A token that does not verify
        // (forged, expired) is dropped: the chat goes on as an anonymous visitor's.
        const result = await verifier.verify(connect.token);
        if (result.ok) caller = { token: connect.token, visitor: result.visitor };
      }
      owner = chatOwner(caller?.visitor, connect?.visitorId);
      if (owner && connect?.visitorId)
        ids = { page: connect.visitorId, service: serviceVisitorId(gw.config.anonymous.sessionSecret, owner) };
    }

    client.on('message', (data: RawData, isBinary: boolean) => {
      chain = chain.then(async () => {
        if (upstream.readyState !== WebSocket.OPEN) return;
        const text = Buffer.isBuffer(data)
          ? data.toString('utf8')
          : Array.isArray(data)
            ? Buffer.concat(data).toString('utf8')
            : Buffer.from(data).toString('utf8');
        if (!connected) await onConnect(text);
        const site = caller?.visitor.kind === 'token' ? caller : undefined;
        const rewritten = rewriteClientMessage(text, {
          identity: site ? { name: site.visitor.name, email: site.visitor.email } : undefined,
          verifiedToken: site?.token,
          ids,
        });
        if (!rewritten.ok) return end(1008, rewritten.reason);
        for (const start of rewritten.starts) {
          if (starting.size >= 100) starting.delete(starting.keys().next().value as string);
          starting.set(start.clientRequestId, start.email);
        }
        upstream.send(rewritten.data, { binary: isBinary });
      });
    });
    upstream.on('message', (data: RawData, isBinary: boolean) => {
      if (client.readyState !== WebSocket.OPEN) return;
      const raw = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      // Most frames are the chat's own events: only those on the visitor topic are read.
      if (!ids || !raw.includes('/topic/visitor.')) return client.send(raw, { binary: isBinary });
      const { data: out, started } = rewriteServerMessage(raw.toString('utf8'), ids);
      for (const chat of started) void recordOwner(chat.idChat, chat.clientRequestId);
      client.send(out, { binary: isBinary });
    });
    upstream.on('close', (code) => end(code >= 1000 && code < 5000 && code !== 1005 && code !== 1006 ? code : 1011));
    upstream.on('error', () => end(1011));
    client.on('close', () => end(1000));
    client.on('error', () => end(1011));

    /** The chat is this socket's owner's: REST calls naming it must come from them (routes/chat.ts). */
    async function recordOwner(idChat: string, clientRequestId: string | undefined): Promise<void> {
      if (!owner) return;
      const email = clientRequestId !== undefined ? starting.get(clientRequestId) : undefined;
      // Redis down: the chat goes on over this socket; the records wait in this replica's memory and
      // are written when the store answers again (REST calls naming the chat get 503 meanwhile).
      const outcomes = [await owners.record('chat', idChat, owner, CHAT_OWNERSHIP_TTL_S)];
      if (email !== undefined) outcomes.push(await owners.record('chat-email', idChat, email, CHAT_OWNERSHIP_TTL_S));
      if (outcomes.includes('pending')) app.log.warn({ idChat }, 'chat ownership kept until the store answers');
      // A verified visitor reads their chats again on any device (routes/chat.ts, past chats). With
      // Redis down this one is only logged: the chat stays on the device's own list of past chats.
      if (isVerifiedOwner(owner))
        await gw.store
          .remember('chats-of', owner, idChat, VERIFIED_CHATS_LISTED, CHAT_OWNERSHIP_TTL_S)
          .catch((error: unknown) =>
            app.log.warn({ err: (error as Error).message, idChat }, 'chat not added to its visitor’s account list'),
          );
    }
  }

  // A stop (SIGTERM) closes every chat socket with a close frame first (1001: going away), so the
  // live chat reconnects at once to another replica; what has not closed by then is cut.
  app.addHook('preClose', async () => {
    const open = [...wss.clients];
    for (const c of open) c.close(1001, 'The gateway is restarting');
    const deadline = Date.now() + Math.min(2_000, gw.config.drainMs);
    while (open.some((c) => c.readyState !== WebSocket.CLOSED) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    for (const c of open) c.terminate();
    wss.close();
  });
  return () => wss.clients.size;
}
