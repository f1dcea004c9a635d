import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { SportelloElement } from '../shared/sportello-element.js';
import type { DeskClient, Reopened, RequestDetail } from '../../src/services/desk.js';
import { errorNoticeStyles } from '../shared/error-notice.js';
import { ServiceClientController } from '../../src/controllers/service-client.js';
import { deskClientFor } from '../../src/controllers/clients/desk-client.js';
import { DeskRequestController } from '../../src/controllers/desk/request-controller.js';
import { defaultRatingBody, isClosed, type RatingInput } from '../../src/model/desk/follow-model.js';
import { t, type DeskStringKey } from './strings.js';
import { deskFormStyles } from './desk-form.styles.js';
import { renderFiles, renderSummary, renderThread, stateText, type FollowView } from './parts/follow-view.js';
import { ReplyBox } from './parts/follow-reply.js';
import { ClosureBox } from './parts/follow-closure.js';
import { saveBlob } from '../shared/save-blob.js';
import { renderTask } from '../shared/task-view.js';
import './events.js';

/**
 * Follows one help-desk request to the end: its state in words (kept live while it is on screen),
 * who handles it, its dates and files, the comment thread, a reply with files, a reminder once a
 * day, and — once closed — reopening with a note and a rating. `<sportello-desk-form request-id>`
 * shows this too.
 *
 * @tag sportello-desk-request
 * @summary The state, files and comments of one help-desk request, live, with reply, reminder, reopen and rating.
 *
 * @event {CustomEvent<DeskCommentAddedDetail>} sportello-comment-added - The customer's comment (or reminder) was accepted.
 * @event {CustomEvent<DeskRequestUpdatedDetail>} sportello-request-updated - A poll found the request changed (state, assignee, dates, comments).
 * @event {CustomEvent<DeskRequestReopenedDetail>} sportello-request-reopened - The closed request was reopened as a new linked request, which the view now follows.
 * @event {CustomEvent<DeskRequestRatedDetail>} sportello-request-rated - The customer's rating was accepted.
 * @event {CustomEvent<DeskAttachmentDownloadDetail>} sportello-attachment-download - Cancelable: a file was fetched; cancel it to handle `detail.blob` yourself instead of saving it.
 * @event {CustomEvent<SportelloErrorDetail>} sportello-error - Something failed; the view shows it too.
 *
 * @csspart summary - State, assignee and dates.
 * @csspart comments - The comment thread.
 * @csspart comment - One comment.
 * @csspart composer - The reply form (comment, files, reminder).
 * @csspart attachments - The reply's file area.
 * @csspart closure - What a closed request offers (reopen, rating).
 * @csspart reopen - The reopen form.
 * @csspart rating - The rating form, or the thanks once rated.
 *
 * @cssproperty --sportello-accent - Buttons and focus.
 * @cssproperty --sportello-surface-alt - Comment background.
 *
 * @cssstate live - Updates are being polled (the view is on screen and the tab visible).
 * @cssstate closed - The request is closed.
 * @cssstate loading - The request is loading.
 * @cssstate error - The request could not be loaded.
 */
export class SportelloDeskRequest extends SportelloElement {
  static override styles = [deskFormStyles, errorNoticeStyles];
  static override service = 'desk' as const;

  /** The request to follow (`idRichiesta`). */
  @property({ attribute: 'request-id', reflect: true }) requestId?: string;
  /** First delay of live updates, ms (it grows while nothing changes, up to 20×); 0 turns them off. */
  @property({ type: Number, attribute: 'poll-interval' }) pollInterval = 15000;
  /**
   * Where a request's files are downloaded from, below `endpoint`: `{idRichiesta}` and `{nomeFile}`
   * are filled in. The spec shows no download path; the default is the simulator's.
   */
  @property({ attribute: 'attachment-path' }) attachmentPath?: string;
  /** Builds the body of `POST /richieste/valutazione-richiesta` (not shown in the spec) from the rating. */
  @property({ attribute: false }) ratingBody: (input: RatingInput) => Record<string, unknown> = defaultRatingBody;

  @state() private announcement = '';

  private warned = false;

  /** The desk client from the resolved configuration; a new one (endpoint or token provider changed) reloads the request. */
  private readonly clients = new ServiceClientController<DeskClient>(this, () => this.config, {
    build: deskClientFor,
    report: (problem) => this.reportConfigProblem(problem),
    changed: () => {
      if (this.controller.id) void this.controller.refresh();
    },
  });

  private readonly controller = new DeskRequestController(this, {
    client: () => this.clients.client,
    onError: (operation, error) => this.reportError(operation, error),
    onCommentAdded: (detail) => this.emit('sportello-comment-added', detail),
    onUpdated: (detail, previous) => this.updatedByPoll(detail, previous),
    backoff: () => {
      const base = Math.max(0, this.pollInterval || 0);
      return { baseMs: base, maxMs: Math.max(base, Math.min(base * 20, 5 * 60_000)), factor: 1.5 };
    },
  });

  private readonly reply = new ReplyBox({ host: this, view: () => this.view, announce: (text) => this.announce(text) });
  private readonly closure = new ClosureBox({
    host: this,
    view: () => this.view,
    ratingBody: () => this.ratingBody,
    reopened: (answer) => this.reopened(answer),
    rated: (input) => this.emit('sportello-request-rated', { ...input }),
    follow: (id) => void this.followAndFocus(id),
  });

  /** Reloads state and comments now (live updates continue). */
  refresh(): Promise<void> {
    return this.controller.refresh();
  }

  private tr(key: DeskStringKey, params: Record<string, string | number> = {}): string {
    // The element itself: its own `strings` and its `<sportello-config>`'s count (src/i18n/translate.ts).
    return t(this, key, params);
  }

  private get view(): FollowView {
    return {
      language: this.language,
      controller: this.controller,
      speaker: this,
      tr: (key, params) => this.tr(key, params),
      fileLink: (name) => this.fileLink(name),
    };
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('requestId')) {
      const valid = !!this.requestId && /^\d+$/.test(this.requestId.trim());
      if (!valid && !this.warned) {
        this.warned = true;
        console.warn(
          `[sportello] <sportello-desk-request> needs a numeric request-id (got ${JSON.stringify(this.requestId ?? null)}).`,
        );
      }
      this.reply.clear();
      this.closure.clear();
      this.controller.follow(valid ? this.requestId : undefined);
    }
    if (changed.has('pollInterval')) this.controller.updatePolling();
  }

  /** `:state(live)` while updates are polled, `:state(closed)`, `:state(loading)`, `:state(error)`. */
  protected override states(): Record<string, boolean> {
    const c = this.controller;
    return { live: c.polling, closed: isClosed(c.detail), loading: c.state === 'pending', error: c.state === 'error' };
  }

  private announce(text: string): void {
    // Re-setting the same text would not be announced again; clear first.
    this.announcement = '';
    void this.updateComplete.then(() => (this.announcement = text));
  }

  private updatedByPoll(detail: RequestDetail, previous: RequestDetail): void {
    const id = String(detail.idRichiesta ?? this.requestId);
    this.emit('sportello-request-updated', {
      idRichiesta: id,
      statoAvanz: detail.statoAvanz,
      statoRichiesta: detail.statoRichiesta,
      detail,
    });
    const stateChanged = detail.statoAvanz !== previous.statoAvanz || detail.statoRichiesta !== previous.statoRichiesta;
    if (stateChanged) this.announce(this.tr('updated', { id, state: stateText(this.view, detail) }));
  }

  private reopened(answer: Reopened): void {
    const from = this.requestId ?? '';
    this.emit('sportello-request-reopened', {
      idRichiesta: answer.idRichiesta,
      idRichiestaOriginale: answer.idRichiestaOriginale ?? Number(from),
    });
    // A request number is an identifier, not a quantity: never "7,100" or "7.100".
    this.announce(this.tr('reopenedAs', { id: String(answer.idRichiesta) }));
    void this.followAndFocus(answer.idRichiesta);
  }

  /**
   * Follows another request (the reopened one) and gives its title the focus once it has loaded:
   * until then there is no title, and the button that had the focus has gone with the old request.
   */
  private async followAndFocus(id: number): Promise<void> {
    this.requestId = String(id);
    await this.updateComplete;
    await this.controller.loading.taskComplete.catch(() => undefined);
    await this.updateComplete;
    // The new request's title; if it could not be loaded, the notice's Try again.
    this.renderRoot.querySelector<HTMLElement>('#request-title, .error-banner button')?.focus();
  }

  /** A file as a real link; a click fetches it with the visitor's credentials and saves it. */
  private fileLink(name: string): TemplateResult {
    const href = this.controller.fileUrl(name, this.attachmentPath) ?? '#';
    const click = async (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      const blob = await this.controller.download(name, this.attachmentPath);
      if (!blob) {
        this.announce(this.tr('downloadFailed', { name }));
        return;
      }
      const detail = { idRichiesta: this.requestId ?? '', name, blob };
      if (this.emit('sportello-attachment-download', detail, { cancelable: true }))
        saveBlob(blob, name, this.renderRoot);
    };
    return html`<a class="file-link" href=${href} download=${name} @click=${click}>${name}</a>`;
  }

  override render(): TemplateResult {
    const c = this.controller;
    const id = this.requestId?.trim() ?? '';
    if (!id || !/^\d+$/.test(id)) return html`<p class="banner error-banner" role="alert">${this.tr('missingId')}</p>`;
    const problem = this.clients.problem;
    if (problem)
      return html`<sportello-error-notice class="banner error-banner" .error=${problem} .speaker=${this}></sportello-error-notice>`;
    // Loading the request is a one-shot task, shown the kit's one way (components/shared/task-view.ts):
    // a GET, so after a 429's wait it is asked again by itself. A reload keeps the request shown.
    return renderTask(c.loading, {
      speaker: this,
      class: 'banner error-banner',
      pending: () =>
        c.detail
          ? this.renderRequest(c.detail, id)
          : html`<p class="status" role="status">${this.tr('loadingRequest')}</p>`,
      complete: () => (c.detail ? this.renderRequest(c.detail, id) : nothing),
      initial: () => (c.detail ? this.renderRequest(c.detail, id) : nothing),
      retry: () => void this.controller.refresh(),
      autoRetry: true,
      notFound: this.tr('notFound', { id }),
    }) as TemplateResult;
  }

  private renderRequest(detail: RequestDetail, id: string): TemplateResult {
    const c = this.controller;
    const closed = isClosed(detail);
    const view = this.view;
    return html`<article class="follow" aria-labelledby="request-title" aria-busy=${c.state === 'pending' ? 'true' : 'false'}>
        <header class="follow-head">
          <h2 id="request-title" tabindex="-1">${this.tr('requestTitle', { id: String(detail.idRichiesta ?? id) })}</h2>
          <button type="button" class="secondary" @click=${() => this.controller.refresh()}>${this.tr('reload')}</button>
        </header>
        ${detail.oggetto ? html`<p class="subject">${detail.oggetto}</p>` : nothing} ${renderSummary(view, detail)}
        ${detail.descrizione ? html`<p class="description">${detail.descrizione}</p>` : nothing} ${renderFiles(view, detail)}
        ${renderThread(view, c.comments)} ${closed ? this.closure.render(detail) : this.reply.render(false)}
      </article>
      <div class="visually-hidden" aria-live="polite">${this.announcement}</div>`;
  }
}

SportelloElement.define('sportello-desk-request', SportelloDeskRequest);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-desk-request': SportelloDeskRequest;
  }
}
