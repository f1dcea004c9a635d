/**
 * The live-chat service as a visitor's widget uses it: the public REST API (spec §4.3, no auth)
 * and the real-time visitor protocol over STOMP (design.md "Assumptions" → Live chat).
 * No DOM, no UI: the controller in src/controllers/chat/ turns this into element state.
 *
 * The STOMP transport is imported on first use, so a page showing only the closed launcher never
 * downloads it.
 */
import { HttpClient } from '../transport/http.js';
import { chatToken, none, type AuthStrategy } from '../transport/auth.js';
import { ServiceError } from '../transport/errors.js';
import { Listeners } from '../transport/listeners.js';
import type { StompSession, StompState } from '../transport/stomp.js';
import type { ChatAttachment, QuickReply, Sender, ServerMessage } from './chat-types.js';

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

export interface WidgetConfig {
  title?: string;
  subtitle?: string;
  welcomeMessage?: string;
  offlineMessage?: string;
  active?: boolean;
  /** False outside business hours or with no operator: the widget offers a contact request. */
  online?: boolean;
  /** Language labels: by key, or by language then key. */
  labels?: Record<string, string> | Record<string, Record<string, string>>;
  /** Privacy notice (text per language; it may contain a link). */
  privacy?: { required?: boolean; text?: string | Record<string, string> };
  attachments?: { maxBytes?: number; maxFilesPerMessage?: number; contentTypes?: string[] };
  maxMessageLength?: number;
  contactRequest?: { email?: boolean; phone?: boolean };
  /** The widget's bot: its display name and avatar (a path of the service or an absolute URL). */
  bot?: { name?: string; avatar?: string };
  /** The widget's look from its configuration. */
  colors?: { primary?: string; primaryText?: string };
  position?: string;
  /** Fields the widget asks before a chat, beside name and e-mail. */
  prechatFields?: PrechatFieldConfig[];
  /** A message shown above the closed launcher (after some seconds on a page, or on some paths). */
  greeting?: { id: string; text: string; delaySeconds?: number; paths?: string[] } | null;
  [key: string]: unknown;
}

/** A custom pre-chat field of the widget's configuration (labels already in the visitor's language). */
export interface PrechatFieldConfig {
  name: string;
  type: 'text' | 'select' | 'checkbox';
  label: string;
  required?: boolean;
  maxLength?: number;
  pattern?: string;
  options?: Array<{ value: string; label: string }>;
}

export interface ChatCategory {
  idChatCategory: number | string;
  title: string;
  description?: string;
  /** A bot answers first (with quick replies). */
  bot?: boolean;
  opened?: boolean;
  online?: boolean;
  [key: string]: unknown;
}

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

export interface FieldError {
  field: string;
  message: string;
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

export interface ChatClientOptions {
  /** `{chat_base_url}` or a proxy serving the same paths. */
  endpoint: string;
  widgetKey: string;
  visitorId: string;
  /** Only for a back-office page; a visitor widget needs no token. */
  token?: string | undefined;
  /**
   * The gateway's visitor token (a signed JWT naming the visitor), sent as the `visitor-token`
   * CONNECT header: the gateway checks it and puts its name and e-mail on the visitor's chats.
   */
  visitorToken?: string | undefined;
  destinations?: Partial<ChatDestinations> | undefined;
  /** Heartbeat / reconnect tuning passed to the STOMP session (tests shorten them). */
  stomp?: {
    reconnect?: { baseDelayMs?: number; maxDelayMs?: number };
    heartbeat?: { outgoingMs: number; incomingMs: number };
  };
}

export { type QuickReply, type ChatAttachment };

/**
 * The widget's public configuration alone (`GET /public/api/widget`), without a client: what a
 * closed launcher reads when the page asks for a proactive greeting.
 */
export function fetchWidgetConfig(
  endpoint: string,
  widgetKey: string,
  language: string,
  signal?: AbortSignal,
): Promise<WidgetConfig> {
  return new HttpClient({ service: 'chat', baseUrl: endpoint, auth: none }).json<WidgetConfig>('/public/api/widget', {
    query: { widgetKey, language },
    signal,
  });
}

const START_TIMEOUT_MS = 20000;

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? encodeURIComponent(String(values[key])) : whole,
  );
}

function absolute(url: string): string {
  try {
    return new URL(url, typeof document !== 'undefined' ? document.baseURI : undefined).href;
  } catch {
    return url;
  }
}

/**
 * `idChat` as a JSON body carries it: the spec's type is int64, so a number when the string we
 * keep is an exact one. We keep ids as strings because a JS number loses digits beyond 2^53; such
 * an id (or one that is not decimal) stays a string rather than reach the server altered.
 */
export function jsonId(id: string | number): string | number {
  if (typeof id === 'number' || !/^(0|-?[1-9]\d*)$/.test(id)) return id;
  const n = Number(id);
  return Number.isSafeInteger(n) ? n : id;
}

/** Random id for clientMessageId / clientRequestId. */
export function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export class ChatClient {
  readonly http: HttpClient;
  readonly destinations: ChatDestinations;
  private session?: StompSession;
  private sessionReady?: Promise<StompSession>;
  private readonly visitorListeners = new Listeners<VisitorEvent>();
  private readonly stateListeners = new Listeners<StompState>();
  private readonly errorListeners = new Listeners<ServiceError>();
  private stopped = false;

  constructor(readonly options: ChatClientOptions) {
    const auth: AuthStrategy = options.token ? chatToken(options.token) : none;
    this.http = new HttpClient({ service: 'chat', baseUrl: options.endpoint, auth });
    this.destinations = { ...DEFAULT_DESTINATIONS, ...options.destinations };
  }

  // ---- public REST -------------------------------------------------------------------------

  widget(language: string, signal?: AbortSignal): Promise<WidgetConfig> {
    return this.http.json<WidgetConfig>('/public/api/widget', {
      query: { widgetKey: this.options.widgetKey, language },
      signal,
    });
  }

  async categories(language: string, signal?: AbortSignal): Promise<ChatCategory[]> {
    const body = await this.http.json<ChatCategory[] | { content?: ChatCategory[] }>('/public/api/chat/categories', {
      query: { widgetKey: this.options.widgetKey, language },
      signal,
    });
    return Array.isArray(body) ? body : (body?.content ?? []);
  }

  /** Server-side validation of the pre-chat form: [] when valid. */
  async validate(input: Record<string, unknown>, signal?: AbortSignal): Promise<FieldError[]> {
    try {
      const body = await this.http.json<
        { valid?: boolean; errors?: FieldError[] | Record<string, string> } | undefined
      >('/public/api/chat/input/validate', {
        method: 'POST',
        json: { widgetKey: this.options.widgetKey, ...input },
        signal,
      });
      return normaliseFieldErrors(body?.errors);
    } catch (error) {
      // A 400 with field errors is an answer, not a failure.
      const errors = fieldErrorsOf(error);
      if (errors) return errors;
      throw error;
    }
  }

  async queuePosition(idChat: string | number, signal?: AbortSignal): Promise<number | undefined> {
    const body = await this.http.json<{ position?: number | null } | number>('/public/api/chat/queue-position/', {
      query: { idChat },
      signal,
    });
    return typeof body === 'number' ? body : (body?.position ?? undefined);
  }

  rate(idChat: string | number, rating: number, comment?: string): Promise<unknown> {
    return this.http.json('/public/api/chat/rating/', {
      method: 'POST',
      json: { idChat: jsonId(idChat), rating, comment },
    });
  }

  // The transcript and the contact requests are GETs that send an e-mail or file a request. A
  // GET is retried on a timeout or a 5xx, but one that timed out after the server acted would
  // act twice: these are sent once, and a failure is the visitor's to retry.

  sendTranscript(idChat: string | number, email: string): Promise<unknown> {
    return this.http.json('/public/api/chat/transcription/', { query: { idChat, email }, retry: false });
  }

  contactRequest(
    kind: 'email' | 'phone',
    input: {
      name: string;
      email?: string;
      phone?: string;
      message: string;
      idChatCategory?: string | number;
      language: string;
    },
  ): Promise<unknown> {
    return this.http.json(`/public/api/chat/contact-request-${kind}/`, {
      query: { widgetKey: this.options.widgetKey, ...input },
      retry: false,
    });
  }

  addNavigationPage(idChat: string | number, url: string, title: string): Promise<unknown> {
    return this.http.json('/public/api/chat/add-navigation-page', {
      method: 'POST',
      json: { idChat: jsonId(idChat), url, title },
    });
  }

  async upload(
    idChat: string | number,
    file: File,
    onProgress?: (loaded: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<ChatAttachment> {
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('idChat', String(idChat));
    form.append('visitorId', this.options.visitorId);
    const body = await this.http.json<Partial<ChatAttachment> & { uuid: string }>('/public/api/attachments/upload', {
      method: 'POST',
      form,
      signal,
      onUploadProgress: onProgress,
      timeoutMs: 0,
    });
    return {
      uuid: body.uuid,
      name: body.name ?? file.name,
      size: body.size ?? file.size,
      contentType: body.contentType ?? file.type,
    };
  }

  /**
   * Removes a file uploaded but no longer wanted. The visitor id goes along because the server
   * lets only the visitor who uploaded a file delete it (the upload sends the same id).
   */
  async deleteAttachment(uuid: string, signal?: AbortSignal): Promise<void> {
    await this.http.json(`/public/api/attachments/${encodeURIComponent(uuid)}`, {
      method: 'DELETE',
      query: { visitorId: this.options.visitorId },
      signal,
    });
  }

  downloadUrl(uuid: string): string {
    return this.http.url('/public/api/attachments/download', { uuid });
  }

  /** Absolute, so that an endpoint given as a same-origin path (a proxy) still yields an image URL the page can check. */
  imageUrl(uuid: string): string {
    return absolute(this.http.url('/public/api/attachments/image', { uuid }));
  }

  /** The bot's avatar: the configuration's own (a service path or a URL), else the public bot avatar. */
  botAvatarUrl(configured?: string): string {
    if (configured && /^https?:\/\//i.test(configured)) return configured;
    return absolute(
      this.http.url(configured?.startsWith('/') ? configured : '/public/api/bot/avatar', {
        widgetKey: this.options.widgetKey,
      }),
    );
  }

  /** An image the service names (an operator's avatar): a path is the service's, a URL stays as it is. */
  serviceImageUrl(pathOrUrl: string): string {
    return absolute(this.http.url(pathOrUrl));
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
        connectHeaders: {
          'visitor-id': this.options.visitorId,
          'widget-key': this.options.widgetKey,
          ...(this.options.visitorToken ? { 'visitor-token': this.options.visitorToken } : {}),
        },
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

/** The per-field errors of a 400 from the chat service (`errors` by field, or a list), if it has any. */
export function fieldErrorsOf(error: unknown): FieldError[] | undefined {
  if (!(error instanceof ServiceError) || error.status !== 400) return undefined;
  const body = error.body;
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  const list = normaliseFieldErrors(errors);
  return list.length ? list : undefined;
}

function normaliseFieldErrors(errors: unknown): FieldError[] {
  if (!errors) return [];
  if (Array.isArray(errors)) {
    return errors
      .filter((e): e is { field?: unknown; message?: unknown } => !!e && typeof e === 'object')
      .map((e) => ({ field: String(e.field ?? ''), message: String(e.message ?? '') }));
  }
  if (typeof errors === 'object')
    return Object.entries(errors as Record<string, unknown>).map(([field, message]) => ({
      field,
      message: String(message),
    }));
  return [];
}
