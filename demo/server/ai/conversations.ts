/** In-memory conversations (spec §2.3) and their messages; cleared by `POST /__sim/reset`. */
export interface StoredMessage {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  created_at: string;
  /** Set on an assistant message that waits for `tool_approval`. */
  pendingTool?: PendingTool | null;
}

export interface PendingTool {
  id: string;
  tool_name: string;
  tool_args: Record<string, unknown>;
}

export interface Conversation {
  id: number;
  tenant_id: number;
  agent_id: number | null;
  agent_name: string | null;
  user_id: string;
  title: string;
  status: 'active' | 'closed' | 'archived';
  metadata: Record<string, unknown>;
  external_id: string | null;
  insights: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  messages: StoredMessage[];
}

export class ConversationStore {
  private byId = new Map<number, Conversation>();
  private nextId = 1;
  private nextMessageId = 1;

  create(init: {
    tenantId: number;
    userId: string;
    agentId: number | null;
    agentName: string | null;
    title: string;
    externalId: string | null;
    metadata: Record<string, unknown>;
  }): Conversation {
    const now = new Date().toISOString();
    const c: Conversation = {
      id: this.nextId++,
      tenant_id: init.tenantId,
      agent_id: init.agentId,
      agent_name: init.agentName,
      user_id: init.userId,
      title: init.title.slice(0, 80),
      status: 'active',
      metadata: init.metadata,
      external_id: init.externalId,
      insights: null,
      created_at: now,
      updated_at: now,
      messages: [],
    };
    this.byId.set(c.id, c);
    return c;
  }

  get(id: number, tenantId: number): Conversation | undefined {
    const c = this.byId.get(id);
    return c && c.tenant_id === tenantId ? c : undefined;
  }

  byExternalId(externalId: string, tenantId: number, agentId?: number): Conversation | undefined {
    return [...this.byId.values()].find(
      (c) =>
        c.tenant_id === tenantId && c.external_id === externalId && (agentId === undefined || c.agent_id === agentId),
    );
  }

  listFor(tenantId: number, userId: string): Conversation[] {
    return [...this.byId.values()]
      .filter((c) => c.tenant_id === tenantId && c.user_id === userId)
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id);
  }

  /** The conversation holding assistant message `messageId`, within a tenant. */
  findByMessage(
    messageId: number,
    tenantId: number,
  ): { conversation: Conversation; message: StoredMessage } | undefined {
    for (const c of this.byId.values()) {
      if (c.tenant_id !== tenantId) continue;
      const message = c.messages.find((m) => m.id === messageId);
      if (message) return { conversation: c, message };
    }
    return undefined;
  }

  append(
    c: Conversation,
    role: StoredMessage['role'],
    content: string,
    pendingTool: PendingTool | null = null,
  ): StoredMessage {
    const m: StoredMessage = {
      id: this.nextMessageId++,
      role,
      content,
      created_at: new Date().toISOString(),
      pendingTool,
    };
    c.messages.push(m);
    c.updated_at = m.created_at;
    return m;
  }

  /** Every conversation, oldest first (the control path's view, across tenants). */
  all(): Conversation[] {
    return [...this.byId.values()];
  }

  clear(): void {
    this.byId.clear();
    this.nextId = 1;
    this.nextMessageId = 1;
  }
}

/** The spec's conversation object: lists add `agent_name` and `message_count`; detail has no messages. */
export function conversationView(c: Conversation, inList: boolean): Record<string, unknown> {
  const { messages, agent_name, ...rest } = c;
  return inList ? { ...rest, agent_name, message_count: messages.length } : rest;
}
