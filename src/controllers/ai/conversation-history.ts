/**
 * The AI conversation's history: the versions of the thread that edited questions made (each its
 * own service conversation, model/ai/versions.ts) and which one is shown; the draft; what persists
 * across reloads and the visitor's earlier conversations on this device (storage/ai-conversations.ts):
 * restoring, reopening, forgetting, starting anew, and the title that names each one. It asks no
 * answer itself: the turns on it are the controller's (ai-chat-controller.ts), which runs each
 * answer and tells the history what to keep. No Lit: it is tested as a model (test/node).
 */
import type { AiClient } from '../../services/ai.js';
import type { AnswerDisplay, ChatMessage } from '../../model/ai/messages.js';
import {
  choiceAt,
  rootVersion,
  seededMessage,
  type ThreadVersion,
  type VersionChoice,
} from '../../model/ai/versions.js';
import { ConversationStore, type PastConversation, type StoredConversation } from '../../storage/ai-conversations.js';
import { fromStored, toStored } from '../../storage/ai-stored-messages.js';

/** What the history needs from the controller that holds it. */
export interface HistoryOwner {
  /** Where a restored answer's text is shown, whole. */
  readonly display: AnswerDisplay;
  requestUpdate(): void;
  /** An answer is being written: the version shown stays until it ends. */
  busy(): boolean;
  /** Ends the answer being written (what arrived stays, stopped) before another conversation is shown. */
  stop(): void;
  /** Opens the device's store for `persist` under `key` (default: the page's session or local storage). */
  openStore?(persist: string | null | undefined, key: string): ConversationStore;
}

export class AiConversationHistory {
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

  constructor(private readonly owner: HistoryOwner) {}

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
    if (target === undefined || target === this.current || this.owner.busy()) return false;
    this.show(target);
    this.persist();
    this.owner.requestUpdate();
    return true;
  }

  /**
   * A new version of the thread from the turns before message `index` (an edited question), shown
   * in place of the one it was edited from, which stays to switch back to. The service cannot fork
   * a conversation, so the new version is a new conversation, seeded with those turns (`told`).
   */
  branch(index: number): void {
    this.versions.push({ messages: this.messages.slice(0, index), conversationId: undefined, shownAt: 0, from: index });
    this.show(this.versions.length - 1);
  }

  /**
   * What the service is asked: the question, told the turns before it when the version shown began
   * at an edited question and its own conversation has not started yet (its first request, a retry
   * of it, or a next question after a first answer that never named it).
   */
  told(question: string): string {
    const version = this.versions[this.current]!;
    if (version.conversationId !== undefined || !version.from) return question;
    return seededMessage(version.messages.slice(0, version.from), question);
  }

  private show(index: number): void {
    this.current = index;
    this.versions[index]!.shownAt = ++this.shownCount;
  }

  /** Opens persistence under `key` and restores what was saved there. */
  restore(persist: string | null | undefined, key: string): void {
    this.store = this.owner.openStore?.(persist, key) ?? ConversationStore.open(persist, key);
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
    this.owner.stop();
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
    this.owner.requestUpdate();
  }

  /** Deletes every kept conversation from the device, the current one included. */
  forgetAll(): void {
    if (!this.store) return;
    this.store.forgetAll();
    this.empty();
    this.owner.requestUpdate();
  }

  /** A new conversation: the current one stays among the kept ones (with persistence), and leaves the panel. */
  startNew(): void {
    this.owner.stop();
    if (this.messages.length) {
      this.persist();
      this.store?.archive();
    }
    this.empty();
    this.owner.requestUpdate();
  }

  saveDraft(draft: string): void {
    this.draft = draft;
    this.persist();
  }

  /**
   * With persistence on, the service's title of the conversation names it in the list (once per
   * conversation and page: an extra request per answer would be too many). Where the service, or a
   * gateway, gives none, the first question does.
   */
  askTitle(client: AiClient): void {
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
        this.owner.requestUpdate();
      },
      () => undefined, // no title from the service: the first question names the conversation
    );
  }

  /** Keeps the conversation shown, its draft and its entry in the list (with persistence on). */
  persist(): void {
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

  private become(value: StoredConversation): void {
    this.versions = [rootVersion([], value.conversationId)];
    this.current = 0;
    this.localId = value.localId;
    this.startedAt = value.startedAt;
    this.serviceTitle = value.title;
    this.messages = value.messages.map((m) => fromStored(m, this.owner.display));
    this.owner.requestUpdate();
  }

  /** No conversation: nothing shown, nothing stored as current (the draft stays). */
  private empty(): void {
    this.owner.stop();
    this.versions = [rootVersion([], undefined)];
    this.current = 0;
    this.localId = undefined;
    this.startedAt = undefined;
    this.serviceTitle = undefined;
    this.store?.clear();
  }
}
