import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  wholeAnswerEvents,
  type AiClient,
  type AiFile,
  type ChatMessageResponse,
  type ChatRequest,
  type ChatStreamEvent,
  type ChatUsage,
  type PendingToolCall,
  type RagSource,
} from '../../services/ai.js';
import { ServiceError, isAbort, isServiceError } from '../../transport/errors.js';
import { ConversationStore, type StoredConversation, type StoredMessage } from './persistence.js';

/** How an answer's text is written: markdown (the default) or html (sanitised when shown). */
export type ContentFormat = 'markdown' | 'html';

/**
 * Where answers are shown. The element owns the DOM (one view per answer); the controller only
 * tells it what arrived, so it holds state and no nodes.
 */
export interface AnswerDisplay {
  /** A new answer, or one started again (retry): whatever shows `id` starts empty. */
  start(id: string, format: ContentFormat): void;
  append(id: string, text: string): void;
  /** All of the text has arrived: resolves once all of it is shown (the display may pace it). */
  complete(id: string): Promise<void>;
  /** Show what arrived, now (stopped, failed, restored). */
  finish(id: string): void;
}

/** A source with its position in the service's list (1-based): what `[n]` markers in the answer cite. */
export type CitedSource = RagSource & { citation: number };

export type AssistantStatus = 'waiting' | 'streaming' | 'done' | 'stopped' | 'error' | 'approval';

/** A tool call's state: running until the answer goes on, waiting for the visitor, or its outcome. */
export type ToolState = 'running' | 'done' | 'approval' | 'denied' | 'error';

export interface ToolActivity {
  name: string;
  args?: Record<string, unknown> | undefined;
  state: ToolState;
  /** What the tool returned, where the service sends it (the spec's `tool_call` has no result field). */
  result?: unknown;
}

export interface ApprovalRequest {
  pendingMessageId: number;
  calls: PendingToolCall[];
  decision?: 'approved' | 'denied' | undefined;
}

export interface UserMessage {
  id: string;
  role: 'user';
  text: string;
  files: string[];
}

export interface AssistantMessage {
  id: string;
  role: 'assistant';
  status: AssistantStatus;
  /** The answer's text as received (markdown or html source). */
  text: string;
  format: ContentFormat;
  /** The retrieval steps (`rag_thinking`: one event per step). */
  ragSteps: string[];
  /** The model's reasoning (`thinking`: streamed in pieces). */
  thinking: string;
  /** When the reasoning began and how long it took (ms, set when the answer itself starts). */
  thinkingStartedAt?: number | undefined;
  thoughtMs?: number | undefined;
  sources: CitedSource[];
  tools: ToolActivity[];
  approval?: ApprovalRequest | undefined;
  confidence?: { score: number; needsReview: boolean; signals?: Record<string, unknown> | undefined } | undefined;
  /** The service's id of this answer (`usage.message_id`), for feedback the page records. */
  serviceMessageId?: number | undefined;
  /** The visitor's rating of the answer (kept on this device only: the spec has no feedback endpoint). */
  rating?: 'up' | 'down' | undefined;
  /** The classification of the question, from the answer's usage (§4.2) or whole answer (§2.2). */
  intent?: string | undefined;
  sentiment?: unknown;
  handoff?: { requested: boolean; reason?: string | undefined; trigger?: string | undefined } | undefined;
  error?: ServiceError | undefined;
  /** What to send again on retry. */
  request: ChatRequest;
}

export type ChatMessage = UserMessage | AssistantMessage;

export interface AiChatSettings {
  /** The client built from the element's resolved configuration (its ServiceClientController); throws what is missing. */
  client: () => AiClient;
  /** Fields every request carries (agent_id or model + system_prompt, template_vars, ...). */
  base: Omit<ChatRequest, 'message'>;
  stream: boolean;
  format: ContentFormat;
  includeHiddenSources: boolean;
  externalConversationId?: string | undefined;
  /** Least ms between two batches of a streamed answer (the display's render interval). */
  renderIntervalMs?: number | undefined;
}

export interface AiChatCallbacks {
  usage?(usage: ChatUsage): void;
  handoff?(message: AssistantMessage): void;
  finished?(message: AssistantMessage): void;
  failed?(message: AssistantMessage, error: ServiceError): void;
}

let counter = 0;
const nextId = () => `m${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * The conversation with the AI service: sends, streams, stops, retries, tool approvals, and what
 * persists across reloads. The element only renders `messages` and calls these methods. Streamed
 * text goes straight to the element's `AnswerDisplay` (which renders it at its own pace); the host
 * is asked to update only when something else changes, not on every token.
 */
export class AiChatController implements ReactiveController {
  messages: ChatMessage[] = [];
  conversationId: number | undefined;
  draft = '';
  private abort: AbortController | undefined;
  private store: ConversationStore | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly settings: () => AiChatSettings,
    private readonly display: AnswerDisplay,
    private readonly callbacks: AiChatCallbacks = {},
  ) {
    host.addController(this);
  }

  get busy(): boolean {
    return this.abort !== undefined;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    // Leaving the page region ends the request; the partial answer stays as stopped.
    if (this.abort) this.stop();
  }

  /** Opens persistence under `key` and restores what was saved there. */
  restore(persist: string | null | undefined, key: string): void {
    this.store = ConversationStore.open(persist, key);
    const saved = this.store.load();
    if (!saved) return;
    this.conversationId = saved.conversationId;
    this.draft = saved.draft ?? '';
    this.messages = saved.messages.map((m) => this.fromStored(m));
    this.host.requestUpdate();
  }

  saveDraft(draft: string): void {
    this.draft = draft;
    this.persist();
  }

  /** Forgets the conversation (new chat). */
  reset(): void {
    if (this.abort) this.stop();
    this.messages = [];
    this.conversationId = undefined;
    this.store?.clear();
    this.host.requestUpdate();
  }

  /**
   * The visitor edited question `id`: what followed it goes, and the new text is asked in the same
   * conversation (the service keeps its own history of the earlier turns: it has no way to branch).
   */
  async resend(id: string, text: string): Promise<void> {
    const index = this.messages.findIndex((m) => m.id === id && m.role === 'user');
    if (index < 0 || !text.trim()) return;
    if (this.abort) this.stop();
    this.messages = this.messages.slice(0, index);
    await this.send(text);
  }

  /** Asks the last answer's question again, into the same answer (a new turn for the service). */
  async regenerate(id: string): Promise<void> {
    const last = this.messages.at(-1);
    if (last?.id !== id || last.role !== 'assistant' || this.abort) return;
    await this.retry(id);
  }

  /** Records the visitor's rating of answer `id` (the page gets it as an event to store). */
  rate(id: string, rating: 'up' | 'down' | undefined): AssistantMessage | undefined {
    const message = this.find(id);
    if (!message) return undefined;
    message.rating = rating;
    this.persist();
    this.host.requestUpdate();
    return message;
  }

  async send(text: string, files: AiFile[] = []): Promise<void> {
    const message = text.trim();
    if (!message && !files.length) return;
    if (this.abort) this.stop();
    this.messages.push({ id: nextId(), role: 'user', text: message, files: files.map((f) => f.filename) });
    const request: ChatRequest = {
      message: message || files.map((f) => f.filename).join(', '),
      ...(files.length ? { files } : {}),
    };
    await this.run(this.newAnswer(request));
  }

  /** Approves or denies the pending tool call of `id`; the answer continues in a new message. */
  async decide(id: string, approved: boolean, label: string): Promise<void> {
    const message = this.find(id);
    if (!message?.approval || message.approval.decision) return;
    message.approval.decision = approved ? 'approved' : 'denied';
    message.status = 'done';
    const request: ChatRequest = {
      message: label,
      tool_approval: { approved, pending_message_id: message.approval.pendingMessageId },
    };
    await this.run(this.newAnswer(request));
  }

  /** Sends the request of a failed, cut or stopped answer again, into the same message. */
  async retry(id: string): Promise<void> {
    const message = this.find(id);
    if (!message || this.abort) return;
    message.text = '';
    this.display.start(message.id, message.format);
    Object.assign(message, {
      status: 'waiting',
      ragSteps: [],
      thinking: '',
      thinkingStartedAt: undefined,
      thoughtMs: undefined,
      sources: [],
      tools: [],
      approval: undefined,
      confidence: undefined,
      intent: undefined,
      sentiment: undefined,
      serviceMessageId: undefined,
      rating: undefined,
      handoff: undefined,
      error: undefined,
    });
    await this.run(message);
  }

  /** Ends the running answer; what arrived stays, marked as stopped. */
  stop(): void {
    const running = this.abort;
    if (!running) return;
    this.abort = undefined;
    running.abort();
    const last = this.messages.at(-1);
    if (last?.role === 'assistant' && (last.status === 'streaming' || last.status === 'waiting')) {
      last.status = 'stopped';
      this.display.finish(last.id);
    }
    this.persist();
    this.host.requestUpdate();
  }

  private find(id: string): AssistantMessage | undefined {
    const message = this.messages.find((m) => m.id === id);
    return message?.role === 'assistant' ? message : undefined;
  }

  private newAnswer(request: ChatRequest): AssistantMessage {
    const settings = this.settings();
    const message: AssistantMessage = {
      id: nextId(),
      role: 'assistant',
      status: 'waiting',
      text: '',
      format: settings.format,
      ragSteps: [],
      thinking: '',
      sources: [],
      tools: [],
      request,
    };
    this.display.start(message.id, message.format);
    this.messages.push(message);
    this.host.requestUpdate();
    return message;
  }

  private fullRequest(request: ChatRequest): ChatRequest {
    const settings = this.settings();
    const full: ChatRequest = {
      ...settings.base,
      ...request,
      response_format: settings.format,
      include_hidden_sources: settings.includeHiddenSources,
    };
    if (this.conversationId !== undefined) full.conversation_id = this.conversationId;
    else if (settings.externalConversationId) full.external_conversation_id = settings.externalConversationId;
    return full;
  }

  private async run(message: AssistantMessage): Promise<void> {
    const settings = this.settings();
    const abort = new AbortController();
    this.abort = abort;
    message.status = 'waiting';
    this.host.requestUpdate();
    let client: AiClient;
    try {
      client = settings.client();
    } catch (error) {
      this.fail(message, error);
      return;
    }
    const request = this.fullRequest(message.request);
    try {
      if (settings.stream) {
        // A batch is what arrived since the last (read off the thread: at most one per the view's
        // base render interval, as the view renders no more often): the text of consecutive deltas
        // goes to the view as one append.
        for await (const batch of client.streamChatBatches(request, abort.signal, {
          batchIntervalMs: settings.renderIntervalMs,
        })) {
          let text: string | undefined; // undefined: no delta since the last other item
          for (const item of batch) {
            if (abort.signal.aborted) return;
            if (item.kind === 'event' && (item.data.type === 'delta' || item.data.type === 'content')) {
              text = (text ?? '') + (item.data.content ?? '');
              continue;
            }
            // Anything else comes after the text before it, in stream order.
            if (text !== undefined) this.appendText(message, text);
            text = undefined;
            if (item.kind === 'cut') throw item.error;
            if (item.kind === 'malformed') {
              console.warn('[sportello] <sportello-ai-chat> skipped an unreadable stream event');
              continue;
            }
            this.apply(message, item.data);
          }
          if (abort.signal.aborted) return;
          if (text !== undefined) this.appendText(message, text);
        }
        if (abort.signal.aborted || (message.status as AssistantStatus) === 'error') return;
        // The rest of the answer is rendered frame by frame (a fast stream may leave a backlog of
        // blocks): the answer is done, and announced, once all of it is on the page.
        await this.display.complete(message.id);
      } else {
        const answer = await client.chat(request, abort.signal);
        this.applyWhole(message, answer);
        // An html answer waits for its sanitiser (loaded on demand); the text is rendered in one go.
        await this.display.complete(message.id);
      }
      if (abort.signal.aborted) return;
      const status = message.status as AssistantStatus;
      if (status === 'error') return;
      this.answerBegins(message);
      if (status !== 'approval') message.status = 'done';
      this.display.finish(message.id);
      this.abort = undefined;
      this.persist();
      this.host.requestUpdate();
      this.callbacks.finished?.(message);
    } catch (error) {
      if (abort.signal.aborted || isAbort(error)) return;
      this.fail(message, error);
    } finally {
      if (this.abort === abort) this.abort = undefined;
    }
  }

  private fail(message: AssistantMessage, error: unknown): void {
    const serviceError = isServiceError(error)
      ? error
      : new ServiceError({
          service: 'ai',
          kind: 'protocol',
          message: error instanceof Error ? error.message : String(error),
          cause: error,
        });
    message.status = 'error';
    message.error = serviceError;
    // A tool still running when the answer failed failed with it.
    if (message.tools.some((t) => t.state === 'running'))
      message.tools = message.tools.map((t) => (t.state === 'running' ? { ...t, state: 'error' } : t));
    this.display.finish(message.id);
    this.abort = undefined;
    this.persist();
    this.host.requestUpdate();
    this.callbacks.failed?.(message, serviceError);
  }

  /**
   * The answer itself begins (text, a tool, an approval, its end): the reasoning before it is over
   * and its time is known, and tools that were running are done.
   */
  private answerBegins(message: AssistantMessage): void {
    if (message.thinkingStartedAt !== undefined && message.thoughtMs === undefined) {
      message.thoughtMs = Math.max(0, performance.now() - message.thinkingStartedAt);
    }
    if (message.tools.some((t) => t.state === 'running'))
      message.tools = message.tools.map((t) => (t.state === 'running' ? { ...t, state: 'done' } : t));
  }

  private appendText(message: AssistantMessage, text: string): void {
    if (message.status === 'waiting') {
      this.answerBegins(message);
      message.status = 'streaming';
      this.host.requestUpdate();
    }
    message.text += text;
    this.display.append(message.id, text);
  }

  private apply(message: AssistantMessage, event: ChatStreamEvent): void {
    switch (event.type) {
      case 'delta':
      case 'content':
        this.appendText(message, event.content ?? '');
        return;
      case 'rag_thinking':
        if (event.content?.trim()) message.ragSteps = [...message.ragSteps, event.content.trim()];
        break;
      case 'thinking':
        message.thinkingStartedAt ??= performance.now();
        message.thinking += event.content ?? '';
        break;
      case 'sources':
        // Numbered in the service's order before hidden ones are left out: `[2]` stays the second.
        message.sources = (event.sources ?? [])
          .map((s, i) => ({ ...s, citation: i + 1 }))
          .filter((s) => s && (s.is_visible !== false || this.settings().includeHiddenSources));
        break;
      case 'tool_call': {
        this.answerBegins(message);
        const result =
          (event as { result?: unknown; tool_result?: unknown }).result ??
          (event as { tool_result?: unknown }).tool_result;
        message.tools = [
          ...message.tools,
          {
            name: event.tool_name,
            args: event.tool_args,
            state: 'running',
            ...(result !== undefined ? { result } : {}),
          },
        ];
        break;
      }
      case 'tool_approval_required':
        this.answerBegins(message);
        message.approval = { pendingMessageId: event.pending_message_id, calls: event.pending_tool_calls ?? [] };
        message.status = 'approval';
        break;
      // A confidence comes at the end of an answer, whose own end updates the panel: no update of
      // its own (nor for a handoff decision that requests nothing).
      case 'confidence': {
        const signals = event.confidence_signals;
        message.confidence = {
          score: event.confidence_score,
          needsReview: Boolean(event.needs_review),
          ...(signals && typeof signals === 'object' && !Array.isArray(signals)
            ? { signals: signals as Record<string, unknown> }
            : {}),
        };
        return;
      }
      case 'handoff_decision':
        message.handoff = {
          requested: Boolean(event.handoff_requested),
          reason: event.handoff_reason,
          trigger: event.handoff_trigger,
        };
        if (!message.handoff.requested) return;
        this.callbacks.handoff?.(message);
        break;
      case 'usage':
        if (typeof event.usage?.conversation_id === 'number') this.conversationId = event.usage.conversation_id;
        if (typeof event.usage?.intent === 'string') message.intent = event.usage.intent;
        if (typeof event.usage?.message_id === 'number') message.serviceMessageId = event.usage.message_id;
        if (event.usage?.sentiment !== undefined && event.usage.sentiment !== null)
          message.sentiment = event.usage.sentiment;
        this.callbacks.usage?.(event.usage);
        // Nothing the panel shows: no host update (the answer's own end updates it).
        return;
      case 'error':
        this.fail(
          message,
          new ServiceError({
            service: 'ai',
            kind: 'protocol',
            code: event.code ?? 'stream_error',
            message: event.error || 'The answer failed',
          }),
        );
        return;
      case 'done':
        return;
    }
    this.host.requestUpdate();
  }

  /** A whole answer (§2.2) goes through the same steps as a stream of it. */
  private applyWhole(message: AssistantMessage, answer: ChatMessageResponse): void {
    for (const event of wholeAnswerEvents(answer)) this.apply(message, event);
  }

  private persist(): void {
    if (!this.store) return;
    const messages: StoredMessage[] = this.messages.map((m) =>
      m.role === 'user'
        ? { role: 'user', text: m.text, files: m.files }
        : {
            role: 'assistant',
            text: m.text,
            format: m.format,
            status: m.status === 'error' ? 'error' : m.status === 'stopped' ? 'stopped' : 'done',
            ...(m.rating ? { rating: m.rating } : {}),
            ...(m.serviceMessageId !== undefined ? { messageId: m.serviceMessageId } : {}),
            sources: m.sources.map((s) => ({
              citation: s.citation,
              title: s.title,
              content_preview: s.content_preview,
              relevance_score: s.relevance_score,
              url: typeof s.metadata?.url === 'string' ? s.metadata.url : undefined,
            })),
          },
    );
    const value: StoredConversation = { conversationId: this.conversationId, messages, draft: this.draft };
    this.store.save(value);
  }

  private fromStored(m: StoredMessage): ChatMessage {
    if (m.role === 'user') return { id: nextId(), role: 'user', text: m.text, files: m.files ?? [] };
    const id = nextId();
    const format = m.format ?? 'markdown';
    this.display.start(id, format);
    this.display.append(id, m.text);
    this.display.finish(id);
    return {
      id,
      role: 'assistant',
      status: m.status === 'stopped' ? 'stopped' : 'done',
      text: m.text,
      format,
      ragSteps: [],
      thinking: '',
      tools: [],
      request: { message: '' },
      rating: m.rating === 'up' || m.rating === 'down' ? m.rating : undefined,
      serviceMessageId: typeof m.messageId === 'number' ? m.messageId : undefined,
      sources: (m.sources ?? []).map((s, i) => ({
        citation: s.citation ?? i + 1,
        document_id: String(i),
        title: s.title,
        content_preview: s.content_preview,
        relevance_score: s.relevance_score,
        metadata: s.url ? { url: s.url } : {},
      })),
    };
  }
}
