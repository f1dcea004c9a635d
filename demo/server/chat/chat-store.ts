/**
 * The chats of the live-chat simulator: their messages (server ids, de-duplication by
 * `clientMessageId`), their state (queue, operator, closed) and the events each change publishes on
 * `/topic/chat.{idChat}`. No timers and no sockets here: the scripted operator and the bot drive a
 * chat through this API, the STOMP sessions deliver what it publishes.
 */
import { CATEGORIES, type Category, type Language, type User } from './seed.js';

export type From = 'visitor' | 'operator' | 'bot' | 'system';

export interface Attachment {
  uuid: string;
  name: string;
  size: number;
  contentType: string;
}

export interface QuickReply {
  id: string;
  label: string;
  value: string;
}

/** One message of a chat, as sent in `message` events and in `history.messages`. */
export interface ChatMessage {
  type: 'message';
  /** Server id, monotonic per chat starting at 1. */
  id: number;
  /** The sender's id for this message (visitor/operator); null for bot and system messages. */
  clientMessageId: string | null;
  from: From;
  text: string;
  attachments: Attachment[];
  /** ISO 8601. */
  ts: string;
  /** Who wrote it, for operator and bot messages. */
  author?: { idUser?: number; name: string };
  /** Bot messages only: answers the visitor can pick. */
  quickReplies?: QuickReply[];
}

export interface OperatorRef {
  idUser: number;
  username: string;
  nickname: string;
  /** `script` for the scripted operator, `real` for one who joined through the REST API. */
  kind: 'script' | 'real';
}

export type ChatStatus = 'queued' | 'bot' | 'assigned' | 'closed';

export interface Chat {
  idChat: number;
  visitorId: string;
  clientRequestId: string;
  name: string;
  email: string;
  language: Language;
  startingPage: string;
  startingPageTitle: string;
  fields: Record<string, string | boolean>;
  verified: boolean;
  category: Category;
  widgetKey: string;
  tsIns: string;
  status: ChatStatus;
  /** When the chat entered the queue (for ordering and waiting time). */
  queuedAt: number;
  /** The last message id when it entered the queue: what the visitor wrote after it, they wrote waiting. */
  queuedAfterId: number;
  /** Chats the scripted queue pretends are ahead of this one (counts down). */
  virtualAhead: number;
  operator: OperatorRef | null;
  closedBy: 'visitor' | 'operator' | 'system' | null;
  messages: ChatMessage[];
  nextMessageId: number;
  /** `${from}:${clientMessageId}` → message, so a resend echoes the original. */
  byClientId: Map<string, ChatMessage>;
  /** Highest visitor message id the operator side has read. */
  readUpToId: number;
  rating: number | null;
  ratingComment: string | null;
  navigationPages: Array<{ url: string; title: string; ts: string }>;
  muted: boolean;
  /** Non-message events kept for `GET /api/chat/history/{idChat}`. */
  events: Array<{ type: string; ts: string; [k: string]: unknown }>;
}

/** State a widget needs after a reconnect, sent in `history.state`. */
export interface ChatState {
  idChat: number;
  status: ChatStatus;
  closed: boolean;
  queuePosition: number | null;
  operator: Omit<OperatorRef, 'kind'> | null;
  readUpToId: number;
  lastMessageId: number;
}

export type ChatEvent = { type: string; [key: string]: unknown };

export interface StoreListener {
  /** A chat event for `/topic/chat.{idChat}`; `exceptSession` is a session id that must not get it (typing). */
  chatEvent(chat: Chat, event: ChatEvent, exceptSession?: string): void;
  /** Something operators watch changed (pending lists): published on `/topic/operators`. */
  operatorsEvent(event: ChatEvent): void;
}

export interface StartInput {
  visitorId: string;
  clientRequestId: string;
  category: Category;
  name: string;
  email: string;
  language: Language;
  startingPage: string;
  /** The title of the page the chat started on (the first navigation entry's). */
  startingPageTitle: string;
  /** The widget's custom pre-chat fields the visitor filled. */
  fields: Record<string, string | boolean>;
  /** The visitor's identity was verified by the gateway (a signed visitor token), not typed. */
  verified: boolean;
  widgetKey: string;
}

const now = () => new Date().toISOString();

export class ChatStore {
  private chats = new Map<number, Chat>();
  private byRequest = new Map<string, number>();
  private nextChatId = 1001;

  constructor(private readonly listener: StoreListener) {}

  /**
   * Forgets every chat. Ids keep counting up: sockets survive a reset, and a visitor still
   * subscribed to an old `/topic/chat.{idChat}` must never see someone else's new chat.
   */
  reset(): void {
    this.chats.clear();
    this.byRequest.clear();
  }

  get(idChat: number): Chat | undefined {
    return this.chats.get(idChat);
  }

  all(): Chat[] {
    return [...this.chats.values()];
  }

  findByRequest(visitorId: string, clientRequestId: string): Chat | undefined {
    const id = this.byRequest.get(`${visitorId}\u0000${clientRequestId}`);
    return id === undefined ? undefined : this.chats.get(id);
  }

  /** Creates a chat; the same visitor + clientRequestId always yields the same chat. */
  start(input: StartInput): { chat: Chat; created: boolean } {
    const existing = this.findByRequest(input.visitorId, input.clientRequestId);
    if (existing) return { chat: existing, created: false };
    const chat: Chat = {
      idChat: this.nextChatId++,
      ...input,
      tsIns: now(),
      status: input.category.routing === 'bot' ? 'bot' : 'queued',
      queuedAt: Date.now(),
      queuedAfterId: 0,
      virtualAhead: 0,
      operator: null,
      closedBy: null,
      messages: [],
      nextMessageId: 1,
      byClientId: new Map(),
      readUpToId: 0,
      rating: null,
      ratingComment: null,
      navigationPages: [],
      muted: false,
      events: [{ type: 'started', ts: now() }],
    };
    this.chats.set(chat.idChat, chat);
    this.byRequest.set(`${input.visitorId}\u0000${input.clientRequestId}`, chat.idChat);
    if (input.startingPage)
      chat.navigationPages.push({ url: input.startingPage, title: input.startingPageTitle, ts: chat.tsIns });
    if (chat.status === 'queued') this.listener.operatorsEvent({ type: 'chat-pending', chat: summary(chat) });
    return { chat, created: true };
  }

  /**
   * Appends a message, or returns the original when this sender already sent `clientMessageId`
   * (`duplicate: true`: the caller echoes it again, nothing new is stored).
   */
  post(chat: Chat, message: Omit<ChatMessage, 'type' | 'id' | 'ts'>): { message: ChatMessage; duplicate: boolean } {
    const key = message.clientMessageId ? `${message.from}:${message.clientMessageId}` : undefined;
    const original = key ? chat.byClientId.get(key) : undefined;
    if (original) return { message: original, duplicate: true };
    const stored: ChatMessage = { type: 'message', id: chat.nextMessageId++, ts: now(), ...message };
    chat.messages.push(stored);
    if (key) chat.byClientId.set(key, stored);
    this.listener.chatEvent(chat, { ...stored });
    return { message: stored, duplicate: false };
  }

  /** Re-sends a message event (the echo of a duplicate). */
  echo(chat: Chat, message: ChatMessage): void {
    this.listener.chatEvent(chat, { ...message });
  }

  typing(chat: Chat, from: From, typing: boolean, author?: { name: string }, exceptSession?: string): void {
    this.listener.chatEvent(chat, { type: 'typing', from, typing, ...(author ? { author } : {}) }, exceptSession);
  }

  /** Marks visitor messages up to `upToId` as read by the operator side. */
  read(chat: Chat, upToId: number): void {
    const last = chat.messages.at(-1)?.id ?? 0;
    const upTo = Math.min(upToId, last);
    if (upTo <= chat.readUpToId) return;
    chat.readUpToId = upTo;
    this.listener.chatEvent(chat, { type: 'read', upToId: upTo });
  }

  queue(chat: Chat): void {
    const position = this.queuePosition(chat);
    if (position === null) return;
    this.listener.chatEvent(chat, { type: 'queue', position, estimatedWaitSeconds: position * 30 });
  }

  /** Puts a bot chat in the queue for a person. */
  handOver(chat: Chat): void {
    if (chat.status !== 'bot') return;
    chat.status = 'queued';
    chat.queuedAt = Date.now();
    chat.queuedAfterId = chat.messages.at(-1)?.id ?? 0;
    this.note(chat, { type: 'handoff' });
    this.listener.operatorsEvent({ type: 'chat-pending', chat: summary(chat) });
  }

  join(chat: Chat, operator: OperatorRef): void {
    if (chat.operator?.idUser === operator.idUser) return;
    if (chat.operator) this.leave(chat);
    chat.operator = operator;
    chat.status = 'assigned';
    const { kind: _kind, ...publicOperator } = operator;
    this.note(chat, { type: 'joined', operator: publicOperator });
    this.listener.chatEvent(chat, { type: 'joined', operator: publicOperator });
    this.listener.operatorsEvent({ type: 'chat-assigned', chat: summary(chat) });
    this.requeueOthers();
  }

  /**
   * Reassigns a chat (PUT /api/chat/assign): one `transferred` event naming both operators, not a
   * `left` and a `joined` (the operator changes without the chat ever being without one).
   */
  assign(chat: Chat, operator: OperatorRef): void {
    if (chat.operator?.idUser === operator.idUser) return;
    const previous = chat.operator ? publicOf(chat.operator) : null;
    chat.operator = operator;
    chat.status = 'assigned';
    const event = { type: 'transferred', from: previous, operator: publicOf(operator) };
    this.note(chat, event);
    this.listener.chatEvent(chat, event);
    this.listener.operatorsEvent({ type: 'chat-assigned', chat: summary(chat) });
    this.requeueOthers();
  }

  leave(chat: Chat): void {
    if (!chat.operator) return;
    const { kind: _kind, ...publicOperator } = chat.operator;
    chat.operator = null;
    this.note(chat, { type: 'left', operator: publicOperator });
    this.listener.chatEvent(chat, { type: 'left', operator: publicOperator });
  }

  close(chat: Chat, by: 'visitor' | 'operator' | 'system'): void {
    if (chat.status === 'closed') return;
    const wasQueued = chat.status === 'queued';
    chat.status = 'closed';
    chat.closedBy = by;
    this.note(chat, { type: 'closed', by });
    this.listener.chatEvent(chat, { type: 'closed', by });
    this.listener.operatorsEvent({ type: 'chat-closed', chat: summary(chat) });
    if (wasQueued) this.requeueOthers();
  }

  /** 1-based place among the chats waiting for a person (plus the pretend ones ahead); null when not queued. */
  queuePosition(chat: Chat): number | null {
    if (chat.status !== 'queued') return null;
    const ahead = this.pending().filter(
      (c) => c.queuedAt < chat.queuedAt || (c.queuedAt === chat.queuedAt && c.idChat < chat.idChat),
    ).length;
    return chat.virtualAhead + ahead + 1;
  }

  /** Chats waiting for a person, oldest first. */
  pending(): Chat[] {
    return this.all()
      .filter((c) => c.status === 'queued')
      .sort((a, b) => a.queuedAt - b.queuedAt || a.idChat - b.idChat);
  }

  state(chat: Chat): ChatState {
    const operator = chat.operator
      ? { idUser: chat.operator.idUser, username: chat.operator.username, nickname: chat.operator.nickname }
      : null;
    return {
      idChat: chat.idChat,
      status: chat.status,
      closed: chat.status === 'closed',
      queuePosition: this.queuePosition(chat),
      operator,
      readUpToId: chat.readUpToId,
      lastMessageId: chat.messages.at(-1)?.id ?? 0,
    };
  }

  history(chat: Chat, afterId: number): ChatEvent {
    return {
      type: 'history',
      idChat: chat.idChat,
      messages: chat.messages.filter((m) => m.id > afterId),
      state: this.state(chat),
    };
  }

  private note(chat: Chat, event: ChatEvent): void {
    chat.events.push({ ...event, ts: now() });
  }

  /** Someone left the queue: everyone behind moves up. */
  private requeueOthers(): void {
    for (const other of this.pending()) this.queue(other);
  }
}

/** The chat resource of spec §2.2 (plus the simulator's extras, named in README.md). */
export function chatResource(chat: Chat, store: ChatStore) {
  return {
    idChat: chat.idChat,
    name: chat.name,
    jid: `chat-${chat.idChat}@chat.sim`,
    active: chat.status !== 'closed',
    closed: chat.status === 'closed',
    muted: chat.muted,
    language: chat.language,
    rating: chat.rating,
    startingPage: chat.startingPage,
    // Single-character status: A active (assigned or bot), P pending (queued), C closed.
    status: chat.status === 'closed' ? 'C' : chat.status === 'queued' ? 'P' : 'A',
    category: { idChatCategory: chat.category.idChatCategory, title: chat.category.title[chat.language] },
    channel: { code: 'WIDGET', description: 'Web widget' },
    assignedUser: chat.operator ? { idUser: chat.operator.idUser, username: chat.operator.username } : null,
    tags: [] as Array<{ idTag: number; title: string }>,
    tsIns: chat.tsIns,
    email: chat.email,
    verified: chat.verified,
    fields: chat.fields,
    visitorId: chat.visitorId,
    priority: chat.category.priority,
    queuePosition: store.queuePosition(chat),
    navigationPages: chat.navigationPages,
    ratingComment: chat.ratingComment,
    messageCount: chat.messages.length,
  };
}

/** The small summary operators get on `/topic/operators`. */
export function summary(chat: Chat) {
  return {
    idChat: chat.idChat,
    name: chat.name,
    language: chat.language,
    status: chat.status,
    category: { idChatCategory: chat.category.idChatCategory, code: chat.category.code },
    priority: chat.category.priority,
    assignedUser: chat.operator ? { idUser: chat.operator.idUser, username: chat.operator.username } : null,
    tsIns: chat.tsIns,
  };
}

export function findCategory(idOrCode: unknown): Category | undefined {
  if (typeof idOrCode === 'number' || (typeof idOrCode === 'string' && /^\d+$/.test(idOrCode))) {
    return CATEGORIES.find((c) => c.idChatCategory === Number(idOrCode));
  }
  if (typeof idOrCode === 'string') return CATEGORIES.find((c) => c.code === idOrCode.toUpperCase());
  return undefined;
}

/** An operator as visitors see them: no `kind`. */
function publicOf({ kind: _kind, ...operator }: OperatorRef): Omit<OperatorRef, 'kind'> {
  return operator;
}

export function operatorRef(user: User, kind: OperatorRef['kind']): OperatorRef {
  return { idUser: user.idUser, username: user.username, nickname: user.nickname, kind };
}
