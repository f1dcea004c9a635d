/**
 * The chat's server events (`message`, `history`, `typing`, `joined`, `left`, `transferred`,
 * `queue`, `read`, `closed`, `rejected`) applied to the controller's state: one place that knows what each event
 * means for the transcript, the phase, the operator and the queue.
 */
import type { ChatEvent } from '../../services/chat.js';
import type { ChatOperator, ChatPhase } from './chat-types.js';
import type { ServerMessage, Transcript } from './transcript.js';

export interface OperatorInfo {
  idUser?: number;
  nickname?: string;
  name?: string;
  username?: string;
  avatar?: string;
}

/** What the server says about the chat after a sync (`history.state`). */
interface HistoryState {
  status?: string;
  closed?: boolean;
  queuePosition?: number | null;
  operator?: OperatorInfo | null;
  readUpToId?: number;
}

export function operatorName(o: OperatorInfo): string | undefined {
  return o.nickname ?? o.name ?? o.username;
}

/** An operator as an event names them (an object, or a bare name), in the controller's terms. */
function operatorOf(o: OperatorInfo | string | null | undefined): ChatOperator | undefined {
  if (!o) return undefined;
  if (typeof o === 'string') return { name: o };
  const name = operatorName(o);
  const id = typeof o.idUser === 'number' ? o.idUser : undefined;
  return name || id !== undefined ? { name, id, avatar: o.avatar } : undefined;
}

/** The state the events change, and what the controller does around a change. */
export interface ChatEventTarget {
  transcript: Transcript;
  phase: ChatPhase;
  peerTyping: string | undefined;
  operator: ChatOperator | undefined;
  operatorLeft: string | undefined;
  queuePosition: number | undefined;
  /** A message of ours arrived (or was refused): its echo timer stops. */
  clearEchoTimer(clientMessageId: string): void;
  /** New messages from the operator or the bot. */
  incoming(count: number): void;
  /** The transcript changed: save soon, render. */
  changed(): void;
  /** Save now (who answers changed). */
  persist(): void;
  ended(): void;
  requestUpdate(): void;
}

/** How long "typing…" stays without a word from the typist: a lost "stopped typing" must not leave it forever. */
const TYPING_TIMEOUT_MS = 8000;

export class ChatEventReducer {
  private typingTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly target: ChatEventTarget) {}

  dispose(): void {
    clearTimeout(this.typingTimer);
  }

  /** Whether `next` is someone else than the operator shown: by id where both have one, else by name. */
  private isOther(next: ChatOperator): boolean {
    const current = this.target.operator;
    if (!current) return true;
    if (current.id !== undefined && next.id !== undefined) return current.id !== next.id;
    return !!next.name && next.name !== current.name;
  }

  /**
   * Another operator answers now, however the service said so: `joined` while one was there, a
   * `transferred` (or `assigned`) event, a message signed by someone else, or the operator a sync
   * reports. One line in the thread: "transferred from X to Y" when someone answered before,
   * "Y joined" otherwise; nothing when it is the operator already shown.
   */
  private operatorChanged(next: ChatOperator, from?: string): void {
    const s = this.target;
    if (!this.isOther(next)) {
      // The same operator: what the event adds (an id, an avatar) is kept, nothing is said.
      s.operator = { ...s.operator, ...defined(next) };
      return;
    }
    const previous = from ?? s.operator?.name;
    if (next.name) {
      if (previous && previous !== next.name) {
        s.transcript.addNotice({ kind: 'transferred', from: previous, to: next.name });
        s.changed();
      } else this.sayJoined(next.name);
    }
    s.operator = defined(next);
    s.operatorLeft = undefined;
    s.persist();
  }

  /** An operator joined; right after one left (nothing said between), that was a hand-over. */
  private sayJoined(name: string): void {
    const transcript = this.target.transcript;
    const last = transcript.lastNotice();
    if (last?.notice?.kind === 'left' && last.notice.name !== name) {
      transcript.updateNotice(last, { kind: 'transferred', from: last.notice.name, to: name });
    } else transcript.addNotice({ kind: 'joined', name });
    this.target.changed();
  }

  apply(e: ChatEvent): void {
    const s = this.target;
    switch (e.type) {
      case 'message': {
        const m = e as unknown as ServerMessage;
        // A new message signed by another operator than the one shown: the operator changed, said
        // before the message (the line takes its place after what the thread already holds).
        const author = m.from === 'operator' && !s.transcript.holds(m.id) ? operatorOf(m.author) : undefined;
        if (author) this.operatorChanged(author);
        const isNew = s.transcript.applyServer(m);
        if (isNew) {
          if (m.clientMessageId) s.clearEchoTimer(m.clientMessageId);
          if (m.from === 'operator' || m.from === 'bot') {
            s.peerTyping = undefined;
            if (s.phase === 'queued') s.phase = 'chatting';
            s.incoming(1);
          }
          s.changed();
        }
        break;
      }
      case 'history': {
        let fresh = 0;
        for (const m of ((e as { messages?: unknown }).messages as ServerMessage[] | undefined) ?? []) {
          if (s.transcript.applyServer(m)) {
            if (m.clientMessageId) s.clearEchoTimer(m.clientMessageId);
            if (m.from === 'operator' || m.from === 'bot') fresh++;
          }
        }
        const h = (e as { state?: HistoryState }).state;
        if (h) {
          // Who answers now, as the server has it: a change missed while away is said here.
          const now = operatorOf(h.operator);
          if (now) this.operatorChanged(now);
          if (typeof h.readUpToId === 'number' && h.readUpToId > 0) s.transcript.markReadUpTo(h.readUpToId);
          if (typeof h.queuePosition === 'number') s.queuePosition = h.queuePosition;
          if (h.closed) s.ended();
          else if ((s.phase === 'queued' && h.operator) || h.status === 'bot' || h.status === 'assigned') {
            if (s.phase === 'queued') s.phase = 'chatting';
          }
        }
        if (fresh) s.incoming(fresh);
        s.changed();
        break;
      }
      case 'typing': {
        const t = e as { from?: string; typing?: boolean; author?: string | { name?: string }; name?: string };
        if (t.from === 'visitor') break;
        const who = typeof t.author === 'string' ? t.author : t.author?.name;
        s.peerTyping = t.typing ? (who ?? t.name ?? s.operator?.name ?? '') : undefined;
        clearTimeout(this.typingTimer);
        if (t.typing)
          this.typingTimer = setTimeout(() => {
            s.peerTyping = undefined;
            s.requestUpdate();
          }, TYPING_TIMEOUT_MS);
        s.requestUpdate();
        break;
      }
      case 'joined': {
        const j = e as { name?: string; avatar?: string; operator?: OperatorInfo };
        const next = operatorOf(j.operator) ?? operatorOf(j.name);
        if (next) this.operatorChanged({ ...next, avatar: next.avatar ?? j.avatar });
        s.operatorLeft = undefined;
        s.phase = 'chatting';
        s.queuePosition = undefined;
        s.requestUpdate();
        s.persist();
        break;
      }
      // A reassignment: the operator changes without the chat being without one (PUT /api/chat/assign).
      case 'transferred':
      case 'assigned': {
        const t = e as {
          operator?: OperatorInfo | string;
          to?: OperatorInfo | string;
          from?: OperatorInfo | string | null;
        };
        const next = operatorOf(t.operator) ?? operatorOf(t.to);
        if (next) this.operatorChanged(next, operatorOf(t.from)?.name);
        if (s.phase === 'queued') s.phase = 'chatting';
        s.queuePosition = undefined;
        s.peerTyping = undefined;
        s.requestUpdate();
        break;
      }
      case 'left': {
        const l = e as { name?: string; operator?: OperatorInfo };
        const who = (l.operator && operatorName(l.operator)) ?? l.name;
        // Someone other than the operator in the header (a supervisor) leaving changes nothing shown.
        if (s.operator && (!who || who === s.operator.name)) {
          if (s.operator.name) s.transcript.addNotice({ kind: 'left', name: s.operator.name });
          s.operatorLeft = s.operator.name;
          s.operator = undefined;
          s.persist();
        }
        s.peerTyping = undefined;
        s.requestUpdate();
        break;
      }
      case 'queue': {
        const q = e as { position?: number };
        if (typeof q.position === 'number') {
          s.queuePosition = q.position;
          s.requestUpdate();
        }
        break;
      }
      case 'read': {
        const r = e as { upToId?: string | number; id?: string | number };
        const upTo = r.upToId ?? r.id;
        if (upTo !== undefined && s.transcript.markReadUpTo(upTo)) s.changed();
        break;
      }
      case 'closed': {
        const by = (e as { by?: string }).by;
        if (s.phase !== 'ended' && s.phase !== 'rated') {
          const who = by === 'visitor' || by === 'operator' ? by : 'system';
          s.transcript.addNotice({ kind: 'ended', by: who, name: who === 'operator' ? s.operator?.name : undefined });
        }
        s.ended();
        break;
      }
      case 'rejected': {
        // The server refused one of our messages (too long, chat closed…): show it failed.
        const r = e as { clientMessageId?: string };
        if (r.clientMessageId) {
          s.clearEchoTimer(r.clientMessageId);
          if (s.transcript.setLocalState(r.clientMessageId, 'failed')) s.changed();
        }
        break;
      }
    }
  }
}

/** The operator without the fields an event left out (so a later event's own values are not overwritten by `undefined`). */
function defined(o: ChatOperator): ChatOperator {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as ChatOperator;
}
