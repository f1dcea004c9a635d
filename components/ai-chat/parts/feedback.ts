/**
 * Feedback beyond the thumbs: once an answer is rated, a short form under it asks why (a reason from
 * a fixed list) and for a comment, both optional. The AI service's spec shows no feedback endpoint:
 * the rating goes to the page at once as `sportello-feedback`, and the reason and comment follow in
 * a second one for the same answer when the visitor sends them. "Not now" (or Escape) closes the
 * form; the rating stays.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { AiChatController } from '../../../src/controllers/ai/ai-chat-controller.js';
import type { AnswerFeedback, AssistantMessage } from '../../../src/model/ai/messages.js';
import type { AiFeedbackDetail } from '../events.js';
import type { AiChatStringKey } from '../strings.js';

/** The reasons offered, by rating: codes the page receives (`detail.reason`), the same in every language. */
export const FEEDBACK_REASONS = {
  down: ['incorrect', 'incomplete', 'unclear', 'outdated', 'other'],
  up: ['accurate', 'clear', 'complete', 'other'],
} as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[keyof typeof FEEDBACK_REASONS][number];
/** Longest comment sent. */
export const FEEDBACK_COMMENT_MAX = 1000;

/** What `sportello-feedback` says of an answer and its rating (the question it answered, the ids). */
export function feedbackDetail(
  chat: AiChatController,
  message: AssistantMessage,
  rating: 'up' | 'down' | undefined,
  feedback?: AnswerFeedback,
): AiFeedbackDetail {
  const index = chat.messages.indexOf(message);
  const question = chat.messages.slice(0, index).findLast((m) => m.role === 'user');
  return {
    rating: rating ?? null,
    messageId: message.serviceMessageId,
    conversationId: chat.conversationId,
    answer: message.text,
    question: question?.text,
    ...(feedback?.reason ? { reason: feedback.reason } : {}),
    ...(feedback?.comment ? { comment: feedback.comment } : {}),
  };
}

export interface FeedbackPanel {
  readonly chat: AiChatController;
  /** `sportello-feedback` for the page to record. */
  feedback(detail: AiFeedbackDetail): void;
  /** The thread's shadow root, where the answers are. */
  root(): ShadowRoot | null | undefined;
  s(key: AiChatStringKey): string;
}

export class FeedbackForms implements ReactiveController {
  /** The answer whose form is open, and what the visitor chose and wrote in it so far. */
  private open: string | undefined;
  private reason: FeedbackReason | '' = '';
  private comment = '';

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly panel: FeedbackPanel,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** The visitor rated an answer (or took the rating back): the form opens (or goes). */
  rated(message: AssistantMessage, rating: 'up' | 'down' | undefined): void {
    if (message.feedback) return; // already said why: the thanks stays
    this.open = rating ? message.id : undefined;
    this.reason = '';
    this.comment = '';
    this.host.requestUpdate();
  }

  private async close(message: AssistantMessage): Promise<void> {
    this.open = undefined;
    this.host.requestUpdate();
    await this.host.updateComplete;
    this.focus(`[data-answer="${message.id}"] .rating[aria-pressed="true"]`);
  }

  private async send(message: AssistantMessage): Promise<void> {
    const comment = this.comment.trim().slice(0, FEEDBACK_COMMENT_MAX);
    const feedback: AnswerFeedback = {
      ...(this.reason ? { reason: this.reason } : {}),
      ...(comment ? { comment } : {}),
    };
    if (!feedback.reason && !feedback.comment) return;
    this.open = undefined;
    this.panel.chat.remark(message.id, feedback);
    this.panel.feedback(feedbackDetail(this.panel.chat, message, message.rating, feedback));
    await this.host.updateComplete;
    this.focus(`#${CSS.escape(`${message.id}-feedback-sent`)}`);
  }

  private focus(selector: string): void {
    // After the list has put the row back (it re-renders rows on its own update).
    requestAnimationFrame(() => this.panel.root()?.querySelector<HTMLElement>(selector)?.focus());
  }

  render(m: AssistantMessage): TemplateResult | typeof nothing {
    const s = this.panel.s;
    if (m.rating && m.feedback)
      return html`<p class="feedback-sent" part="feedback" id="${m.id}-feedback-sent" tabindex="-1">${s('feedbackSent')}</p>`;
    if (!m.rating || this.open !== m.id) return nothing;
    const id = `${m.id}-feedback`;
    const reasons = FEEDBACK_REASONS[m.rating];
    const ready = !!this.reason || !!this.comment.trim();
    return html`<form
      class="feedback-form"
      part="feedback"
      aria-labelledby="${id}-title"
      @submit=${(e: Event) => {
        e.preventDefault();
        void this.send(m);
      }}
      @keydown=${(e: KeyboardEvent) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        void this.close(m);
      }}
    >
      <p class="feedback-title" id="${id}-title">${s(m.rating === 'down' ? 'feedbackDownTitle' : 'feedbackUpTitle')}</p>
      <fieldset class="feedback-reasons">
        <legend class="visually-hidden">${s('feedbackReason')}</legend>
        ${reasons.map(
          (code) => html`<label class="feedback-reason">
            <input
              type="radio"
              name="${id}-reason"
              value=${code}
              .checked=${this.reason === code}
              @change=${() => {
                this.reason = code;
                this.host.requestUpdate();
              }}
            />
            ${s(`feedbackReason_${code}` as AiChatStringKey)}
          </label>`,
        )}
      </fieldset>
      <label class="feedback-comment-label" for="${id}-comment">${s('feedbackComment')}</label>
      <textarea
        id="${id}-comment"
        rows="2"
        maxlength=${FEEDBACK_COMMENT_MAX}
        dir="auto"
        .value=${this.comment}
        @input=${(e: InputEvent) => {
          this.comment = (e.target as HTMLTextAreaElement).value;
          this.host.requestUpdate();
        }}
      ></textarea>
      <div class="actions">
        <button type="submit" class="button" ?disabled=${!ready}>${s('feedbackSend')}</button>
        <button type="button" class="button secondary" @click=${() => void this.close(m)}>${s('feedbackSkip')}</button>
      </div>
    </form>`;
  }
}
