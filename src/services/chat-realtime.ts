/**
 * The live chat's real-time visitor protocol over STOMP (design.md "Assumptions" → Live chat):
 * the session, the visitor topic, starting a chat, following a chat's topic with a sync after every
 * (re)connect, sending, typing, closing. The STOMP transport is imported on first use, so a page
 * showing only the closed launcher never downloads it. No DOM, no UI.
 */
import type { TokenProvider } from '../transport/auth.js';
import { ServiceError } from '../transport/errors.js';
import { Listeners } from '../transport/listeners.js';
import type { StompSession, StompState } from '../transport/stomp.js';
import type { ChatAttachment, Sender, ServerMessage } from './chat-types.js';
import { normaliseFieldErrors, type FieldError } from './chat-field-errors.js';

/** Every STOMP destination, overridable (`{idChat}` and `{visitorId}` are filled in), and where the socket is. */
export interface ChatDestinations {
  /** The STOMP WebSocket: a path below `endpoint` (spec §6: `/websocket`), or an absolute ws(s):// URL. */
  websocket: string;
  start: string;
  visitorTopic: string;
  chatTopic: string;
  message: string;
  typing: string;
  close: string;
  sync: string;
}

export const DEFAULT_DESTINATIONS: ChatDestinations = {
  websocket: '/websocket',
  start: '/app/chat.start',
  visitorTopic: '/topic/visitor.{visitorId}',
  chatTopic: '/topic/chat.{idChat}',
  message: '/app/chat.{idChat}.message',
  typing: '/app/chat.{idChat}.typing',
  close: '/app/chat.{idChat}.close',
  sync: '/app/chat.{idChat}.sync',
};

export interface StartChatInput {
  idChatCategory?: number | string | undefined;
  name: string;
  email?: string | undefined;
  language: string;
  startingPage?: string | undefined;
  /** The title of the starting page (an assumption beside the spec's `startingPage`: see the simulator's README). */
  startingPageTitle?: string | undefined;
  /** The widget's custom pre-chat fields (its configuration's `prechatFields`), by name. */
  fields?: Record<string, string | boolean> | undefined;
}

/** Events on `/topic/chat.{idChat}` (and `history` after a sync). */
export type ChatEvent =
  | ({ type: 'message' } & ServerMessage)
  | { type: 'typing'; from: Sender; typing: boolean; author?: string }
  | {
      type: 'joined';
      from?: Sender;
      name?: string;
      author?: string;
      avatar?: string;
      operator?: { name?: string; avatar?: string };
    }
  | { type: 'left'; name?: string }
  | { type: 'queue'; position: number }
  | { type: 'closed'; by?: string }
  | { type: 'history'; messages: ServerMessage[]; [key: string]: unknown }
  | { type: 'read'; upToId?: string | number; id?: string | number }
  | { type: string; [key: string]: unknown };

export type VisitorEvent =
  { type: 'started'; idChat: number | string; clientRequestId?: string } | { type: string; [key: string]: unknown };

export interface ChatRealtimeOptions {
  /** `{chat_base_url}` or a proxy serving the same paths. */
  endpoint: string;
  widgetKey: string;
  visitorId: string;
  /**
   * The gateway's visitor token (a signed JWT naming the visitor), sent as the `visitor-token`
   * CONNECT header: the gateway checks it and puts its name and e-mail on the visitor's chats.
   */
  visitorToken?: string | undefined;
  /**
   * The page's visitor token provider. Its token goes along as `Authorization: Bearer` on REST
   * calls (the gateway scopes the calls that name a chat to the chat's owner; the service ignores
   * it), and as `visitor-token` on every (re)connect, asked again each time: the gateway reads the
   * token only on CONNECT, and a short-lived one may have expired since the last (a reconnect with
   * it would no longer name the visitor, nor reach the chats they started). Wins over `visitorToken`.
   */
  tokenProvider?: TokenProvider | undefined;
  destinations?: Partial<ChatDestinations> | undefined;
  /** Heartbeat / reconnect tuning passed to the STOMP session (tests shorten them). */
  stomp?: {
    reconnect?: { baseDelayMs?: number; maxDelayMs?: number };
    heartbeat?: { outgoingMs: number; incomingMs: number };
  };
}

const START_TIMEOUT_MS = 20000;

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? encodeURIComponent(String(values[key])) : whole,
  );
}

/** Random id for clientMessageId / clientRequestId. */
export function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export class ChatRealtime {
  readonly destinations: ChatDestinations;
  private session?: StompSession;
  private sessionReady?: Promise<StompSession>;
  private readonly visitorListeners = new Listeners<VisitorEvent>();
  private readonly stateListeners = new Listeners<StompState>();
  private readonly errorListeners = new Listeners<ServiceError>();
  private stopped = false;

  constructor(readonly options: ChatRealtimeOptions) {
    this.destinations = { ...DEFAULT_DESTINATIONS, ...options.destinations };
  }

  // ---- real time ---------------------------------------------------------------------------

  /** The STOMP WebSocket's URL (the transport's URL helper passed in: its module loads with the session). */
  socketUrl(toWebSocketUrl: (httpBase: string, path: string) => string): string {
    const socket = this.destinations.websocket;
    return /^wss?:\/\//i.test(socket) ? socket : toWebSocketUrl(this.options.endpoint, socket);
  }

  /** The STOMP session, created (and its module loaded) on first call. */
  connect(): Promise<StompSession> {
    if (this.sessionReady) return this.sessionReady;
    const ready: Promise<StompSession> = import('../transport/stomp.js').then(({ StompSession, toWebSocketUrl }) => {
      const session = new StompSession({
        url: this.socketUrl(toWebSocketUrl),
        connectHeaders: this.connectHeaders(),
        ...(this.options.stomp ?? {}),
      });
      session.onState((s) => this.stateListeners.emit(s));
      session.onError((e) => this.errorListeners.emit(e));
      session.subscribe(fill(this.destinations.visitorTopic, { visitorId: this.options.visitorId }), (frame) => {
        const event = parse<VisitorEvent>(frame.body);
        if (event) this.visitorListeners.emit(event);
      });
      // Suspended while the module loaded: this session is never opened.
      if (this.sessionReady !== ready) return session;
      this.session = session;
      if (!this.stopped) session.start();
      return session;
    });
    this.sessionReady = ready;
    return ready;
  }

  /** The CONNECT headers: with a token provider, asked for each (re)connect with the token it gives then. */
  private connectHeaders(): Record<string, string> | (() => Promise<Record<string, string>>) {
    const { visitorId, widgetKey, visitorToken, tokenProvider } = this.options;
    const headers = (token: string | undefined) => ({
      'visitor-id': visitorId,
      'widget-key': widgetKey,
      ...(token ? { 'visitor-token': token } : {}),
    });
    return tokenProvider ? async () => headers(await tokenProvider({ forceRefresh: false })) : headers(visitorToken);
  }

  get state(): StompState | 'idle' {
    return this.session?.state ?? 'idle';
  }

  onState(listener: (s: StompState) => void): () => void {
    return this.stateListeners.on(listener);
  }

  onError(listener: (e: ServiceError) => void): () => void {
    return this.errorListeners.on(listener);
  }

  onVisitorEvent(listener: (e: VisitorEvent) => void): () => void {
    return this.visitorListeners.on(listener);
  }

  /**
   * Starts a chat; resolves with its id when the server answers on the visitor topic. The server
   * starts one chat per `clientRequestId`, so a start repeated by another tab taking over is safe.
   */
  async startChat(input: StartChatInput, clientRequestId = newId()): Promise<string> {
    const session = await this.connect();
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new ServiceError({ service: 'chat', kind: 'timeout', message: 'The chat did not start in time' }));
      }, START_TIMEOUT_MS);
      const off = this.onVisitorEvent((e) => {
        const answer = e as {
          type: string;
          idChat?: string | number;
          clientRequestId?: string;
          reason?: string;
          errors?: unknown;
        };
        if (answer.clientRequestId && answer.clientRequestId !== clientRequestId) return;
        if (answer.type === 'started' && answer.idChat !== undefined) {
          clearTimeout(timer);
          off();
          resolve(String(answer.idChat));
        } else if (answer.type === 'rejected') {
          clearTimeout(timer);
          off();
          reject(new StartRejected(answer.reason ?? 'rejected', normaliseFieldErrors(answer.errors)));
        }
      });
      session.publish(this.destinations.start, { clientRequestId, visitorId: this.options.visitorId, ...input });
    });
  }

  /**
   * Follows a chat: its topic, and after every (re)connect a `sync` from the last server id we
   * hold (before the outbox is flushed, so the server knows what we have before we repeat sends).
   */
  async watchChat(
    idChat: string,
    onEvent: (e: ChatEvent) => void,
    lastServerId: () => string | undefined,
  ): Promise<() => void> {
    const session = await this.connect();
    const unsubscribe = session.subscribe(fill(this.destinations.chatTopic, { idChat }), (frame) => {
      const event = parse<ChatEvent>(frame.body);
      if (event) onEvent(event);
    });
    const syncNow = () => this.requestSync(idChat, lastServerId());
    const offConnected = session.onConnected(() => syncNow());
    // Already open: the subscription is live now, catch up once.
    if (session.state === 'open') syncNow();
    return () => {
      unsubscribe();
      offConnected();
    };
  }

  /** Asks for what came after `afterId` (the answer is one `history` event on the chat topic). */
  requestSync(idChat: string, afterId: string | undefined): void {
    this.session?.publish(fill(this.destinations.sync, { idChat }), { afterId: afterId ?? null });
  }

  sendMessage(
    idChat: string,
    message: { clientMessageId: string; text: string; attachments: ChatAttachment[]; quickReply?: string | undefined },
  ): void {
    const { attachments, ...rest } = message;
    this.publish(fill(this.destinations.message, { idChat }), { ...rest, attachments: attachments.map((a) => a.uuid) });
  }

  /** Into the session's outbox, opening the session first if there is none yet (never dropped). */
  private publish(destination: string, body: object): void {
    if (this.session) this.session.publish(destination, body);
    else if (!this.stopped) void this.connect().then((session) => session.publish(destination, body));
  }

  typing(idChat: string, typing: boolean): void {
    if (this.session?.state === 'open') this.session.publish(fill(this.destinations.typing, { idChat }), { typing });
  }

  closeChat(idChat: string): void {
    this.publish(fill(this.destinations.close, { idChat }), {});
  }

  reconnectNow(): void {
    this.session?.reconnectNow();
  }

  /**
   * Closes the socket but keeps the client usable: the next real-time call opens a new session
   * (another tab holds the site's socket meanwhile). Listeners stay; subscriptions die with the
   * session and are declared again by whoever watches next.
   */
  async suspend(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    this.sessionReady = undefined;
    await session?.stop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.visitorListeners.clear();
    this.stateListeners.clear();
    this.errorListeners.clear();
    await this.session?.stop();
  }
}

/** The server refused to start a chat: `offline`, or `invalid` with field errors. */
export class StartRejected extends ServiceError {
  constructor(
    readonly reason: string,
    readonly fieldErrors: FieldError[],
  ) {
    super({
      service: 'chat',
      kind: 'http',
      status: reason === 'offline' ? 503 : 400,
      code: reason,
      message: `The chat could not start (${reason})`,
    });
  }
}

function parse<T>(body: string): T | undefined {
  try {
    const value = JSON.parse(body) as unknown;
    return value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string'
      ? (value as T)
      : undefined;
  } catch {
    return undefined;
  }
}
