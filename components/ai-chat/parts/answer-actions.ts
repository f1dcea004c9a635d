/**
 * What the visitor does with the thread's messages: copy an answer, rate it, edit a question and
 * ask it again. Holds the moment's state (which copy button just copied, which question is being
 * edited) and updates the panel when it changes.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AiChatController } from '../../../src/controllers/ai/ai-chat-controller.js';
import type { AssistantMessage } from '../../../src/model/ai/messages.js';
import type { AiFeedbackDetail } from '../events.js';
import type { SportelloAiThread } from './ai-thread.js';
import { FieldCheck } from './field-check.js';
import { feedbackDetail } from './feedback.js';

/** What the actions reach of the panel. */
export interface AnswerActionsPanel {
  readonly chat: AiChatController;
  /** The panel's thread (where the edit form is). */
  thread(): SportelloAiThread | null;
  /** `sportello-feedback` for the page to record (the spec has no endpoint for it). */
  feedback(detail: AiFeedbackDetail): void;
  /** A question the visitor sends (`sportello-ai-message`). */
  asked(text: string): void;
  /** The panel's polite announcement after a rating. */
  rated(): void;
  /** The answers' views that remain (every version's: a resent question's version keeps those after it). */
  retain(ids: string[]): void;
}

export class AnswerActions implements ReactiveController {
  /** The copy button that just copied (`<id>:md|text`), and the question being edited. */
  copied: string | undefined;
  editing: string | undefined;
  /** The edited question must not be empty: when that shows (field-check.ts). */
  readonly editCheck = new FieldCheck();
  private copiedTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly panel: AnswerActionsPanel,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.copiedTimer);
  }

  async copy(key: string, text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return; // no clipboard (an insecure page, a refused permission): the text can still be selected
    }
    this.copied = key;
    this.host.requestUpdate();
    clearTimeout(this.copiedTimer);
    this.copiedTimer = setTimeout(() => {
      this.copied = undefined;
      this.host.requestUpdate();
    }, 2000);
  }

  /** The visitor rated an answer: kept with it, and told to the page. */
  rate(message: AssistantMessage, rating: 'up' | 'down' | undefined): void {
    const chat = this.panel.chat;
    chat.rate(message.id, rating);
    this.panel.feedback(feedbackDetail(chat, message, rating));
    if (rating) this.panel.rated();
  }

  /** Opens (or closes) the editor of a question, with the focus in it. */
  async edit(id: string | undefined): Promise<void> {
    this.editing = id;
    this.editCheck.reset();
    this.host.requestUpdate();
    await this.host.updateComplete;
    const thread = this.panel.thread();
    await thread?.updateComplete;
    // After the list has put the row in place (it keeps the focus in the log when a focused control
    // leaves its row, as the Edit button just did).
    if (id)
      requestAnimationFrame(() =>
        thread?.shadowRoot?.querySelector<HTMLTextAreaElement>('.edit-form textarea')?.focus(),
      );
  }

  /** The visitor typed in, or left, the edited question. */
  editInput(text: string): void {
    if (this.editCheck.input(!!text.trim())) this.host.requestUpdate();
  }

  editBlur(text: string): void {
    if (this.editCheck.blur(!!text.trim())) this.host.requestUpdate();
  }

  /** The edited question is asked again (what followed it goes); an empty one says so and keeps the focus. */
  resend(id: string, text: string): void {
    if (!this.editCheck.submit(!!text.trim())) {
      this.host.requestUpdate();
      void this.host.updateComplete.then(() =>
        this.panel.thread()?.shadowRoot?.querySelector<HTMLTextAreaElement>('.edit-form textarea')?.focus(),
      );
      return;
    }
    this.editing = undefined;
    this.panel.asked(text);
    const chat = this.panel.chat;
    void chat.resend(id, text).then(() => this.panel.retain(chat.history.keptIds));
  }
}
