import { html, nothing, svg, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { SportelloElement } from '../shared/sportello-element.js';
import { tokens } from '../shared/tokens.styles.js';
import '../shared/message-list.js';
import '../shared/composer.js';
import type { ChatListItem } from '../shared/message-list.js';
import type { ComposerAttachment } from '../shared/composer.js';
import { LiveChatController, type LiveChatHost, type UploadItem } from '../../src/controllers/chat/live-chat-controller.js';
import type { TranscriptMessage } from '../../src/controllers/chat/transcript.js';
import { PAST_CHATS_MAX, type PastChat } from '../../src/controllers/chat/past-chats.js';
import type { ChatDestinations } from '../../src/services/chat.js';
import { safeImageUrl } from '../../src/markdown/safe-url.js';
import { linkify } from '../shared/linkify.js';
import type { ServiceError } from '../../src/transport/errors.js';
import { chatWindowStyles } from './chat-window.styles.js';
import { chatErrorText } from './error-text.js';
import { foreignZone, readBusinessHours, summariseHours } from './business-hours.js';
import { t, type ChatKey } from './strings.js';
import { StableRecord } from '../shared/stable-record.js';
import { ConfigurationError, ServiceClientController } from '../../src/controllers/service-client.js';
import './events.js';

/** The simulator's (and the real widget's) label names → our catalogue keys. */
const SERVER_LABEL_KEYS: Record<string, ChatKey> = {
  welcome: 'prechatIntro',
  offline: 'offlineIntro',
  messagePlaceholder: 'placeholder',
  startChat: 'start',
  closeChat: 'endChat',
  rating: 'rateQuestion',
};

/** A clock with a turning-back arrow: past conversations. */
const historyIcon = svg`<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" d="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3"/></svg>`;

/** The first letter of a name for the avatar stand-in: a whole grapheme, so an accented or emoji initial is not cut in half. */
function initialOf(name: string): string {
  const trimmed = name.trim();
  const first = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter().segment(trimmed)[Symbol.iterator]().next().value?.segment : Array.from(trimmed)[0];
  return (first ?? '?').toLocaleUpperCase();
}

/** What the window shows: the running chat (whatever its phase), the list of past ones, or one of them. */
type WindowView = { kind: 'current' } | { kind: 'past-list' } | { kind: 'past'; idChat: string };

export interface ChatPrefill {
  name?: string | undefined;
  email?: string | undefined;
  category?: string | undefined;
  message?: string | undefined;
}

export interface HandoffInput {
  name?: string;
  email?: string;
  transcript: string;
  summary?: string;
}

/** How the window words an upload refused for what the file is (codes from the controller). */
const UPLOAD_REFUSALS: Record<string, ChatKey> = {
  'too-large': 'fileTooLarge',
  'too-many': 'fileTooMany',
  'unsupported-type': 'fileType',
  'type-mismatch': 'fileMismatch',
  empty: 'fileEmpty',
  refused: 'fileRefused',
};

/**
 * The chat window itself, loaded on demand by `<sportello-live-chat>` (which is only a launcher
 * until the visitor interacts or the browser is idle). Not meant to be used alone.
 *
 * @summary Live-chat window: pre-chat, queue, conversation, offline form, rating.
 * @csspart header - The window header.
 * @csspart body - The scrolling body of forms.
 */
export class SportelloLiveChatWindow extends SportelloElement implements LiveChatHost {
  static override styles = [tokens, chatWindowStyles];
  static override service = 'chat' as const;

  @property({ attribute: 'widget-key' }) widgetKey = '';
  @property({ attribute: false }) destinations?: Partial<ChatDestinations>;
  @property({ attribute: false }) prefill: ChatPrefill = {};
  /** Keeps ended chats on this device, listed under "past conversations" (`past-chats="false"` on the launcher). */
  @property({ attribute: false }) keepPastChats = true;
  /** Shows the close button (launcher mode). */
  @property({ type: Boolean }) closable = false;
  /** Reconnect tuning (tests). */
  @property({ attribute: false }) stomp?: { reconnect?: { baseDelayMs?: number; maxDelayMs?: number } };

  @state() private contactChannel: 'email' | 'phone' = 'email';
  @state() private rating = 0;
  @state() private transcriptSentTo = '';
  @state() private formMessage = '';
  @state() private view: WindowView = { kind: 'current' };
  @state() private pastNotice = '';
  /** The visitor pressed "End chat" and is asked to confirm (a conversation ended by a slip is gone). */
  @state() private confirmingEnd = false;
  /** Operator/bot messages that arrived in the running chat while a past one was open. */
  @state() private missedWhileAway = 0;
  /** What a handover from the AI panel passes to the operator, while the pre-chat form asks for what it lacked. */
  @state() private handoffContext: string | undefined;

  readonly chat = new LiveChatController(this);

  /**
   * Where the chat lives, from the resolved configuration. The chat controller builds the client
   * from it (the client needs the visitor id the site's tabs agree on first); another endpoint or
   * widget key loads the chat again there, and a window that failed recovers without a click.
   */
  private readonly clients = new ServiceClientController<{ endpoint: string; widgetKey: string }>(this, () => this.config, {
    build: ({ endpoint }) => {
      if (!endpoint) throw new ConfigurationError('endpoint');
      if (!this.widgetKey) throw new ConfigurationError('widget-key');
      return { endpoint: endpoint.replace(/\/+$/, ''), widgetKey: this.widgetKey };
    },
    inputs: () => [this.widgetKey],
    // The launcher (the public element) says it in the console; the page hears it as sportello-error.
    report: (problem) => this.reportConfigProblem(problem && new ConfigurationError(`needs \`${problem.message}\`.`), { quiet: true }),
    changed: (next, previous) => {
      // A new token provider alone changes nothing for the visitor's side (it needs none).
      if (next?.endpoint === previous?.endpoint && next?.widgetKey === previous?.widgetKey) return;
      if (next && this.chat.phase !== 'idle') void this.chat.reconfigure();
    },
  });
  private items: ChatListItem[] = [];
  private itemsFrom: readonly TranscriptMessage[] | undefined;
  /** List rows by transcript message (messages are replaced, never mutated, when they change). */
  private rowOf = new WeakMap<TranscriptMessage, ChatListItem>();
  private rowContext = '';

  // ---- LiveChatHost -------------------------------------------------------------------------

  chatOptions() {
    return {
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
    if (this.view.kind !== 'current') this.missedWhileAway += count;
    this.emit('sportello-chat-incoming', { count });
  }

  onChatStarted(idChat: string): void {
    this.emit('sportello-chat-started', { idChat });
  }

  onChatEnded(idChat: string): void {
    this.emit('sportello-chat-ended', { idChat });
  }

  private chatEndpoint(): string {
    return this.clients.client?.endpoint ?? '';
  }

  // ---- public API (called by the launcher) --------------------------------------------------

  /** Loads configuration (once) and resumes a running chat. */
  activate(): Promise<void> {
    if (!this.chatEndpoint() || !this.widgetKey) return Promise.resolve();
    return this.chat.load();
  }

  /** Focuses the first useful control of the current state. */
  async focusFirst(): Promise<void> {
    await this.updateComplete;
    // In priority order (a selector list would pick the first in document order: the header).
    for (const selector of ['sportello-composer', 'form [aria-invalid="true"]', 'form input:not([type=hidden])', 'form select, form textarea', '.body button', 'header button']) {
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
    const fromPast = this.view.kind !== 'current';
    if (fromPast) this.showCurrent();
    const lines = [t(this.language, 'handoffIntro', {}, this.serverLabels())];
    if (input.summary?.trim()) lines.push(input.summary.trim());
    lines.push(input.transcript.trim());
    const context = lines.join('\n\n');
    const only = this.chat.categories.length === 1 ? String(this.chat.categories[0]!.idChatCategory) : undefined;
    try {
      await this.chat.start({
        // Empty when nobody gave one: the pre-chat form then asks for it, like any missing field.
        name: input.name?.trim() || this.prefill.name || this.chat.name,
        standInName: t(this.language, 'you'),
        email: input.email ?? this.prefill.email,
        idChatCategory: this.prefill.category ?? only,
        startingPage: location.href,
        firstMessage: context,
      });
      this.handoffContext = undefined;
      if (fromPast) await this.focusFirst(); // the past view that had the focus is gone
    } catch {
      if (this.chat.phase === 'prechat') {
        this.handoffContext = context;
        void this.focusFirstInvalid();
      }
    }
  }

  reportPage(url: string, title: string): void {
    this.chat.reportPage(url, title);
  }

  // ---- rendering helpers --------------------------------------------------------------------

  private labelsCache?: { from: unknown; lang: string; labels: Partial<Record<ChatKey, string>> };

  /** The widget's labels in our keys: the server's own names mapped, then any key that matches ours. */
  private serverLabels(): Partial<Record<ChatKey, string>> | undefined {
    const raw = this.chat.config?.labels;
    if (!raw) return undefined;
    const lang = this.language;
    if (this.labelsCache?.from === raw && this.labelsCache.lang === lang) return this.labelsCache.labels;
    const byLang = (raw as Record<string, unknown>)[lang];
    const flat = (byLang && typeof byLang === 'object' ? byLang : raw) as Record<string, unknown>;
    const labels: Partial<Record<ChatKey, string>> = {};
    for (const [key, value] of Object.entries(flat)) {
      if (typeof value !== 'string' || !value.trim()) continue;
      const ours = (SERVER_LABEL_KEYS[key] ?? key) as ChatKey;
      labels[ours] = value;
    }
    this.labelsCache = { from: raw, lang, labels };
    return labels;
  }

  private tr(key: ChatKey, params: Record<string, string | number> = {}): string {
    return t(this.language, key, params, this.serverLabels());
  }

  /** The composer's labels: one object while their strings stay the same (see StableRecord). */
  private composerLabels = new StableRecord<Record<string, string>>();
  private listLabelsCache = new Map<string, { lang: string; server: unknown; labels: Record<string, string> }>();

  /**
   * The message list's labels, the same object while language and server labels stay: the list
   * rebuilds its cached rows whenever it gets a new labels object.
   */
  private listLabels(log: 'conversation' | 'pastLog'): Record<string, string> {
    const lang = this.language;
    const server = this.chat.config?.labels;
    const cached = this.listLabelsCache.get(log);
    if (cached && cached.lang === lang && cached.server === server) return cached.labels;
    const labels = { log: this.tr(log), pending: this.tr('pending'), sent: this.tr('sent'), read: this.tr('read'), failed: this.tr('failed'), retry: this.tr('retry'), you: this.tr('you') };
    this.listLabelsCache.set(log, { lang, server, labels });
    return labels;
  }

  /**
   * The transcript as list rows. The transcript hands over a new array after every change; rows are
   * mapped once per message object (and again only when what they show from the chat — the
   * operator's name and avatar, the language — changes), so an append costs one new row, and the
   * list can reuse the rendering of every row it already has.
   */
  private listItems(): ChatListItem[] {
    const messages = this.chat.transcript.messages;
    if (messages === this.itemsFrom) return this.items;
    this.itemsFrom = messages;
    const operatorName = this.chat.operator?.name ?? this.tr('operator');
    const avatar = this.chat.operatorAvatar;
    const bot = this.chat.bot;
    // Attachment links depend on the client (endpoint, key): a new one maps rows afresh too.
    const context = [this.language, operatorName, avatar ?? '', bot.name ?? '', bot.avatar ?? '', this.chatEndpoint() ?? '', this.widgetKey].join('\u0000');
    if (context !== this.rowContext) {
      this.rowContext = context;
      this.rowOf = new WeakMap();
    }
    this.items = messages.map((m) => {
      let row = this.rowOf.get(m);
      if (!row) {
        row = {
          key: m.key,
          role: m.from === 'visitor' ? 'self' : m.from === 'system' ? 'system' : 'other',
          author: m.from === 'operator' ? (m.author ?? operatorName) : m.from === 'bot' ? (m.author ?? bot.name) : m.author,
          avatar: m.from === 'operator' ? avatar : m.from === 'bot' ? bot.avatar : undefined,
          text: m.text,
          time: m.ts,
          state: m.from === 'visitor' ? m.state : undefined,
          attachments: m.attachments.map((a) => ({ name: a.name, href: this.chat.attachmentHref(a), thumbnail: this.chat.attachmentThumbnail(a) })),
          quickReplies: m.quickReplies,
        };
        this.rowOf.set(m, row);
      }
      return row;
    });
    return this.items;
  }

  private fieldError(field: string): string | undefined {
    const e = this.chat.fieldErrors.find((x) => x.field === field || (field === 'privacy' && /privacy|consent/i.test(x.field)));
    if (!e) return undefined;
    // The simulator sends codes (`required`, `invalid`, `too-long`); a real server may send sentences.
    const code = e.message;
    if (code && !/^[a-z][a-z-]*$/.test(code)) return code;
    if (code === 'required' || !code) return field === 'privacy' || field === 'name' || field === 'message' || field === 'idChatCategory' ? this.tr('required') : field === 'email' ? this.tr('invalidEmail') : this.tr('required');
    if (code === 'too-long') return this.tr('tooLong');
    return field === 'email' ? this.tr('invalidEmail') : field === 'phone' ? this.tr('invalidPhone') : this.tr('invalidValue', { code });
  }

  private renderField(id: string, label: string, control: unknown) {
    const error = this.fieldError(id);
    return html`<div class="field">
      <label for=${id}>${label}</label>
      ${control} ${error ? html`<span class="field-error" id="${id}-error">${error}</span>` : nothing}
    </div>`;
  }

  private invalid(field: string): 'true' | 'false' {
    return this.fieldError(field) ? 'true' : 'false';
  }

  private describedBy(field: string) {
    return this.fieldError(field) ? `${field}-error` : nothing;
  }

  // ---- states -------------------------------------------------------------------------------

  /** Who answers the visitor: the operator who joined, else the bot while it is the one answering. */
  private agent(): { name?: string | undefined; avatar?: string | undefined } | undefined {
    const op = this.chat.operator;
    if (op?.name) return { name: op.name, avatar: this.chat.operatorAvatar };
    const messages = this.chat.transcript.messages;
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i]!;
      if (m.from === 'operator') return undefined;
      if (m.from === 'bot') {
        const bot = this.chat.bot;
        return { name: m.author ?? bot.name, avatar: bot.avatar };
      }
    }
    return undefined;
  }

  private renderHeader() {
    const inChat = this.chat.phase === 'chatting' || this.chat.phase === 'queued';
    const current = this.view.kind === 'current';
    const ready = !['idle', 'loading', 'error'].includes(this.chat.phase);
    const agent = inChat && current ? this.agent() : undefined;
    const operatorName = agent?.name;
    const avatar = safeImageUrl(agent?.avatar);
    return html`<header part="header">
      ${operatorName
        ? avatar
          ? html`<img class="avatar" src=${avatar} alt="" />`
          : html`<span class="avatar initial" aria-hidden="true">${initialOf(operatorName)}</span>`
        : nothing}
      <div class="titles">
        <h2 id="chat-title">${this.chat.config?.title || this.tr('title')}</h2>
        ${operatorName ? html`<span class="operator">${operatorName}</span>` : nothing}
      </div>
      ${inChat && current
        ? html`<button type="button" class="end-chat" aria-expanded=${this.confirmingEnd ? 'true' : 'false'} aria-controls="confirm-end" @click=${() => this.askToEnd()}>
            ${this.tr('endChat')}
          </button>`
        : nothing}
      ${current && ready && this.chat.pastChats.length
        ? html`<button type="button" class="icon past-button" aria-label=${this.tr('pastChats')} title=${this.tr('pastChats')} @click=${() => this.showPastList()}>
            ${historyIcon}
          </button>`
        : nothing}
      ${this.closable
        ? html`<button type="button" aria-label=${this.tr('close')} @click=${() => this.emit('sportello-chat-close-request', {})}>✕</button>`
        : nothing}
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
      return;
    }
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('header .end-chat')?.focus();
  }

  private renderNotices() {
    const c = this.chat;
    const inChat = c.phase === 'chatting' || c.phase === 'queued';
    return html`${this.confirmingEnd && inChat && this.view.kind === 'current'
      ? html`<div class="notice confirm" id="confirm-end" role="group" aria-labelledby="confirm-end-text">
          <span id="confirm-end-text">${this.tr('confirmEnd')}</span>
          <div class="actions">
            <button type="button" class="end" @click=${() => this.answerEnd(true)}>${this.tr('confirmEndYes')}</button>
            <button type="button" class="keep" @click=${() => this.answerEnd(false)}>${this.tr('confirmEndNo')}</button>
          </div>
        </div>`
      : nothing}${c.showReconnecting && c.idChat
      ? html`<div class="notice warn" role="status">
          ${this.tr('reconnecting')} <button type="button" @click=${() => c.reconnectNow()}>${this.tr('reconnectNow')}</button>
        </div>`
      : nothing}
    ${c.error && c.phase !== 'error'
      ? html`<div class="notice error" role="alert">
          <span>${chatErrorText(c.error.error, c.error.operation, (k, p) => this.tr(k, p))}</span>
          <button type="button" @click=${() => c.dismissError()}>${this.tr('dismiss')}</button>
        </div>`
      : nothing}`;
  }

  private renderPrechat() {
    const c = this.chat;
    const p = this.prefill;
    const privacyText = this.privacyText();
    // A handover waits for the consent: say why the form is shown instead of the chat.
    const consentForHandoff = !!this.handoffContext && !!this.fieldError('privacy');
    return html`<div class="body" part="body">
      <p class="intro">${this.tr('prechatIntro')}</p>
      <form novalidate @submit=${this.onPrechat}>
        ${c.fieldErrors.length ? html`<p class="field-error" role="alert">${this.tr('fixErrors')}</p>` : nothing}
        ${this.renderField(
          'name',
          this.tr('name'),
          html`<input id="name" name="name" type="text" autocomplete="name" required .value=${p.name ?? c.name} aria-invalid=${this.invalid('name')} aria-describedby=${this.describedBy('name')} />`,
        )}
        ${this.renderField(
          'email',
          this.tr('email'),
          html`<input id="email" name="email" type="email" autocomplete="email" .value=${p.email ?? c.email} aria-invalid=${this.invalid('email')} aria-describedby=${this.describedBy('email')} />`,
        )}
        ${c.categories.length
          ? this.renderField(
              'idChatCategory',
              this.tr('category'),
              html`<select id="idChatCategory" name="idChatCategory" aria-invalid=${this.invalid('idChatCategory')} aria-describedby=${this.describedBy('idChatCategory')}>
                ${c.categories.length > 1 ? html`<option value="" ?selected=${!p.category}>${this.tr('chooseCategory')}</option>` : nothing}
                ${c.categories.map(
                  (cat) => html`<option value=${String(cat.idChatCategory)} ?selected=${String(cat.idChatCategory) === p.category}>${cat.title}</option>`,
                )}
              </select>`,
            )
          : nothing}
        ${this.renderField(
          'message',
          this.tr('firstMessage'),
          html`<textarea id="message" name="message" rows="3" .value=${p.message ?? ''} aria-invalid=${this.invalid('message')} aria-describedby=${this.describedBy('message')}></textarea>`,
        )}
        ${this.handoffContext
          ? html`<details class="handoff">
              <summary>${this.tr('handoffShared')}</summary>
              <p>${this.handoffContext}</p>
            </details>`
          : nothing}
        ${privacyText ? html`<p class="privacy">${linkify(privacyText)}</p>` : nothing}
        ${consentForHandoff ? html`<p class="hint handoff-consent" id="handoff-consent">${this.tr('handoffConsent')}</p>` : nothing}
        <div class="field check">
          <input
            id="privacy"
            name="privacy"
            type="checkbox"
            aria-invalid=${this.invalid('privacy')}
            aria-describedby=${consentForHandoff ? 'handoff-consent privacy-error' : this.describedBy('privacy')}
          />
          <label for="privacy">${this.tr('privacy')}</label>
        </div>
        ${this.fieldError('privacy') ? html`<span class="field-error" id="privacy-error">${this.fieldError('privacy')}</span>` : nothing}
        <button class="primary" type="submit" ?disabled=${c.busy}>${this.tr('start')}</button>
      </form>
    </div>`;
  }

  private privacyText(): string | undefined {
    const text = this.chat.config?.privacy?.text;
    if (typeof text === 'string') return text;
    return text?.[this.language] ?? text?.en;
  }

  private async onPrechat(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const form = new FormData(e.target as HTMLFormElement);
    const ok = await this.chat.submitPrechat(
      {
        name: String(form.get('name') ?? '').trim(),
        email: String(form.get('email') ?? '').trim(),
        idChatCategory: (form.get('idChatCategory') as string | null) ?? undefined,
        message: String(form.get('message') ?? ''),
        consent: form.get('privacy') === 'on',
        context: this.handoffContext,
      },
      location.href,
    );
    if (ok) {
      this.handoffContext = undefined;
      void this.focusFirst();
    } else void this.focusFirstInvalid();
  }

  private async focusFirstInvalid(): Promise<void> {
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  /** When the chat is closed, when it opens: the widget's weekly hours, if the service gives them. */
  private renderOpeningHours() {
    const hours = readBusinessHours(this.chat.config?.businessHours);
    const lines = hours ? summariseHours(hours, this.language) : [];
    if (!hours || !lines.length) return nothing;
    const zone = foreignZone(hours, this.language);
    const text = zone ? this.tr('openingHoursZone', { hours: lines.join('; '), zone }) : this.tr('openingHours', { hours: lines.join('; ') });
    return html`<p class="hours">${text}</p>`;
  }

  private renderOffline() {
    const c = this.chat;
    if (c.phase === 'offline-sent') return html`<div class="body" part="body"><p role="status">${this.tr('offlineSent')}</p></div>`;
    const channels = this.contactChannels;
    if (!channels.length) {
      return html`<div class="body" part="body"><p class="intro">${this.tr('offlineNoContact')}</p>${this.renderOpeningHours()}</div>`;
    }
    const ch = this.channel;
    const privacyText = this.privacyText();
    return html`<div class="body" part="body">
      <p class="intro">${this.tr('offlineIntro')}</p>
      ${this.renderOpeningHours()}
      <form novalidate @submit=${this.onContact}>
        ${this.renderField(
          'name',
          this.tr('name'),
          html`<input id="name" name="name" type="text" autocomplete="name" .value=${this.prefill.name ?? c.name} aria-invalid=${this.invalid('name')} aria-describedby=${this.describedBy('name')} />`,
        )}
        ${channels.length > 1
          ? html`<fieldset>
              <legend>${this.tr('contactBy')}</legend>
              <div class="radios">
                <label><input type="radio" name="channel" value="email" .checked=${ch === 'email'} @change=${() => (this.contactChannel = 'email')} /> ${this.tr('email')}</label>
                <label><input type="radio" name="channel" value="phone" .checked=${ch === 'phone'} @change=${() => (this.contactChannel = 'phone')} /> ${this.tr('phone')}</label>
              </div>
            </fieldset>`
          : nothing}
        ${ch === 'email'
          ? this.renderField(
              'email',
              this.tr('email'),
              html`<input id="email" name="email" type="email" autocomplete="email" .value=${this.prefill.email ?? c.email} aria-invalid=${this.invalid('email')} aria-describedby=${this.describedBy('email')} />`,
            )
          : this.renderField(
              'phone',
              this.tr('phone'),
              html`<input id="phone" name="phone" type="tel" autocomplete="tel" aria-invalid=${this.invalid('phone')} aria-describedby=${this.describedBy('phone')} />`,
            )}
        ${this.renderField(
          'message',
          this.tr('firstMessage'),
          html`<textarea id="message" name="message" rows="3" .value=${this.prefill.message ?? ''} aria-invalid=${this.invalid('message')} aria-describedby=${this.describedBy('message')}></textarea>`,
        )}
        ${privacyText ? html`<p class="privacy">${linkify(privacyText)}</p>` : nothing}
        <div class="field check">
          <input id="privacy" name="privacy" type="checkbox" aria-invalid=${this.invalid('privacy')} aria-describedby=${this.describedBy('privacy')} />
          <label for="privacy">${this.tr('privacyContact')}</label>
        </div>
        ${this.fieldError('privacy') ? html`<span class="field-error" id="privacy-error">${this.fieldError('privacy')}</span>` : nothing}
        <button class="primary" type="submit" ?disabled=${c.busy}>${this.tr('send')}</button>
      </form>
    </div>`;
  }

  /** The ways back the widget offers (`contactRequest` of its configuration; both when it does not say). */
  private get contactChannels(): Array<'email' | 'phone'> {
    const offered = this.chat.config?.contactRequest;
    return (['email', 'phone'] as const).filter((channel) => offered?.[channel] !== false);
  }

  /** The visitor's choice while the widget offers it, else the one way it offers. */
  private get channel(): 'email' | 'phone' {
    const channels = this.contactChannels;
    return channels.includes(this.contactChannel) ? this.contactChannel : (channels[0] ?? 'email');
  }

  private async onContact(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const form = new FormData(e.target as HTMLFormElement);
    const ok = await this.chat.submitContact({
      name: String(form.get('name') ?? '').trim(),
      channel: this.channel,
      email: String(form.get('email') ?? '').trim(),
      phone: String(form.get('phone') ?? '').trim(),
      message: String(form.get('message') ?? ''),
      consent: form.get('privacy') === 'on',
    });
    if (!ok) this.focusFirstInvalid();
  }

  private renderConversation() {
    const c = this.chat;
    const ended = c.phase === 'ended' || c.phase === 'rated';
    const uploadError = (u: UploadItem): string | undefined => {
      if (u.failure) return chatErrorText(u.failure, 'upload-attachment', (k, p) => this.tr(k, p));
      return u.error ? this.tr(UPLOAD_REFUSALS[u.error] ?? 'fileRefused') : undefined;
    };
    const uploads: ComposerAttachment[] = c.uploads.map((u) => ({ key: u.key, name: u.name, progress: u.progress, state: u.state, error: uploadError(u), retryable: !!u.failure }));
    const waiting =
      c.phase === 'starting' ? this.tr('starting') : c.phase === 'queued' ? (c.queuePosition && c.queuePosition > 0 ? this.tr('queue', { position: c.queuePosition }) : this.tr('queueWaiting')) : '';
    // One live region that stays in place from the queue to the operator's arrival: a region
    // inserted with its text, or removed when the operator joins, is often not read at all.
    const left = c.phase === 'chatting' && !c.operator?.name && c.operatorLeft ? this.tr('operatorLeft', { name: c.operatorLeft }) : '';
    const status = waiting || left || (c.phase === 'chatting' && c.operator?.name ? this.tr('nowChattingWith', { name: c.operator.name }) : '');
    return html`<div class="conversation">
      <p class="visually-hidden" role="status">${status}</p>
      ${waiting || left ? html`<div class="notice" aria-hidden="true">${waiting || left}</div>` : nothing}
      <sportello-message-list
        .items=${this.listItems()}
        .labels=${this.listLabels('conversation')}
        @sportello-message-retry=${(e: CustomEvent<{ key: string }>) => c.retry(e.detail.key)}
        @sportello-quick-reply=${(e: CustomEvent<{ value?: string; label?: string }>) => c.send(e.detail.label ?? e.detail.value ?? '', e.detail.value)}
      ></sportello-message-list>
      <div class="typing" aria-live="polite">${c.peerTyping !== undefined ? (c.peerTyping ? this.tr('typing', { name: c.peerTyping }) : this.tr('someoneTyping')) : ''}</div>
      ${ended
        ? this.renderEnded()
        : html`<sportello-composer
            allow-attachments
            accept=${c.config?.attachments?.contentTypes?.join(',') ?? ''}
            maxlength=${c.config?.maxMessageLength ?? 4000}
            .value=${c.draft}
            ?disabled=${c.phase === 'starting'}
            .attachments=${uploads}
            .labels=${this.composerLabels.of({
              input: this.tr('input'),
              placeholder: this.tr('placeholder'),
              send: this.tr('send'),
              attach: this.tr('attach'),
              remove: this.tr('remove'),
              retry: this.tr('retryUpload'),
              uploading: this.tr('uploading'),
              uploaded: this.tr('uploaded'),
              failed: this.tr('uploadFailed'),
            })}
            @sportello-composer-send=${(e: CustomEvent<{ text: string }>) => {
              if (!c.send(e.detail.text)) e.preventDefault();
            }}
            @sportello-composer-input=${(e: CustomEvent<{ value: string }>) => c.setDraft(e.detail.value)}
            @sportello-composer-typing=${(e: CustomEvent<{ typing: boolean }>) => c.typing(e.detail.typing)}
            @sportello-composer-attach=${(e: CustomEvent<{ files: File[] }>) => c.attach(e.detail.files)}
            @sportello-composer-remove=${(e: CustomEvent<{ key: string }>) => c.removeUpload(e.detail.key)}
            @sportello-composer-retry-upload=${(e: CustomEvent<{ key: string }>) => c.retryUpload(e.detail.key)}
          ></sportello-composer>`}
    </div>`;
  }

  private renderEnded() {
    const c = this.chat;
    return html`<div class="body ended" part="body">
      <p role="status">${this.tr('ended')}</p>
      ${c.phase === 'rated'
        ? html`<p role="status">${this.tr('rated')}</p>`
        : html`<form @submit=${this.onRate}>
            <fieldset>
              <legend>${this.tr('rateQuestion')}</legend>
              <div class="stars">
                ${[1, 2, 3, 4, 5].map(
                  (n) => html`<label class=${n <= this.rating ? 'on' : ''}>
                    <input type="radio" name="rating" value=${n} .checked=${n === this.rating} @change=${() => (this.rating = n)} aria-label=${this.tr('ratingValue', { n })} />
                    <span aria-hidden="true">★</span>
                  </label>`,
                )}
              </div>
            </fieldset>
            <div class="field">
              <label for="comment">${this.tr('comment')}</label>
              <textarea id="comment" name="comment" rows="2"></textarea>
            </div>
            <button class="primary" type="submit" ?disabled=${!this.rating || c.busy}>${this.tr('rate')}</button>
          </form>`}
      ${this.transcriptSentTo
        ? html`<p role="status">${this.tr('transcriptSent', { email: this.transcriptSentTo })}</p>`
        : html`<form @submit=${this.onTranscript}>
            <div class="field">
              <label for="transcript-email">${this.tr('transcriptEmail')}</label>
              <input id="transcript-email" name="email" type="email" autocomplete="email" required .value=${c.email} />
            </div>
            <button class="secondary" type="submit" ?disabled=${c.busy}>${this.tr('transcriptSend')}</button>
          </form>`}
      <button class="secondary" type="button" @click=${() => this.onNewChat()}>${this.tr('newChat')}</button>
    </div>`;
  }

  private async onRate(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const form = new FormData(e.target as HTMLFormElement);
    await this.chat.rate(this.rating, String(form.get('comment') ?? ''));
  }

  private async onTranscript(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const email = String(new FormData(e.target as HTMLFormElement).get('email') ?? '').trim();
    if (email && (await this.chat.requestTranscript(email))) this.transcriptSentTo = email;
  }

  private onNewChat(): void {
    this.rating = 0;
    this.transcriptSentTo = '';
    this.chat.newChat();
    void this.focusFirst();
  }

  // ---- past conversations (read-only copies kept on this device) ----------------------------

  private pastDate(iso: string): string {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '';
    try {
      return new Intl.DateTimeFormat(this.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
    } catch {
      return date.toLocaleString();
    }
  }

  private async showPastList(focusId?: string): Promise<void> {
    this.view = { kind: 'past-list' };
    await this.updateComplete;
    // Back from one conversation: focus returns to its entry; else to the view's heading.
    const entry = focusId ? [...this.renderRoot.querySelectorAll<HTMLElement>('.past-item')].find((b) => b.dataset.id === focusId) : undefined;
    (entry ?? this.renderRoot.querySelector<HTMLElement>('#past-title'))?.focus();
  }

  private async openPast(idChat: string): Promise<void> {
    this.view = { kind: 'past', idChat };
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#past-chat-title')?.focus();
  }

  /** The running chat's view again (from past conversations). */
  private showCurrent(): void {
    this.view = { kind: 'current' };
    this.pastNotice = '';
    this.missedWhileAway = 0;
  }

  private async backToChat(): Promise<void> {
    this.showCurrent();
    await this.updateComplete;
    const button = this.renderRoot.querySelector<HTMLElement>('.past-button');
    if (button) button.focus();
    else await this.focusFirst();
  }

  private newChatFromPast(): void {
    this.showCurrent();
    this.onNewChat();
  }

  private forgetPast(): void {
    this.chat.forgetPastChats();
    this.pastNotice = this.tr('pastForgotten');
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('#past-title')?.focus());
  }

  private renderPastActions() {
    const phase = this.chat.phase;
    // Always rendered, so that a screen reader hears when the running chat gets news.
    return html`<p class="away" role="status">${this.missedWhileAway ? this.tr('newInCurrent', { n: this.missedWhileAway }) : ''}</p>
      <div class="past-actions">
      <button class="primary" type="button" @click=${() => this.backToChat()}>${this.tr('backToChat')}</button>
      ${phase === 'ended' || phase === 'rated' ? html`<button class="secondary" type="button" @click=${() => this.newChatFromPast()}>${this.tr('newChat')}</button>` : nothing}
    </div>`;
  }

  private renderPastList() {
    const list = this.chat.pastChats;
    return html`<div class="body past" part="body">
      <h3 id="past-title" tabindex="-1">${this.tr('pastChats')}</h3>
      <p class="hint">${this.tr('pastChatsHint', { max: PAST_CHATS_MAX })}</p>
      ${list.length
        ? html`<ul class="past-list" aria-labelledby="past-title">
            ${list.map(
              (p) => html`<li>
                <button type="button" class="past-item" data-id=${p.idChat} @click=${() => this.openPast(p.idChat)}>
                  <span class="past-meta"><span class="past-date">${this.pastDate(p.startedAt ?? p.endedAt)}</span> · <span class="past-operator">${p.operator || this.tr('pastNoOperator')}</span></span>
                  <span class="past-preview">${p.preview}</span>
                </button>
              </li>`,
            )}
          </ul>`
        : html`<p role="status">${this.pastNotice || this.tr('pastEmpty')}</p>`}
      ${this.renderPastActions()}
      ${list.length ? html`<button class="link forget" type="button" @click=${() => this.forgetPast()}>${this.tr('forgetPast')}</button>` : nothing}
    </div>`;
  }

  private pastRowsOf?: { chat: PastChat; context: string; rows: ChatListItem[] };

  /** A past conversation as list rows: read-only (no retry, no quick replies), mapped once per chat. */
  private pastRows(chat: PastChat): ChatListItem[] {
    const operatorName = chat.operator ?? this.tr('operator');
    const context = [this.language, operatorName, this.chatEndpoint(), this.widgetKey].join('\u0000');
    if (this.pastRowsOf?.chat === chat && this.pastRowsOf.context === context) return this.pastRowsOf.rows;
    const rows = chat.messages.map(
      (m): ChatListItem => ({
        key: m.key,
        role: m.from === 'visitor' ? 'self' : m.from === 'system' ? 'system' : 'other',
        author: m.from === 'operator' ? (m.author ?? operatorName) : m.author,
        text: m.text,
        time: m.ts,
        state: m.from === 'visitor' ? (m.state === 'read' ? 'read' : 'sent') : undefined,
        attachments: m.attachments.map((a) => ({ name: a.name, href: this.chat.attachmentHref(a), thumbnail: this.chat.attachmentThumbnail(a) })),
      }),
    );
    this.pastRowsOf = { chat, context, rows };
    return rows;
  }

  private renderPastChat(idChat: string) {
    const chat = this.chat.pastChat(idChat);
    // Deleted meanwhile (here or in another tab): back to the list.
    if (!chat) return this.renderPastList();
    return html`<div class="conversation past-chat">
      <div class="past-head">
        <button class="link" type="button" @click=${() => this.showPastList(idChat)}><span aria-hidden="true">← </span>${this.tr('backToPast')}</button>
        <h3 id="past-chat-title" tabindex="-1">
          ${this.tr('pastChatTitle', { date: this.pastDate(chat.startedAt ?? chat.endedAt) })}
          <span class="past-operator">${this.tr('pastWith', { name: chat.operator || this.tr('pastNoOperator') })}</span>
        </h3>
        <p class="hint">${this.tr('pastReadOnly')}</p>
      </div>
      <sportello-message-list
        .items=${this.pastRows(chat)}
        .labels=${this.listLabels('pastLog')}
      ></sportello-message-list>
      ${this.renderPastActions()}
    </div>`;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('widgetKey') || changed.has('endpoint')) this.formMessage = '';
  }

  override render() {
    const c = this.chat;
    const missing = this.clients.problem?.message ?? '';
    let body: unknown;
    if (missing) body = html`<div class="body" part="body"><p role="alert">${this.tr('badAttributes', { what: missing })}</p></div>`;
    else if (c.phase === 'idle' || c.phase === 'loading') body = html`<div class="body center" part="body" role="status">${this.tr('loading')}</div>`;
    else if (c.phase === 'error')
      body = html`<div class="body" part="body" role="alert">
        <p>${this.tr('loadFailed')} ${c.error ? chatErrorText(c.error.error, c.error.operation, (k, p) => this.tr(k, p)) : ''}</p>
        <button class="primary" type="button" @click=${() => c.reload()}>${this.tr('retry')}</button>
      </div>`;
    else if (this.view.kind === 'past-list') body = this.renderPastList();
    else if (this.view.kind === 'past') body = this.renderPastChat(this.view.idChat);
    else if (c.phase === 'prechat') body = this.renderPrechat();
    else if (c.phase === 'offline' || c.phase === 'offline-sent') body = this.renderOffline();
    else body = this.renderConversation();
    return html`${this.renderHeader()}${this.renderNotices()}${body}${this.formMessage ? html`<p>${this.formMessage}</p>` : nothing}`;
  }
}

SportelloElement.define('sportello-live-chat-window', SportelloLiveChatWindow);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-live-chat-window': SportelloLiveChatWindow;
  }
}
