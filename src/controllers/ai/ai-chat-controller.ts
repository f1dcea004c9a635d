import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AiFile, ChatRequest, ChatUsage } from '../../services/ai.js';
import type { ServiceError } from '../../transport/errors.js';
import { AnswerRun, type AnswerSettings } from '../../model/ai/answer-run.js';
import {
  nextId,
  type AnswerDisplay,
  type AnswerFeedback,
  type AssistantMessage,
  type ChatMessage,
} from '../../model/ai/messages.js';
import { AiConversationHistory } from './conversation-history.js';

export interface AiChatCallbacks {
  usage?(usage: ChatUsage): void;
  handoff?(message: AssistantMessage): void;
  finished?(message: AssistantMessage): void;
  failed?(message: AssistantMessage, error: ServiceError): void;
}

/**
 * The visitor's turns on the conversation with the AI service: send, edit and resend, regenerate,
 * retry, stop, tool approvals, ratings. Each answer is run by an `AnswerRun` (model/ai/answer-run.ts):
 * streamed text goes straight to the element's `AnswerDisplay`, and the host is asked to update only
 * when something else changes, not on every token. What was asked and answered, in which version
 * of the thread, and what persists across reloads is the `history` (conversation-history.ts), which
 * the element reads for the versions and the kept conversations. The element renders `messages`.
 */
export class AiChatController implements ReactiveController {
  /** The thread's versions, the draft, the kept conversations. */
  readonly history: AiConversationHistory;
  /** The answer being asked, one at a time. */
  private readonly answers: AnswerRun;

  constructor(
    private readonly host: ReactiveControllerHost,
    settings: () => AnswerSettings,
    display: AnswerDisplay,
    callbacks: AiChatCallbacks = {},
  ) {
    this.history = new AiConversationHistory({
      display,
      requestUpdate: () => host.requestUpdate(),
      busy: () => this.busy,
      stop: () => this.stop(),
    });
    const history = this.history;
    this.answers = new AnswerRun(settings, display, {
      changed: () => host.requestUpdate(),
      conversationId: () => history.conversationId,
      conversationStarted: (id) => (history.conversationId = id),
      told: (question) => history.told(question),
      usage: (usage) => callbacks.usage?.(usage),
      handoff: (message) => callbacks.handoff?.(message),
      finished: (message, client) => {
        history.persist();
        host.requestUpdate();
        callbacks.finished?.(message);
        history.askTitle(client);
      },
      failed: (message, error) => {
        history.persist();
        host.requestUpdate();
        callbacks.failed?.(message, error);
      },
    });
    host.addController(this);
  }

  get busy(): boolean {
    return this.answers.busy;
  }

  /** The messages of the version shown. */
  get messages(): ChatMessage[] {
    return this.history.messages;
  }

  /** The service conversation of the version shown (none before its first answer). */
  get conversationId(): number | undefined {
    return this.history.conversationId;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    // Leaving the page region ends the request; the partial answer stays as stopped.
    this.stop();
  }

  async send(text: string, files: AiFile[] = []): Promise<void> {
    const message = text.trim();
    if (!message && !files.length) return;
    this.stop();
    const images = files.filter((f) => f.content_type.startsWith('image/'));
    this.messages.push({
      id: nextId(),
      role: 'user',
      text: message,
      files: files.map((f) => f.filename),
      ...(images.length ? { images } : {}),
    });
    const request: ChatRequest = {
      message: message || files.map((f) => f.filename).join(', '),
      ...(files.length ? { files } : {}),
    };
    await this.answers.run(this.newAnswer(request));
  }

  /**
   * The visitor edited question `id`: a new version of the thread, from the turns before it, shown
   * in its place and asked the edited question; the version it was edited from stays, to switch
   * back to (model/ai/versions.ts).
   */
  async resend(id: string, text: string): Promise<void> {
    const index = this.messages.findIndex((m) => m.id === id && m.role === 'user');
    if (index < 0 || !text.trim()) return;
    this.stop();
    this.history.branch(index);
    await this.send(text);
  }

  /** Asks the last answer's question again, into the same answer (a new turn for the service). */
  async regenerate(id: string): Promise<void> {
    const last = this.messages.at(-1);
    if (last?.id !== id || last.role !== 'assistant' || this.answers.busy) return;
    await this.retry(id);
  }

  /**
   * Sends the request of a failed, cut or stopped answer again, into the same message. The service
   * puts the question after the turns that followed it: so does the panel, moving the question and
   * its answer to the end, so what the visitor reads is in the order of the service's context.
   */
  async retry(id: string): Promise<void> {
    const message = this.find(id);
    if (!message || this.answers.busy) return;
    this.moveToEnd(message);
    this.answers.clear(message);
    await this.answers.run(message);
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
    await this.answers.run(this.newAnswer(request));
  }

  /** Ends the running answer; what arrived stays, marked as stopped. */
  stop(): void {
    if (!this.answers.stop(this.messages.at(-1))) return;
    this.history.persist();
    this.host.requestUpdate();
  }

  /** Records the visitor's rating of answer `id` (the page gets it as an event to store). */
  rate(id: string, rating: 'up' | 'down' | undefined): AssistantMessage | undefined {
    const message = this.find(id);
    if (!message) return undefined;
    message.rating = rating;
    this.history.persist();
    this.host.requestUpdate();
    return message;
  }

  /** Records what the visitor said of answer `id` beyond its rating (the page gets it as an event to store). */
  remark(id: string, feedback: AnswerFeedback): AssistantMessage | undefined {
    const message = this.find(id);
    if (!message) return undefined;
    message.feedback = feedback;
    this.history.persist();
    this.host.requestUpdate();
    return message;
  }

  /** An answer and the question it answers go after every later message. */
  private moveToEnd(message: AssistantMessage): void {
    const messages = this.messages;
    const index = messages.indexOf(message);
    if (index < 0 || index === messages.length - 1) return;
    const before = messages[index - 1];
    const moved = before?.role === 'user' ? [before, message] : [message];
    this.history.messages = [...messages.filter((m) => !moved.includes(m)), ...moved];
  }

  private find(id: string): AssistantMessage | undefined {
    const message = this.messages.find((m) => m.id === id);
    return message?.role === 'assistant' ? message : undefined;
  }

  private newAnswer(request: ChatRequest): AssistantMessage {
    const message = this.answers.create(request);
    this.messages.push(message);
    this.host.requestUpdate();
    return message;
  }
}
