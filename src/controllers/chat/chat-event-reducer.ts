/**
 * The chat's server events (`message`, `history`, `typing`, `joined`, `left`, `queue`, `read`,
 * `closed`, `rejected`) applied to the controller's state: one place that knows what each event
 * means for the transcript, the phase, the operator and the queue.
 */
import type { ChatEvent } from '../../services/chat.js';
import type { ChatOperator, ChatPhase } from './chat-types.js';
import type { ServerMessage, Transcript } from './transcript.js';

export interface OperatorInfo {
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
          if (h.operator) s.operator = { ...s.operator, name: operatorName(h.operator) };
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
        const name = (j.operator && operatorName(j.operator)) ?? j.name;
        if (name && name !== s.operator?.name) this.sayJoined(name);
        s.operator = { name, avatar: j.operator?.avatar ?? j.avatar };
        s.operatorLeft = undefined;
        s.phase = 'chatting';
        s.queuePosition = undefined;
        s.requestUpdate();
        s.persist();
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
