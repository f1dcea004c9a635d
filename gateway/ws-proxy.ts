/**
 * The live chat's WebSocket (STOMP) through the gateway, for same-origin deployments: only
 * `/chat/websocket`, only from allowed origins, within the per-IP limit. Frames from the browser
 * pass through `rewriteClientMessage` (no operator logins; a token's name and e-mail are the
 * chat's identity); frames from the service pass unchanged. The visitor token comes as the
 * `access_token` query parameter (a browser cannot set headers on a WebSocket) or on the STOMP
 * CONNECT frame (`visitor-token`, as the kit's live chat sends it, or `Authorization: Bearer`);
 * only a token that verifies reaches the service, which trusts it.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { GatewayServices } from './call.js';
import { checkTarget } from './path-guard.js';
import { connectToken, rewriteClientMessage, type StompIdentity } from './stomp-rewrite.js';
import type { VisitorVerifier } from './visitor.js';

const SOCKET_PATH = '/chat/websocket';

/** A visitor token the gateway checked, and the identity it names. */
interface Verified {
  token: string;
  identity: StompIdentity;
}
const MAX_MESSAGE_BYTES = 256 * 1024;

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function toWebSocketBase(httpBase: string): string {
  return httpBase.replace(/^http/i, 'ws');
}

export function attachWebSocketProxy(app: FastifyInstance, gw: GatewayServices, verifier: VisitorVerifier): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const origins = new Set(gw.config.origins);

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void (async () => {
      const target = checkTarget(req.url ?? '');
      if (!target.ok || target.path !== SOCKET_PATH) return refuseUpgrade(socket, 404, 'Not Found');
      const origin = req.headers.origin;
      if (origin !== undefined && !origins.has(origin)) return refuseUpgrade(socket, 403, 'Forbidden');
      const ip = req.socket.remoteAddress ?? 'unknown';
      if (
        gw.config.limits.perIpPerMinute > 0 &&
        (await gw.store.take(`ip:${ip}`, gw.config.limits.perIpPerMinute, gw.config.limits.perIpPerMinute)) > 0
      ) {
        return refuseUpgrade(socket, 429, 'Too Many Requests');
      }
      let verified: Verified | undefined;
      const token = new URLSearchParams(target.query).get('access_token');
      if (token) {
        const result = await verifier.verify(token);
        if (!result.ok) return refuseUpgrade(socket, 401, 'Unauthorized');
        if (result.visitor.kind === 'token')
          verified = { token, identity: { name: result.visitor.name, email: result.visitor.email } };
      }
      wss.handleUpgrade(req, socket, head, (client) => bridge(client, verified));
    })().catch(() => refuseUpgrade(socket, 502, 'Bad Gateway'));
  });

  function bridge(client: WebSocket, initial: Verified | undefined): void {
    const headers: Record<string, string> = gw.config.chat.token ? { 'X-ChatToken': gw.config.chat.token } : {};
    const upstream = new WebSocket(
      `${toWebSocketBase(gw.config.upstream.chat)}/websocket`,
      ['v12.stomp', 'v11.stomp', 'v10.stomp'],
      { headers, maxPayload: 4 * MAX_MESSAGE_BYTES },
    );
    let verified = initial;
    // Client frames in order, each after the previous one is decided (a CONNECT token is verified first).
    let chain: Promise<void> = new Promise((resolve) => upstream.once('open', () => resolve()));
    const end = (code = 1011, reason = '') => {
      if (client.readyState === WebSocket.OPEN) client.close(code, reason);
      if (upstream.readyState === WebSocket.OPEN || upstream.readyState === WebSocket.CONNECTING) upstream.terminate();
    };

    client.on('message', (data: RawData, isBinary: boolean) => {
      chain = chain.then(async () => {
        if (upstream.readyState !== WebSocket.OPEN) return;
        const text = Buffer.isBuffer(data)
          ? data.toString('utf8')
          : Array.isArray(data)
            ? Buffer.concat(data).toString('utf8')
            : Buffer.from(data).toString('utf8');
        if (!verified) {
          // The kit's live chat sends its visitor token on CONNECT. A token that does not verify
          // (forged, expired) is dropped: the chat goes on unverified, as the page typed it.
          const token = connectToken(text);
          const result = token ? await verifier.verify(token) : undefined;
          if (token && result?.ok && result.visitor.kind === 'token') {
            verified = { token, identity: { name: result.visitor.name, email: result.visitor.email } };
          }
        }
        const rewritten = rewriteClientMessage(text, verified?.identity, verified?.token);
        if (!rewritten.ok) return end(1008, rewritten.reason);
        upstream.send(rewritten.data, { binary: isBinary });
      });
    });
    upstream.on('message', (data: RawData, isBinary: boolean) => {
      if (client.readyState === WebSocket.OPEN) client.send(data as Buffer, { binary: isBinary });
    });
    upstream.on('close', (code) => end(code >= 1000 && code < 5000 && code !== 1005 && code !== 1006 ? code : 1011));
    upstream.on('error', () => end(1011));
    client.on('close', () => end(1000));
    client.on('error', () => end(1011));
  }

  app.addHook('onClose', async () => {
    for (const c of wss.clients) c.terminate();
    wss.close();
  });
}
