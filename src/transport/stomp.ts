/**
 * A STOMP session that survives a flaky network: one @stomp/stompjs Client per connection attempt
 * (so no state leaks between attempts), our own reconnect backoff with jitter and a ceiling,
 * subscriptions declared once and re-established on every connect, and an in-order outbox.
 *
 * Delivery guarantees (what lets a chat promise "nothing lost, nothing twice"):
 * - every publish carries a unique `sportello-msg-id` and asks for a RECEIPT; it stays in the
 *   outbox until the broker confirms it, and is sent again after a reconnect if the confirmation
 *   never came (at-least-once);
 * - subscriptions drop a message whose `sportello-msg-id` they already delivered (so at-least-once
 *   becomes exactly-once for the handler), and ack it after the handler ran when the subscription
 *   asked for `ack: client` / `client-individual` (so a broker redelivers what a drop interrupted).
 * UI-free: no lit, only WebSocket.
 */
import { Client, type IFrame, type IMessage, type StompSubscription } from '@stomp/stompjs';
import { backoffDelay } from './backoff.js';
import { ServiceError, type ServiceName } from './errors.js';
import { Listeners } from './listeners.js';

export type StompState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface StompSessionOptions {
  /** ws:// or wss:// URL. */
  url: string;
  /**
   * Evaluated again before every connect (a token may have changed); a promise is awaited (a token
   * provider asked afresh for each connect).
   */
  connectHeaders?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** Default 10000/10000. */
  heartbeat?: { outgoingMs: number; incomingMs: number };
  /** Default 500 / 15000, jittered. */
  reconnect?: { baseDelayMs?: number; maxDelayMs?: number };
  webSocketFactory?: (url: string) => WebSocket;
  /** Which service errors are attributed to; default 'chat'. */
  service?: ServiceName;
}

export interface StompFrameInfo {
  headers: Record<string, string>;
  body: string;
}

/** Header carrying the id the outbox gives each message; subscriptions deduplicate on it. */
export const STOMP_MESSAGE_ID_HEADER = 'sportello-msg-id';

const STOMP_SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];
const DEDUPE_WINDOW = 10_000;

interface Declared {
  readonly id: string;
  readonly destination: string;
  readonly handler: (frame: StompFrameInfo) => void;
  readonly headers: Record<string, string>;
  /** Ids already handed to the handler (bounded, oldest forgotten first). */
  readonly seen: Set<string>;
  live: StompSubscription | undefined;
}

interface Outgoing {
  readonly id: string;
  readonly destination: string;
  readonly body: string;
  readonly headers: Record<string, string>;
}

function randomId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** `http://host/chat` + `/websocket` → `ws://host/chat/websocket` (https → wss). */
export function toWebSocketUrl(httpBase: string, path: string): string {
  const base = new URL(httpBase, (globalThis as { location?: Location }).location?.href);
  if (base.protocol === 'http:') base.protocol = 'ws:';
  else if (base.protocol === 'https:') base.protocol = 'wss:';
  const joined = `${base.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  base.pathname = path ? joined : base.pathname;
  base.search = '';
  base.hash = '';
  return base.toString();
}

export class StompSession {
  private readonly options: StompSessionOptions;
  private readonly service: ServiceName;
  private current: StompState = 'closed';
  private client: Client | undefined;
  /** Bumped on every attempt and on stop: callbacks of an older client are ignored. */
  private generation = 0;
  /** The attempt whose connect headers are still being awaited (no client yet). */
  private preparing = -1;
  private failures = 0;
  private everConnected = false;
  private started = false;
  /** True once the outbox was flushed on the current connection: publishes may go straight out. */
  private ready = false;
  /** The connection whose onConnected hook is being called: what it publishes goes out at once. */
  private hookClient: Client | undefined;
  /** Published ahead of the outbox on the current connection (by a hook), not to be flushed again. */
  private sentAhead = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private subscriptionSeq = 0;
  private readonly subscriptions = new Map<string, Declared>();
  /** Insertion-ordered: messages not yet confirmed by a RECEIPT, oldest first. */
  private readonly outbox = new Map<string, Outgoing>();
  private readonly stateListeners = new Listeners<StompState>();
  private readonly errorListeners = new Listeners<ServiceError>();
  private readonly connectedListeners = new Set<(info: { reconnect: boolean }) => void | Promise<void>>();
  private readonly onWake = () => this.reconnectNow();
  private readonly onVisibility = () => {
    if (document.visibilityState === 'visible') this.reconnectNow();
  };

  constructor(options: StompSessionOptions) {
    this.options = options;
    this.service = options.service ?? 'chat';
  }

  get state(): StompState {
    return this.current;
  }

  /** Messages published but not yet confirmed by the broker. */
  get pending(): number {
    return this.outbox.size;
  }

  onState(listener: (state: StompState) => void): () => void {
    return this.stateListeners.on(listener);
  }

  onError(listener: (error: ServiceError) => void): () => void {
    return this.errorListeners.on(listener);
  }

  onConnected(listener: (info: { reconnect: boolean }) => void | Promise<void>): () => void {
    this.connectedListeners.add(listener);
    return () => this.connectedListeners.delete(listener);
  }

  subscribe(
    destination: string,
    handler: (frame: StompFrameInfo) => void,
    headers: Record<string, string> = {},
  ): () => void {
    const declared: Declared = {
      id: `sub-${++this.subscriptionSeq}`,
      destination,
      handler,
      headers: { ...headers },
      seen: new Set(),
      live: undefined,
    };
    this.subscriptions.set(declared.id, declared);
    if (this.client?.connected && this.current === 'open') this.establish(this.client, declared);
    return () => {
      if (!this.subscriptions.delete(declared.id)) return;
      try {
        declared.live?.unsubscribe();
      } catch {
        // the connection is already gone, and with it the subscription
      }
      declared.live = undefined;
    };
  }

  publish(destination: string, body: string | object, headers: Record<string, string> = {}): void {
    const isText = typeof body === 'string';
    const message: Outgoing = {
      id: headers[STOMP_MESSAGE_ID_HEADER] || randomId(),
      destination,
      body: isText ? body : JSON.stringify(body),
      headers:
        isText || Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
          ? { ...headers }
          : { 'content-type': 'application/json', ...headers },
    };
    this.outbox.set(message.id, message);
    if (this.hookClient) {
      // A connected hook asking what was missed (a sync): it must reach the server before the
      // messages that waited in the outbox, or its answer repeats their echoes.
      this.transmit(this.hookClient, message);
      this.sentAhead.add(message.id);
    } else if (this.ready && this.client) this.transmit(this.client, message);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.onWake);
      window.addEventListener('pageshow', this.onWake);
      document.addEventListener('visibilitychange', this.onVisibility);
    }
    this.connect();
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.onWake);
      window.removeEventListener('pageshow', this.onWake);
      document.removeEventListener('visibilitychange', this.onVisibility);
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.generation++;
    const client = this.client;
    this.detach();
    this.setState('closed');
    if (client) {
      // A polite DISCONNECT, but never wait long for a broker that no longer answers.
      await Promise.race([
        client.deactivate().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 2000)),
      ]);
      if (client.active) await client.deactivate({ force: true }).catch(() => undefined);
    }
  }

  /** Skips the backoff wait (network back, page shown again). Does nothing while connected or connecting. */
  reconnectNow(): void {
    if (!this.started || this.client || this.preparing === this.generation) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.failures = 0;
    this.connect();
  }

  // -------------------------------------------------------------------------------------------

  private setState(state: StompState): void {
    if (this.current === state) return;
    this.current = state;
    this.stateListeners.emit(state);
  }

  private emitError(error: ServiceError): void {
    this.errorListeners.emit(error);
  }

  private connect(): void {
    const generation = ++this.generation;
    this.setState(this.everConnected || this.failures > 0 ? 'reconnecting' : 'connecting');
    const failed = (error: unknown) => {
      this.emitError(
        new ServiceError({
          service: this.service,
          kind: 'protocol',
          code: 'connect_headers',
          message: `Connect headers unavailable: ${String(error)}`,
          cause: error,
        }),
      );
      this.scheduleReconnect();
    };
    let headers: Record<string, string> | Promise<Record<string, string>>;
    try {
      const given = this.options.connectHeaders;
      headers = typeof given === 'function' ? given() : { ...given };
    } catch (error) {
      failed(error);
      return;
    }
    if (!(headers instanceof Promise)) return this.attempt(headers, generation);
    this.preparing = generation;
    headers.then(
      (ready) => {
        if (generation !== this.generation) return;
        this.preparing = -1;
        this.attempt(ready, generation);
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        this.preparing = -1;
        failed(error);
      },
    );
  }

  /** One connection attempt with the headers decided for it. */
  private attempt(connectHeaders: Record<string, string>, generation: number): void {
    const factory = this.options.webSocketFactory ?? ((url: string) => new WebSocket(url, STOMP_SUBPROTOCOLS));
    const heartbeat = this.options.heartbeat ?? { outgoingMs: 10_000, incomingMs: 10_000 };
    const client = new Client({
      webSocketFactory: () => factory(this.options.url),
      connectHeaders,
      heartbeatIncoming: heartbeat.incomingMs,
      heartbeatOutgoing: heartbeat.outgoingMs,
      // Reconnecting is ours (backoff with jitter, wake-up triggers): stompjs must not do it too.
      reconnectDelay: 0,
      connectionTimeout: 10_000,
      // A silent peer (lost heartbeats) is dropped at once instead of waiting for a TCP timeout.
      discardWebsocketOnCommFailure: true,
      debug: () => undefined,
    });
    client.onConnect = () => {
      if (generation === this.generation) void this.opened(client, generation);
    };
    client.onStompError = (frame: IFrame) => {
      if (generation !== this.generation) return;
      this.emitError(
        new ServiceError({
          service: this.service,
          kind: 'protocol',
          code: frame.headers.message || 'stomp_error',
          message: frame.body || frame.headers.message || 'The broker sent an ERROR frame',
        }),
      );
    };
    client.onWebSocketError = () => {
      if (generation !== this.generation) return;
      this.emitError(
        new ServiceError({
          service: this.service,
          kind: 'network',
          code: 'socket_error',
          message: `WebSocket error on ${this.options.url}`,
        }),
      );
    };
    client.onWebSocketClose = () => {
      if (generation !== this.generation) return;
      this.detach();
      if (this.started) this.scheduleReconnect();
    };
    client.onUnhandledReceipt = (frame: IFrame) => {
      const id = frame.headers['receipt-id'];
      if (id) this.outbox.delete(id);
    };
    this.client = client;
    client.activate();
  }

  /** Forgets the current connection; its subscriptions died with it. */
  private detach(): void {
    this.client = undefined;
    this.ready = false;
    for (const declared of this.subscriptions.values()) declared.live = undefined;
  }

  private scheduleReconnect(): void {
    this.setState('reconnecting');
    const delay = backoffDelay(this.failures++, {
      baseDelayMs: this.options.reconnect?.baseDelayMs ?? 500,
      maxDelayMs: this.options.reconnect?.maxDelayMs ?? 15_000,
    });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.started && !this.client) this.connect();
    }, delay);
  }

  /**
   * Connected: resubscribe, let hooks sync, then flush the outbox in order. What a hook publishes
   * while it is called goes out at once, ahead of the outbox.
   */
  private async opened(client: Client, generation: number): Promise<void> {
    const reconnect = this.everConnected;
    this.everConnected = true;
    this.failures = 0;
    this.sentAhead = new Set();
    for (const declared of this.subscriptions.values()) this.establish(client, declared);
    this.setState('open');
    for (const listener of [...this.connectedListeners]) {
      try {
        let running: void | Promise<void>;
        this.hookClient = client;
        try {
          running = listener({ reconnect });
        } finally {
          this.hookClient = undefined;
        }
        await running;
      } catch (error) {
        this.emitError(
          error instanceof ServiceError
            ? error
            : new ServiceError({
                service: this.service,
                kind: 'protocol',
                code: 'on_connected',
                message: String(error),
                cause: error,
              }),
        );
      }
      if (generation !== this.generation || this.client !== client) return;
    }
    // The connection may have died while a hook ran: the next one flushes instead.
    if (generation !== this.generation || this.client !== client) return;
    for (const message of [...this.outbox.values()])
      if (!this.sentAhead.has(message.id)) this.transmit(client, message);
    this.ready = true;
  }

  private establish(client: Client, declared: Declared): void {
    try {
      declared.live = client.subscribe(declared.destination, (message) => this.deliver(declared, message), {
        ...declared.headers,
        id: declared.id,
      });
    } catch (error) {
      this.emitError(
        new ServiceError({
          service: this.service,
          kind: 'network',
          code: 'subscribe_failed',
          message: `Could not subscribe to ${declared.destination}`,
          cause: error,
        }),
      );
    }
  }

  private deliver(declared: Declared, message: IMessage): void {
    const id = message.headers[STOMP_MESSAGE_ID_HEADER];
    const duplicate = id !== undefined && declared.seen.has(id);
    if (!duplicate && this.subscriptions.has(declared.id)) {
      if (id !== undefined) {
        declared.seen.add(id);
        if (declared.seen.size > DEDUPE_WINDOW) declared.seen.delete(declared.seen.values().next().value as string);
      }
      try {
        declared.handler({ headers: { ...message.headers }, body: message.body });
      } catch (error) {
        console.error(error);
      }
    }
    const ack = declared.headers.ack;
    if (ack === 'client' || ack === 'client-individual') {
      try {
        message.ack();
      } catch {
        // connection gone: the broker redelivers, and the duplicate is dropped above
      }
    }
  }

  private transmit(client: Client, message: Outgoing): void {
    try {
      client.publish({
        destination: message.destination,
        body: message.body,
        headers: { ...message.headers, [STOMP_MESSAGE_ID_HEADER]: message.id, receipt: message.id },
      });
    } catch {
      // The socket died under us: the message stays in the outbox for the next connection.
    }
  }
}
