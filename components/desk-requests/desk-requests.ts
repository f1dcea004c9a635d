import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { live } from 'lit/directives/live.js';
import { SportelloElement } from '../shared/sportello-element.js';
import type { DeskClient, RequestPage, RequestRow } from '../../src/services/desk.js';
import { ServiceClientController } from '../../src/controllers/service-client.js';
import { deskClientFor } from '../../src/controllers/clients/desk-client.js';
import { DeskListController } from '../../src/controllers/desk/list-controller.js';
import { defaultRatingBody, type RatingInput } from '../../src/model/desk/follow-model.js';
import { t, type DeskStringKey } from '../desk-form/strings.js';
import { deskFormStyles } from '../desk-form/desk-form.styles.js';
import { formatDate } from '../desk-form/parts/format.js';
import { deskRequestsStyles } from './desk-requests.styles.js';
import '../desk-form/desk-request.js';
import { errorNoticeStyles } from '../shared/error-notice.js';
import { renderTask } from '../shared/task-view.js';
import './events.js';

const STATES = ['A', 'P', 'C'] as const;

/**
 * "My requests": the customer's own help-desk requests (`/richieste/lista-richieste-cliente-paginated`,
 * scoped to the visitor by the gateway), newest first, with state, dates and ticket protocol, a
 * search, a state filter and paging. Choosing one opens its follow view in place; "Back" returns to
 * the same page of the list with focus on the request left.
 *
 * @tag sportello-desk-requests
 * @summary The customer's own help-desk requests, searchable and paged, each opening its follow view.
 *
 * @slot header - Replaces the list's title.
 * @slot empty - Shown when the customer has no request yet (e.g. a link to the form).
 *
 * @event {CustomEvent<DeskRequestSelectedDetail>} sportello-request-selected - A request was opened from the list.
 * @event {CustomEvent<SportelloErrorDetail>} sportello-error - Loading failed; the list shows it too.
 *
 * @csspart search - The search and state filter.
 * @csspart list - The list of requests.
 * @csspart request - One request of the list.
 * @csspart pager - The paging controls.
 * @csspart follow-up - The embedded `<sportello-desk-request>`.
 *
 * @cssproperty --sportello-accent - Buttons, links and focus.
 * @cssproperty --sportello-surface-alt - A request's background.
 *
 * @cssstate loading - A page is loading.
 * @cssstate error - The list could not be loaded.
 * @cssstate following - One request's follow view is open.
 */
export class SportelloDeskRequests extends SportelloElement {
  static override styles = [deskFormStyles, deskRequestsStyles, errorNoticeStyles];
  static override service = 'desk' as const;

  /** Requests per page (1-100). */
  @property({ type: Number, attribute: 'page-size' }) pageSize = 10;
  /**
   * Development only: the customer's `idUtente` sent with the list. Through the gateway leave it
   * out: the gateway scopes the list to the visitor whatever the page sends.
   */
  @property({ attribute: 'user-id' }) userId?: string;
  /** The request whose follow view is open (reflects, so a page can deep-link to it). */
  @property({ attribute: 'request-id', reflect: true }) requestId?: string;
  /** Passed to the follow view: first delay of its live updates, ms (0 = off). */
  @property({ type: Number, attribute: 'poll-interval' }) pollInterval = 15000;
  /** Passed to the follow view: where files are downloaded from (see `<sportello-desk-request>`). */
  @property({ attribute: 'attachment-path' }) attachmentPath?: string;
  /** Passed to the follow view: builds the rating body. */
  @property({ attribute: false }) ratingBody: (input: RatingInput) => Record<string, unknown> = defaultRatingBody;

  @state() private search = '';
  @state() private stato = '';
  @state() private pageIndex = 0;
  /** What the search box holds before it is submitted. */
  @state() private typed = '';

  /** The request to focus when the list comes back. */
  private returnTo: string | undefined;

  private readonly clients = new ServiceClientController<DeskClient>(this, () => this.config, {
    build: deskClientFor,
    report: (problem) => this.reportConfigProblem(problem),
    changed: () => void this.list.load(),
  });

  private readonly list = new DeskListController(this, {
    client: () => this.clients.client,
    onError: (operation, error) => this.reportError(operation, error),
  });

  /** Loads the shown page again. */
  refresh(): Promise<void> {
    return this.list.load();
  }

  private tr(key: DeskStringKey, params: Record<string, string | number> = {}): string {
    // The element itself: its own `strings` and its `<sportello-config>`'s count (src/i18n/translate.ts).
    return t(this, key, params);
  }

  private get size(): number {
    return Math.min(100, Math.max(1, Math.round(this.pageSize) || 10));
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('pageSize') && changed.get('pageSize') !== undefined) this.pageIndex = 0;
    const user = this.userId && /^\d+$/.test(this.userId) ? Number(this.userId) : undefined;
    this.list.want({
      search: this.search,
      stato: this.stato,
      page: this.pageIndex,
      pageSize: this.size,
      idUtente: user,
    });
  }

  protected override states(): Record<string, boolean> {
    return { loading: this.list.state === 'pending', error: this.list.state === 'error', following: !!this.requestId };
  }

  private readonly onSearch = (event: Event): void => {
    event.preventDefault();
    this.search = this.typed;
    this.pageIndex = 0;
  };

  private readonly onState = (event: Event): void => {
    this.stato = (event.target as HTMLSelectElement).value;
    this.pageIndex = 0;
  };

  private goTo(page: number): void {
    this.pageIndex = page;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('#list-status')?.focus());
  }

  private open(row: RequestRow): void {
    const id = String(row.idRichiesta);
    this.returnTo = id;
    this.requestId = id;
    this.emit('sportello-request-selected', { idRichiesta: row.idRichiesta });
    void this.updateComplete.then(() => this.focusFollowView());
  }

  private async focusFollowView(): Promise<void> {
    const view = this.renderRoot.querySelector('sportello-desk-request');
    if (!view) return;
    await view.updateComplete;
    // The title appears once the request has loaded; until then the Back button holds focus.
    const title = view.shadowRoot?.querySelector<HTMLElement>('#request-title');
    (title ?? this.renderRoot.querySelector<HTMLElement>('#back'))?.focus();
  }

  private back(): void {
    this.requestId = undefined;
    // The list may have changed while the customer was away (a reply, a reopening).
    void this.list.load();
    void this.updateComplete.then(() => {
      const row = this.returnTo ? this.renderRoot.querySelector<HTMLElement>(`[data-id="${this.returnTo}"]`) : null;
      (row ?? this.renderRoot.querySelector<HTMLElement>('#list-title'))?.focus();
    });
  }

  override render(): TemplateResult {
    if (this.requestId) {
      return html`<div class="actions back-row">
          <button type="button" class="secondary" id="back" @click=${this.back}>← ${this.tr('listBack')}</button>
        </div>
        <sportello-desk-request
          part="follow-up"
          request-id=${this.requestId}
          .endpoint=${this.clients.resolved.endpoint}
          .tokenProvider=${this.clients.resolved.tokenProvider}
          lang=${this.language}
          poll-interval=${this.pollInterval}
          attachment-path=${ifDefined(this.attachmentPath)}
          .ratingBody=${this.ratingBody}
          @sportello-request-reopened=${(e: CustomEvent<{ idRichiesta: number }>) => {
            this.requestId = String(e.detail.idRichiesta);
            this.returnTo = this.requestId;
          }}
        ></sportello-desk-request>`;
    }
    return html`<section class="requests" aria-labelledby="list-title">
      <slot name="header"><h2 id="list-title" tabindex="-1">${this.tr('listTitle')}</h2></slot>
      ${this.renderSearch()} ${this.renderBody()}
    </section>`;
  }

  private renderSearch(): TemplateResult {
    return html`<form class="list-tools" part="search" role="search" @submit=${this.onSearch}>
      <div class="field">
        <label for="q">${this.tr('listSearchLabel')}</label>
        <input
          id="q"
          type="search"
          maxlength="200"
          autocomplete="off"
          .value=${live(this.typed)}
          @input=${(e: Event) => (this.typed = (e.target as HTMLInputElement).value)}
        />
      </div>
      <div class="field">
        <label for="stato">${this.tr('listStateLabel')}</label>
        <select id="stato" .value=${live(this.stato)} @change=${this.onState}>
          <option value="" ?selected=${this.stato === ''}>${this.tr('listAllStates')}</option>
          ${STATES.map((s) => html`<option value=${s} ?selected=${this.stato === s}>${this.tr(`state_${s}`)}</option>`)}
        </select>
      </div>
      <button type="submit" class="secondary">${this.tr('listSearch')}</button>
    </form>`;
  }

  private renderBody(): TemplateResult {
    const c = this.list;
    // No endpoint: a configuration problem, shown (and reported) as one, not as a failed load.
    const problem = this.clients.problem;
    if (problem)
      return html`<sportello-error-notice class="banner error-banner" .error=${problem} .speaker=${this}></sportello-error-notice>`;
    const loadingLine = html`<p class="status" role="status" id="list-status" tabindex="-1">${this.tr('listLoading')}</p>`;
    // Loading a page is a one-shot task, shown the kit's one way (components/shared/task-view.ts):
    // a GET, so after a 429's wait it is asked again by itself; a new page keeps the old one shown.
    return renderTask(c.loading, {
      speaker: this,
      class: 'banner error-banner',
      pending: () => (c.page ? this.renderPage(c.page) : loadingLine),
      complete: () => (c.page ? this.renderPage(c.page) : loadingLine),
      initial: () => (c.page ? this.renderPage(c.page) : loadingLine),
      retry: () => void this.list.load(),
      autoRetry: true,
    }) as TemplateResult;
  }

  private renderPage(page: RequestPage): TemplateResult {
    const c = this.list;
    const start = (c.shown?.page ?? 0) * this.size;
    const pages = Math.max(1, Math.ceil(page.filtered / this.size));
    const status =
      c.state === 'pending'
        ? this.tr('listLoading')
        : page.rows.length
          ? this.tr('listRange', { from: start + 1, to: start + page.rows.length, total: page.filtered })
          : '';
    return html`<p class="status" role="status" id="list-status" tabindex="-1">${status}</p>
      ${
        page.rows.length
          ? html`<ol class="request-list" part="list" aria-busy=${c.state === 'pending' ? 'true' : 'false'}>
            ${page.rows.map((row) => this.renderRow(row))}
          </ol>`
          : page.total === 0
            ? html`<div class="empty"><slot name="empty"><p class="hint">${this.tr('listEmpty')}</p></slot></div>`
            : html`<p class="hint">${this.tr('listNoMatch')}</p>`
      }
      ${pages > 1 ? this.renderPager(pages) : nothing}`;
  }

  private renderRow(row: RequestRow): TemplateResult {
    const lang = this.language;
    const id = String(row.idRichiesta);
    const state =
      row.statoAvanz && (STATES as readonly string[]).includes(row.statoAvanz)
        ? this.tr(`state_${row.statoAvanz}` as DeskStringKey)
        : (row.statoRichiesta ?? '');
    const date = (key: DeskStringKey, value: string | undefined) =>
      value
        ? html`<div>
            <dt>${this.tr(key)}</dt>
            <dd><time datetime=${value}>${formatDate(value, lang)}</time></dd>
          </div>`
        : nothing;
    return html`<li class="request-item" part="request">
      <h3 class="request-head">
        <button type="button" class="link request-open" data-id=${id} aria-describedby="meta-${id}" @click=${() => this.open(row)}>
          <span class="request-number">${this.tr('listOpen', { id })}</span>
          <span class="request-subject">${row.oggetto}</span>
        </button>
      </h3>
      <dl class="facts request-meta" id="meta-${id}">
        <div>
          <dt>${this.tr('state')}</dt>
          <dd><span class="badge state-${row.statoAvanz ?? 'x'}">${state}</span></dd>
        </div>
        ${date('colOpened', row.dataRichiesta)}
        ${row.dataChiusura ? date('colClosed', row.dataChiusura) : date('colDue', row.dataScadenza)}
        ${
          row.protocolloTicket
            ? html`<div>
              <dt>${this.tr('protocol')}</dt>
              <dd>${row.protocolloTicket}</dd>
            </div>`
            : nothing
        }
      </dl>
    </li>`;
  }

  private renderPager(pages: number): TemplateResult {
    const page = this.list.shown?.page ?? 0;
    const busy = this.list.state === 'pending';
    return html`<nav class="pager actions" part="pager" aria-label=${this.tr('listTitle')}>
      <button type="button" class="secondary" ?disabled=${busy || page === 0} @click=${() => this.goTo(page - 1)}>
        ${this.tr('listPrev')}
      </button>
      <span>${this.tr('listPage', { page: page + 1, pages })}</span>
      <button type="button" class="secondary" ?disabled=${busy || page + 1 >= pages} @click=${() => this.goTo(page + 1)}>
        ${this.tr('listNext')}
      </button>
    </nav>`;
  }
}

SportelloElement.define('sportello-desk-requests', SportelloDeskRequests);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-desk-requests': SportelloDeskRequests;
  }
}
