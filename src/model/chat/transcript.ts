/**
 * The conversation as the visitor sees it: server messages in server order, then the visitor's own
 * messages that the server has not echoed yet. Pure data, no I/O, so merging is testable alone.
 *
 * Every message is identified twice: by the server `id` once it has one, and by the
 * `clientMessageId` the sender chose. Whatever order echoes, history replays and retries arrive in,
 * one message is shown exactly once.
 */

import type { ChatAttachment, QuickReply, Sender, ServerMessage } from '../../services/chat-types.js';

// The wire models live with the service (src/services/chat-types.ts); re-exported for the UI.
export type { ChatAttachment, QuickReply, Sender, ServerMessage };

export type DeliveryState = 'pending' | 'sent' | 'read' | 'failed';

/**
 * What happened in the conversation besides messages (an operator joined, left, handed it over, the
 * chat ended), kept as data: the window says it in the visitor's language, now and after a reload.
 */
export type ChatNotice =
  | { kind: 'joined'; name: string }
  | { kind: 'left'; name: string }
  | { kind: 'transferred'; from: string; to: string }
  | { kind: 'ended'; by: 'visitor' | 'operator' | 'system'; name?: string | undefined };

export interface TranscriptMessage {
  /** Stable key for rendering: the clientMessageId when there is one, else `s:<id>`. */
  key: string;
  id?: string | undefined;
  clientMessageId?: string | undefined;
  from: Sender;
  /** Display name of the author (operator or bot), as the server sent it. */
  author?: string | undefined;
  text: string;
  attachments: ChatAttachment[];
  quickReplies?: QuickReply[] | undefined;
  /** ISO time stamp (server time once echoed). */
  ts: string;
  state: DeliveryState;
  /** Server sequence used for ordering; undefined while pending. */
  seq?: number | undefined;
  /** A system line of our own (no server id): what happened, worded by the window. */
  notice?: ChatNotice | undefined;
}

let arrival = 0;

/** Server ids are numeric in the simulator; a non-numeric id keeps arrival order. */
function sequenceOf(id: string | number): number {
  const n = typeof id === 'number' ? id : Number(id);
  return Number.isFinite(n) ? n : 1e15 + arrival++;
}

export class Transcript {
  /** Confirmed messages sorted by seq, then pending/failed ones in send order. */
  private confirmed: TranscriptMessage[] = [];
  private unconfirmed: TranscriptMessage[] = [];
  private byId = new Map<string, TranscriptMessage>();
  private byClientId = new Map<string, TranscriptMessage>();
  private cached: TranscriptMessage[] | null = null;

  /** Every message, in display order. A new array after each change (cheap identity check for Lit). */
  get messages(): readonly TranscriptMessage[] {
    return (this.cached ??= this.confirmed.concat(this.unconfirmed));
  }

  get size(): number {
    return this.confirmed.length + this.unconfirmed.length;
  }

  /** The greatest server id seen, for `sync {afterId}` after a reconnect or reload. */
  get lastServerId(): string | undefined {
    for (let i = this.confirmed.length - 1; i >= 0; i--) {
      const m = this.confirmed[i]!;
      if (m.id !== undefined && m.seq !== undefined && m.seq < 1e15) return m.id;
    }
    return this.confirmed.at(-1)?.id;
  }

  /** Messages the server has not confirmed yet, oldest first (to re-send after a reload). */
  get outbox(): readonly TranscriptMessage[] {
    return this.unconfirmed;
  }

  hasClientId(clientMessageId: string): boolean {
    return this.byClientId.has(clientMessageId);
  }

  /** The visitor's own message, shown at once as pending. Adding the same clientMessageId twice is a no-op. */
  addLocal(message: {
    clientMessageId: string;
    text: string;
    attachments?: ChatAttachment[];
    ts?: string;
  }): TranscriptMessage {
    const existing = this.byClientId.get(message.clientMessageId);
    if (existing) return existing;
    const local: TranscriptMessage = {
      key: message.clientMessageId,
      clientMessageId: message.clientMessageId,
      from: 'visitor',
      text: message.text,
      attachments: message.attachments ?? [],
      ts: message.ts ?? new Date().toISOString(),
      state: 'pending',
    };
    this.unconfirmed.push(local);
    this.byClientId.set(message.clientMessageId, local);
    this.cached = null;
    return local;
  }

  /**
   * A system line at this point of the conversation: after every message the server has sent so
   * far (a message that arrives later sorts after it). Stored with the transcript like any message.
   */
  addNotice(notice: ChatNotice, ts = new Date().toISOString()): TranscriptMessage {
    let last = 0;
    for (let i = this.confirmed.length - 1; i >= 0; i--) {
      const seq = this.confirmed[i]!.seq;
      if (seq !== undefined && seq < 1e15) {
        last = seq;
        break;
      }
    }
    return this.insertNotice({
      key: `n:${ts}:${notice.kind}:${this.confirmed.length}`,
      from: 'system',
      text: '',
      attachments: [],
      ts,
      state: 'sent',
      seq: Math.floor(last) + 0.5,
      notice,
    });
  }

  /** The last line of the conversation when it is a system line (to merge "left" + "joined" into a hand-over). */
  lastNotice(): TranscriptMessage | undefined {
    const last = this.confirmed.at(-1);
    return last?.notice && !this.unconfirmed.length ? last : undefined;
  }

  /** Says a system line differently (a "left" that turned out to be a hand-over). */
  updateNotice(message: TranscriptMessage, notice: ChatNotice): void {
    if (message.notice) this.replace(message, { ...message, notice });
  }

  private insertNotice(message: TranscriptMessage): TranscriptMessage {
    this.insertConfirmed(message);
    this.cached = null;
    return message;
  }

  /** Marks an unconfirmed message failed (shown with a retry) or pending again (retrying). */
  setLocalState(clientMessageId: string, state: 'pending' | 'failed'): boolean {
    const m = this.byClientId.get(clientMessageId);
    if (!m || m.id !== undefined || m.state === state) return false;
    this.replace(m, { ...m, state });
    return true;
  }

  /** Whether the server message with this id is in the transcript already. */
  holds(id: string | number | null | undefined): boolean {
    return id !== undefined && id !== null && this.byId.has(String(id));
  }

  /** Applies a server message (echo, live message or history item). Returns true if anything changed. */
  applyServer(raw: ServerMessage): boolean {
    if (raw.id === undefined || raw.id === null) return false;
    const id = String(raw.id);
    const clientMessageId = raw.clientMessageId ?? undefined;
    const known = this.byId.get(id) ?? (clientMessageId ? this.byClientId.get(clientMessageId) : undefined);
    const state: DeliveryState = raw.read ? 'read' : 'sent';
    if (known && known.id !== undefined) {
      // A replay of a message we already hold: only a delivery tick may move forward.
      if (state === 'read' && known.state !== 'read') {
        this.replace(known, { ...known, state });
        return true;
      }
      return false;
    }
    const message: TranscriptMessage = {
      key: known?.key ?? (clientMessageId || `s:${id}`),
      id,
      clientMessageId,
      from: raw.from,
      author: typeof raw.author === 'string' ? raw.author : (raw.author?.name ?? undefined),
      text: raw.text ?? '',
      attachments: raw.attachments ?? known?.attachments ?? [],
      quickReplies: raw.quickReplies?.length ? raw.quickReplies : undefined,
      ts: raw.ts ?? known?.ts ?? new Date().toISOString(),
      state,
      seq: sequenceOf(raw.id),
    };
    if (known) {
      this.unconfirmed.splice(this.unconfirmed.indexOf(known), 1);
    }
    this.insertConfirmed(message);
    this.byId.set(id, message);
    if (clientMessageId) this.byClientId.set(clientMessageId, message);
    this.cached = null;
    return true;
  }

  /** Marks every visitor message up to `upToId` as read by the operator. */
  markReadUpTo(upToId: string | number): boolean {
    const limit = sequenceOf(upToId);
    let changed = false;
    for (const m of this.confirmed) {
      if (m.from === 'visitor' && m.state === 'sent' && (m.seq ?? Infinity) <= limit) {
        this.replace(m, { ...m, state: 'read' });
        changed = true;
      }
    }
    return changed;
  }

  /** Snapshot for localStorage: the last `limit` confirmed messages and every unconfirmed one. */
  toJSON(limit = 200): TranscriptMessage[] {
    return this.confirmed.slice(-limit).concat(this.unconfirmed);
  }

  static fromJSON(items: unknown): Transcript {
    const t = new Transcript();
    if (!Array.isArray(items)) return t;
    for (const item of items as TranscriptMessage[]) {
      if (!item || typeof item !== 'object' || typeof item.text !== 'string') continue;
      if (item.notice && item.id === undefined && typeof item.seq === 'number') {
        t.insertNotice({ ...item, attachments: [] });
      } else if (item.id !== undefined) {
        t.applyServer({ ...item, id: item.id, read: item.state === 'read' });
        if (item.state === 'read') t.markReadUpTo(item.id);
      } else if (item.clientMessageId) {
        const local = t.addLocal({
          clientMessageId: item.clientMessageId,
          text: item.text,
          attachments: item.attachments,
          ts: item.ts,
        });
        if (item.state === 'failed') t.setLocalState(local.clientMessageId!, 'failed');
      }
    }
    return t;
  }

  private insertConfirmed(message: TranscriptMessage): void {
    const list = this.confirmed;
    let i = list.length;
    // Nearly always appended at the end: walk back only past newer messages.
    while (i > 0 && (list[i - 1]!.seq ?? 0) > (message.seq ?? 0)) i--;
    list.splice(i, 0, message);
  }

  private replace(old: TranscriptMessage, next: TranscriptMessage): void {
    const list = old.id !== undefined || old.notice ? this.confirmed : this.unconfirmed;
    const index = list.lastIndexOf(old);
    if (index >= 0) list[index] = next;
    if (next.id !== undefined) this.byId.set(next.id, next);
    if (next.clientMessageId) this.byClientId.set(next.clientMessageId, next);
    this.cached = null;
  }
}
