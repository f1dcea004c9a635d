/**
 * A small STOMP 1.2 server over WebSocket (`ws`): sessions, heart-beats both ways, subscriptions,
 * MESSAGE delivery, RECEIPT and ERROR. It knows nothing about chats: authentication, who may
 * subscribe where and what a SEND means are callbacks (see visitor-protocol.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  negotiateHeartbeat,
  parseHeartbeat,
  serializeFrame,
  StompParseError,
  StompParser,
  type StompFrame,
} from './stomp-frame.js';

/** A SEND or SUBSCRIBE the application refuses: answered with ERROR, then the connection closes. */
export class StompProtocolError extends Error {
  constructor(
    message: string,
    readonly details = '',
    readonly closeCode = 1002,
  ) {
    super(message);
  }
}

export interface StompSession<P> {
  readonly id: string;
  readonly principal: P;
  /** subscription id → destination */
  readonly subscriptions: ReadonlyMap<string, string>;
}

export interface StompServerOptions<P> {
  /** Full request path of the endpoint, e.g. `/chat/websocket`. */
  path: string;
  /** What the server offers in CONNECTED `heart-beat`: [can send every ms, wants to receive every ms]. */
  heartbeat: [number, number];
  /** Validates CONNECT headers; a string is the ERROR message. */
  authenticate(headers: Record<string, string>): P | { error: string };
  /** Whether the session may subscribe to `destination`; a string is the ERROR message. */
  authorizeSubscribe(session: StompSession<P>, destination: string): true | string;
  /** After a subscription is registered (before its RECEIPT). */
  subscribed?(session: StompSession<P>, destination: string, subscriptionId: string): void;
  /** A SEND frame; throw StompProtocolError to answer ERROR. */
  send(session: StompSession<P>, destination: string, body: Buffer, headers: Record<string, string>): void;
  connected?(session: StompSession<P>): void;
  disconnected?(session: StompSession<P>): void;
  /** Asked before each MESSAGE frame: true to send a body that is not JSON (fault injection). */
  malformNext?(): boolean;
}

const SERVER_NAME = 'sportello-sim/1.0';
/** A silent peer is dropped after this many negotiated intervals (STOMP leaves the margin to us). */
const HEARTBEAT_TOLERANCE = 2;
const CONNECT_TIMEOUT_MS = 10_000;

interface Session<P> extends StompSession<P> {
  ws: WebSocket;
  parser: StompParser;
  subscriptions: Map<string, string>;
  principal: P;
  state: 'connecting' | 'connected' | 'closing';
  lastReceived: number;
  lastSent: number;
  timers: NodeJS.Timeout[];
}

export class StompServer<P> {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: 1024 * 1024,
    // Browsers (and @stomp/stompjs) offer `v12.stomp, v11.stomp, v10.stomp`; we speak 1.2.
    handleProtocols: (offered) => (offered.has('v12.stomp') ? 'v12.stomp' : false),
  });
  private readonly sessions = new Set<Session<P>>();
  private nextSession = 1;
  private nextMessage = 1;

  constructor(private readonly options: StompServerOptions<P>) {}

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const path = new URL(req.url ?? '/', 'http://sim.invalid').pathname.replace(/\/$/, '');
    if (path !== this.options.path) return false;
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws));
    return true;
  }

  /** Sends a MESSAGE to every subscription on `destination` (except one session, if given). */
  publish(destination: string, body: unknown, exceptSessionId?: string): void {
    for (const session of this.sessions) {
      if (session.state !== 'connected' || session.id === exceptSessionId) continue;
      for (const [subId, dest] of session.subscriptions)
        if (dest === destination) this.message(session, subId, destination, body);
    }
  }

  /** Sends a MESSAGE to one session's subscriptions on `destination`; false when it has none. */
  sendTo(sessionId: string, destination: string, body: unknown): boolean {
    const session = [...this.sessions].find((s) => s.id === sessionId);
    if (!session || session.state !== 'connected') return false;
    let sent = false;
    for (const [subId, dest] of session.subscriptions) {
      if (dest !== destination) continue;
      this.message(session, subId, destination, body);
      sent = true;
    }
    return sent;
  }

  /** Sessions past CONNECT and not closing (the sockets a client really holds). */
  connectedSessions(): Array<StompSession<P>> {
    return [...this.sessions].filter((s) => s.state === 'connected' && s.ws.readyState === s.ws.OPEN);
  }

  /** Closes every socket without a STOMP or WebSocket goodbye (fault injection). */
  dropAll(): number {
    const n = this.sessions.size;
    for (const session of [...this.sessions]) session.ws.terminate();
    return n;
  }

  close(): void {
    this.dropAll();
    this.wss.close();
  }

  private open(ws: WebSocket): void {
    const session: Session<P> = {
      id: `s${this.nextSession++}`,
      ws,
      parser: new StompParser(),
      subscriptions: new Map(),
      principal: undefined as P,
      state: 'connecting',
      lastReceived: Date.now(),
      lastSent: Date.now(),
      timers: [],
    };
    this.sessions.add(session);
    const connectTimer = setTimeout(
      () => session.state === 'connecting' && this.fail(session, new StompProtocolError('no CONNECT frame received')),
      CONNECT_TIMEOUT_MS,
    );
    session.timers.push(connectTimer);
    ws.on('message', (data) => this.receive(session, data));
    ws.on('close', () => this.closed(session));
    ws.on('error', () => ws.terminate());
  }

  private receive(session: Session<P>, data: RawData): void {
    if (session.state === 'closing') return;
    session.lastReceived = Date.now();
    let frames: StompFrame[];
    try {
      frames = session.parser.push(toBuffer(data)).frames;
    } catch (error) {
      this.fail(
        session,
        new StompProtocolError('malformed frame', error instanceof StompParseError ? error.message : String(error)),
      );
      return;
    }
    for (const frame of frames) {
      if ((session.state as Session<P>['state']) === 'closing') return;
      try {
        this.handle(session, frame);
      } catch (error) {
        if (error instanceof StompProtocolError) this.fail(session, error, frame.headers.receipt);
        else {
          console.error('[sim chat] STOMP frame handling failed', error);
          this.fail(session, new StompProtocolError('internal error', '', 1011), frame.headers.receipt);
        }
      }
    }
  }

  private handle(session: Session<P>, frame: StompFrame): void {
    const { command, headers } = frame;
    if (session.state === 'connecting') {
      if (command !== 'CONNECT' && command !== 'STOMP')
        throw new StompProtocolError(`expected CONNECT, got ${command}`);
      this.connect(session, headers);
      return;
    }
    switch (command) {
      case 'CONNECT':
      case 'STOMP':
        throw new StompProtocolError('already connected');
      case 'SUBSCRIBE': {
        const id = required(headers, 'id');
        const destination = required(headers, 'destination');
        if (session.subscriptions.has(id)) throw new StompProtocolError(`subscription id ${id} already in use`);
        const verdict = this.options.authorizeSubscribe(session, destination);
        if (verdict !== true) throw new StompProtocolError(verdict, `destination ${destination}`, 1008);
        session.subscriptions.set(id, destination);
        this.receipt(session, headers);
        this.options.subscribed?.(session, destination, id);
        return;
      }
      case 'UNSUBSCRIBE':
        session.subscriptions.delete(required(headers, 'id'));
        this.receipt(session, headers);
        return;
      case 'SEND':
        this.options.send(session, required(headers, 'destination'), frame.body, headers);
        this.receipt(session, headers);
        return;
      case 'ACK':
      case 'NACK':
        // Every subscription is auto-acknowledged; acknowledgements are accepted and ignored.
        required(headers, 'id');
        this.receipt(session, headers);
        return;
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        throw new StompProtocolError('transactions are not supported');
      case 'DISCONNECT':
        this.receipt(session, headers);
        session.state = 'closing';
        session.ws.close(1000, 'disconnect');
        return;
      default:
        throw new StompProtocolError(`unknown command ${command}`);
    }
  }

  private connect(session: Session<P>, headers: Record<string, string>): void {
    const versions = (headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) throw new StompProtocolError('Supported protocol versions are 1.2');
    let heartbeat: { sendEvery: number; expectEvery: number };
    try {
      parseHeartbeat(headers['heart-beat']);
      heartbeat = negotiateHeartbeat(headers['heart-beat'], this.options.heartbeat);
    } catch (error) {
      throw new StompProtocolError('invalid heart-beat header', error instanceof Error ? error.message : '');
    }
    const principal = this.options.authenticate(headers);
    if (isAuthError(principal)) throw new StompProtocolError(principal.error, '', 1008);
    session.principal = principal;
    session.state = 'connected';
    const [sx, sy] = this.options.heartbeat;
    this.write(
      session,
      serializeFrame('CONNECTED', {
        version: '1.2',
        'heart-beat': `${sx},${sy}`,
        server: SERVER_NAME,
        session: session.id,
      }),
    );
    if (heartbeat.sendEvery > 0) {
      session.timers.push(
        setInterval(() => {
          if (Date.now() - session.lastSent >= heartbeat.sendEvery * 0.9) this.write(session, '\n');
        }, heartbeat.sendEvery),
      );
    }
    if (heartbeat.expectEvery > 0) {
      const limit = heartbeat.expectEvery * HEARTBEAT_TOLERANCE;
      session.timers.push(
        setInterval(
          () => {
            // The peer is gone or stuck: end the socket the way a dead TCP connection would end.
            if (Date.now() - session.lastReceived > limit) session.ws.terminate();
          },
          Math.max(10, Math.floor(heartbeat.expectEvery / 2)),
        ),
      );
    }
    this.options.connected?.(session);
  }

  private message(session: Session<P>, subscription: string, destination: string, body: unknown): void {
    const malformed = this.options.malformNext?.() ?? false;
    const text = malformed ? '{"type":"message","text":"this frame is broken' : JSON.stringify(body);
    this.write(
      session,
      serializeFrame(
        'MESSAGE',
        {
          destination,
          'message-id': `m${this.nextMessage++}`,
          subscription,
          'content-type': 'application/json;charset=utf-8',
        },
        text,
      ),
    );
  }

  private receipt(session: Session<P>, headers: Record<string, string>): void {
    if (headers.receipt !== undefined)
      this.write(session, serializeFrame('RECEIPT', { 'receipt-id': headers.receipt }));
  }

  /** ERROR frame, then the connection closes (STOMP 1.2: the server closes after ERROR). */
  private fail(session: Session<P>, error: StompProtocolError, receipt?: string): void {
    if (session.state === 'closing') return;
    this.write(
      session,
      serializeFrame(
        'ERROR',
        {
          message: error.message,
          'content-type': 'text/plain;charset=utf-8',
          ...(receipt !== undefined ? { 'receipt-id': receipt } : {}),
        },
        error.details || error.message,
      ),
    );
    session.state = 'closing';
    session.ws.close(error.closeCode, error.message.slice(0, 100));
  }

  private write(session: Session<P>, data: Buffer | string): void {
    if (session.ws.readyState !== session.ws.OPEN) return;
    session.lastSent = Date.now();
    // Text frames: STOMP frames here are UTF-8, and browsers get strings rather than Blobs.
    session.ws.send(typeof data === 'string' ? data : data.toString('utf8'));
  }

  private closed(session: Session<P>): void {
    if (!this.sessions.delete(session)) return;
    session.timers.forEach((t) => clearInterval(t));
    if (session.principal !== undefined) this.options.disconnected?.(session);
  }
}

function required(headers: Record<string, string>, name: string): string {
  const value = headers[name];
  if (value === undefined || value === '') throw new StompProtocolError(`missing header ${name}`);
  return value;
}

function isAuthError(p: unknown): p is { error: string } {
  return typeof p === 'object' && p !== null && 'error' in p && Object.keys(p).length === 1;
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data as ArrayBuffer);
}
