/**
 * One STOMP session per site, however many tabs show the chat.
 *
 * The tabs of one site (same endpoint and widget key) elect a leader with the Web Locks API: the
 * tab holding the lock `sportello-chat:{endpoint}:{widgetKey}` is the only one with a socket. The
 * others are followers: they hand what they send (messages with their clientMessageId, typing,
 * start, close, sync) to the leader over a BroadcastChannel of the same name, and the leader
 * posts back every event it receives and its connection state.
 *
 * When the leader goes away (tab closed, frozen, discarded, put in the back/forward cache) the
 * browser releases its lock and the next tab in the lock's queue takes over: it opens the socket,
 * subscribes again and syncs from its last server id; every follower then asks for what it missed
 * and sends its unconfirmed messages again (`onLeaderChange`). The server keeps one message per
 * clientMessageId and one chat per clientRequestId, and the transcript merges by id and
 * clientMessageId, so a handover loses nothing and shows nothing twice.
 *
 * Who leads is decided apart, by TabLeadership (tab-leadership.ts): the lock, the page lifecycle,
 * and a visible tab taking over from a leader hidden for long. This file is the relay: what the
 * leader and its followers say to each other, and what each does when the role changes.
 *
 * Where Web Locks or BroadcastChannel are missing every tab keeps its own socket (`solo`), as
 * before. UI-free: no lit, no DOM beyond the page lifecycle events.
 */
import { ServiceError } from '../transport/errors.js';
import type { StompState } from '../transport/stomp.js';
import { Listeners } from '../transport/listeners.js';
import { newId, type ChatClient, type ChatEvent, type StartChatInput } from '../services/chat.js';

import type { ChatRealtime, OutgoingMessage, RealtimeState, TabRole } from './realtime-contract.js';
import { browserTabEnvironment, type TabEnvironment } from './tab-environment.js';
import { TabLeadership } from './tab-leadership.js';
import { fromWire, lastIdIn, toWire, type Wire, type WireError } from './tab-wire.js';

// The contract and the environment are imported from here by the controller and the tests.
export type { ChatRealtime, OutgoingMessage, RealtimeState, TabRole } from './realtime-contract.js';
export { browserTabEnvironment, HIDDEN_LEADER_MS, type TabEnvironment } from './tab-environment.js';

interface LocalWatch {
  onEvent: (e: ChatEvent) => void;
  lastServerId: () => string | undefined;
}

interface PendingStart {
  input: StartChatInput;
  resolve: (idChat: string) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** A start relayed through the leader waits this long for an answer (as a direct start does). */
const START_TIMEOUT_MS = 20000;

export class SharedRealtime implements ChatRealtime {
  role: TabRole;
  private relayedState: RealtimeState = 'idle';
  private readonly tabId = newId();
  private readonly channel: BroadcastChannel | undefined;
  private readonly stateListeners = new Listeners<StompState>();
  private readonly errorListeners = new Listeners<ServiceError>();
  private readonly leaderListeners = new Listeners<TabRole>();
  private readonly local = new Map<string, LocalWatch>();
  /** Chats this tab's socket is subscribed to (leader or solo), with the last id seen on each. */
  private readonly direct = new Map<string, { unwatch: Promise<() => void>; lastId: string | undefined }>();
  /** Chats followers asked the leader to follow, with the tabs that follow each. */
  private readonly remoteChats = new Map<string, Set<string>>();
  private readonly starts = new Map<string, PendingStart>();
  /** Chats this follower asked to close and has not yet seen closed: asked again of a new leader. */
  private readonly closes = new Set<string>();
  private offClient: Array<() => void> = [];
  private readonly leadership: TabLeadership | undefined;
  private decided: Promise<void>;
  private decide!: () => void;
  private stopped = false;
  /** This tab has been a follower: becoming leader is then a takeover. */
  private followed = false;
  /** The tab followers take their news from (news from any other tab is stale). */
  private leaderId: string | undefined;

  constructor(
    private readonly client: ChatClient,
    name: string,
    env: TabEnvironment = browserTabEnvironment(),
  ) {
    this.decided = new Promise((resolve) => (this.decide = resolve));
    if (!env.locks || !env.channel) {
      this.role = 'solo';
      this.listenToClient();
      this.decide();
      return;
    }
    this.role = 'follower';
    this.channel = env.channel(name);
    this.channel.onmessage = (e: MessageEvent<Wire>) => this.receive(e.data);
    this.leadership = new TabLeadership(
      name,
      { ...env, locks: env.locks },
      {
        elected: () => this.lead(),
        following: () => this.follow(),
        resign: (reason) => this.resign(reason),
        visibility: (hiddenSince) => this.post({ t: 'visibility', from: this.tabId, hiddenSince }),
        unloading: () => this.post({ t: 'leaving', from: this.tabId }),
      },
    );
    this.leadership.start();
  }

  get state(): RealtimeState {
    return this.role === 'follower' ? this.relayedState : this.client.state;
  }

  /** Resolves once this tab knows whether it leads (for tests and for callers that care). */
  ready(): Promise<TabRole> {
    return this.decided.then(() => this.role);
  }

  onState(listener: (s: StompState) => void): () => void {
    return this.stateListeners.on(listener);
  }

  onError(listener: (e: ServiceError) => void): () => void {
    return this.errorListeners.on(listener);
  }

  /**
   * Called when a new leader took over (this tab or another): what this tab sent may have been
   * lost with the old leader, so its unconfirmed messages should be sent again.
   */
  onLeaderChange(listener: (role: TabRole) => void): () => void {
    return this.leaderListeners.on(listener);
  }

  // ---- the controller's calls ----------------------------------------------------------------

  async startChat(input: StartChatInput): Promise<string> {
    await this.decided;
    if (this.stopped) throw new DOMException('The chat was stopped', 'AbortError');
    const reqId = newId();
    if (this.role !== 'follower') return this.client.startChat(input, reqId);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.starts.delete(reqId);
        reject(new ServiceError({ service: 'chat', kind: 'timeout', message: 'The chat did not start in time' }));
      }, START_TIMEOUT_MS);
      this.starts.set(reqId, { input, resolve, reject, timer });
      this.post({ t: 'start', from: this.tabId, reqId, input });
    });
  }

  async watchChat(
    idChat: string,
    onEvent: (e: ChatEvent) => void,
    lastServerId: () => string | undefined,
  ): Promise<() => void> {
    await this.decided;
    const watch: LocalWatch = { onEvent, lastServerId };
    this.local.set(idChat, watch);
    if (this.role === 'follower') this.post({ t: 'watch', from: this.tabId, idChat, afterId: lastServerId() ?? null });
    else await this.subscribe(idChat);
    return () => {
      if (this.local.get(idChat) !== watch) return;
      this.local.delete(idChat);
      if (this.role === 'follower') this.post({ t: 'unwatch', from: this.tabId, idChat });
      else if (!this.remoteChats.has(idChat)) this.unsubscribe(idChat);
    };
  }

  sendMessage(idChat: string, message: OutgoingMessage): void {
    if (this.role === 'follower') this.post({ t: 'send', from: this.tabId, idChat, message });
    else this.client.sendMessage(idChat, message);
  }

  typing(idChat: string, typing: boolean): void {
    if (this.role === 'follower') this.post({ t: 'typing', from: this.tabId, idChat, typing });
    else this.client.typing(idChat, typing);
  }

  closeChat(idChat: string): void {
    if (this.role === 'follower') {
      this.closes.add(idChat);
      this.post({ t: 'close', from: this.tabId, idChat });
    } else this.client.closeChat(idChat);
  }

  reconnectNow(): void {
    if (this.role === 'follower') this.post({ t: 'reconnect', from: this.tabId });
    else this.client.reconnectNow();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.post(this.role === 'leader' ? { t: 'leaving', from: this.tabId } : { t: 'bye', from: this.tabId });
    // Settled, so a caller awaiting a start (busy, a disabled button) does not wait forever.
    for (const s of this.starts.values()) {
      clearTimeout(s.timer);
      s.reject(new DOMException('The chat was stopped', 'AbortError'));
    }
    this.starts.clear();
    this.channel?.close();
    this.offClient.forEach((off) => off());
    this.offClient = [];
    this.stateListeners.clear();
    this.errorListeners.clear();
    this.leaderListeners.clear();
    const closing = this.client.stop();
    // Handed over at once rather than after the polite DISCONNECT (up to seconds with a broker
    // that stopped answering): a moment with two sockets is harmless, since the server keeps one
    // message per clientMessageId; a moment with none would hold every other tab's messages.
    this.leadership?.stop();
    await closing;
  }

  // ---- leadership (decided by TabLeadership) ------------------------------------------------

  private follow(): void {
    this.role = 'follower';
    this.followed = true;
    this.decide();
    // The leader answers with its state (and follows our chats once we ask).
    this.post({ t: 'hello', from: this.tabId });
  }

  private lead(): void {
    const wasFollower = this.followed;
    this.role = 'leader';
    this.listenToClient();
    this.decide();
    // Follow again every chat this tab or a follower follows; watchChat syncs on connect.
    for (const idChat of new Set([...this.local.keys(), ...this.remoteChats.keys()])) void this.subscribe(idChat);
    // Starts that went to the old leader: the server starts one chat per request id.
    for (const [reqId, pending] of this.starts) void this.startFor(this.tabId, reqId, pending.input);
    for (const idChat of this.closes) this.client.closeChat(idChat);
    this.closes.clear();
    this.leaderId = this.tabId;
    this.post({ t: 'leader', from: this.tabId, state: this.client.state, hiddenSince: this.hiddenSince() });
    if (wasFollower) this.leaderListeners.emit('leader');
  }

  /**
   * Gives the socket up: the lock was taken over, or the page is frozen or cached (then the
   * followers hear it, so one of them can lead meanwhile).
   */
  private resign(reason: 'taken' | 'paused'): void {
    if (this.role !== 'leader') return;
    if (reason === 'paused') this.post({ t: 'leaving', from: this.tabId });
    this.offClient.forEach((off) => off());
    this.offClient = [];
    this.direct.clear();
    this.role = 'follower';
    this.followed = true;
    this.leaderId = undefined;
    this.relayedState = 'reconnecting';
    void this.client.suspend();
  }

  private hiddenSince(): number | null {
    return this.leadership?.hiddenSince ?? null;
  }

  private listenToClient(): void {
    if (this.offClient.length) return;
    this.offClient.push(
      this.client.onState((s) => {
        this.emitState(s);
        if (this.role === 'leader') this.post({ t: 'state', from: this.tabId, state: s });
      }),
      this.client.onError((e) => {
        this.errorListeners.emit(e);
        if (this.role === 'leader') this.post({ t: 'error', from: this.tabId, error: toWire(e) });
      }),
    );
  }

  private subscribe(idChat: string): Promise<() => void> {
    let entry = this.direct.get(idChat);
    if (!entry) {
      const created: { unwatch: Promise<() => void>; lastId: string | undefined } = {
        unwatch: Promise.resolve(() => undefined),
        lastId: undefined,
      };
      created.unwatch = this.client.watchChat(
        idChat,
        (event) => {
          created.lastId = lastIdIn(event, created.lastId);
          this.local.get(idChat)?.onEvent(event);
          if (this.role === 'leader') this.post({ t: 'event', from: this.tabId, idChat, event });
        },
        () => this.local.get(idChat)?.lastServerId() ?? created.lastId,
      );
      this.direct.set(idChat, created);
      entry = created;
    }
    return entry.unwatch;
  }

  /** A follower no longer follows a chat: the socket lets it go once no tab does. */
  private dropRemoteWatch(idChat: string, tab: string): void {
    const tabs = this.remoteChats.get(idChat);
    if (!tabs?.delete(tab) || tabs.size) return;
    this.remoteChats.delete(idChat);
    if (!this.local.has(idChat)) this.unsubscribe(idChat);
  }

  private unsubscribe(idChat: string): void {
    const entry = this.direct.get(idChat);
    this.direct.delete(idChat);
    void entry?.unwatch.then((off) => off());
  }

  private async startFor(to: string, reqId: string, input: StartChatInput): Promise<void> {
    let result: { idChat?: string; error?: WireError };
    try {
      result = { idChat: await this.client.startChat(input, reqId) };
    } catch (error) {
      result = { error: toWire(error) };
    }
    if (to === this.tabId) this.settleStart(reqId, result.idChat, result.error);
    else this.post({ t: 'start-result', from: this.tabId, to, reqId, ...result });
  }

  private settleStart(reqId: string, idChat: string | undefined, error: WireError | undefined): void {
    const pending = this.starts.get(reqId);
    if (!pending) return;
    this.starts.delete(reqId);
    clearTimeout(pending.timer);
    if (idChat) pending.resolve(idChat);
    else pending.reject(fromWire(error ?? { kind: 'protocol', message: 'The chat did not start' }));
  }

  // ---- the channel ---------------------------------------------------------------------------

  private post(message: Wire): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel (the page is going away): nothing to tell.
    }
  }

  private receive(m: Wire): void {
    if (this.stopped || !m || typeof m !== 'object' || m.from === this.tabId) return;
    if (this.role === 'leader') this.serve(m);
    else if (this.role === 'follower') this.heed(m);
  }

  /** A follower's request, on the leader. */
  private serve(m: Wire): void {
    switch (m.t) {
      case 'hello':
        // Addressed to the asking tab: the others already follow this leader and have nothing to redo.
        this.post({
          t: 'leader',
          from: this.tabId,
          state: this.client.state,
          hiddenSince: this.hiddenSince(),
          to: m.from,
        });
        break;
      case 'leader':
        // Another tab leads now (it took the lock over): this one no longer does.
        this.leadership?.overthrown();
        this.heed(m);
        break;
      case 'watch':
        this.remoteChats.set(m.idChat, (this.remoteChats.get(m.idChat) ?? new Set()).add(m.from));
        void this.subscribe(m.idChat).then(() => {
          // The follower catches up from its own last id (the answer reaches every tab; all merge).
          if (this.client.state === 'open') this.client.requestSync(m.idChat, m.afterId ?? undefined);
        });
        break;
      case 'unwatch':
        this.dropRemoteWatch(m.idChat, m.from);
        break;
      case 'bye':
        for (const idChat of [...this.remoteChats.keys()]) this.dropRemoteWatch(idChat, m.from);
        break;
      case 'send':
        this.client.sendMessage(m.idChat, m.message);
        break;
      case 'typing':
        this.client.typing(m.idChat, m.typing);
        break;
      case 'close':
        this.client.closeChat(m.idChat);
        break;
      case 'reconnect':
        this.client.reconnectNow();
        break;
      case 'start':
        void this.startFor(m.from, m.reqId, m.input);
        break;
    }
  }

  /** The leader's news, on a follower. */
  private heed(m: Wire): void {
    // News from a tab that no longer leads (it was taken over) is stale; the new leader syncs.
    if (m.t !== 'leader' && m.t !== 'start-result' && this.leaderId && m.from !== this.leaderId) return;
    switch (m.t) {
      case 'leader': {
        const changed = m.from !== this.leaderId;
        this.leaderId = m.from;
        this.setRelayed(m.state);
        // A new leader, or our hello answered: follow our chats through it, catch up, re-send.
        // (The answer to another tab's hello changes nothing here.)
        if (changed || m.to === this.tabId) {
          for (const [idChat, w] of this.local)
            this.post({ t: 'watch', from: this.tabId, idChat, afterId: w.lastServerId() ?? null });
          for (const [reqId, s] of this.starts) this.post({ t: 'start', from: this.tabId, reqId, input: s.input });
          for (const idChat of this.closes) this.post({ t: 'close', from: this.tabId, idChat });
        }
        if (changed) this.leaderListeners.emit('follower');
        this.leadership?.leaderSeen(m.hiddenSince);
        break;
      }
      case 'state': {
        const was = this.relayedState;
        this.setRelayed(m.state);
        // The leader reconnected: it synced from its own last id; ask from ours too.
        if (m.state === 'open' && was !== 'open')
          for (const [idChat, w] of this.local)
            this.post({ t: 'watch', from: this.tabId, idChat, afterId: w.lastServerId() ?? null });
        break;
      }
      case 'visibility':
        this.leadership?.leaderSeen(m.hiddenSince);
        break;
      case 'leaving':
        // Whoever leads next (even this same tab, back from a freeze) is a change of leader.
        this.leaderId = undefined;
        this.leadership?.leaderGone();
        this.setRelayed('reconnecting');
        break;
      case 'error':
        this.errorListeners.emit(fromWire(m.error));
        break;
      case 'event':
        if (m.event.type === 'closed') this.closes.delete(m.idChat);
        this.local.get(m.idChat)?.onEvent(m.event);
        break;
      case 'start-result':
        if (m.to === this.tabId) this.settleStart(m.reqId, m.idChat, m.error);
        break;
    }
  }

  private setRelayed(state: RealtimeState): void {
    if (state === this.relayedState) return;
    this.relayedState = state;
    if (state !== 'idle') this.emitState(state);
  }

  private emitState(state: StompState): void {
    this.stateListeners.emit(state);
  }
}
