/**
 * What survives a reload (`persist="session|local"`): the current conversation (its service id,
 * the transcript as shown, the unsent draft) and the visitor's earlier conversations with their
 * titles and dates. All of it lives on this device only: the AI service's spec shows no endpoint
 * for a conversation's messages, so a conversation reopened from here shows what this device kept,
 * and continuing it sends its `conversation_id`.
 */
export interface StoredMessage {
  role: 'user' | 'assistant';
  text: string;
  format?: 'markdown' | 'html';
  status?: 'done' | 'stopped' | 'error';
  files?: string[];
  /** The visitor's rating of an answer, and the service's id of it (what `sportello-feedback` names). */
  rating?: 'up' | 'down';
  messageId?: number;
  /** What the visitor said of the answer beyond the rating. */
  feedback?: { reason?: string; comment?: string };
  /** What the service suggested asking next (shown under the last answer). */
  followUps?: string[];
  sources?: Array<{
    citation?: number;
    title: string;
    content_preview?: string;
    relevance_score?: number;
    url?: string;
  }>;
}

export interface StoredConversation {
  /** This device's id of the conversation (the service's comes with its first answer, or never). */
  localId?: string | undefined;
  conversationId?: number | undefined;
  /** When it began (ms since the epoch). */
  startedAt?: number | undefined;
  /** The service's title of it (`GET /conversations/{id}`), when it gave one. */
  title?: string | undefined;
  messages: StoredMessage[];
  draft?: string | undefined;
}

/** An earlier conversation in the list: enough to show and find it, not its messages. */
export interface PastConversation {
  localId: string;
  /** The service's title of it, else the visitor's first question (clipped). */
  title: string;
  conversationId?: number | undefined;
  startedAt: number;
  /** When its message count last changed (ms since the epoch): the list's order and the date it shows. */
  updatedAt: number;
  count: number;
}

const MAX_MESSAGES = 100;
/** Conversations kept on the device beyond the current one; the least recent goes first. */
export const MAX_PAST = 20;
const TITLE_CHARS = 80;

/** The conversation's title: the service's, else its first question; clipped. */
export function titleOf(messages: readonly StoredMessage[], serviceTitle?: string): string {
  const text = (serviceTitle?.trim() || messages.find((m) => m.role === 'user')?.text.trim() || '').replace(
    /\s+/g,
    ' ',
  );
  return text.length > TITLE_CHARS ? `${text.slice(0, TITLE_CHARS - 1).trimEnd()}…` : text;
}

export class ConversationStore {
  constructor(
    private readonly storage: Storage | undefined,
    private readonly key: string,
  ) {}

  static open(kind: string | null | undefined, key: string): ConversationStore {
    let storage: Storage | undefined;
    try {
      storage = kind === 'local' ? localStorage : kind === 'session' ? sessionStorage : undefined;
    } catch {
      storage = undefined; // storage blocked (privacy mode, sandboxed iframe): nothing persists.
    }
    return new ConversationStore(storage, `sportello-ai-chat:${key}`);
  }

  /** The current conversation. */
  load(): StoredConversation | undefined {
    return this.readConversation(this.key);
  }

  /** Saves the current conversation, and its entry in the list once it has a question. */
  save(value: StoredConversation): void {
    this.write(this.key, { ...value, messages: value.messages.slice(-MAX_MESSAGES) });
    if (value.localId && value.messages.length) this.index(value);
  }

  /** Forgets the current conversation (it stays in the list only if `archive` kept it). */
  clear(): void {
    this.remove(this.key);
  }

  /** The list, most recent first (the current conversation's entry included). */
  list(): PastConversation[] {
    const raw = this.read(`${this.key}:past`);
    if (!Array.isArray(raw)) return [];
    return (raw as PastConversation[])
      .filter((e) => e && typeof e.localId === 'string' && typeof e.updatedAt === 'number')
      .sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /** Keeps the current conversation among the earlier ones (a new one, or another, takes its place). */
  archive(): void {
    const current = this.load();
    if (!current?.localId || !current.messages.length) return;
    const { draft: _draft, ...kept } = current;
    this.write(this.pastKey(current.localId), kept);
    this.index(current);
  }

  /** An earlier conversation, taken out of the archive to become the current one. */
  take(localId: string): StoredConversation | undefined {
    const value = this.readConversation(this.pastKey(localId));
    if (value) this.remove(this.pastKey(localId));
    return value;
  }

  /** Deletes a conversation from the device (the current one's record is the caller's to clear). */
  forget(localId: string): void {
    this.remove(this.pastKey(localId));
    this.write(
      `${this.key}:past`,
      this.list().filter((e) => e.localId !== localId),
    );
  }

  /** Deletes every conversation, the current one included. */
  forgetAll(): void {
    for (const entry of this.list()) this.remove(this.pastKey(entry.localId));
    this.remove(`${this.key}:past`);
    this.clear();
  }

  private index(value: StoredConversation): void {
    const localId = value.localId!;
    const now = Date.now();
    const others = this.list();
    const before = others.find((e) => e.localId === localId);
    const count = Math.min(value.messages.length, MAX_MESSAGES);
    const entry: PastConversation = {
      localId,
      title: titleOf(value.messages, value.title),
      conversationId: value.conversationId,
      startedAt: value.startedAt ?? before?.startedAt ?? now,
      // A draft or a rating saved is no new activity: the date moves with the messages only.
      updatedAt: before && before.count === count ? before.updatedAt : now,
      count,
    };
    if (before && JSON.stringify(before) === JSON.stringify(entry)) return;
    const list = [entry, ...others.filter((e) => e.localId !== localId)].sort((a, b) => b.updatedAt - a.updatedAt);
    // The least recent beyond the limit leave the device (never the one being saved).
    const dropped = list.filter((e) => e.localId !== localId).slice(MAX_PAST);
    for (const old of dropped) this.remove(this.pastKey(old.localId));
    this.write(
      `${this.key}:past`,
      list.filter((e) => !dropped.includes(e)),
    );
  }

  private pastKey(localId: string): string {
    return `${this.key}:past:${localId}`;
  }

  private readConversation(key: string): StoredConversation | undefined {
    const value = this.read(key) as StoredConversation | undefined;
    return value && Array.isArray(value.messages) ? value : undefined;
  }

  private read(key: string): unknown {
    if (!this.storage) return undefined;
    try {
      const raw = this.storage.getItem(key);
      return raw ? (JSON.parse(raw) as unknown) : undefined;
    } catch {
      return undefined;
    }
  }

  private write(key: string, value: unknown): void {
    if (!this.storage) return;
    try {
      this.storage.setItem(key, JSON.stringify(value));
    } catch {
      // Quota exceeded: keep going without persistence rather than fail the chat.
    }
  }

  private remove(key: string): void {
    try {
      this.storage?.removeItem(key);
    } catch {
      /* nothing to remove */
    }
  }
}
