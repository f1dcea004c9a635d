/**
 * The visitor's side of a live chat as element state: configuration and categories, the pre-chat
 * form and the start, the queue, the operator, following the chat's events, its end and the past
 * chats — and the reliability rules (reconnect → sync → merge → flush, reload continuity, tabs
 * kept in step). The running conversation (sending, uploads, delivery states, the visitor's
 * requests, saving) is its base, chat-session.ts. The element only renders this.
 */
import type { ReactiveController } from 'lit';
import { ChatClient, StartRejected, type FieldError } from '../../services/chat.js';
import { isAbort } from '../../transport/errors.js';
import { Transcript } from '../../model/chat/transcript.js';
import { ensureVisitorId, readStored, storageKey } from '../../storage/chat.js';
import { accountPastChat, mergePastChats, PastChatsShelf, type PastChat } from '../../storage/past-chats.js';
import { SharedRealtime } from '../../realtime/shared-realtime.js';
import type { PrechatInput } from '../../model/chat/chat-types.js';
import type { LiveChatHost } from './live-chat-host.js';
import { ChatEventReducer, type ChatEventTarget } from '../../model/chat/chat-event-reducer.js';
import { otherTabChat } from '../../storage/chat-saver.js';
import { ChatSession } from './chat-session.js';
import { localPrechatErrors, validatePrechat } from '../../model/chat/prechat.js';

export type { ChatPhase, ContactInput, PrechatInput, UploadItem } from '../../model/chat/chat-types.js';
export type { LiveChatHost } from './live-chat-host.js';

export class LiveChatController extends ChatSession implements ReactiveController, ChatEventTarget {
  private readonly past = new PastChatsShelf();
  /** A verified visitor's ended chats from any device, as the gateway lists them (none otherwise). */
  private accountPast: PastChat[] = [];
  /**
   * Ended conversations to read again, newest first (read-only copies): those kept on this device,
   * and for a verified visitor those of their account the gateway lists.
   */
  get pastChats(): PastChat[] {
    return mergePastChats(this.past.list, this.accountPast);
  }

  /**
   * The verified visitor's chats from other devices (through the gateway). Quiet when there are
   * none to read: the service or a gateway without the route (404), no verified visitor.
   */
  private async loadAccountPast(signal: AbortSignal): Promise<void> {
    if (!this.visitorVerified || this.host.chatOptions().keepPastChats === false) return;
    try {
      const listed = await this.client!.pastChats(signal);
      this.accountPast = listed.flatMap((raw) => accountPastChat(raw) ?? []);
      this.host.requestUpdate();
    } catch {
      // The device's own list stays: past chats across devices are a bonus, never an error.
    }
  }

  private unwatch?: () => void;
  /** The chat and URL last reported as visited, so a state-only history change is not a visit. */
  private lastReportedPage: string | undefined;
  private offRealtime?: () => void;
  private readonly reducer = new ChatEventReducer(this);
  private loadAbort?: AbortController;
  private loaded?: Promise<void>;
  /**
   * Whom the visitor's consent (ticked in this window's pre-chat form) was given for: the widget
   * (storage key, whose privacy notice they read) and visitor id. A window re-attached to another
   * widget, or after the page cleared the storage for another visitor, asks again.
   */
  private consentedFor: string | undefined;

  private consentScope(): string | undefined {
    const visitorId = this.client?.options.visitorId;
    return this.saver.key && visitorId ? `${this.saver.key}\u0000${visitorId}` : undefined;
  }

  constructor(host: LiveChatHost) {
    super(host);
    host.addController(this);
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

  /** The language the widget's configuration and categories were last asked in. */
  private loadedLanguage: string | undefined;

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
      if (!isAbort(error) && this.client === client) this.fail('load-widget', error);
    }
  }

  hostDisconnected(): void {
    window.removeEventListener('storage', this.onStorage);
    window.removeEventListener('pagehide', this.onLeave);
    document.removeEventListener('visibilitychange', this.onLeave);
    this.flushSave();
    this.teardown();
  }

  /**
   * Saves are batched (250 ms), and a page being left runs no timers: the draft or a message
   * written just before a reload or a move to another page must reach storage now. A hidden page
   * counts too, since a mobile browser may discard it without a pagehide.
   */
  private onLeave = (): void => this.flushSave();

  /** True when a chat from an earlier page load or another tab is running. */
  hasStoredChat(): boolean {
    const o = this.host.chatOptions();
    const stored = readStored(storageKey(o.endpoint, o.widgetKey));
    return !!stored.idChat && stored.phase !== 'ended';
  }

  /** Whether the gateway (or the service) verified the visitor token, as its widget answer said. */
  get visitorVerified(): boolean {
    return this.client?.visitorVerified ?? false;
  }

  /** Loads configuration and categories, and resumes a stored chat. Safe to call repeatedly. */
  load(): Promise<void> {
    return (this.loaded ??= this.doLoad().finally(() => {
      if (this.phase === 'error') this.loaded = undefined;
    }));
  }

  private async doLoad(): Promise<void> {
    const o = this.host.chatOptions();
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
      this.offRealtime = shared.onLeaderChange(() => this.resendOutbox());
      this.realtime = shared;
    }
    this.listenToClient();
    const realtime = this.realtime;
    // Turned off by the page: nothing kept, and copies kept while it was on are deleted.
    this.past.load(this.saver.key, o.keepPastChats !== false);
    this.draft = stored.draft ?? '';
    this.name = stored.name ?? '';
    this.email = stored.email ?? '';
    this.set({ phase: 'loading', error: undefined, busy: false });
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
      void this.loadAccountPast(abort.signal);
    } catch (error) {
      if (isAbort(error) || this.realtime !== realtime) return;
      this.fail('load-widget', error);
      this.set({ phase: 'error' });
      return;
    }
    if (stored.idChat && stored.phase !== 'ended') {
      this.transcript = Transcript.fromJSON(stored.transcript);
      this.operator = stored.operator;
      await this.follow(stored.idChat, stored.phase === 'chatting' ? 'chatting' : 'queued');
      return;
    }
    // No chat to resume. A window re-attached after its chat ended still held that chat's id, and
    // start() took it for a running one: the pre-chat form sent into the ended chat and stayed put.
    this.idChat = undefined;
    this.persist();
    this.set({ phase: this.isOnline() ? 'prechat' : 'offline' });
  }

  /**
   * The configuration changed (another endpoint or widget key): the client is built again from it
   * and the chat loads, and resumes what this visitor had running there, with the new one.
   */
  reconfigure(): Promise<void> {
    this.flushSave();
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

  // ---- pre-chat and start --------------------------------------------------------------------

  async submitPrechat(input: PrechatInput, startingPage: string, startingPageTitle = ''): Promise<boolean> {
    this.set({ busy: true, fieldErrors: [], error: undefined });
    let errors: FieldError[];
    try {
      errors = [...(await this.validate(input)), ...this.localErrors(input)];
    } catch (error) {
      this.fail('start-chat', error);
      this.set({ busy: false });
      return false;
    }
    if (errors.length) {
      this.set({ fieldErrors: errors, busy: false });
      return false;
    }
    if (input.consent) this.consentedFor = this.consentScope();
    const firstMessage = [input.context?.trim(), input.message.trim()].filter(Boolean).join('\n\n');
    // start() puts every failure on screen itself (field errors, the offline form, the error notice).
    return this.start({
      name: input.name,
      email: input.email,
      idChatCategory: input.idChatCategory,
      startingPage,
      startingPageTitle,
      fields: input.fields,
      firstMessage,
    }).then(
      () => true,
      () => false,
    );
  }

  private validate(input: Pick<PrechatInput, 'name' | 'email' | 'message' | 'fields'>): Promise<FieldError[]> {
    return validatePrechat(this.client!, input, this.host.chatOptions().language);
  }

  private localErrors(input: Pick<PrechatInput, 'consent' | 'idChatCategory'>): FieldError[] {
    return localPrechatErrors(input, this.config, this.categories);
  }

  /**
   * Starts a chat without the form (prefilled / handoff), or reuses the running one.
   * Without the privacy consent the widget asks for (not yet given in this window), no chat starts:
   * the pre-chat form is shown instead, filled with the input and with what is missing marked, and
   * the returned promise rejects with a `StartRejected` (`consent`) — like a start the server refused
   * for a missing field, so callers that handle one handle both.
   */
  async start(input: {
    name: string;
    /** The name the operator sees when the visitor gave none (a chat started from outside the form). */
    standInName?: string | undefined;
    email?: string | undefined;
    idChatCategory?: string | undefined;
    startingPage: string;
    /** The title of that page (the operator's first navigation entry). */
    startingPageTitle?: string | undefined;
    /** The widget's custom pre-chat fields, by name. */
    fields?: Record<string, string | boolean> | undefined;
    firstMessage?: string | undefined;
  }): Promise<string> {
    await this.load();
    if (this.idChat && this.phase !== 'ended' && this.phase !== 'rated') {
      if (input.firstMessage) this.send(input.firstMessage);
      return this.idChat;
    }
    const consented = this.consentedFor !== undefined && this.consentedFor === this.consentScope();
    if (!consented && this.config?.privacy?.required !== false) throw await this.askConsent(input);
    const o = this.host.chatOptions();
    this.name = input.name || input.standInName || '';
    this.email = input.email ?? '';
    this.transcript = new Transcript();
    this.operator = undefined;
    this.operatorLeft = undefined;
    this.set({ phase: 'starting', busy: true, error: undefined });
    try {
      const idChat = await this.realtime!.startChat({
        name: this.name,
        email: input.email || undefined,
        idChatCategory: input.idChatCategory
          ? Number.isFinite(Number(input.idChatCategory))
            ? Number(input.idChatCategory)
            : input.idChatCategory
          : undefined,
        language: o.language,
        startingPage: input.startingPage,
        startingPageTitle: input.startingPageTitle || undefined,
        fields: input.fields && Object.keys(input.fields).length ? input.fields : undefined,
      });
      await this.follow(idChat, 'queued');
      this.host.onChatStarted?.(idChat);
      if (input.firstMessage?.trim()) this.send(input.firstMessage.trim());
      return idChat;
    } catch (error) {
      // Stopped meanwhile (the element left the page): nothing to show.
      if (isAbort(error)) throw error;
      if (error instanceof StartRejected && error.reason === 'offline') {
        this.set({ phase: 'offline' });
      } else if (error instanceof StartRejected && error.fieldErrors.length) {
        // Shown on the fields of the pre-chat form, like the validation step's own errors.
        this.set({ fieldErrors: error.fieldErrors, phase: 'prechat' });
      } else {
        this.fail('start-chat', error);
        this.set({ phase: this.isOnline() ? 'prechat' : 'offline' });
      }
      throw error;
    } finally {
      this.set({ busy: false });
    }
  }

  /** A start from outside the form without consent: the form, prefilled, asks for it (see `start`). */
  private async askConsent(input: {
    name: string;
    email?: string | undefined;
    idChatCategory?: string | undefined;
  }): Promise<StartRejected> {
    if (this.phase === 'ended' || this.phase === 'rated') this.newChat();
    // Still loading, failed to load or offline: that screen stays (the contact form asks its own consent).
    if (this.phase !== 'prechat') return new StartRejected('consent', []);
    this.name = input.name;
    this.email = input.email ?? '';
    const fields = {
      name: input.name,
      email: this.email,
      message: '',
      consent: false,
      idChatCategory: input.idChatCategory,
    };
    this.set({ busy: true, fieldErrors: [], error: undefined });
    // Everything missing is marked at once; if the check itself fails, the form runs it again on submit.
    const serverErrors = await this.validate(fields).catch((): FieldError[] => []);
    const errors = [...serverErrors, ...this.localErrors(fields)];
    this.set({ fieldErrors: errors, busy: false });
    return new StartRejected('consent', errors);
  }

  private async follow(idChat: string, phase: 'queued' | 'chatting'): Promise<void> {
    this.unwatch?.();
    this.idChat = idChat;
    this.set({ phase });
    this.listenToClient();
    const realtime = this.realtime!;
    const unwatch = await realtime.watchChat(
      idChat,
      (e) => this.reducer.apply(e),
      () => this.transcript.lastServerId,
    );
    // Torn down while subscribing: let go of the subscription and stop here.
    if (this.realtime !== realtime || this.idChat !== idChat) {
      unwatch();
      return;
    }
    this.unwatch = unwatch;
    // Messages still unsent from before a reload: the server drops repeats by clientMessageId.
    this.resendOutbox();
    if (phase === 'queued') void this.refreshQueuePosition();
    this.persist();
  }

  private async refreshQueuePosition(): Promise<void> {
    if (!this.idChat) return;
    try {
      const position = await this.client!.queuePosition(this.idChat);
      if (this.phase === 'queued' && position !== undefined) this.set({ queuePosition: position });
    } catch {
      // Live queue events still arrive; a missing poll answer is not worth an error.
    }
  }

  // ---- what the event reducer calls -------------------------------------------------------

  ended(): void {
    if (this.phase === 'ended' || this.phase === 'rated') return;
    this.phase = 'ended';
    this.peerTyping = undefined;
    this.echoes.clearAll();
    this.persist();
    this.rememberEnded();
    if (this.idChat) this.host.onChatEnded?.(this.idChat);
    this.host.requestUpdate();
  }

  // ---- past conversations -------------------------------------------------------------------

  /** Keeps the ended chat among the past ones (every tab that sees the end does; one entry per chat). */
  private rememberEnded(): void {
    if (!this.idChat || !this.saver.key || this.host.chatOptions().keepPastChats === false) return;
    this.past.remember(this.saver.key, {
      idChat: this.idChat,
      messages: this.transcript.messages,
      operator: this.operator?.name,
    });
  }

  pastChat(idChat: string): PastChat | undefined {
    return this.past.find(idChat) ?? this.accountPast.find((c) => c.idChat === idChat);
  }

  /** The visitor deletes the kept copies from this device. */
  forgetPastChats(): void {
    this.past.forget(this.saver.key);
    this.host.requestUpdate();
  }

  // ---- ending -------------------------------------------------------------------------------

  endChat(): void {
    if (!this.idChat) return;
    this.realtime?.closeChat(this.idChat);
    if (this.phase !== 'ended' && this.phase !== 'rated') this.transcript.addNotice({ kind: 'ended', by: 'visitor' });
    this.ended();
  }

  /** Back to the pre-chat form for a new conversation. */
  newChat(): void {
    this.unwatch?.();
    this.unwatch = undefined;
    this.idChat = undefined;
    this.transcript = new Transcript();
    this.operator = undefined;
    this.operatorLeft = undefined;
    this.queuePosition = undefined;
    this.files.clear();
    this.persist();
    this.set({ phase: this.isOnline() ? 'prechat' : 'offline', error: undefined, fieldErrors: [] });
  }

  /** Tells the operator the page the visitor is on; a replace of the same URL (state only) is not a visit. */
  reportPage(url: string, title: string): void {
    if (!this.idChat || this.phase === 'ended' || this.phase === 'rated' || !this.client) return;
    const page = `${this.idChat} ${url}`;
    if (page === this.lastReportedPage) return;
    this.lastReportedPage = page;
    this.client.addNavigationPage(this.idChat, url, title).catch((e: unknown) => {
      if (!isAbort(e)) console.info('[sportello] navigation page not reported:', (e as Error).message);
    });
  }

  private onStorage = (e: StorageEvent): void => {
    if (this.past.followOtherTab(e, this.saver.key)) {
      this.host.requestUpdate();
      return;
    }
    const other = this.client ? otherTabChat(e, this.saver.key, this.tabId) : undefined;
    if (!other) return;
    if (other.idChat && other.idChat !== this.idChat && other.phase !== 'ended') {
      this.transcript = Transcript.fromJSON(other.transcript);
      this.operator = other.operator;
      this.name = other.name ?? this.name;
      void this.follow(other.idChat, other.phase === 'chatting' ? 'chatting' : 'queued');
    } else if (
      other.idChat === this.idChat &&
      other.phase === 'ended' &&
      this.phase !== 'ended' &&
      this.phase !== 'rated'
    ) {
      this.ended();
    } else if (other.idChat === this.idChat && other.phase === 'chatting' && this.phase === 'queued') {
      this.operator = other.operator ?? this.operator;
      this.set({ phase: 'chatting' });
    }
  };

  private teardown(): void {
    this.loadAbort?.abort();
    this.loadedLanguage = undefined;
    this.unwatch?.();
    this.unwatch = undefined;
    this.offClient.forEach((off) => off());
    this.offClient = [];
    this.echoes.clearAll();
    clearTimeout(this.reconnectTimer);
    this.reducer.dispose();
    this.files.abortAll();
    this.offRealtime?.();
    this.offRealtime = undefined;
    // Stops the client too, then hands the site's socket to another tab.
    void (this.realtime ?? this.client)?.stop();
    this.realtime = undefined;
    this.client = undefined;
    this.loaded = undefined;
  }
}
