/**
 * The visitor's side of a live chat as element state: loading the widget (configuration and
 * categories, in the visitor's language), following the chat's events, its end, and the
 * reliability rules (reconnect → sync → merge → flush, reload continuity, tabs kept in step). It
 * holds one piece per job, which the window reads:
 * - `conversation` (chat-conversation.ts): the thread, sending and the outbox, attachments;
 * - `connection` (chat-connection.ts): the connection as the visitor sees it;
 * - `requests` (visitor-requests.ts): rating, transcript, contact form, and how the last request went;
 * - `starter` (chat-starter.ts): the pre-chat form's checks, consent, starting a chat;
 * - `past` (past-chats.ts): ended chats to read again;
 * and saves the conversation for the next page and the site's other tabs (storage/chat-saver.ts).
 */
import type { ReactiveController } from 'lit';
import { ChatClient, newId, type ChatCategory, type WidgetConfig } from '../../services/chat.js';
import { isAbort } from '../../transport/errors.js';
import { Transcript } from '../../model/chat/transcript.js';
import { ensureVisitorId, readStored, storageKey } from '../../storage/chat.js';
import { SharedRealtime, type ChatRealtime } from '../../realtime/shared-realtime.js';
import type { LiveChatHost } from './live-chat-host.js';
import { ChatEventReducer } from '../../model/chat/chat-event-reducer.js';
import { ChatSaver, otherTabChat } from '../../storage/chat-saver.js';
import { ChatConversation } from './chat-conversation.js';
import { ChatConnection } from './chat-connection.js';
import { VisitorRequests } from './visitor-requests.js';
import { ChatStarter } from './chat-starter.js';
import { PastChats } from './past-chats.js';

export type { ChatPhase, ContactInput, PrechatInput, UploadItem } from '../../model/chat/chat-types.js';
export type { LiveChatHost } from './live-chat-host.js';

export class LiveChatController implements ReactiveController {
  config: WidgetConfig | undefined;
  categories: ChatCategory[] = [];
  client: ChatClient | undefined;
  /** The real-time side: this tab's own socket, or the one the leading tab of the site holds. */
  realtime: ChatRealtime | undefined;

  readonly conversation: ChatConversation;
  readonly connection: ChatConnection;
  readonly requests: VisitorRequests;
  readonly starter: ChatStarter;
  readonly past: PastChats;

  private readonly tabId = newId();
  private readonly saver = new ChatSaver(() =>
    this.client ? this.conversation.stored(this.client.options.visitorId ?? newId(), this.tabId) : undefined,
  );
  private readonly reducer: ChatEventReducer;
  private unwatch?: () => void;
  /** The chat and URL last reported as visited, so a state-only history change is not a visit. */
  private lastReportedPage: string | undefined;
  private offRealtime?: () => void;
  private loadAbort?: AbortController;
  private loaded?: Promise<void>;
  /** The language the widget's configuration and categories were last asked in. */
  private loadedLanguage: string | undefined;

  constructor(readonly host: LiveChatHost) {
    this.conversation = new ChatConversation({
      client: () => this.client,
      realtime: () => this.realtime,
      config: () => this.config,
      connected: () => this.connection.open,
      requestUpdate: () => host.requestUpdate(),
      saveSoon: () => this.saver.soon(),
      saveNow: () => this.saver.save(),
      incoming: (count) => host.onIncoming?.(count),
      ended: () => this.ended(),
      onUploadError: (error) => host.onChatError('upload-attachment', error),
    });
    this.connection = new ChatConnection({
      requestUpdate: () => host.requestUpdate(),
      opened: () => this.conversation.connectionOpened(),
      onError: (error) => host.onChatError('connection', error),
    });
    this.requests = new VisitorRequests(host, this.conversation, () => this.client);
    this.starter = new ChatStarter(this);
    this.past = new PastChats(
      () => this.saver.key,
      () => host.requestUpdate(),
    );
    this.reducer = new ChatEventReducer(this.conversation);
    host.addController(this);
  }

  /** The widget's storage key (empty until the chat loads). */
  get storageKey(): string {
    return this.saver.key;
  }

  hostConnected(): void {
    window.addEventListener('storage', this.onStorage);
    window.addEventListener('pagehide', this.onLeave);
    document.addEventListener('visibilitychange', this.onLeave);
  }

  /**
   * The visitor's language changed after the widget loaded (a page that sets `lang` late, a
   * language switch): its configuration and categories are asked again in the new one. The chat
   * itself goes on.
   */
  hostUpdate(): void {
    const { language } = this.host.chatOptions();
    if (this.loadedLanguage && language !== this.loadedLanguage) void this.loadLanguage(language);
  }

  private async loadLanguage(language: string): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.loadedLanguage = language;
    try {
      const [config, categories] = await Promise.all([client.widget(language), client.categories(language)]);
      if (this.client !== client || this.loadedLanguage !== language) return; // reconfigured or switched again
      this.config = config;
      this.categories = categories;
      this.host.onConfig?.(config);
      this.host.requestUpdate();
    } catch (error) {
      if (!isAbort(error) && this.client === client) this.requests.fail('load-widget', error);
    }
  }

  hostDisconnected(): void {
    window.removeEventListener('storage', this.onStorage);
    window.removeEventListener('pagehide', this.onLeave);
    document.removeEventListener('visibilitychange', this.onLeave);
    this.saver.flush();
    this.teardown();
  }

  /**
   * Saves are batched (250 ms), and a page being left runs no timers: the draft or a message
   * written just before a reload or a move to another page must reach storage now. A hidden page
   * counts too, since a mobile browser may discard it without a pagehide.
   */
  private onLeave = (): void => this.saver.flush();

  /** Whether the gateway (or the service) verified the visitor token, as its widget answer said. */
  get visitorVerified(): boolean {
    return this.client?.visitorVerified ?? false;
  }

  /** Loads configuration and categories, and resumes a stored chat. Safe to call repeatedly. */
  load(): Promise<void> {
    return (this.loaded ??= this.doLoad().finally(() => {
      if (this.conversation.phase === 'error') this.loaded = undefined;
    }));
  }

  private async doLoad(): Promise<void> {
    const o = this.host.chatOptions();
    const c = this.conversation;
    this.saver.key = storageKey(o.endpoint, o.widgetKey);
    const abort = (this.loadAbort = new AbortController());
    // Tabs of the site share one visitor id (its chats belong to the visitor id of the tab holding
    // the socket): a tab loading at the same moment as another must not make its own.
    let visitorId: string;
    try {
      visitorId = await ensureVisitorId(
        this.saver.key,
        o.tabs ? o.tabs.locks : globalThis.navigator?.locks,
        abort.signal,
      );
    } catch {
      return; // Torn down while waiting (the element left the page).
    }
    if (abort.signal.aborted) return;
    const stored = readStored(this.saver.key);
    this.client ??= new ChatClient({
      endpoint: o.endpoint,
      widgetKey: o.widgetKey,
      visitorId,
      destinations: o.destinations,
      stomp: o.stomp,
      visitorToken: o.visitorToken,
      tokenProvider: o.tokenProvider,
    });
    if (!this.realtime) {
      // Per visitor id too: tabs that ended up with different ids (no storage, two first loads at
      // the same moment) must not share a socket that speaks for only one of them.
      const shared = new SharedRealtime(this.client, `${this.saver.key}:${visitorId}`, o.tabs);
      // A new leader took over: whatever this tab sent may have gone with the old one.
      this.offRealtime = shared.onLeaderChange(() => c.resendOutbox());
      this.realtime = shared;
    }
    this.connection.follow(this.realtime);
    const realtime = this.realtime;
    // Turned off by the page: nothing kept, and copies kept while it was on are deleted.
    this.past.load(o.keepPastChats !== false);
    c.draft = stored.draft ?? '';
    c.name = stored.name ?? '';
    c.email = stored.email ?? '';
    c.update({ phase: 'loading' });
    this.requests.update({ error: undefined, busy: false });
    try {
      const [config, categories] = await Promise.all([
        this.client.widget(o.language, abort.signal),
        this.client.categories(o.language, abort.signal),
      ]);
      // Torn down meanwhile (the element left the page): nothing more to do.
      if (this.realtime !== realtime) return;
      this.config = config;
      this.categories = categories;
      this.loadedLanguage = o.language;
      this.host.onConfig?.(config);
      // A verified visitor's chats from other devices.
      if (this.visitorVerified && o.keepPastChats !== false) void this.past.loadAccount(this.client, abort.signal);
    } catch (error) {
      if (isAbort(error) || this.realtime !== realtime) return;
      this.requests.fail('load-widget', error);
      c.update({ phase: 'error' });
      return;
    }
    if (stored.idChat && stored.phase !== 'ended') {
      c.transcript = Transcript.fromJSON(stored.transcript);
      c.operator = stored.operator;
      await this.follow(stored.idChat, stored.phase === 'chatting' ? 'chatting' : 'queued');
      return;
    }
    // No chat to resume. A window re-attached after its chat ended still held that chat's id, and
    // start() took it for a running one: the pre-chat form sent into the ended chat and stayed put.
    c.idChat = undefined;
    this.saver.save();
    c.update({ phase: this.isOnline() ? 'prechat' : 'offline' });
  }

  /**
   * The configuration changed (another endpoint or widget key): the client is built again from it
   * and the chat loads, and resumes what this visitor had running there, with the new one.
   */
  reconfigure(): Promise<void> {
    this.saver.flush();
    this.teardown();
    return this.load();
  }

  /** Retry after a failed load. */
  reload(): Promise<void> {
    this.loaded = undefined;
    return this.load();
  }

  isOnline(): boolean {
    if (this.config?.online === false || this.config?.active === false) return false;
    return this.categories.length === 0 || this.categories.some((c) => c.online !== false && c.opened !== false);
  }

  // ---- following a chat ----------------------------------------------------------------------

  /** Follows the chat's events (a chat just started, resumed after a reload, or started in another tab). */
  async follow(idChat: string, phase: 'queued' | 'chatting'): Promise<void> {
    const c = this.conversation;
    this.unwatch?.();
    c.idChat = idChat;
    c.update({ phase });
    if (this.realtime) this.connection.follow(this.realtime);
    const realtime = this.realtime!;
    const unwatch = await realtime.watchChat(
      idChat,
      (e) => this.reducer.apply(e),
      () => c.transcript.lastServerId,
    );
    // Torn down while subscribing: let go of the subscription and stop here.
    if (this.realtime !== realtime || c.idChat !== idChat) {
      unwatch();
      return;
    }
    this.unwatch = unwatch;
    // Messages still unsent from before a reload: the server drops repeats by clientMessageId.
    c.resendOutbox();
    if (phase === 'queued') void this.refreshQueuePosition();
    this.saver.save();
  }

  private async refreshQueuePosition(): Promise<void> {
    const c = this.conversation;
    if (!c.idChat) return;
    try {
      const position = await this.client!.queuePosition(c.idChat);
      if (c.phase === 'queued' && position !== undefined) c.update({ queuePosition: position });
    } catch {
      // Live queue events still arrive; a missing poll answer is not worth an error.
    }
  }

  /** The chat ended (the server said so, the visitor ended it, or another tab saw it end). */
  private ended(): void {
    const c = this.conversation;
    if (c.over) return;
    c.phase = 'ended';
    c.peerTyping = undefined;
    c.stopWaiting();
    this.saver.save();
    // Kept among the past ones (every tab that sees the end does; one entry per chat).
    if (c.idChat && this.host.chatOptions().keepPastChats !== false)
      this.past.remember({ idChat: c.idChat, messages: c.transcript.messages, operator: c.operator?.name });
    if (c.idChat) this.host.onChatEnded?.(c.idChat);
    this.host.requestUpdate();
  }

  endChat(): void {
    const c = this.conversation;
    if (!c.idChat) return;
    this.realtime?.closeChat(c.idChat);
    if (!c.over) c.transcript.addNotice({ kind: 'ended', by: 'visitor' });
    this.ended();
  }

  /** Back to the pre-chat form for a new conversation. */
  newChat(): void {
    const c = this.conversation;
    this.unwatch?.();
    this.unwatch = undefined;
    c.idChat = undefined;
    c.clear();
    c.queuePosition = undefined;
    c.clearUploads();
    this.saver.save();
    this.requests.update({ error: undefined, fieldErrors: [] });
    c.update({ phase: this.isOnline() ? 'prechat' : 'offline' });
  }

  /** Tells the operator the page the visitor is on; a replace of the same URL (state only) is not a visit. */
  reportPage(url: string, title: string): void {
    const c = this.conversation;
    if (!c.idChat || c.over || !this.client) return;
    const page = `${c.idChat} ${url}`;
    if (page === this.lastReportedPage) return;
    this.lastReportedPage = page;
    this.client.addNavigationPage(c.idChat, url, title).catch((e: unknown) => {
      if (!isAbort(e)) console.info('[sportello] navigation page not reported:', (e as Error).message);
    });
  }

  /** Another tab changed the stored chat: follow the chat it started, or end with it. */
  private onStorage = (e: StorageEvent): void => {
    if (this.past.followOtherTab(e)) return;
    const other = this.client ? otherTabChat(e, this.saver.key, this.tabId) : undefined;
    if (!other) return;
    const c = this.conversation;
    if (other.idChat && other.idChat !== c.idChat && other.phase !== 'ended') {
      c.transcript = Transcript.fromJSON(other.transcript);
      c.operator = other.operator;
      c.name = other.name ?? c.name;
      void this.follow(other.idChat, other.phase === 'chatting' ? 'chatting' : 'queued');
    } else if (other.idChat === c.idChat && other.phase === 'ended' && !c.over) {
      this.ended();
    } else if (other.idChat === c.idChat && other.phase === 'chatting' && c.phase === 'queued') {
      c.operator = other.operator ?? c.operator;
      c.update({ phase: 'chatting' });
    }
  };

  private teardown(): void {
    this.loadAbort?.abort();
    this.loadedLanguage = undefined;
    this.unwatch?.();
    this.unwatch = undefined;
    this.connection.stop();
    this.conversation.stopWaiting();
    this.reducer.dispose();
    this.conversation.abortUploads();
    this.offRealtime?.();
    this.offRealtime = undefined;
    // Stops the client too, then hands the site's socket to another tab.
    void (this.realtime ?? this.client)?.stop();
    this.realtime = undefined;
    this.client = undefined;
    this.loaded = undefined;
  }
}
