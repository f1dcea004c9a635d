/**
 * One answer of the AI service at a time: the request as the service gets it (the element's
 * settings, the conversation it continues), the stream or the whole answer poured into the message
 * and its display, a stop, a failure. What was asked before and what is kept are the history's
 * (controllers/ai/conversation-history.ts), what to ask next the visitor's turns
 * (controllers/ai/ai-chat-controller.ts): a run knows only its own message.
 */
import type { AiClient, ChatRequest, ChatUsage } from '../../services/ai.js';
import { ServiceError, isAbort, isServiceError } from '../../transport/errors.js';
import { answerBegins, appendText, applyEvent, applyWhole, type AnswerEventContext } from './answer-events.js';
import {
  nextId,
  type AnswerDisplay,
  type AssistantMessage,
  type AssistantStatus,
  type ChatMessage,
  type ContentFormat,
} from './messages.js';

/** What an answer is asked with: the element's settings when it starts. */
export interface AnswerSettings {
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
  /** Longest silence of a streamed answer once it began, in ms (0: wait for ever): then it ends as stalled. */
  stallTimeoutMs?: number | undefined;
  /** The tool whose calls suggest follow-ups (`follow-up-tool`); none: no suggestions. */
  followUpTool?: string | undefined;
}

/** What a run tells the conversation it belongs to. */
export interface AnswerRunHooks {
  /** Something the element shows changed (not each streamed token: those go to the display). */
  changed(): void;
  /** The conversation the answer continues, if the service gave it one already. */
  conversationId(): number | undefined;
  /** The service named the conversation (its first answer). */
  conversationStarted(id: number): void;
  /** What the service is told for `question` when it is asked (each time: a retry is asked anew). */
  told?(question: string): string;
  usage?(usage: ChatUsage): void;
  handoff?(message: AssistantMessage): void;
  /** The answer is whole (done, or waiting for a tool approval), asked through `client`. */
  finished(message: AssistantMessage, client: AiClient): void;
  failed(message: AssistantMessage, error: ServiceError): void;
}

export class AnswerRun {
  private abort: AbortController | undefined;

  constructor(
    private readonly settings: () => AnswerSettings,
    private readonly display: AnswerDisplay,
    private readonly hooks: AnswerRunHooks,
  ) {}

  /** What the answer's events reach beyond the answer (answer-events.ts). */
  private readonly events: AnswerEventContext = {
    display: this.display,
    includeHiddenSources: () => this.settings().includeHiddenSources,
    requestUpdate: () => this.hooks.changed(),
    conversation: (id) => this.hooks.conversationStarted(id),
    usage: (usage) => this.hooks.usage?.(usage),
    handoff: (message) => this.hooks.handoff?.(message),
    fail: (message, error) => this.fail(message, error),
    followUpTool: () => this.settings().followUpTool,
  };

  /** An answer is under way. */
  get busy(): boolean {
    return this.abort !== undefined;
  }

  /** A new, empty answer to `request`, started on the display (the conversation adds it to its messages). */
  create(request: ChatRequest): AssistantMessage {
    const message: AssistantMessage = {
      id: nextId(),
      role: 'assistant',
      status: 'waiting',
      text: '',
      format: this.settings().format,
      ragSteps: [],
      thinking: '',
      sources: [],
      tools: [],
      request,
    };
    this.display.start(message.id, message.format);
    return message;
  }

  /** Empties a failed, cut or stopped answer, to ask its request again into the same message. */
  clear(message: AssistantMessage): void {
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
      feedback: undefined,
      followUps: undefined,
      handoff: undefined,
      error: undefined,
    });
  }

  /**
   * Ends the running answer, if any: `last` (the conversation's last message), when it is an answer
   * still arriving, stays with what arrived, marked as stopped. False when nothing was running.
   */
  stop(last: ChatMessage | undefined): boolean {
    const running = this.abort;
    if (!running) return false;
    this.abort = undefined;
    running.abort();
    if (last?.role === 'assistant' && (last.status === 'streaming' || last.status === 'waiting')) {
      last.status = 'stopped';
      this.display.finish(last.id);
    }
    return true;
  }

  /** Asks the service for `message`'s request and fills the message with the answer. */
  async run(message: AssistantMessage): Promise<void> {
    const settings = this.settings();
    const abort = new AbortController();
    this.abort = abort;
    message.status = 'waiting';
    this.hooks.changed();
    let client: AiClient;
    try {
      client = settings.client();
    } catch (error) {
      this.fail(message, error);
      return;
    }
    const request = this.fullRequest(settings, message.request);
    try {
      if (settings.stream) {
        // A batch is what arrived since the last (read off the thread: at most one per the view's
        // base render interval, as the view renders no more often): the text of consecutive deltas
        // goes to the view as one append.
        for await (const batch of client.streamChatBatches(request, abort.signal, {
          batchIntervalMs: settings.renderIntervalMs,
          idleTimeoutMs: settings.stallTimeoutMs,
        })) {
          let text: string | undefined; // undefined: no delta since the last other item
          for (const item of batch) {
            if (abort.signal.aborted) return;
            if (item.kind === 'event' && (item.data.type === 'delta' || item.data.type === 'content')) {
              text = (text ?? '') + (item.data.content ?? '');
              continue;
            }
            // Anything else comes after the text before it, in stream order.
            if (text !== undefined) appendText(this.events, message, text);
            text = undefined;
            if (item.kind === 'cut') throw item.error;
            if (item.kind === 'malformed') {
              console.warn('[sportello] <sportello-ai-chat> skipped an unreadable stream event');
              continue;
            }
            applyEvent(this.events, message, item.data);
          }
          if (abort.signal.aborted) return;
          if (text !== undefined) appendText(this.events, message, text);
        }
        if (abort.signal.aborted || (message.status as AssistantStatus) === 'error') return;
        // The rest of the answer is rendered frame by frame (a fast stream may leave a backlog of
        // blocks): the answer is done, and announced, once all of it is on the page.
        await this.display.complete(message.id);
      } else {
        const answer = await client.chat(request, abort.signal);
        applyWhole(this.events, message, answer);
        // An html answer waits for its sanitiser (loaded on demand); the text is rendered in one go.
        await this.display.complete(message.id);
      }
      if (abort.signal.aborted) return;
      const status = message.status as AssistantStatus;
      if (status === 'error') return;
      answerBegins(message);
      if (status !== 'approval') message.status = 'done';
      this.display.finish(message.id);
      this.abort = undefined;
      this.hooks.finished(message, client);
    } catch (error) {
      if (abort.signal.aborted || isAbort(error)) return;
      this.fail(message, error);
    } finally {
      if (this.abort === abort) this.abort = undefined;
    }
  }

  private fullRequest(settings: AnswerSettings, request: ChatRequest): ChatRequest {
    const full: ChatRequest = {
      ...settings.base,
      ...request,
      response_format: settings.format,
      include_hidden_sources: settings.includeHiddenSources,
    };
    // A tool approval answers a named conversation's pending call: its message is a label, not a question.
    if (!request.tool_approval && this.hooks.told) full.message = this.hooks.told(request.message);
    const conversationId = this.hooks.conversationId();
    if (conversationId !== undefined) full.conversation_id = conversationId;
    else if (settings.externalConversationId) full.external_conversation_id = settings.externalConversationId;
    return full;
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
    this.hooks.failed(message, serviceError);
  }
}
