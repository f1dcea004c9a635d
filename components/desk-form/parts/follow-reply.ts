/**
 * The follow view's reply box: a comment with files (uploaded as a new request's are), and a
 * reminder (`sollecito: true`) offered once a day while the request is open. The text typed is
 * kept until the service has taken it.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { nextReminderAt } from '../../../src/model/desk/follow-model.js';
import { AttachmentsArea } from './attachments-view.js';
import { formatDate } from './format.js';
import type { FollowView } from './follow-view.js';
import { renderWriteFailure } from '../../shared/task-view.js';
import { renderNoteField } from './note-field.js';

export interface ReplyHost {
  host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment; updateComplete: Promise<boolean> };
  view: () => FollowView;
  announce: (text: string) => void;
}

export class ReplyBox {
  private draft = '';
  /** What the last comment was (a reply or a reminder): Retry sends it again. */
  private last: () => Promise<void> = () => this.send();
  private readonly files: AttachmentsArea;

  constructor(private readonly options: ReplyHost) {
    this.files = new AttachmentsArea({
      host: options.host,
      uploads: () => options.view().controller.uploads,
      tr: (key, params) => options.view().tr(key, params),
      locked: () => options.view().controller.commentState === 'pending',
      inputId: 'reply-files',
      legend: () => options.view().tr('replyFiles'),
      added: (files) =>
        options.announce(files.map((f) => options.view().tr('attachmentAdded', { name: f.name })).join(' ')),
      removed: (name) => options.announce(options.view().tr('attachmentRemoved', { name })),
    });
  }

  /** Forgets the typed text (another request is followed). */
  clear(): void {
    this.draft = '';
  }

  private readonly send = async (event?: Event): Promise<void> => {
    event?.preventDefault();
    this.last = this.send;
    const ok = await this.options.view().controller.addComment(this.draft);
    if (ok) {
      this.draft = '';
      this.options.host.requestUpdate();
      await this.options.host.updateComplete;
      this.options.host.renderRoot.querySelector<HTMLElement>('#comments-title')?.focus();
    }
  };

  private readonly remind = async (): Promise<void> => {
    const view = this.options.view();
    this.last = this.remind;
    const ok = await view.controller.addComment(view.tr('reminderText'), { reminder: true });
    if (ok) this.options.announce(view.tr('reminderSent'));
  };

  render(closed: boolean): TemplateResult | typeof nothing {
    if (closed) return nothing;
    const view = this.options.view();
    const c = view.controller;
    const sending = c.commentState === 'pending';
    const uploading = c.uploads.uploading;
    const next = nextReminderAt(c.comments, Date.now());
    const status =
      c.commentState === 'complete'
        ? view.tr(c.lastWasReminder ? 'reminderSent' : 'commentSent')
        : sending
          ? view.tr('sendingComment')
          : '';
    return html`<form class="composer" part="composer" aria-labelledby="composer-title" @submit=${this.send}>
      <h3 id="composer-title">${view.tr('addComment')}</h3>
      ${renderNoteField({
        id: 'comment-text',
        label: view.tr('commentLabel'),
        value: this.draft,
        rows: 3,
        maxLength: 2000,
        required: true,
        sending,
        errorId: c.commentState === 'error' ? 'comment-error' : undefined,
        onInput: (value) => {
          this.draft = value;
          this.options.host.requestUpdate();
        },
      })}
      ${this.files.render()}
      ${renderWriteFailure(c.commenting, {
        speaker: view.speaker,
        id: 'comment-error',
        note: view.tr('commentFailed'),
        retry: () => this.last(),
      })}
      <div class="actions">
        <button type="submit" class="primary" ?disabled=${sending || uploading || !this.draft.trim()}>
          ${sending ? view.tr('sendingComment') : view.tr('sendComment')}
        </button>
        <button
          type="button"
          class="secondary"
          id="remind"
          ?disabled=${sending || next !== undefined}
          aria-describedby="remind-hint"
          @click=${this.remind}
        >
          ${view.tr('sendReminder')}
        </button>
        <span role="status" class="status">${status}</span>
      </div>
      <p class="hint" id="remind-hint">
        ${next !== undefined ? view.tr('reminderWait', { time: formatDate(new Date(next).toISOString(), view.language) }) : view.tr('reminderHint')}
      </p>
    </form>`;
  }
}
