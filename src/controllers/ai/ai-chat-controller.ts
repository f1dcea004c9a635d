import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AiClient, AiFile, ChatRequest, ChatUsage } from '../../services/ai.js';
import type { ServiceError } from '../../transport/errors.js';
import { AnswerRun, type AnswerSettings } from '../../model/ai/answer-run.js';
import {
  nextId,
  type AnswerDisplay,
  type AnswerFeedback,
  type AssistantMessage,
  type ChatMessage,
} from '../../model/ai/messages.js';
import {
  choiceAt,
  rootVersion,
  seededMessage,
  type ThreadVersion,
  type VersionChoice,
} from '../../model/ai/versions.js';
import { ConversationStore, type PastConversation, type StoredConversation } from '../../storage/ai-conversations.js';
import { fromStored, toStored } from '../../storage/ai-stored-messages.js';

export interface AiChatCallbacks {
  usage?(usage: ChatUsage): void;
  handoff?(message: AssistantMessage): void;
  finished?(message: AssistantMessage): void;
  failed?(message: AssistantMessage, error: ServiceError): void;
}

/**
 * The conversation with the AI service: its history (what was asked and answered, under which
 * conversation), the visitor's turns on it (send, edit and resend, regenerate, retry, stop, tool
 * approvals, ratings) and what persists across reloads. Each answer is run by an `AnswerRun`
 * (model/ai/answer-run.ts): streamed text goes straight to the element's `AnswerDisplay`, and the
 * host is asked to update only when something else changes, not on every token. The element only
 * renders `messages` and calls these methods.
 */
export class AiChatController implements ReactiveController {
  /**
   * The versions of the thread that edited questions made, each its own service conversation
   * (model/ai/versions.ts), and the one shown: `messages` and `conversationId` are its.
   */
  private versions: ThreadVersion[] = [rootVersion([], undefined)];
  private current = 0;
  private shownCount = 0;
  draft = '';
  private store: ConversationStore | undefined;
  /** This device's id of the conversation and when it began (given with its first message, kept with it). */
  private localId: string | undefined;
  private startedAt: number | undefined;
  /** The service's title of the conversation, and the conversations whose title was asked on this page (once each). */
  private serviceTitle: string | undefined;
  private readonly titlesAsked = new Set<number>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly settings: () => AnswerSettings,
    private readonly display: AnswerDisplay,
    private readonly callbacks: AiChatCallbacks = {},
  ) {
    host.addController(this);
  }

  /** The answer being asked, one at a time. */
  private readonly answers = new AnswerRun(this.settings, this.display, {
    changed: () => this.host.requestUpdate(),
    conversationId: () => this.conversationId,
    conversationStarted: (id) => (this.conversationId = id),
    told: (question) => this.seeded(question),
    usage: (usage) => this.callbacks.usage?.(usage),
    handoff: (message) => this.callbacks.handoff?.(message),
    finished: (message, client) => {
      this.persist();
      this.host.requestUpdate();
      this.callbacks.finished?.(message);
      this.askTitle(client);
    },
    failed: (message, error) => {
      this.persist();
      this.host.requestUpdate();
      this.callbacks.failed?.(message, error);
    },
  });

  get busy(): boolean {
    return this.answers.busy;
  }

  /** The messages of the version shown. */
  get messages(): ChatMessage[] {
    return this.versions[this.current]!.messages;
  }

  set messages(messages: ChatMessage[]) {
    this.versions[this.current]!.messages = messages;
  }

  /** The service conversation of the version shown (none before its first answer). */
  get conversationId(): number | undefined {
    return this.versions[this.current]!.conversationId;
  }

  set conversationId(id: number | undefined) {
    this.versions[this.current]!.conversationId = id;
  }

  /** The ids of every version's messages: those not shown keep their answers, to be switched back to. */
  get keptIds(): string[] {
    return [...new Set(this.versions.flatMap((v) => v.messages.map((m) => m.id)))];
  }

  /** The versions of question `id` on offer (an edit made another), or undefined. */
  versionsOf(id: string): VersionChoice | undefined {
    const index = this.messages.findIndex((m) => m.id === id);
    return index < 0 ? undefined : choiceAt(this.versions, this.current, index);
  }

  /**
   * Shows the version at `position` of question `id`'s versions (its latest branch), whose next
   * question continues its own conversation. Not while an answer is being written.
   */
  showVersion(id: string, position: number): boolean {
    const target = this.versionsOf(id)?.versions[position];
    if (target === undefined || target === this.current || this.answers.busy) return false;
    this.show(target);
    this.persist();
    this.host.requestUpdate();
    return true;
  }

  private show(index: number): void {
    this.current = index;
    this.versions[index]!.shownAt = ++this.shownCount;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    // Leaving the page region ends the request; the partial answer stays as stopped.
    this.stop();
  }

  /** Opens persistence under `key` and restores what was saved there. */
  restore(persist: string | null | undefined, key: string): void {
    this.store = ConversationStore.open(persist, key);
    const saved = this.store.load();
    if (!saved) return;
    this.draft = saved.draft ?? '';
    this.become(saved);
    // Kept before the list existed: it has an id and an entry from now on.
    if (!saved.localId && saved.messages.length) this.persist();
  }

  /** The conversations kept on this device, most recent first (the current one among them), with persistence on. */
  get past(): PastConversation[] {
    return this.store?.list() ?? [];
  }

  /** The current conversation's id on this device (none before its first message). */
  get currentLocalId(): string | undefined {
    return this.localId;
  }

  /**
   * Reopens a kept conversation: its messages as this device kept them (the spec has no endpoint for
   * a conversation's messages), continued under its `conversation_id`. The current one stays in the list.
   */
  openPast(localId: string): boolean {
    if (!this.store || localId === this.localId) return false;
    this.stop();
    this.persist();
    this.store.archive();
    const value = this.store.take(localId);
    if (!value) return false;
    this.become(value);
    this.persist();
    return true;
  }

  /** Deletes a kept conversation from the device; the current one is then a new, empty one. */
  forget(localId: string): void {
    if (!this.store) return;
    this.store.forget(localId);
    if (localId === this.localId) this.empty();
    this.host.requestUpdate();
  }

  /** Deletes every kept conversation from the device, the current one included. */
  forgetAll(): void {
    if (!this.store) return;
    this.store.forgetAll();
    this.empty();
    this.host.requestUpdate();
  }

  /**
   * With persistence on, the service's title of the conversation names it in the list (once per
   * conversation and page: an extra request per answer would be too many). Where the service, or a
   * gateway, gives none, the first question does.
   */
  private askTitle(client: AiClient): void {
    const id = this.conversationId;
    // The first title stays: a later version's conversation is titled after its seed of earlier turns.
    if (!this.store || id === undefined || this.serviceTitle || this.titlesAsked.has(id)) return;
    this.titlesAsked.add(id);
    client.conversation(id).then(
      (conversation) => {
        const title = typeof conversation?.title === 'string' ? conversation.title.trim() : '';
        if (!title || this.conversationId !== id || title === this.serviceTitle) return;
        this.serviceTitle = title;
        this.persist();
        this.host.requestUpdate();
      },
      () => undefined, // no title from the service: the first question names the conversation
    );
  }

  private become(value: StoredConversation): void {
    this.versions = [rootVersion([], value.conversationId)];
    this.current = 0;
    this.localId = value.localId;
    this.startedAt = value.startedAt;
    this.serviceTitle = value.title;
    this.messages = value.messages.map((m) => fromStored(m, this.display));
    this.host.requestUpdate();
  }

  /** No conversation: nothing shown, nothing stored as current (the draft stays). */
  private empty(): void {
    this.stop();
    this.versions = [rootVersion([], undefined)];
    this.current = 0;
    this.localId = undefined;
    this.startedAt = undefined;
    this.serviceTitle = undefined;
    this.store?.clear();
  }

  saveDraft(draft: string): void {
    this.draft = draft;
    this.persist();
  }

  /** A new conversation: the current one stays among the kept ones (with persistence), and leaves the panel. */
  reset(): void {
    this.stop();
    if (this.messages.length) {
      this.persist();
      this.store?.archive();
    }
    this.empty();
    this.host.requestUpdate();
  }

  /**
   * The visitor edited question `id`: a new version of the thread, from the turns before it, shown
   * in its place; the version it was edited from stays, to switch back to. The service cannot fork
   * a conversation, so the new version is a new conversation, seeded with those turns when there are
   * some (model/ai/versions.ts).
   */
  async resend(id: string, text: string): Promise<void> {
    const index = this.messages.findIndex((m) => m.id === id && m.role === 'user');
    if (index < 0 || !text.trim()) return;
    this.stop();
    this.versions.push({ messages: this.messages.slice(0, index), conversationId: undefined, shownAt: 0, from: index });
    this.show(this.versions.length - 1);
    await this.send(text);
  }

  /** Asks the last answer's question again, into the same answer (a new turn for the service). */
  async regenerate(id: string): Promise<void> {
    const last = this.messages.at(-1);
    if (last?.id !== id || last.role !== 'assistant' || this.answers.busy) return;
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

  /** Records what the visitor said of answer `id` beyond its rating (the page gets it as an event to store). */
  remark(id: string, feedback: AnswerFeedback): AssistantMessage | undefined {
    const message = this.find(id);
    if (!message) return undefined;
    message.feedback = feedback;
    this.persist();
    this.host.requestUpdate();
    return message;
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
   * What the service is asked: the question, told the turns before it when the version shown began
   * at an edited question and its own conversation has not started yet (its first request, a retry
   * of it, or a next question after a first answer that never named it).
   */
  private seeded(question: string): string {
    const version = this.versions[this.current]!;
    if (version.conversationId !== undefined || !version.from) return question;
    return seededMessage(version.messages.slice(0, version.from), question);
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

  /** Ends the running answer; what arrived stays, marked as stopped. */
  stop(): void {
    if (!this.answers.stop(this.messages.at(-1))) return;
    this.persist();
    this.host.requestUpdate();
  }

  /** An answer and the question it answers go after every later message. */
  private moveToEnd(message: AssistantMessage): void {
    const index = this.messages.indexOf(message);
    if (index < 0 || index === this.messages.length - 1) return;
    const before = this.messages[index - 1];
    const moved = before?.role === 'user' ? [before, message] : [message];
    this.messages = [...this.messages.filter((m) => !moved.includes(m)), ...moved];
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

  private persist(): void {
    if (!this.store) return;
    // Nothing to keep (no message, no draft): nothing stays on the device, not even an empty record.
    if (!this.messages.length && !this.draft) {
      this.store.clear();
      return;
    }
    if (this.messages.length && !this.localId) {
      this.localId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      this.startedAt = Date.now();
    }
    const value: StoredConversation = {
      localId: this.localId,
      startedAt: this.startedAt,
      ...(this.serviceTitle ? { title: this.serviceTitle } : {}),
      conversationId: this.conversationId,
      messages: toStored(this.messages),
      draft: this.draft,
    };
    this.store.save(value);
  }
}
