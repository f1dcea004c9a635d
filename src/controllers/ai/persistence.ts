/**
 * What survives a reload (`persist="session|local"`): the conversation id, the transcript as
 * shown (the spec has no endpoint for a conversation's messages) and the unsent draft.
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
  sources?: Array<{
    citation?: number;
    title: string;
    content_preview?: string;
    relevance_score?: number;
    url?: string;
  }>;
}

export interface StoredConversation {
  conversationId?: number | undefined;
  messages: StoredMessage[];
  draft?: string | undefined;
}

const MAX_MESSAGES = 100;

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

  load(): StoredConversation | undefined {
    if (!this.storage) return undefined;
    try {
      const raw = this.storage.getItem(this.key);
      if (!raw) return undefined;
      const value = JSON.parse(raw) as StoredConversation;
      return Array.isArray(value.messages) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  save(value: StoredConversation): void {
    if (!this.storage) return;
    try {
      this.storage.setItem(this.key, JSON.stringify({ ...value, messages: value.messages.slice(-MAX_MESSAGES) }));
    } catch {
      // Quota exceeded: keep going without persistence rather than fail the chat.
    }
  }

  clear(): void {
    try {
      this.storage?.removeItem(this.key);
    } catch {
      /* nothing to clear */
    }
  }
}
