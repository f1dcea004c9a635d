import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  type AiClient,
  type AiFile,
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

export type AssistantStatus = 'waiting' | 'streaming' | 'done' | 'stopped' | 'error' | 'approval';

export interface ToolActivity {
  name: string;
  args?: Record<string, unknown> | undefined;
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
  ragThinking: string;
  thinking: string;
  sources: RagSource[];
  tools: ToolActivity[];
  approval?: ApprovalRequest | undefined;
  confidence?: { score: number; needsReview: boolean } | undefined;
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
      ragThinking: '',
      thinking: '',
      sources: [],
      tools: [],
      approval: undefined,
      confidence: undefined,
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
      ragThinking: '',
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
    this.display.finish(message.id);
    this.abort = undefined;
    this.persist();
    this.host.requestUpdate();
    this.callbacks.failed?.(message, serviceError);
  }

  private appendText(message: AssistantMessage, text: string): void {
    if (message.status === 'waiting') {
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
        message.ragThinking += event.content ?? '';
        break;
      case 'thinking':
        message.thinking += event.content ?? '';
        break;
      case 'sources':
        message.sources = (event.sources ?? []).filter(
          (s) => s && (s.is_visible !== false || this.settings().includeHiddenSources),
        );
        break;
      case 'tool_call':
        message.tools = [...message.tools, { name: event.tool_name, args: event.tool_args }];
        break;
      case 'tool_approval_required':
        message.approval = { pendingMessageId: event.pending_message_id, calls: event.pending_tool_calls ?? [] };
        message.status = 'approval';
        break;
      // The panel shows a confidence only when it needs review, a handoff decision only when one is
      // requested: the others (most answers end with both) need no host update of their own.
      case 'confidence':
        message.confidence = { score: event.confidence_score, needsReview: Boolean(event.needs_review) };
        if (!message.confidence.needsReview) return;
        break;
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

  private applyWhole(message: AssistantMessage, answer: import('../../services/ai.js').ChatMessageResponse): void {
    if (typeof answer.conversation_id === 'number') this.conversationId = answer.conversation_id;
    if (answer.thinking_content) message.thinking = answer.thinking_content;
    message.sources = (answer.rag_sources ?? []).filter(
      (s) => s.is_visible !== false || this.settings().includeHiddenSources,
    );
    message.tools = (answer.tools_used ?? []).map((name) => ({ name }));
    if (typeof answer.confidence_score === 'number')
      message.confidence = { score: answer.confidence_score, needsReview: Boolean(answer.needs_review) };
    if (answer.pending_tool_approval) {
      message.approval = {
        pendingMessageId: answer.pending_tool_approval.pending_message_id,
        calls: answer.pending_tool_approval.pending_tool_calls ?? [],
      };
      message.status = 'approval';
    }
    if (answer.handoff_requested !== undefined) {
      message.handoff = { requested: Boolean(answer.handoff_requested), reason: answer.handoff_reason ?? undefined };
      if (answer.handoff_requested) this.callbacks.handoff?.(message);
    }
    message.text += answer.content ?? '';
    this.display.append(message.id, answer.content ?? '');
    this.callbacks.usage?.({
      message_id: answer.message_id,
      conversation_id: answer.conversation_id,
      model_used: answer.model_used,
      tokens_input: answer.tokens_input,
      tokens_output: answer.tokens_output,
      latency_ms: answer.latency_ms,
    });
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
            sources: m.sources.map((s) => ({
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
      ragThinking: '',
      thinking: '',
      tools: [],
      request: { message: '' },
      sources: (m.sources ?? []).map((s, i) => ({
        document_id: String(i),
        title: s.title,
        content_preview: s.content_preview,
        relevance_score: s.relevance_score,
        metadata: s.url ? { url: s.url } : {},
      })),
    };
  }
}
