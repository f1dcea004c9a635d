import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { SportelloElement } from '../shared/sportello-element.js';
import { tokens } from '../shared/tokens.styles.js';
import type { ComposerAttachment } from '../shared/composer.js';
import '../shared/composer.js';
import { chatBubbleIcon, closeIcon, paperclipIcon } from '../shared/chat-icons.js';
import { aiChatStyles } from './ai-chat.styles.js';
import { t, type AiChatStringKey } from './strings.js';
import './events.js';
import { AiChatController, type AssistantMessage, type ChatMessage } from '../../src/controllers/ai/ai-chat-controller.js';
import { AiClient, fileToAiFile, type AiFile, type ClassificationIntent, type PendingToolCall } from '../../src/services/ai.js';
import { SOURCE_APPS, type SourceApp } from '../../src/transport/auth.js';
import type { ServiceError } from '../../src/transport/errors.js';
import { markdownView } from '../../src/markdown/directive.js';
import { plainText } from '../../src/markdown/plain-text.js';
import { StableRecord } from '../shared/stable-record.js';
import { ConfigurationError, isConfigurationError, ServiceClientController } from '../../src/controllers/service-client.js';

/** What `startFromHandoff` of a `<sportello-live-chat>` accepts (duck-typed: another bundle may define it). */
interface HandoffTarget extends Element {
  startFromHandoff?(input: { name?: string; email?: string; transcript: string; summary?: string }): Promise<void>;
}

const DEFAULT_ACCEPT = 'image/*,application/pdf,text/plain,text/csv,text/markdown,.md,.docx,.xlsx,.json';
const booleanDefaultTrue = { fromAttribute: (value: string | null) => value === null ? true : value !== 'false', toAttribute: (value: boolean) => (value ? null : 'false') };

function humanSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 102.4) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

function accepts(accept: string, file: File): boolean {
  const rules = accept.split(',').map((r) => r.trim().toLowerCase()).filter(Boolean);
  if (!rules.length) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  return rules.some((rule) => (rule.startsWith('.') ? name.endsWith(rule) : rule.endsWith('/*') ? type.startsWith(rule.slice(0, -1)) : type === rule));
}

/**
 * The AI assistant panel: a visitor asks, the answer streams in as markdown, with the service's
 * searching/reasoning steps, sources, tool activity and approvals, confidence and handoff offer.
 *
 * @summary AI assistant chat panel with streamed markdown answers (AI service `POST /chat`).
 *
 * @slot header - Replaces the title in the header.
 * @slot welcome - Welcome content shown before the first message.
 * @slot suggestions - Suggested prompts: any slotted element with `data-prompt="…"` sends that text when clicked.
 *
 * @event {CustomEvent<AiHandoffDetail>} sportello-handoff - `{ summary, transcript, conversationId, reason, trigger, name, email }` when the visitor should talk to a person: at once when they asked for one (`handoff_trigger: user_request`), else when they accept the panel's offer or press "Talk to a person". Cancelable: cancel it to stop the panel from opening the `handoff-target` chat.
 * @event {CustomEvent<ChatUsage>} sportello-usage - The stream's `usage` object (tokens, latency, ids) after each answer.
 * @event {CustomEvent<AiMessageDetail>} sportello-ai-message - `{ role, text, conversationId }` for each question sent and each answer finished.
 * @event {CustomEvent<SportelloErrorDetail>} sportello-error - `{ error, operation }` for every failure shown in the panel.
 *
 * @csspart panel - The panel box.
 * @csspart header - The header bar.
 * @csspart log - The scrolling message list (a `log` live region).
 * @csspart user-message - A question of the visitor.
 * @csspart assistant-message - An answer bubble.
 * @csspart sources - The sources of an answer.
 * @csspart approval - A tool approval prompt.
 * @csspart error - An error message with retry.
 * @csspart composer - The message composer.
 * @csspart launcher - The launcher bubble (`mode="launcher"`).
 *
 * @cssproperty --sportello-ai-chat-height - Height of the panel (default 560px).
 * @cssproperty --sportello-ai-chat-width - Width of the launcher panel (default 400px).
 * @cssproperty --sportello-accent - Accent colour (and the other `--sportello-*` tokens).
 */
export class SportelloAiChat extends SportelloElement {
  static override styles = [tokens, aiChatStyles];
  static override service = 'ai' as const;

  /** Agent mode: the agent to talk to. */
  @property({ type: Number, attribute: 'agent-id' }) agentId?: number;
  /** Direct mode (no agent): model name, with `system-prompt`. */
  @property() model?: string;
  @property({ attribute: 'system-prompt' }) systemPrompt?: string;
  /** `X-Source-App`: `chat_app`, `desk_app`, `api_direct`, `ai_app` or `internal`. */
  @property({ attribute: 'source-app' }) sourceApp: string = 'api_direct';
  /** Development only: the service key (`spk_…`). Use a proxy `endpoint` or `tokenProvider` in production. */
  @property({ attribute: 'api-key' }) apiKey?: string;
  /** JSON object of strings substituted in the prompt (`{{name}}`). */
  @property({ attribute: 'template-vars' }) templateVars?: string;
  /** JSON array of `{ name, description }`. */
  @property({ attribute: 'classification-intents' }) classificationIntents?: string;
  /** `markdown` (default) or `html` (sanitised). */
  @property({ attribute: 'response-format' }) responseFormat: string = 'markdown';
  /** Also show sources the knowledge base marks as not visible. */
  @property({ type: Boolean, attribute: 'include-hidden-sources' }) includeHiddenSources = false;
  /** Stream answers (default); `stream="false"` asks for whole answers. */
  @property({ converter: booleanDefaultTrue }) stream = true;
  /** `session` or `local`: keep the conversation and the draft across reloads. */
  @property() persist?: string;
  /** The page's own conversation id (sent as `external_conversation_id`). */
  @property({ attribute: 'external-conversation-id' }) externalConversationId?: string;
  @property() placeholder?: string;
  /** Welcome text (the `welcome` slot replaces it). */
  @property() welcome?: string;
  /** Suggested prompts as a JSON array of strings (or use the `suggestions` slot). */
  @property({ type: Array }) suggestions: string[] = [];
  /** Title shown in the header. */
  @property() heading?: string;
  /** id of a `<sportello-live-chat>` to open on handoff. */
  @property({ attribute: 'handoff-target' }) handoffTarget?: string;
  /** Passed on handoff so the operator knows who is writing. */
  @property({ attribute: 'visitor-name' }) visitorName?: string;
  @property({ attribute: 'visitor-email' }) visitorEmail?: string;
  /** `inline` (default) or `launcher` (a bubble that opens the panel). */
  @property({ reflect: true }) mode: string = 'inline';
  /** Launcher mode: whether the panel is open. */
  @property({ type: Boolean, reflect: true }) open = false;
  /** Accepted attachments (file input `accept` syntax); empty string disables attachments. */
  @property() accept = DEFAULT_ACCEPT;
  @property({ type: Number, attribute: 'max-file-size' }) maxFileSize = 10 * 1024 * 1024;
  @property({ type: Number, attribute: 'max-files' }) maxFiles = 5;
  /**
   * Least milliseconds between two renders of a streaming answer (growing up to 4× for answers
   * past 32 KB). Every render lays out and paints the answer; 0 renders on every animation frame.
   * The stream worker hands new text to the page no more often (16 ms at least).
   */
  @property({ type: Number, attribute: 'render-interval' }) renderInterval = 50;

  @state() private attachments: Array<ComposerAttachment & { file?: AiFile }> = [];
  @state() private fileErrors: string[] = [];
  @state() private awayFromBottom = false;
  @state() private announcement = '';
  @state() private handoffSent = false;

  @query('.log') private log?: HTMLElement;

  private readonly chat = new AiChatController(this, () => this.settings(), {
    usage: (usage) => this.emit('sportello-usage', usage),
    // The visitor asked for a person in words: hand over at once. Other triggers (low confidence,
    // out of scope) only offer it, and the visitor decides.
    handoff: (message) => {
      if (message.handoff?.trigger === 'user_request' && !this.handoffSent) void this.handoff('user_request', message.handoff.reason);
      else this.requestUpdate();
    },
    finished: (message) => this.onFinished(message),
    failed: (message, error) => this.onFailed(message, error),
  });
  private restoredKey: string | undefined;
  private warnedConfig: string | undefined;
  /** configProblem() as of this update (willUpdate works it out once; render reads it). */
  private problem: string | undefined;
  /** The composer's labels, the same object while their strings are the same (a new one re-renders the composer). */
  private composerLabels = new StableRecord<Record<string, string>>();
  private resizeObserver: ResizeObserver | undefined;
  private observed: Element | undefined;
  private lastScroll = { distance: 0, height: 0 };
  /** Scroll range (scrollHeight - clientHeight) of the log at the last resize. */
  private observedRange = 0;
  /** What a visitor reading back has at the top of the view, and where it was (viewport px). */
  private anchor: { el: Element; top: number } | undefined;
  /** The scrollTop the panel itself set last (its scroll event is not the visitor's). */
  private ownScrollTop: number | undefined;
  private draftTimer: ReturnType<typeof setTimeout> | undefined;

  /** Sends a question as if the visitor typed it. */
  ask(text: string): Promise<void> {
    this.emit('sportello-ai-message', { role: 'user', text, conversationId: this.chat.conversationId });
    return this.chat.send(text);
  }

  /** Stops the answer being written. */
  stop(): void {
    this.chat.stop();
  }

  /** Starts a new conversation (forgets the stored one). */
  newConversation(): void {
    this.chat.reset();
    this.handoffSent = false;
  }

  /** Hands the conversation to a person: emits `sportello-handoff` and opens the `handoff-target` chat. */
  async handoff(trigger = 'button', reason?: string): Promise<void> {
    const who = { user: t(this.language, 'you'), assistant: t(this.language, 'assistant') };
    const transcript = this.chat.transcript(who);
    const lastQuestion = [...this.chat.messages].reverse().find((m) => m.role === 'user');
    const summary = [reason, lastQuestion?.role === 'user' ? `${who.user}: ${lastQuestion.text}` : undefined].filter(Boolean).join(' — ');
    const detail = { summary, transcript, conversationId: this.chat.conversationId, reason, trigger, name: this.visitorName, email: this.visitorEmail };
    this.handoffSent = true;
    if (!this.emit('sportello-handoff', detail, { cancelable: true })) return;
    const target = this.findHandoffTarget();
    if (typeof target?.startFromHandoff !== 'function') return;
    try {
      await target.startFromHandoff({ transcript, summary, ...(this.visitorName ? { name: this.visitorName } : {}), ...(this.visitorEmail ? { email: this.visitorEmail } : {}) });
    } catch (error) {
      this.reportError('handoff', error instanceof Error ? error : new Error(String(error)));
    }
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.restore();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
    this.resizeObserver = undefined;
    this.observed = undefined;
    clearTimeout(this.draftTimer);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('persist') || changed.has('agentId') || changed.has('externalConversationId') || changed.has('endpoint')) this.restore();
    const problem = (this.problem = this.configProblem());
    if (problem && problem !== this.warnedConfig) {
      this.warnedConfig = problem;
      this.reportError('configure', new Error(problem));
    }
    if (!problem) this.warnedConfig = undefined;
  }

  protected override updated(): void {
    // The log is bottom-anchored (column-reverse, see the styles): at scrollTop 0 it follows new
    // content by itself. The observer keeps the place of a visitor who scrolled up (see
    // followBottom) and brings back a view left a few pixels above the bottom.
    const content = this.log?.querySelector('.log-content') ?? undefined;
    if (content === this.observed) return;
    this.resizeObserver ??= new ResizeObserver(() => this.followBottom());
    this.resizeObserver.disconnect();
    this.observed = content;
    // Growth is counted from the range as it is now, not from before a reconnect or a new content box.
    this.observedRange = this.log ? this.log.scrollHeight - this.log.clientHeight : 0;
    if (content) {
      this.resizeObserver.observe(content);
      this.resizeObserver.observe(this.log!);
    }
  }

  // ------------------------------------------------------------------ configuration

  private get endpointUrl(): string | undefined {
    return this.config.endpoint;
  }

  /**
   * The AI client from the resolved configuration, rebuilt when that changes. An answer that failed
   * for want of credentials or with a wrong endpoint is asked again with the new one (the service
   * did not answer it, so nothing is asked twice).
   */
  private readonly clients = new ServiceClientController<AiClient>(this, () => this.config, {
    build: ({ endpoint, tokenProvider }) => {
      if (!endpoint) throw new ConfigurationError('endpoint is required (the AI service base URL, e.g. https://ai.example.com/api/v2, or your proxy)');
      return new AiClient({ endpoint, apiKey: this.apiKey, sourceApp: this.sourceApp as SourceApp, tokenProvider });
    },
    inputs: () => [this.apiKey, this.sourceApp],
    changed: () => this.retryFailedByConfiguration(),
  });

  private retryFailedByConfiguration(): void {
    const last = this.chat.messages.at(-1);
    if (last?.role !== 'assistant' || last.status !== 'error' || !last.error) return;
    const e = last.error;
    if (e.status === 401 || e.status === 403 || e.status === 404 || e.kind === 'network' || isConfigurationError(e.cause)) void this.chat.retry(last.id);
  }

  private parsedTemplateVars(): Record<string, string> | undefined | Error {
    if (!this.templateVars) return undefined;
    try {
      const value = JSON.parse(this.templateVars) as unknown;
      if (!value || typeof value !== 'object' || Array.isArray(value) || Object.values(value).some((v) => typeof v !== 'string')) return new Error('template-vars must be a JSON object of strings');
      return value as Record<string, string>;
    } catch {
      return new Error('template-vars is not valid JSON');
    }
  }

  private parsedIntents(): ClassificationIntent[] | undefined | Error {
    if (!this.classificationIntents) return undefined;
    try {
      const value = JSON.parse(this.classificationIntents) as unknown;
      if (!Array.isArray(value) || value.some((v) => !v || typeof v.name !== 'string')) return new Error('classification-intents must be a JSON array of { name, description }');
      return value.map((v: { name: string; description?: string }) => ({ name: v.name, description: v.description ?? '' }));
    } catch {
      return new Error('classification-intents is not valid JSON');
    }
  }

  /** A message for the first thing wrong with the attributes, or undefined. */
  private configProblem(): string | undefined {
    if (!this.endpointUrl) return 'endpoint is required (the AI service base URL, e.g. https://ai.example.com/api/v2, or your proxy)';
    if (!SOURCE_APPS.includes(this.sourceApp as SourceApp)) return `source-app must be one of ${SOURCE_APPS.join(', ')}`;
    const hasAgent = this.agentId !== undefined && this.agentId !== null && Number.isFinite(this.agentId);
    if (!hasAgent && !(this.model && this.systemPrompt)) return 'set agent-id, or model and system-prompt (direct mode)';
    if (this.responseFormat !== 'markdown' && this.responseFormat !== 'html') return 'response-format must be markdown or html';
    if (this.persist && this.persist !== 'session' && this.persist !== 'local') return 'persist must be session or local';
    if (this.mode !== 'inline' && this.mode !== 'launcher') return 'mode must be inline or launcher';
    const vars = this.parsedTemplateVars();
    if (vars instanceof Error) return vars.message;
    const intents = this.parsedIntents();
    if (intents instanceof Error) return intents.message;
    return undefined;
  }

  private settings() {
    const vars = this.parsedTemplateVars();
    const intents = this.parsedIntents();
    const hasAgent = this.agentId !== undefined && this.agentId !== null && Number.isFinite(this.agentId);
    return {
      client: () => {
        const client = this.clients.client;
        if (!client) throw this.clients.problem ?? new ConfigurationError('endpoint is required');
        return client;
      },
      base: {
        ...(hasAgent ? { agent_id: this.agentId! } : { model: this.model, system_prompt: this.systemPrompt }),
        ...(vars && !(vars instanceof Error) ? { template_vars: vars } : {}),
        ...(intents && !(intents instanceof Error) ? { classification_intents: intents } : {}),
      },
      stream: this.stream,
      format: this.responseFormat === 'html' ? ('html' as const) : ('markdown' as const),
      includeHiddenSources: this.includeHiddenSources,
      externalConversationId: this.externalConversationId,
      renderIntervalMs: this.renderInterval,
    };
  }

  private restore(): void {
    const key = [this.endpointUrl ?? '', this.agentId ?? this.model ?? '', this.externalConversationId ?? '', this.id].join('|');
    if (!this.persist || key === this.restoredKey) return;
    this.restoredKey = key;
    this.chat.restore(this.persist, key);
  }

  // ------------------------------------------------------------------ events from the view

  private async onSend(e: CustomEvent<{ text: string }>): Promise<void> {
    if (this.configProblem()) {
      e.preventDefault();
      return;
    }
    const files = this.attachments.filter((a) => a.state === 'done' && a.file).map((a) => a.file!);
    this.attachments = [];
    this.fileErrors = [];
    this.chat.saveDraft('');
    this.emit('sportello-ai-message', { role: 'user', text: e.detail.text, conversationId: this.chat.conversationId });
    this.awayFromBottom = false;
    queueMicrotask(() => this.scrollToBottom());
    await this.chat.send(e.detail.text, files);
  }

  private onDraft(e: CustomEvent<{ value: string }>): void {
    clearTimeout(this.draftTimer);
    const value = e.detail.value;
    this.draftTimer = setTimeout(() => this.chat.saveDraft(value), 250);
  }

  private async onAttach(e: CustomEvent<{ files: File[] }>): Promise<void> {
    const errors: string[] = [];
    const lang = this.language;
    for (const file of e.detail.files) {
      if (this.attachments.length >= this.maxFiles) {
        errors.push(t(lang, 'fileCount', { max: this.maxFiles }));
        break;
      }
      if (!accepts(this.accept, file)) {
        errors.push(t(lang, 'fileType', { name: file.name }));
        continue;
      }
      if (file.size > this.maxFileSize) {
        errors.push(t(lang, 'fileTooBig', { name: file.name, max: humanSize(this.maxFileSize) }));
        continue;
      }
      const key = `${file.name}:${file.size}:${file.lastModified}:${Math.random().toString(36).slice(2)}`;
      this.attachments = [...this.attachments, { key, name: file.name, state: 'uploading', progress: 0 }];
      try {
        const aiFile = await fileToAiFile(file);
        this.attachments = this.attachments.map((a) => (a.key === key ? { ...a, state: 'done', progress: 1, file: aiFile } : a));
      } catch {
        this.attachments = this.attachments.filter((a) => a.key !== key);
        errors.push(t(lang, 'fileRead', { name: file.name }));
      }
    }
    this.fileErrors = errors;
  }

  private onRemove(e: CustomEvent<{ key: string }>): void {
    this.attachments = this.attachments.filter((a) => a.key !== e.detail.key);
  }

  private onSuggestionClick(e: Event): void {
    const target = (e.target as Element | null)?.closest?.('[data-prompt]');
    const prompt = target?.getAttribute('data-prompt');
    if (prompt) void this.ask(prompt);
  }

  private onFinished(message: AssistantMessage): void {
    const text = plainText(message.view.root, 401);
    // One polite announcement per finished answer, not one per token.
    this.announcement = t(this.language, 'answerReady', { text: text.length > 400 ? `${text.slice(0, 400)}…` : text });
    this.emit('sportello-ai-message', { role: 'assistant', text: message.view.text, conversationId: this.chat.conversationId });
  }

  private onFailed(_message: AssistantMessage, error: ServiceError): void {
    this.announcement = this.errorText(error);
    this.reportError('chat', error);
  }

  private findHandoffTarget(): HandoffTarget | null {
    if (!this.handoffTarget) return null;
    const root = this.getRootNode() as Document | ShadowRoot;
    return (root.getElementById?.(this.handoffTarget) ?? document.getElementById(this.handoffTarget)) as HandoffTarget | null;
  }

  private onScroll(): void {
    const log = this.log;
    if (!log) return;
    // Column-reverse log: scrollTop is 0 at the bottom and negative above it.
    const distance = -log.scrollTop;
    const nearBottom = distance <= 32;
    // Only a move away from the bottom while the content did not shrink counts as "the visitor is
    // reading back" (a new conversation empties the log and moves the view).
    const movedUp = distance > this.lastScroll.distance + 2 && log.scrollHeight >= this.lastScroll.height;
    this.lastScroll = { distance, height: log.scrollHeight };
    if (nearBottom) this.awayFromBottom = false;
    else if (movedUp) this.awayFromBottom = true;
    // The panel's own correction (followBottom) keeps the anchor and where it belongs: picking it
    // again there would take in the correction's rounding, a fraction of a pixel each time, and
    // what the visitor reads would creep up over a long answer.
    const own = this.ownScrollTop !== undefined && Math.abs(log.scrollTop - this.ownScrollTop) < 1;
    this.ownScrollTop = undefined;
    if (own && this.anchor?.el.isConnected) return;
    this.anchor = this.awayFromBottom ? this.pickAnchor(log) : undefined;
  }

  /**
   * The block the visitor reads near the top of the view: the smallest unit whose top stays put
   * while text is added (a paragraph, list or table of an answer, or a whole message).
   */
  private pickAnchor(log: HTMLElement): { el: Element; top: number } | undefined {
    const box = log.getBoundingClientRect();
    const y = box.top + Math.min(60, box.height / 3);
    let el = this.shadowRoot?.elementFromPoint(box.left + box.width / 2, y) ?? null;
    const isBlock = (e: Element) => !e.classList.contains('md-group') && !!e.parentElement && (e.parentElement.classList.contains('md-group') || e.parentElement.classList.contains('md'));
    while (el && el !== log && !isBlock(el) && !el.classList.contains('msg')) el = el.parentElement;
    if (!el || el === log) return undefined;
    // A point between blocks hits their container (a message, its text, a group of blocks), whose
    // top stays while a block in it above the point changes size: go down to the block at the point.
    for (let container: Element | undefined = el; container && !isBlock(container); ) {
      const next: Element | undefined = [...container.children].find((c) => c.getBoundingClientRect().bottom >= y);
      if (!next) break;
      el = next;
      container = next.classList.contains('md') || next.classList.contains('md-group') || next.children.length ? next : undefined;
    }
    return { el, top: el.getBoundingClientRect().top };
  }

  /**
   * After the content resized (layout is done, so reading sizes is cheap). Following: back to the
   * very bottom if the view is not quite there. Reading back: the log measures scroll from the
   * bottom, so text added below pushes what the visitor reads up; put the block they read back
   * where it was. Measuring that block, not the growth of the whole log, also holds when something
   * above it changes size (a block skipped by content-visibility getting its real height, which
   * leaves the block in place in a bottom-anchored log) and was off by one line or more then.
   */
  private followBottom(): void {
    const log = this.log;
    if (!log) return;
    // The scroll range: it grows with the content and shrinks as the log gets taller (the stop bar
    // below it goes away at the end of an answer).
    const range = log.scrollHeight - log.clientHeight;
    const grown = range - this.observedRange;
    this.observedRange = range;
    if (this.awayFromBottom) {
      const anchor = this.anchor;
      if (anchor?.el.isConnected) {
        const moved = anchor.el.getBoundingClientRect().top - anchor.top;
        if (moved) this.scrollLogTo(log, log.scrollTop + moved);
      } else {
        // The block was replaced (the open end of an answer is rebuilt): fall back on the growth.
        if (grown) this.scrollLogTo(log, log.scrollTop - grown);
        this.anchor = this.pickAnchor(log);
      }
    } else if (log.scrollTop !== 0) {
      log.scrollTop = 0;
    }
  }

  private scrollLogTo(log: HTMLElement, top: number): void {
    log.scrollTop = top;
    this.ownScrollTop = log.scrollTop;
  }

  private scrollToBottom(): void {
    const log = this.log;
    if (log) log.scrollTop = 0;
  }

  /**
   * Opened or closed by the visitor (bubble, close button, Escape): focus goes into the panel's
   * composer, and back to the bubble on close. A page setting `open` moves no focus.
   */
  private async setOpen(open: boolean): Promise<void> {
    this.open = open;
    await this.updateComplete;
    const target = open ? this.renderRoot.querySelector('sportello-composer') : this.renderRoot.querySelector('.launcher');
    (target as HTMLElement | null)?.focus();
  }

  private onPanelKeydown = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || this.mode !== 'launcher' || !this.open) return;
    e.stopPropagation();
    void this.setOpen(false);
  };

  private jumpToLatest(): void {
    this.awayFromBottom = false;
    this.scrollToBottom();
    (this.renderRoot.querySelector('sportello-composer') as HTMLElement | null)?.focus();
  }

  // ------------------------------------------------------------------ rendering

  private errorText(error: ServiceError): string {
    const lang = this.language;
    const status = error.status ?? 0;
    if (error.code === 'stream_cut') return t(lang, 'errCut');
    if (error.kind === 'protocol' && error.code && !error.status) return t(lang, 'errModel');
    if (status === 401) return t(lang, 'errUnauthorized');
    if (status === 403) return t(lang, 'errForbidden');
    if (status === 404) return t(lang, 'errNotFound');
    if (status === 413) return t(lang, 'errTooLarge');
    if (status === 429) return error.retryAfterMs ? t(lang, 'errRate', { seconds: Math.ceil(error.retryAfterMs / 1000) }) : t(lang, 'errRateNow');
    if (status === 400 || status === 422) return t(lang, 'errBadRequest', { message: error.message });
    if (status >= 500) return t(lang, 'errServer', { status });
    if (error.kind === 'network' || error.kind === 'timeout') return t(lang, 'errNetwork');
    return t(lang, 'errModel');
  }

  private s(key: AiChatStringKey, params?: Record<string, string | number>): string {
    return t(this.language, key, params);
  }

  private toolName(call: PendingToolCall): string {
    return String(call.tool_name ?? call.name ?? '?');
  }

  private renderAssistant(m: AssistantMessage): TemplateResult {
    const busy = m.status === 'waiting' || m.status === 'streaming';
    return html`<div class="msg assistant" part="assistant-message" aria-busy=${busy ? 'true' : 'false'}>
      ${m.ragThinking
        ? html`<details class="thinking"><summary>${this.s('searching')}</summary><div class="thinking-text">${m.ragThinking}</div></details>`
        : nothing}
      ${m.thinking
        ? html`<details class="thinking"><summary>${this.s('reasoning')}</summary><div class="thinking-text">${m.thinking}</div></details>`
        : nothing}
      ${m.tools.map((tool) => html`<div class="activity">⚙ ${this.s('tool', { name: tool.name })}</div>`)}
      <div class="bubble" ${markdownView(m.view)}></div>
      ${m.status === 'waiting' ? html`<div class="typing">${this.s('writing')}</div>` : nothing}
      ${m.status === 'stopped' ? html`<div class="stopped">${this.s('stopped')} <button class="icon-button" @click=${() => this.chat.retry(m.id)}>${this.s('retry')}</button></div>` : nothing}
      ${m.approval ? this.renderApproval(m) : nothing}
      ${m.sources.length ? this.renderSources(m) : nothing}
      ${m.confidence?.needsReview ? html`<div class="review" title=${this.s('confidence', { value: Math.round(m.confidence.score * 100) })}>⚠ ${this.s('needsReview')}</div>` : nothing}
      ${m.handoff?.requested ? this.renderHandoffOffer(m) : nothing}
      ${m.status === 'error' && m.error
        ? html`<div class="card error" part="error" role="alert">
            ${this.errorText(m.error)}
            <div class="actions"><button class="button" @click=${() => this.chat.retry(m.id)}>${this.s('retry')}</button></div>
          </div>`
        : nothing}
    </div>`;
  }

  private renderApproval(m: AssistantMessage): TemplateResult {
    const approval = m.approval!;
    const name = approval.calls.map((c) => this.toolName(c)).join(', ');
    const args = approval.calls.map((c) => c.tool_args ?? c.arguments).filter(Boolean);
    return html`<div class="card" part="approval" role="group" aria-label=${this.s('approvalTitle', { name })}>
      <strong>${this.s('approvalTitle', { name })}</strong>
      ${args.length ? html`<pre>${JSON.stringify(args.length === 1 ? args[0] : args, null, 2)}</pre>` : nothing}
      ${approval.decision
        ? html`<div class="meta">${approval.decision === 'approved' ? this.s('approvedNote') : this.s('deniedNote')}</div>`
        : html`<div class="actions">
            <button class="button" @click=${() => this.chat.decide(m.id, true, this.s('approvedMessage'))}>${this.s('approve')}</button>
            <button class="button secondary" @click=${() => this.chat.decide(m.id, false, this.s('deniedMessage'))}>${this.s('deny')}</button>
          </div>`}
    </div>`;
  }

  private renderSources(m: AssistantMessage): TemplateResult {
    return html`<details class="sources" part="sources">
      <summary class="meta">${this.s('sources', { count: m.sources.length })}</summary>
      <ol>
        ${m.sources.map((source) => {
          const url = typeof source.metadata?.url === 'string' && /^https?:\/\//i.test(source.metadata.url) ? source.metadata.url : undefined;
          return html`<li>
            ${url ? html`<a href=${url} target="_blank" rel="noopener noreferrer">${source.title}</a>` : html`<strong>${source.title}</strong>`}
            ${typeof source.relevance_score === 'number' ? html` <span class="meta">(${this.s('relevance', { value: Math.round(source.relevance_score * 100) })})</span>` : nothing}
            ${source.content_preview ? html`<span class="preview">${source.content_preview}</span>` : nothing}
          </li>`;
        })}
      </ol>
    </details>`;
  }

  private renderHandoffOffer(m: AssistantMessage): TemplateResult {
    return html`<div class="card">
      ${this.handoffSent
        ? html`<span>${this.s('handoffDone')}</span>`
        : html`<span>${this.s('handoffOffer')}</span>
            <div class="actions"><button class="button" @click=${() => this.handoff(m.handoff?.trigger ?? 'service', m.handoff?.reason)}>${this.s('handoffButton')}</button></div>`}
    </div>`;
  }

  private renderMessage(m: ChatMessage): TemplateResult {
    if (m.role === 'user') {
      return html`<div class="msg user" part="user-message"><span class="visually-hidden">${this.s('you')}: </span>${m.text}${m.files.length
          ? html`<div class="files">${paperclipIcon(14)} ${m.files.join(', ')}</div>`
          : nothing}</div>`;
    }
    return this.renderAssistant(m);
  }

  private renderPanel(): TemplateResult {
    const messages = this.chat.messages;
    const lang = this.language;
    return html`<section class="panel" part="panel" aria-label=${this.heading ?? this.s('title')} @keydown=${this.onPanelKeydown}>
      <header part="header">
        <h2><slot name="header">${this.heading ?? this.s('title')}</slot></h2>
        ${messages.length ? html`<button class="icon-button" @click=${() => this.newConversation()}>${this.s('newChat')}</button>` : nothing}
        ${this.handoffTarget && messages.length && !this.handoffSent ? html`<button class="icon-button" @click=${() => this.handoff('user_button')}>${this.s('handoffButton')}</button>` : nothing}
        ${this.mode === 'launcher' ? html`<button class="icon-button close" aria-label=${this.s('close')} @click=${() => void this.setOpen(false)}>${closeIcon(14)}</button>` : nothing}
      </header>
      <div class="log-wrap">
        <div class="log" part="log" role="log" aria-label=${this.s('log')} aria-live="off" tabindex="0" @scroll=${this.onScroll}>
          <div class="log-content">
            ${messages.length
              ? nothing
              : html`<div class="welcome">
                  <slot name="welcome"><p>${this.welcome ?? this.s('welcome')}</p></slot>
                  <div class="suggestions" role="group" aria-label=${this.s('suggestions')} @click=${this.onSuggestionClick}>
                    ${this.suggestions.map((prompt) => html`<button class="chip" data-prompt=${prompt}>${prompt}</button>`)}
                    <slot name="suggestions"></slot>
                  </div>
                </div>`}
            ${messages.length
              ? repeat(messages, (m) => m.id, (m) => this.renderMessage(m))
              : // Not an empty repeat: repeat leaves a comment behind per item it removes
                // (lit/lit#5298); switching to nothing clears the whole old conversation.
                nothing}
          </div>
        </div>
        ${this.awayFromBottom ? html`<button class="button jump" @click=${this.jumpToLatest}>↓ ${this.s('jump')}</button>` : nothing}
      </div>
      <div class="visually-hidden" aria-live="polite" aria-atomic="true">${this.announcement}</div>
      <div class="footer">
        ${this.chat.busy ? html`<div class="bar"><button class="button secondary" @click=${() => this.stop()}>■ ${this.s('stop')}</button></div>` : nothing}
        ${this.fileErrors.length ? html`<ul class="file-errors" role="alert">${this.fileErrors.map((e) => html`<li>${e}</li>`)}</ul>` : nothing}
        <sportello-composer
          part="composer"
          lang=${lang}
          .value=${this.chat.draft}
          ?allow-attachments=${this.accept !== ''}
          accept=${this.accept}
          .attachments=${this.attachments}
          .labels=${this.labelsForComposer()}
          @sportello-composer-send=${this.onSend}
          @sportello-composer-input=${this.onDraft}
          @sportello-composer-attach=${this.onAttach}
          @sportello-composer-remove=${this.onRemove}
        ></sportello-composer>
      </div>
    </section>`;
  }

  private labelsForComposer(): Record<string, string> {
    return this.composerLabels.of({ input: this.s('input'), placeholder: this.placeholder ?? this.s('placeholder'), send: this.s('send'), attach: this.s('attach'), remove: this.s('remove') });
  }

  override render() {
    const problem = this.problem;
    if (problem) return html`<div class="config-error" role="alert" part="error">${this.s('errConfig', { message: problem })}</div>`;
    if (this.mode === 'launcher') {
      return html`${this.open ? this.renderPanel() : nothing}
        <button class="launcher" part="launcher" aria-expanded=${this.open ? 'true' : 'false'} aria-label=${this.open ? this.s('close') : this.s('open')} @click=${() => void this.setOpen(!this.open)}>
          ${this.open ? closeIcon() : chatBubbleIcon()}
        </button>`;
    }
    return this.renderPanel();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sportello-ai-chat': SportelloAiChat;
  }
}
