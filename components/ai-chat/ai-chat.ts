import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { SportelloElement } from '../shared/sportello-element.js';
import { tokens } from '../shared/tokens.styles.js';
import '../shared/composer.js';
import { aiChatStyles, controlStyles } from './ai-chat.styles.js';
import { t, type AiChatStringKey } from './strings.js';
import { answerDetail } from './events.js';
import { AiChatController } from '../../src/controllers/ai/ai-chat-controller.js';
import type { AssistantMessage } from '../../src/model/ai/messages.js';
import type { ServiceError } from '../../src/transport/errors.js';
import type { AiFile } from '../../src/services/ai.js';
import { AnswerViews } from './parts/answer-views.js';
import { CodeBlocks } from './parts/code-blocks.js';
import { CitationLinks } from './parts/citations.js';
import { AnswerActions } from './parts/answer-actions.js';
import { PanelView, type PanelHandlers } from './parts/panel-view.js';
import { PastPanel } from './parts/past-panel.js';
import { findHandoffTarget, handOver } from './parts/handoff.js';
import { ANSWER_FAILURE, renderMessage, type AnswerContext } from './parts/answer.js';
import { errorSentence } from '../shared/error-text.js';
import { DEFAULT_ACCEPT } from './parts/attachments.js';
import { ComposerInput } from './parts/composer-input.js';
import { FeedbackForms } from './parts/feedback.js';
import { VersionPicker } from './parts/versions.js';
import { renderFollowUps } from './parts/follow-ups.js';
import { renderQuestionImages } from './parts/question-images.js';
import { ConversationOutput } from './parts/conversation-output.js';
import { DEFAULT_FOLLOW_UP_TOOL } from '../../src/model/ai/follow-ups.js';
import './parts/ai-thread.js';
import type { SportelloAiThread } from './parts/ai-thread.js';
import type { ChatListItem } from '../shared/message-list.js';
import {
  booleanDefaultTrue,
  chatSettings,
  configProblem,
  healedByConfiguration,
  ownAttributes,
  persistKey,
  suggestionList,
  type AiChatAttributes,
} from './parts/settings.js';
import type { AiClient } from '../../src/services/ai.js';
import type { SourceApp } from '../../src/transport/auth.js';
import { aiClientFor } from '../../src/controllers/clients/ai-client.js';
import { missingEndpoint } from '../../src/controllers/clients/missing-endpoint.js';
import { errorNoticeStyles } from '../shared/error-notice.js';
import {
  ConfigurationError,
  isConfigurationError,
  ServiceClientController,
} from '../../src/controllers/service-client.js';

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
 * @event {CustomEvent<AiCitationDetail>} sportello-citation - `{ citation, source }` when the visitor activates a citation marker of an answer (the panel also opens its sources at that one); a page showing the cited document can bring the passage into view (`source.metadata`).
 * @event {CustomEvent<ChatUsage>} sportello-usage - The stream's `usage` object (tokens, latency, ids) after each answer.
 * @event {CustomEvent<AiMessageDetail>} sportello-ai-message - `{ role, text, conversationId }` for each question sent and each answer finished; an answer adds `intent`, `sentiment`, `confidence` and `needsReview` as the service returns them.
 * @event {CustomEvent<AiFeedbackDetail>} sportello-feedback - `{ rating, messageId, conversationId, answer, question }` when the visitor rates an answer (thumbs up/down, `null` when taken back), and again with `reason` and `comment` when they say why in the form that follows. The AI service's spec shows no feedback endpoint: the page records it.
 * @event {CustomEvent<SportelloErrorDetail>} sportello-error - `{ error, operation }` for every failure shown in the panel.
 *
 * @csspart panel - The panel box.
 * @csspart header - The header bar.
 * @csspart log - The scrolling message list (a `log` live region).
 * @csspart user-message - A question of the visitor.
 * @csspart assistant-message - An answer bubble.
 * @csspart sources - The sources of an answer.
 * @csspart answer-actions - Copy, regenerate and rating buttons under an answer.
 * @csspart feedback - The form after a rating (a reason and a comment), or its thanks once sent.
 * @csspart follow-ups - The service's suggested follow-up questions under the last answer.
 * @csspart export - The header's button that downloads the conversation as Markdown.
 * @csspart print - The header's button that prints the conversation alone (the browser's print dialog, or its "Save as PDF").
 * @csspart tool - A tool call's card.
 * @csspart confidence - An answer's confidence and what it is based on.
 * @csspart approval - A tool approval prompt.
 * @csspart error - An error message with retry.
 * @csspart composer - The message composer.
 * @csspart launcher - The launcher bubble (`mode="launcher"`).
 *
 * @attr preload - Launcher mode through the small loader (`sportello.js`, `ai-launcher.js`): load the panel when the browser is idle, before the visitor shows intent (default: only on intent — a pointer over or focus on the bubble, a touch, a click, `open`).
 *
 * @cssstate open - The panel is shown (always inline; launcher mode while open).
 * @cssstate loading - Waiting for the first words of an answer.
 * @cssstate streaming - An answer is being written.
 * @cssstate error - The last answer failed, or the configuration is wrong.
 *
 * @cssproperty --sportello-ai-chat-height - Height of the panel (default 560px).
 * @cssproperty --sportello-ai-chat-width - Width of the launcher panel (default 400px).
 * @cssproperty --sportello-accent - Accent colour (and the other `--sportello-*` tokens).
 */
export class SportelloAiChat extends SportelloElement {
  static override styles = [tokens, controlStyles, errorNoticeStyles, aiChatStyles];
  static override service = 'ai' as const;

  /** Agent mode: the agent to talk to. */
  @property({ type: Number, attribute: 'agent-id' }) agentId?: number;
  /** Direct mode (no agent): model name, with `system-prompt`. */
  @property() model?: string;
  /** Direct mode (no agent): the system prompt sent with `model` (`system_prompt`). */
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
  /**
   * `session` or `local`: keep the conversation, its ratings and the draft across reloads, and the
   * visitor's earlier conversations (up to 20) in a list under the header's History button: titled
   * by the service's title (`GET /conversations/{id}`) or else their first question, dated,
   * reopened from what this device kept and continued under their conversation id, deletable one
   * by one or all at once. The AI service's spec has no endpoint for a conversation's messages:
   * this history lives on the visitor's device only.
   */
  @property() persist?: string;
  /** The page's own conversation id (sent as `external_conversation_id`). */
  @property({ attribute: 'external-conversation-id' }) externalConversationId?: string;
  /** The question field's placeholder (default: the catalogue's "Ask a question…" in the panel's language). */
  @property() placeholder?: string;
  /** Welcome text (the `welcome` slot replaces it). */
  @property() welcome?: string;
  /** Suggested prompts as a JSON array of strings (or use the `suggestions` slot). */
  @property({ converter: suggestionList }) suggestions: string[] = [];
  /** Title shown in the header. */
  @property() heading?: string;
  /** id of a `<sportello-live-chat>` to open on handoff. */
  @property({ attribute: 'handoff-target' }) handoffTarget?: string;
  /** Passed on handoff so the operator knows who is writing. */
  @property({ attribute: 'visitor-name' }) visitorName?: string;
  /** Passed on handoff, with `visitor-name`: the visitor's e-mail in the live chat. */
  @property({ attribute: 'visitor-email' }) visitorEmail?: string;
  /** `inline` (default) or `launcher` (a bubble that opens the panel). */
  @property({ reflect: true }) mode: string = 'inline';
  /** Launcher mode: whether the panel is open. */
  @property({ type: Boolean, reflect: true }) open = false;
  /** Accepted attachments (file input `accept` syntax); empty string disables attachments. */
  @property() accept = DEFAULT_ACCEPT;
  /** Largest attachment, in bytes (default 10 MB): a larger file is refused in the panel, in the visitor's words. */
  @property({ type: Number, attribute: 'max-file-size' }) maxFileSize = 10 * 1024 * 1024;
  /** Most attachments on one question (default 5). */
  @property({ type: Number, attribute: 'max-files' }) maxFiles = 5;
  /**
   * Least milliseconds between two renders of a streaming answer (growing up to 4× for answers
   * past 32 KB). Every render lays out and paints the answer; 0 renders on every animation frame.
   * The stream worker hands new text to the page no more often (16 ms at least).
   */
  @property({ type: Number, attribute: 'render-interval' }) renderInterval = 50;
  /**
   * Longest silence of a streaming answer, in milliseconds (default 30 000; 0: wait for ever). A
   * stream can hang after it began (a stuck model or proxy) with its connection open: after this
   * long without a byte the request is dropped, what arrived stays, marked as stopped in the
   * visitor's words, with a Retry that asks the same question again.
   */
  @property({ type: Number, attribute: 'stall-timeout' }) stallTimeout = 30_000;
  /**
   * The tool whose calls carry suggested follow-ups: a `tool_call` of it with `tool_args.questions`
   * (strings) shows them as buttons under the last answer, instead of a tool card. The spec's chat
   * response has no field for suggestions; an agent gives them by function calling. Empty: none.
   * The panel never makes a suggestion up.
   */
  @property({ attribute: 'follow-up-tool' }) followUpTool = DEFAULT_FOLLOW_UP_TOOL;

  @state() private announcement = '';
  @state() private handoffSent = false;

  /** Code blocks of answers: language, copy button, highlighting once complete. */
  private readonly codeBlocks = new CodeBlocks(() => ({ copy: this.s('copyCode'), copied: this.s('copied') }));
  /** The answers' DOM (one markdown view each); the controller feeds it. */
  private readonly views = new AnswerViews(() => this.renderInterval, this.codeBlocks.decorate);
  /** The header's download and print (parts/conversation-output.ts). */
  private readonly output = new ConversationOutput(this, {
    messages: () => this.chat.messages,
    title: () => this.heading ?? this.s('title'),
    s: (key, params) => this.s(key, params),
    announce: (text) => (this.announcement = text),
    views: this.views,
  });
  private readonly chat = new AiChatController(
    this,
    () => chatSettings(this.attributesNow(), () => this.aiClient()),
    this.views,
    {
      usage: (usage) => this.emit('sportello-usage', usage),
      // The visitor asked for a person in words: hand over at once. Other triggers (low confidence,
      // out of scope) only offer it, and the visitor decides.
      handoff: (message) => {
        if (message.handoff?.trigger === 'user_request' && !this.handoffSent)
          void this.handoff('user_request', message.handoff.reason);
        else this.requestUpdate();
      },
      finished: (message) => this.onFinished(message),
      failed: (message, error) => this.onFailed(message, error),
    },
  );
  /** Attachments, file refusals and the draft (composer-input.ts). */
  private readonly composer = new ComposerInput(
    this,
    () => ({ accept: this.accept, maxFileSize: this.maxFileSize, maxFiles: this.maxFiles, speaker: this }),
    (draft) => this.chat.history.saveDraft(draft),
  );
  /** Copy, rate, edit and resend (answer-actions.ts). */
  private readonly actions = new AnswerActions(this, {
    chat: this.chat,
    thread: () => this.thread,
    feedback: (detail) => this.emit('sportello-feedback', detail),
    asked: (text) =>
      this.emit('sportello-ai-message', { role: 'user', text, conversationId: this.chat.conversationId }),
    rated: () => (this.announcement = this.s('feedbackThanks')),
    retain: (ids) => this.views.retain(ids),
  });
  /** The reason and comment after a rating (feedback.ts). */
  private readonly feedbackForms = new FeedbackForms(this, {
    chat: this.chat,
    feedback: (detail) => this.emit('sportello-feedback', detail),
    root: () => this.thread?.shadowRoot,
    s: (key) => this.s(key),
  });
  /** An edited question's versions, switched with Previous and Next (versions.ts). */
  private readonly versionPicker = new VersionPicker({
    history: this.chat.history,
    busy: () => this.chat.busy,
    root: () => this.thread?.shadowRoot,
    rendered: async () => {
      await this.updateComplete;
      await this.thread?.updateComplete;
    },
    s: (key, params) => this.s(key, params),
    announce: (text) => (this.announcement = text),
  });
  /** The list of kept conversations (past-panel.ts). */
  private readonly past = new PastPanel(this, {
    history: this.chat.history,
    s: (key, params) => this.s(key, params),
    language: () => this.language,
    root: () => this.renderRoot,
    announce: (text) => (this.announcement = text),
    shown: () => {
      // Another conversation (or none) is in the panel: the old answers' DOM goes, a hand-off may be offered again.
      this.views.retain(this.chat.messages.map((m) => m.id));
      this.handoffSent = false;
    },
    newConversation: () => this.newConversation(),
  });
  private restoredKey: string | undefined;
  /** configProblem() as of this update (willUpdate works it out once; render reads it). */
  private problem: ConfigurationError | undefined;

  /** Sends a question as if the visitor typed it. */
  ask(text: string): Promise<void> {
    return this.sendQuestion(text, []);
  }

  /** Stops the answer being written. */
  stop(): void {
    this.chat.stop();
  }

  /** Starts a new conversation; with `persist`, the one before stays in the list of kept conversations. */
  newConversation(): void {
    this.chat.history.startNew();
    this.views.retain([]);
    this.handoffSent = false;
  }

  /** Hands the conversation to a person: emits `sportello-handoff` and opens the `handoff-target` chat. */
  async handoff(trigger = 'button', reason?: string): Promise<void> {
    this.handoffSent = true;
    try {
      await handOver({
        messages: this.chat.messages,
        answerText: (id, atLeast) => this.views.plainText(id, atLeast),
        speakers: { user: t(this, 'you'), assistant: t(this, 'assistant') },
        conversationId: this.chat.conversationId,
        trigger,
        reason,
        name: this.visitorName,
        email: this.visitorEmail,
        announce: (detail) => this.emit('sportello-handoff', detail, { cancelable: true }),
        target: findHandoffTarget(this, this.handoffTarget),
      });
    } catch (error) {
      this.reportError('handoff', error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Launcher mode: opens the panel and moves focus into it, as the bubble does. */
  async show(): Promise<void> {
    // After the first update: an `open` the page set before the element was defined is applied then.
    await this.updateComplete;
    return this.setOpen(true);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.restore();
  }

  /**
   * The small loader (launcher.ts) may have painted the closed bubble in this element's shadow root
   * before the panel was defined: the panel renders afresh in the same root, and the focus the
   * bubble had (the focus that fetched the panel) moves to the panel's own bubble.
   */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const bubbleFocused = !!this.shadowRoot?.activeElement;
    this.shadowRoot?.replaceChildren();
    const root = super.createRenderRoot();
    if (bubbleFocused)
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('.launcher')?.focus());
    return root;
  }

  /** `[n]` markers of finished answers linked to their sources (citations.ts). */
  private readonly citations = new CitationLinks();

  protected override updated(): void {
    // The panel renders once its language's strings are loaded: built code bars follow it here.
    this.codeBlocks.relabel(this.views.roots());
    this.citations.update(this.chat.messages, (id) => this.views.view(id)?.root, this.thread?.updateComplete);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (
      changed.has('persist') ||
      changed.has('agentId') ||
      changed.has('externalConversationId') ||
      changed.has('endpoint')
    )
      this.restore();
    const problem = this.configProblem();
    // The same problem keeps its object, so the notice is not drawn anew on every update.
    if (problem !== this.problem?.message) this.problem = problem ? new ConfigurationError(problem) : undefined;
    this.reportConfigProblem(this.problem);
  }

  // ------------------------------------------------------------------ configuration

  /** The attributes that shape requests, with the endpoint resolved from the configuration. */
  private attributesNow(): AiChatAttributes {
    const config = this.config;
    return {
      ...ownAttributes(this),
      endpoint: config.endpoint,
      tokenProvider: config.tokenProvider,
      language: this.language,
    };
  }

  private configProblem(): string | undefined {
    return configProblem(this.attributesNow());
  }

  /**
   * The AI client from the resolved configuration, rebuilt when that changes. An answer that failed
   * for want of credentials or with a wrong endpoint is asked again with the new one (the service
   * did not answer it, so nothing is asked twice).
   */
  private readonly clients = new ServiceClientController<AiClient>(this, () => this.config, {
    build: (config) => aiClientFor(config, { apiKey: this.apiKey, sourceApp: this.sourceApp as SourceApp }),
    inputs: () => [this.apiKey, this.sourceApp],
    changed: () => this.retryFailedByConfiguration(),
  });

  private aiClient(): AiClient {
    const client = this.clients.client;
    if (!client) throw this.clients.problem ?? missingEndpoint('endpoint', 'the AI service base URL');
    return client;
  }

  /** The last answer failed with the old configuration (credentials, endpoint): ask it again, no click needed. */
  private retryFailedByConfiguration(): void {
    const last = this.chat.messages.at(-1);
    if (last?.role !== 'assistant' || last.status !== 'error' || !last.error) return;
    if (healedByConfiguration(last.error, isConfigurationError)) void this.chat.retry(last.id);
  }

  /** `:state(open)`, `:state(loading)` (waiting for an answer), `:state(streaming)`, `:state(error)`. */
  protected override states(): Record<string, boolean> {
    const last = this.chat.messages.at(-1);
    const status = last?.role === 'assistant' ? last.status : undefined;
    return {
      open: this.mode !== 'launcher' || this.open,
      loading: status === 'waiting',
      streaming: status === 'streaming',
      error: status === 'error' || !!this.problem,
    };
  }

  private restore(): void {
    const key = persistKey(this.attributesNow(), this.id);
    if (!this.persist || key === this.restoredKey) return;
    this.restoredKey = key;
    this.chat.history.restore(this.persist, key);
  }

  // ------------------------------------------------------------------ events from the view

  private async onSend(e: CustomEvent<{ text: string }>): Promise<void> {
    if (this.configProblem()) {
      e.preventDefault();
      return;
    }
    const files = this.composer.takeFiles();
    await this.sendQuestion(e.detail.text, files);
  }

  /** Every question, typed, chosen or asked by the page: refusals of earlier files are history now. */
  private sendQuestion(text: string, files: AiFile[]): Promise<void> {
    this.composer.sent();
    this.emit('sportello-ai-message', { role: 'user', text, conversationId: this.chat.conversationId });
    void this.thread?.scrollToEnd();
    return this.chat.send(text, files);
  }

  /** A suggested follow-up, pressed: asked as typed, and the focus goes to the composer (the buttons go). */
  private async askFollowUp(question: string): Promise<void> {
    const asked = this.ask(question);
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('sportello-composer')?.focus();
    await asked;
  }

  private onSuggestionClick(e: Event): void {
    const target = (e.target as Element | null)?.closest?.('[data-prompt]');
    const prompt = target?.getAttribute('data-prompt');
    if (prompt) void this.ask(prompt);
  }

  private onFinished(message: AssistantMessage): void {
    const text = this.views.plainText(message.id, 401);
    // One polite announcement per finished answer, not one per token.
    this.announcement = t(this, 'answerReady', { text: text.length > 400 ? `${text.slice(0, 400)}…` : text });
    this.emit('sportello-ai-message', answerDetail(message, this.chat.conversationId));
  }

  private onFailed(_message: AssistantMessage, error: ServiceError): void {
    this.announcement = errorSentence(this, error, ANSWER_FAILURE);
    this.reportError('chat', error);
  }

  /**
   * Opened or closed by the visitor (bubble, close button, Escape): focus goes into the panel's
   * composer, and back to the bubble on close. A page setting `open` moves no focus.
   */
  private async setOpen(open: boolean): Promise<void> {
    this.open = open;
    await this.updateComplete;
    const target = open
      ? this.renderRoot.querySelector('sportello-composer')
      : this.renderRoot.querySelector('.launcher');
    (target as HTMLElement | null)?.focus();
  }

  private onPanelKeydown = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || this.mode !== 'launcher' || !this.open) return;
    e.stopPropagation();
    void this.setOpen(false);
  };

  private get thread(): SportelloAiThread | null {
    return this.renderRoot.querySelector('sportello-ai-thread');
  }

  // ------------------------------------------------------------------ rendering

  private s(key: AiChatStringKey, params?: Record<string, string | number>): string {
    // The element itself: its own `strings` and its `<sportello-config>`'s count (src/i18n/translate.ts).
    return t(this, key, params);
  }

  /** What the message templates need, once per render. */
  private answerContext(): AnswerContext {
    return {
      s: (key, params) => this.s(key, params),
      chat: this.chat,
      views: this.views,
      handoffSent: this.handoffSent,
      handoff: (trigger, reason) => void this.handoff(trigger, reason),
      speaker: this,
      busy: this.chat.busy,
      copied: this.actions.copied,
      copy: (key, text) => void this.actions.copy(key, text),
      rate: (message, rating) => {
        this.actions.rate(message, rating);
        this.feedbackForms.rated(message, rating);
      },
      editing: this.actions.editing,
      editError: this.actions.editCheck.showing,
      edit: (id) => void this.actions.edit(id),
      editInput: (text) => this.actions.editInput(text),
      // Leaving for Cancel is no mistake to point out: the editor closes.
      editBlur: (text, to) => {
        if (!(to instanceof Element && to.classList.contains('cancel-edit'))) this.actions.editBlur(text);
      },
      resend: (id, text) => this.actions.resend(id, text),
      retry: (id) => {
        void this.chat.retry(id);
        void this.thread?.scrollToEnd();
      },
      feedbackForm: (m) => this.feedbackForms.render(m),
      followUps: (m) =>
        renderFollowUps(
          {
            s: (key) => this.s(key),
            latest: (message) => !this.chat.busy && this.chat.messages.at(-1) === message,
            ask: (question) => void this.askFollowUp(question),
          },
          m,
        ),
      questionImages: (m) => renderQuestionImages(m),
      versions: (m) => this.versionPicker.render(m, this.chat.messages.indexOf(m)),
    };
  }

  override render() {
    // In the visitor's words, as every element says it; the detail is for the integrator's console.
    if (this.problem)
      return html`<sportello-error-notice class="config-error" .error=${this.problem} .speaker=${this}></sportello-error-notice>`;
    const messages = this.chat.messages;
    return this.view.render(
      {
        s: (key, params) => this.s(key, params),
        lang: this.language,
        heading: this.heading,
        welcome: this.welcome,
        placeholder: this.placeholder,
        suggestions: this.suggestions,
        launcher: this.mode === 'launcher',
        open: this.open,
        messages,
        offerHandoff: !!this.handoffTarget && messages.length > 0 && !this.handoffSent,
        busy: this.chat.busy,
        announcement: this.announcement,
        fileErrors: this.composer.fileErrors,
        draft: this.chat.history.draft,
        accept: this.accept,
        attachments: this.composer.attachments,
        renderBody: this.renderBody,
        ...this.past.render(!!this.persist),
      },
      this.handlers,
    );
  }

  /** The list's `renderBody`: a message's body from the controller's state (stable, so rows re-render only with their items). */
  private readonly renderBody = (item: ChatListItem): unknown => {
    const message = this.chat.messages.find((m) => m.id === item.key);
    return message ? renderMessage(this.answerContext(), message) : nothing;
  };

  private readonly view = new PanelView();

  private readonly handlers: PanelHandlers = {
    newConversation: () => this.newConversation(),
    exportConversation: () => this.output.download(),
    printConversation: () => this.output.print(),
    togglePast: () => void this.past.toggle(),
    handoff: () => void this.handoff('user_button'),
    setOpen: (open) => void this.setOpen(open),
    keydown: (e) => this.onPanelKeydown(e),
    suggestion: (e) => this.onSuggestionClick(e),
    stop: () => this.stop(),
    send: (e) => void this.onSend(e),
    draft: (e) => this.composer.draft(e.detail.value),
    attach: (e) => void this.composer.attach(e.detail.files),
    remove: (e) => this.composer.remove(e.detail.key),
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'sportello-ai-chat': SportelloAiChat;
  }
}
