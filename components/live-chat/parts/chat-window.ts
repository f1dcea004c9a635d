import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { SportelloElement } from '../../shared/sportello-element.js';
import { tokens } from '../../shared/tokens.styles.js';
import '../../shared/message-list.js';
import '../../shared/composer.js';
import { LiveChatController, type LiveChatHost } from '../../../src/controllers/chat/live-chat-controller.js';
import type { ChatDestinations, WidgetConfig } from '../../../src/services/chat.js';
import { readVisitorToken, type VisitorIdentity } from '../../../src/model/chat/visitor-identity.js';
import { resolveLook } from '../../../src/model/chat/widget-look.js';
import { safeImageUrl } from '../../../src/markdown/safe-url.js';
import type { ServiceError } from '../../../src/transport/errors.js';
import type { Lang } from '../../../src/i18n/lang.js';
import { chatWindowStyles } from './chat-window.styles.js';
import '../../shared/error-notice.js';
import { errorNoticeStyles } from '../../shared/error-notice.js';
import { t, type ChatKey } from '../strings.js';
import { ChatWindowLabels } from './window-labels.js';
import { TranscriptRows, initialOf } from './transcript-rows.js';
import { ChatForms } from './contact-forms.js';
import { MessageBodies } from './message-bodies.js';
import { TabNotices } from './tab-notices.js';
import type { ImageViewer } from './image-viewer.js';
import type { AttachmentOpenDetail } from '../../shared/chat-events.js';
import { EndedView } from './ended-view.js';
import { DeskHandoff } from './desk-handoff.js';
import { ConversationView } from './conversation-view.js';
import { PastChatsView } from './past-chats-view.js';
import type { ChatPrefill, WindowContext } from './window-context.js';
import { ConfigurationError, ServiceClientController } from '../../../src/controllers/service-client.js';
import { historyIcon, soundOffIcon, soundOnIcon } from '../../shared/chat-icons.js';
import '../events.js';
import type { ChatDeflectedDetail } from '../events.js';
import { answersOf, type AnswersConfig } from '../../../src/config.js';
import { PrechatAnswers } from './prechat-answers.js';

export type { ChatPrefill } from './window-context.js';

export interface HandoffInput {
  name?: string;
  email?: string;
  transcript: string;
  summary?: string;
}

/** A failed load the controller kept no error for (it always keeps one; this only guards the notice). */
const UNKNOWN_FAILURE = new Error('load failed');

/**
 * The chat window itself, loaded on demand by `<sportello-live-chat>` (which is only a launcher
 * until the visitor interacts or the browser is idle). Not meant to be used alone.
 *
 * @summary Live-chat window: pre-chat, queue, conversation, offline form, rating.
 * @csspart header - The window header.
 * @csspart body - The scrolling body of forms.
 */
export class SportelloLiveChatWindow extends SportelloElement implements LiveChatHost, WindowContext {
  static override styles = [tokens, chatWindowStyles, errorNoticeStyles];
  static override service = 'chat' as const;

  @property({ attribute: 'widget-key' }) widgetKey = '';
  @property({ attribute: false }) destinations?: Partial<ChatDestinations>;
  @property({ attribute: false }) prefill: ChatPrefill = {};
  /** Keeps ended chats on this device, listed under "past conversations" (`past-chats="false"` on the launcher). */
  @property({ attribute: false }) keepPastChats = true;
  /** id of a `<sportello-desk-form>` on the page: offline or ended, the visitor may open a request there instead. */
  @property({ attribute: false }) deskTarget?: string | undefined;
  /** A short sound for new messages while the visitor is not looking (off by default). */
  @property({ attribute: false }) sound = false;
  /** Offer desktop notifications for new messages (the visitor still decides). */
  @property({ attribute: false }) notifications = false;
  /** The widget's proactive greeting the visitor answered: shown first in the window. */
  @property({ attribute: false }) greeting?: string | undefined;
  /** Shows the close button (launcher mode). */
  @property({ type: Boolean }) closable = false;
  /** Reconnect tuning (tests). */
  @property({ attribute: false }) stomp?: { reconnect?: { baseDelayMs?: number; maxDelayMs?: number } };
  /** The launcher's `answers-kb` (knowledge base ids) for answers before a chat. */
  @property({ attribute: false }) answersKb?: string | undefined;
  /** The launcher's `answers-agent` (an AI agent whose knowledge bases count). */
  @property({ attribute: false }) answersAgent?: string | undefined;

  /** The chat's own knowledge for answers before a chat (shared configuration comes after it). */
  get answers(): AnswersConfig {
    return answersOf(this.answersKb, this.answersAgent);
  }

  onAnswersError(error: Error): void {
    // The form stays as it was (a note, Try again): the visitor starts the chat as if there had been no answers.
    this.reportError('search-answers', error);
  }

  onAnswersConfigProblem(problem: Error): void {
    this.reportError('configure', problem);
  }

  deflected(detail: ChatDeflectedDetail): void {
    this.emit('sportello-chat-deflected', detail);
  }

  /** The visitor pressed "End chat" and is asked to confirm (a conversation ended by a slip is gone). */
  @state() private confirmingEnd = false;

  readonly chat = new LiveChatController(this);
  readonly labels = new ChatWindowLabels(this);

  /**
   * Where the chat lives, from the resolved configuration. The chat controller builds the client
   * from it (the client needs the visitor id the site's tabs agree on first); another endpoint or
   * widget key loads the chat again there, and a window that failed recovers without a click.
   */
  private readonly clients = new ServiceClientController<{ endpoint: string; widgetKey: string }>(
    this,
    () => this.config,
    {
      build: ({ endpoint }) => {
        if (!endpoint) throw new ConfigurationError('endpoint');
        if (!this.widgetKey) throw new ConfigurationError('widget-key');
        return { endpoint: endpoint.replace(/\/+$/, ''), widgetKey: this.widgetKey };
      },
      inputs: () => [this.widgetKey],
      // The launcher (the public element) says it in the console; the page hears it as sportello-error.
      report: (problem) =>
        this.reportConfigProblem(problem && new ConfigurationError(`needs \`${problem.message}\`.`), { quiet: true }),
      changed: (next, previous) => {
        // A new token provider alone changes nothing for the visitor's side (it needs none).
        if (next?.endpoint === previous?.endpoint && next?.widgetKey === previous?.widgetKey) return;
        if (next && this.chat.conversation.phase !== 'idle') void this.chat.reconfigure();
        // Asked to start before it had an endpoint (configured late): it starts now, not on "Loading…".
        else if (next && this.activationWanted) void this.activate();
      },
    },
  );
  private readonly rows = new TranscriptRows(this, this.chat.conversation);
  private readonly forms = new ChatForms(this, new PrechatAnswers(this, this));
  renderDeskHandoff() {
    return this.deskHandoff.render();
  }

  private readonly deskHandoff = new DeskHandoff(this);

  /** The image viewer, loaded the first time an image attachment is opened. */
  private viewer: ImageViewer | undefined;

  /** An image in the thread was activated: shown here, inside the widget, instead of in a new tab. */
  private onAttachmentOpen = (e: CustomEvent<AttachmentOpenDetail>): void => {
    e.preventDefault();
    const opener = e.composedPath()[0] as HTMLElement | undefined;
    const link = opener?.closest?.('a') ?? opener;
    void import('./image-viewer.js').then(({ ImageViewer, imageViewerStyles }) => {
      if (!this.viewer) {
        this.viewer = new ImageViewer(this);
        const root = this.renderRoot as ShadowRoot;
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, imageViewerStyles.styleSheet!];
      }
      return this.viewer.open(e.detail, link ?? undefined);
    });
  };

  /** Message bodies: operators' and bots' markdown (restricted), loaded when a message needs it. */
  readonly bodies = new MessageBodies(() => this.requestUpdate());
  private readonly endedView = new EndedView(this);
  private readonly conversation = new ConversationView(this, {
    rows: () => this.rows.current(),
    openAttachment: this.onAttachmentOpen,
    ended: () => this.endedView.render(),
    notifications: () => this.notifications,
    askNotifications: () => void this.askNotifications(),
  });
  private readonly past = new PastChatsView(this, this.rows, () => this.endedView.newChat());

  // ---- LiveChatHost -------------------------------------------------------------------------

  chatOptions() {
    return {
      // Any token the page gives (a visitor's, or the gateway's anonymous session) names the chat's owner.
      visitorToken: this.visitorToken,
      tokenProvider: this.visitorToken ? this.config.tokenProvider : undefined,
      endpoint: this.chatEndpoint(),
      widgetKey: this.widgetKey,
      language: this.language,
      destinations: this.destinations,
      stomp: this.stomp,
      keepPastChats: this.keepPastChats,
    };
  }

  onChatError(operation: string, error: ServiceError | Error): void {
    this.reportError(operation, error);
  }

  onIncoming(count: number): void {
    this.past.incoming(count);
    const c = this.chat.conversation;
    const last = [...c.transcript.messages].reverse().find((m) => m.from === 'operator' || m.from === 'bot');
    const from = last?.author ?? (last?.from === 'bot' ? c.bot.name : c.operator?.name) ?? this.tr('operator');
    this.notices.arrived(count, from, last?.text ?? '', `sportello-chat-${c.idChat ?? ''}`);
    // The launcher counts them and previews the newest, as read (markdown's marks gone): the plain
    // text may wait for the renderer, so the counts go in the order they came.
    const text = last ? this.bodies.spoken({ key: last.key, role: 'other', text: last.text }) : '';
    this.incomingSaid = this.incomingSaid
      .then(() => text)
      .then(
        (plain) => {
          this.emit('sportello-chat-incoming', { count, preview: last ? { from, text: plain } : undefined });
        },
        () => {
          this.emit('sportello-chat-incoming', { count });
        },
      );
  }
  private incomingSaid: Promise<void> = Promise.resolve();

  /** New messages noticed in a hidden tab or a closed window: title count, sound, notifications. */
  readonly notices = new TabNotices(this);

  /** Whether the window is on screen (open, or inline). */
  windowShown(): boolean {
    return this.isConnected && (this.checkVisibility?.() ?? true);
  }

  /** The launcher opened the window: what was counted has been seen. */
  seen(): void {
    this.notices.onSeen();
  }

  private async askNotifications(): Promise<void> {
    try {
      await Notification.requestPermission();
    } finally {
      this.requestUpdate();
    }
  }

  onChatStarted(idChat: string): void {
    // The next pre-chat form starts without this question's answers.
    this.forms.answers.clear();
    this.emit('sportello-chat-started', { idChat });
  }

  onChatEnded(idChat: string): void {
    this.emit('sportello-chat-ended', { idChat });
  }

  /** The visitor's language (public for the window's parts). */
  override get language(): Lang {
    return super.language;
  }

  /** What the attachment links of the rows depend on besides the chat: the client's endpoint and key. */
  clientKey(): string {
    return [this.chatEndpoint(), this.widgetKey].join('\u0000');
  }

  private chatEndpoint(): string {
    return this.clients.client?.endpoint ?? '';
  }

  /** The conversation's phase as custom states, here and on the launcher (the element the page sees). */
  protected override states(): Record<string, boolean> {
    const phase = this.chat.conversation.phase;
    const states = {
      loading: phase === 'idle' || phase === 'loading',
      error: phase === 'error' || !!this.clients.problem,
      queued: phase === 'queued' || phase === 'starting',
      chatting: phase === 'chatting',
      ended: phase === 'ended' || phase === 'rated',
    };
    const launcher = (this.getRootNode() as ShadowRoot).host as
      { mirrorStates?(s: Record<string, boolean>): void } | undefined;
    launcher?.mirrorStates?.(states);
    return states;
  }

  // ---- public API (called by the launcher) --------------------------------------------------

  /** Loads configuration (once) and resumes a running chat. */
  async activate(): Promise<void> {
    this.activationWanted = true;
    if (!this.chatEndpoint() || !this.widgetKey) return;
    await (this.identityRead ??= this.readIdentity());
    await this.chat.load();
  }

  /** The launcher asked for the chat: configuration that arrives later starts it (see `clients.changed`). */
  private activationWanted = false;

  /**
   * The visitor the page vouches for (the gateway's visitor token from `tokenProvider`), once the
   * gateway said it verified that token: a token it refused names nobody, whatever its claims say.
   */
  get identity(): VisitorIdentity | undefined {
    return this.chat.visitorVerified ? this.claimed : undefined;
  }
  private claimed: VisitorIdentity | undefined;
  private identityRead?: Promise<void>;
  private visitorToken: string | undefined;

  private async readIdentity(): Promise<void> {
    const provider = this.config.tokenProvider;
    if (!provider) return;
    try {
      this.visitorToken = await provider({ forceRefresh: false });
    } catch (error) {
      // Without the token the visitor is asked who they are, as on a page without one.
      console.info(
        '[sportello] <sportello-live-chat> tokenProvider failed; the visitor is asked for name and e-mail:',
        (error as Error).message,
      );
      return;
    }
    this.claimed = readVisitorToken(this.visitorToken);
    this.requestUpdate();
  }

  /** The widget's look from its configuration, for the launcher that frames this window (and keeps it for the next page). */
  onConfig(config: WidgetConfig): void {
    this.emit('sportello-chat-look', resolveLook(config.colors, config.position));
  }

  /** Focuses the first useful control of the current state. */
  async focusFirst(): Promise<void> {
    await this.updateComplete;
    // In priority order (a selector list would pick the first in document order: the header).
    for (const selector of [
      'sportello-composer',
      'form [aria-invalid="true"]',
      'form input:not([type=hidden])',
      'form select, form textarea',
      '.body button',
      'header button',
    ]) {
      const target = this.renderRoot.querySelector<HTMLElement>(selector);
      if (target) {
        target.focus();
        return;
      }
    }
  }

  /**
   * Starts a chat with the AI conversation as its first message. When the service needs something
   * the handover did not carry (a topic, an e-mail), or the visitor has not yet given the privacy
   * consent the widget asks for, the pre-chat form asks for it, prefilled, and keeps the
   * conversation to send once the visitor starts. Failures are shown in the window, never thrown.
   */
  async startFromHandoff(input: HandoffInput): Promise<void> {
    await this.activate();
    // Reading past conversations: the handover's chat (or the form asking for what it lacks) would
    // open behind that view, and the handover would seem to do nothing.
    const fromPast = this.past.view.kind !== 'current';
    if (fromPast) this.past.showCurrent();
    const lines = [t(this, 'handoffIntro', {}, this.labels.server())];
    if (input.summary?.trim()) lines.push(input.summary.trim());
    lines.push(input.transcript.trim());
    const context = lines.join('\n\n');
    const only = this.chat.categories.length === 1 ? String(this.chat.categories[0]!.idChatCategory) : undefined;
    try {
      await this.chat.starter.start({
        // Empty when nobody gave one: the pre-chat form then asks for it, like any missing field.
        name: this.identity?.name || input.name?.trim() || this.prefill.name || this.chat.conversation.name,
        standInName: t(this, 'you'),
        email: this.identity?.email ?? input.email ?? this.prefill.email,
        idChatCategory: this.prefill.category ?? only,
        startingPage: location.href,
        startingPageTitle: document.title,
        firstMessage: context,
      });
      this.forms.setHandoffContext(undefined);
      if (fromPast) await this.focusFirst(); // the past view that had the focus is gone
    } catch {
      if (this.chat.conversation.phase === 'prechat') {
        this.forms.setHandoffContext(context);
        // Nobody has tried to send this form yet: what it lacks is not marked red, only focused.
        this.forms.fields.holdMarks();
        void this.forms.fields.focusFirstMissing();
      }
    }
  }

  reportPage(url: string, title: string): void {
    this.chat.reportPage(url, title);
  }

  private tr(key: ChatKey, params: Record<string, string | number> = {}): string {
    return this.labels.tr(key, params);
  }

  // ---- states -------------------------------------------------------------------------------

  private renderHeader() {
    const { phase } = this.chat.conversation;
    const inChat = phase === 'chatting' || phase === 'queued';
    const current = this.past.view.kind === 'current';
    const ready = !['idle', 'loading', 'error'].includes(phase);
    const agent = inChat && current ? this.rows.agent() : undefined;
    const operatorName = agent?.name;
    const avatar = safeImageUrl(agent?.avatar);
    return html`<header part="header">
      ${
        operatorName
          ? avatar
            ? html`<img class="avatar" src=${avatar} alt="" />`
            : html`<span class="avatar initial" aria-hidden="true">${initialOf(operatorName)}</span>`
          : nothing
      }
      <div class="titles">
        <h2 id="chat-title">${this.labels.fromService(this.chat.config?.title) || this.tr('title')}</h2>
        ${
          operatorName
            ? html`<span class="operator">${operatorName}</span>`
            : this.labels.fromService(this.chat.config?.subtitle)
              ? html`<span class="subtitle">${this.labels.fromService(this.chat.config?.subtitle)}</span>`
              : nothing
        }
      </div>
      ${
        inChat && current
          ? html`<button type="button" class="end-chat" aria-expanded=${this.confirmingEnd ? 'true' : 'false'} aria-controls="confirm-end" @click=${() => this.askToEnd()}>
            ${this.tr('endChat')}
          </button>`
          : nothing
      }
      ${
        this.sound
          ? html`<button type="button" class="icon sound-toggle" aria-pressed=${this.notices.soundOn ? 'true' : 'false'} aria-label=${this.tr('sound')} title=${this.tr('sound')} @click=${() => this.notices.setSoundOn(!this.notices.soundOn)}>
            ${this.notices.soundOn ? soundOnIcon() : soundOffIcon()}
          </button>`
          : nothing
      }
      ${
        current && ready && this.chat.past.list.length
          ? html`<button type="button" class="icon past-button" aria-label=${this.tr('pastChats')} title=${this.tr('pastChats')} @click=${() => this.past.showPastList()}>
            ${historyIcon()}
          </button>`
          : nothing
      }
      ${
        this.closable
          ? html`<button type="button" aria-label=${this.tr('close')} @click=${() => this.emit('sportello-chat-close-request', {})}>✕</button>`
          : nothing
      }
    </header>`;
  }

  private async askToEnd(): Promise<void> {
    this.confirmingEnd = !this.confirmingEnd;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(this.confirmingEnd ? '#confirm-end .keep' : 'header .end-chat')?.focus();
  }

  private async answerEnd(end: boolean): Promise<void> {
    this.confirmingEnd = false;
    if (end) {
      this.chat.endChat();
      // The confirmation and the header's button are gone: the focus goes to what replaced them
      // (the end of the conversation, then its rating), not to the page's <body>.
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('.ended .ended-title')?.focus();
      return;
    }
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('header .end-chat')?.focus();
  }

  private renderNotices() {
    const c = this.chat.conversation;
    const { connection, requests } = this.chat;
    const inChat = c.phase === 'chatting' || c.phase === 'queued';
    return html`${
      this.confirmingEnd && inChat && this.past.view.kind === 'current'
        ? html`<div class="notice confirm" id="confirm-end" role="group" aria-labelledby="confirm-end-text">
          <span id="confirm-end-text">${this.tr('confirmEnd')}</span>
          <div class="actions">
            <button type="button" class="end" @click=${() => this.answerEnd(true)}>${this.tr('confirmEndYes')}</button>
            <button type="button" class="keep" @click=${() => this.answerEnd(false)}>${this.tr('confirmEndNo')}</button>
          </div>
        </div>`
        : nothing
    }${
      connection.showReconnecting && c.idChat
        ? html`<div class="notice warn" role="status">
          ${this.tr('reconnecting')} <button type="button" @click=${() => connection.reconnectNow()}>${this.tr('reconnectNow')}</button>
        </div>`
        : nothing
    }
    ${
      requests.error && c.phase !== 'error'
        ? html`<sportello-error-notice
            .error=${requests.error.error}
            .speaker=${this}
            .dismiss=${() => requests.dismissError()}
          ></sportello-error-notice>`
        : nothing
    }`;
  }

  override render() {
    const { phase } = this.chat.conversation;
    const { error } = this.chat.requests;
    const missing = this.clients.problem?.message ?? '';
    let body: unknown;
    if (missing)
      body = html`<div class="body" part="body"><p role="alert">${this.tr('badAttributes', { what: missing })}</p></div>`;
    else if (phase === 'idle' || phase === 'loading')
      body = html`<div class="body center" part="body" role="status">${this.tr('loading')}</div>`;
    else if (phase === 'error')
      // Loading the widget is a GET: after a 429's wait it is asked again by itself.
      body = html`<div class="body" part="body">
        <sportello-error-notice
          .error=${error?.error ?? UNKNOWN_FAILURE}
          ?setup=${error?.operation === 'load-widget'}
          .speaker=${this}
          .retry=${() => void this.chat.reload()}
          auto-retry
        ></sportello-error-notice>
      </div>`;
    else if (this.past.view.kind !== 'current') body = this.past.render();
    else if (phase === 'prechat') body = this.forms.renderPrechat();
    else if (phase === 'offline' || phase === 'offline-sent') body = this.forms.renderOffline();
    else body = this.conversation.render();
    // A named region: the page's landmarks stay the page's (a <header> directly in the window would
    // be a second banner), and the window's content is found as one landmark of its own.
    return html`<section class="frame" aria-labelledby="chat-title">
      ${this.renderHeader()}${this.renderNotices()}${body}${this.viewer?.render(this.labels.tr) ?? nothing}
    </section>`;
  }
}

SportelloElement.define('sportello-live-chat-window', SportelloLiveChatWindow);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-live-chat-window': SportelloLiveChatWindow;
  }
}
