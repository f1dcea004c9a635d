import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { SportelloElement } from '../shared/sportello-element.js';
import { DeskClient, type DeskComment, type DeskUser, type RequestDetail } from '../../src/services/desk.js';
import { isServiceError } from '../../src/transport/errors.js';
import { DeskRequestController } from '../../src/controllers/desk/request-controller.js';
import { ConfigurationError, ServiceClientController } from '../../src/controllers/service-client.js';
import { t, type DeskStringKey } from './strings.js';
import { deskFormStyles } from './desk-form.styles.js';
import { formatDate } from './format.js';
import './events.js';

/**
 * Follows one help-desk request: its state in words, who handles it, its dates and the comment
 * thread, with a box to add a customer comment. `<sportello-desk-form request-id>` shows this too.
 *
 * @tag sportello-desk-request
 * @summary The state and comments of one help-desk request.
 *
 * @event {CustomEvent<DeskCommentAddedDetail>} sportello-comment-added - The customer's comment was accepted.
 * @event {CustomEvent<SportelloErrorDetail>} sportello-error - Loading or commenting failed; the view shows it too.
 *
 * @csspart summary - State, assignee and dates.
 * @csspart comments - The comment thread.
 * @csspart comment - One comment.
 * @csspart composer - The add-comment form.
 *
 * @cssproperty --sportello-accent - Buttons and focus.
 * @cssproperty --sportello-surface-alt - Comment background.
 */
export class SportelloDeskRequest extends SportelloElement {
  static override styles = deskFormStyles;
  static override service = 'desk' as const;

  /** The request to follow (`idRichiesta`). */
  @property({ attribute: 'request-id', reflect: true }) requestId?: string;

  @state() private draft = '';

  private warned = false;

  /** The desk client from the resolved configuration; a new one (endpoint or token provider changed) reloads the request. */
  private readonly clients = new ServiceClientController<DeskClient>(this, () => this.config, {
    build: ({ endpoint, tokenProvider }) => {
      if (!endpoint)
        throw new ConfigurationError('has no endpoint: set the endpoint attribute (desk base URL or proxy).');
      return new DeskClient({ endpoint, tokenProvider });
    },
    report: (problem) => this.reportConfigProblem(problem),
    changed: () => {
      if (this.controller.id) void this.controller.load();
    },
  });

  private readonly controller = new DeskRequestController(this, {
    client: () => this.clients.client,
    onError: (operation, error) => this.reportError(operation, error),
    onCommentAdded: (detail) => this.emit('sportello-comment-added', detail),
  });

  /** Reloads state and comments. */
  refresh(): Promise<void> {
    return this.controller.load();
  }

  private tr(key: DeskStringKey, params: Record<string, string | number> = {}): string {
    return t(this.language, key, params);
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
      this.controller.follow(valid ? this.requestId : undefined);
    }
  }

  private stateText(detail: RequestDetail): string {
    const code = detail.statoAvanz ?? '';
    const known = ['A', 'P', 'S', 'C', 'R'].includes(code) ? this.tr(`state_${code}` as DeskStringKey) : undefined;
    return known ?? detail.statoRichiesta ?? this.tr('stateUnknown', { code });
  }

  private person(user: DeskUser | null | undefined): string | undefined {
    if (!user) return undefined;
    const name = [user.nome, user.cognome].filter(Boolean).join(' ');
    return name || user.matricola || (user.idUtente !== undefined ? `#${user.idUtente}` : undefined);
  }

  private async sendComment(event: Event): Promise<void> {
    event.preventDefault();
    const ok = await this.controller.addComment(this.draft);
    if (ok) {
      this.draft = '';
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('#comments-title')?.focus();
    }
  }

  override render(): TemplateResult {
    const c = this.controller;
    const id = this.requestId?.trim() ?? '';
    if (!id || !/^\d+$/.test(id)) return html`<p class="banner error-banner" role="alert">${this.tr('missingId')}</p>`;
    if (c.state === 'error') {
      const notFound = isServiceError(c.error) && (c.error.status === 404 || c.error.status === 403);
      return html`<div class="banner error-banner" role="alert">
        <p>${notFound ? this.tr('notFound', { id }) : isServiceError(c.error) && c.error.status === 401 ? this.tr('sessionExpired') : this.tr('requestError')}</p>
        <button type="button" class="secondary" @click=${() => this.controller.load()}>${this.tr('retry')}</button>
      </div>`;
    }
    const detail = c.detail;
    if (!detail) return html`<p class="status" role="status">${this.tr('loadingRequest')}</p>`;
    return html`<article class="follow" aria-labelledby="request-title" aria-busy=${c.state === 'loading' ? 'true' : 'false'}>
      <header class="follow-head">
        <h2 id="request-title">${this.tr('requestTitle', { id: String(detail.idRichiesta ?? id) })}</h2>
        <button type="button" class="secondary" @click=${() => this.controller.load()}>${this.tr('reload')}</button>
      </header>
      ${detail.oggetto ? html`<p class="subject">${detail.oggetto}</p>` : nothing}
      ${this.renderSummary(detail)}
      ${detail.descrizione ? html`<p class="description">${detail.descrizione}</p>` : nothing}
      ${this.renderFiles(detail)}
      ${this.renderComments(c.comments)}
      ${this.renderComposer()}
    </article>`;
  }

  private renderSummary(detail: RequestDetail): TemplateResult {
    const lang = this.language;
    const assignee = this.person(detail.utenteAssegnatario);
    const handler = this.person(detail.utentePCarico);
    const date = (key: DeskStringKey, value: string | null | undefined) =>
      value
        ? html`<div><dt>${this.tr(key)}</dt><dd><time datetime=${value}>${formatDate(value, lang)}</time></dd></div>`
        : nothing;
    const ref = (key: DeskStringKey, value: { nome?: string } | null | undefined) =>
      value?.nome ? html`<div><dt>${this.tr(key)}</dt><dd>${value.nome}</dd></div>` : nothing;
    return html`<dl class="facts" part="summary">
      <div><dt>${this.tr('state')}</dt><dd><span class="badge state-${detail.statoAvanz ?? 'x'}">${this.stateText(detail)}</span></dd></div>
      <div><dt>${this.tr('assignee')}</dt><dd>${assignee ?? this.tr('unassigned')}</dd></div>
      ${handler && handler !== assignee ? html`<div><dt>${this.tr('takenBy')}</dt><dd>${handler}</dd></div>` : nothing}
      ${ref('servizio', detail.servizio)} ${ref('tipoRichiesta', detail.tipoRichiesta)} ${ref('priority', detail.priorita)}
      ${date('dataRichiesta', detail.dataRichiesta)} ${date('dataSegnalazione', detail.dataSegnalazione)} ${date('dataPcarico', detail.dataPcarico)}
      ${date('dueDate', detail.dataScadenza)}
    </dl>`;
  }

  /** Attachment names and second-level ticket protocols, as text (the view has no download endpoint). */
  private renderFiles(detail: RequestDetail): TemplateResult | typeof nothing {
    const files = (detail.allegati ?? [])
      .map((a) =>
        typeof a === 'string'
          ? a
          : ((a as { nomeFile?: string; nome?: string })?.nomeFile ?? (a as { nome?: string })?.nome),
      )
      .filter((n): n is string => !!n);
    const tickets = (detail.ticket ?? [])
      .map((x) => (x as { protocollo?: string })?.protocollo)
      .filter((p): p is string => !!p);
    if (!files.length && !tickets.length) return nothing;
    return html`<dl class="facts">
      ${files.length ? html`<div><dt>${this.tr('allegati')}</dt><dd><ul class="plain">${files.map((f) => html`<li>${f}</li>`)}</ul></dd></div>` : nothing}
      ${tickets.length ? html`<div><dt>${this.tr('protocol')}</dt><dd>${tickets.join(', ')}</dd></div>` : nothing}
    </dl>`;
  }

  private origin(comment: DeskComment): string {
    if (comment.origin.startsWith('clie')) return this.tr('fromCustomer');
    if (comment.origin === 'ct' || comment.origin.startsWith('contact')) return this.tr('fromContactCenter');
    return this.tr('fromProvider');
  }

  private renderComments(comments: DeskComment[]): TemplateResult {
    return html`<section class="comments" part="comments" aria-labelledby="comments-title">
      <h3 id="comments-title" tabindex="-1">${this.tr('comments')}</h3>
      ${
        comments.length
          ? html`<ol class="thread">
            ${comments.map(
              (m) => html`<li class="comment ${m.origin.startsWith('clie') ? 'mine' : ''}" part="comment">
                <p class="meta">
                  <strong>${m.author || this.origin(m)}</strong>
                  <span class="origin">(${this.origin(m)}${m.reminder ? `, ${this.tr('reminder')}` : ''})</span>
                  ${m.date ? html`<time datetime=${m.date}>${formatDate(m.date, this.language)}</time>` : nothing}
                </p>
                <p class="text">${m.text}</p>
                ${m.attachments.length ? html`<ul class="comment-files">${m.attachments.map((a) => html`<li>${a}</li>`)}</ul>` : nothing}
              </li>`,
            )}
          </ol>`
          : html`<p class="hint">${this.tr('noComments')}</p>`
      }
    </section>`;
  }

  private renderComposer(): TemplateResult {
    const c = this.controller;
    const sending = c.commentState === 'sending';
    return html`<form class="composer" part="composer" aria-labelledby="composer-title" @submit=${this.sendComment}>
      <h3 id="composer-title">${this.tr('addComment')}</h3>
      <div class="field wide">
        <label for="comment-text">${this.tr('commentLabel')}</label>
        <textarea id="comment-text" rows="3" maxlength="2000" required ?readonly=${sending} .value=${this.draft}
          aria-describedby=${ifDefined(c.commentState === 'error' ? 'comment-error' : undefined)}
          @input=${(e: Event) => (this.draft = (e.target as HTMLTextAreaElement).value)}></textarea>
      </div>
      ${c.commentState === 'error' ? html`<p class="error" id="comment-error" role="alert">${this.tr('commentFailed')} ${c.commentError?.message ?? ''}</p>` : nothing}
      <div class="actions">
        <button type="submit" class="primary" ?disabled=${sending || !this.draft.trim()}>${sending ? this.tr('sendingComment') : this.tr('sendComment')}</button>
        <span role="status" class="status">${c.commentState === 'sent' ? this.tr('commentSent') : sending ? this.tr('sendingComment') : ''}</span>
      </div>
    </form>`;
  }
}

SportelloElement.define('sportello-desk-request', SportelloDeskRequest);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-desk-request': SportelloDeskRequest;
  }
}
