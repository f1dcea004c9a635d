/**
 * The follow view's read-only parts: the summary (state in words, who handles it, dates), the
 * request's files and ticket protocols, and the comment thread. Files are real links: their `href`
 * is the file's address (enough where a proxy adds the credentials, and for "copy link"), and a
 * click downloads them through the client with the visitor's credentials.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { DeskComment, DeskUser, RequestDetail } from '../../../src/services/desk.js';
import type { DeskRequestController } from '../../../src/controllers/desk/request-controller.js';
import type { Lang } from '../../../src/i18n/lang.js';
import type { StringsHost } from '../../../src/i18n/translate.js';
import { formatDate } from './format.js';
import type { DeskStringKey } from '../strings.js';

export interface FollowView {
  readonly language: Lang;
  readonly controller: DeskRequestController;
  /** Whose language and strings the error notices speak: the element. */
  readonly speaker: StringsHost;
  tr(key: DeskStringKey, params?: Record<string, string | number>): string;
  /** A file of the request as a download link. */
  fileLink(name: string): TemplateResult;
}

const KNOWN_STATES = ['A', 'P', 'S', 'C', 'R'];

/** The state in the customer's words: the spec's code when known, else the server's own label. */
export function stateText(view: FollowView, detail: RequestDetail): string {
  const code = detail.statoAvanz ?? '';
  const known = KNOWN_STATES.includes(code) ? view.tr(`state_${code}` as DeskStringKey) : undefined;
  return known ?? detail.statoRichiesta ?? view.tr('stateUnknown', { code });
}

function person(user: DeskUser | null | undefined): string | undefined {
  if (!user) return undefined;
  const name = [user.nome, user.cognome].filter(Boolean).join(' ');
  return name || user.matricola || (user.idUtente !== undefined ? `#${user.idUtente}` : undefined);
}

export function renderSummary(view: FollowView, detail: RequestDetail): TemplateResult {
  const lang = view.language;
  const assignee = person(detail.utenteAssegnatario);
  const handler = person(detail.utentePCarico);
  const date = (key: DeskStringKey, value: unknown) =>
    typeof value === 'string' && value
      ? html`<div>
          <dt>${view.tr(key)}</dt>
          <dd><time datetime=${value}>${formatDate(value, lang)}</time></dd>
        </div>`
      : nothing;
  const ref = (key: DeskStringKey, value: { nome?: string } | null | undefined) =>
    value?.nome
      ? html`<div>
          <dt>${view.tr(key)}</dt>
          <dd>${value.nome}</dd>
        </div>`
      : nothing;
  return html`<dl class="facts" part="summary">
    <div>
      <dt>${view.tr('state')}</dt>
      <dd><span class="badge state-${detail.statoAvanz ?? 'x'}" id="state-badge">${stateText(view, detail)}</span></dd>
    </div>
    <div>
      <dt>${view.tr('assignee')}</dt>
      <dd>${assignee ?? view.tr('unassigned')}</dd>
    </div>
    ${
      handler && handler !== assignee
        ? html`<div>
          <dt>${view.tr('takenBy')}</dt>
          <dd>${handler}</dd>
        </div>`
        : nothing
    }
    ${ref('servizio', detail.servizio)} ${ref('tipoRichiesta', detail.tipoRichiesta)} ${ref('priority', detail.priorita)}
    ${date('dataRichiesta', detail.dataRichiesta)} ${date('dataSegnalazione', detail.dataSegnalazione)}
    ${date('dataPcarico', detail.dataPcarico)} ${date('dueDate', detail.dataScadenza)}
    ${date('dataChiusura', detail['dataChiusura'])}
  </dl>`;
}

/** The request's own files (downloadable) and second-level ticket protocols. */
export function renderFiles(view: FollowView, detail: RequestDetail): TemplateResult | typeof nothing {
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
    ${
      files.length
        ? html`<div>
          <dt>${view.tr('allegati')}</dt>
          <dd>
            <ul class="plain">
              ${files.map((f) => html`<li>${view.fileLink(f)}</li>`)}
            </ul>
          </dd>
        </div>`
        : nothing
    }
    ${
      tickets.length
        ? html`<div>
          <dt>${view.tr('protocol')}</dt>
          <dd>${tickets.join(', ')}</dd>
        </div>`
        : nothing
    }
  </dl>`;
}

function origin(view: FollowView, comment: DeskComment): string {
  if (comment.origin.startsWith('clie')) return view.tr('fromCustomer');
  if (comment.origin === 'ct' || comment.origin.startsWith('contact')) return view.tr('fromContactCenter');
  return view.tr('fromProvider');
}

export function renderThread(view: FollowView, comments: readonly DeskComment[]): TemplateResult {
  return html`<section class="comments" part="comments" aria-labelledby="comments-title">
    <h3 id="comments-title" tabindex="-1">${view.tr('comments')}</h3>
    ${
      comments.length
        ? html`<ol class="thread">
          ${comments.map(
            (m) =>
              html`<li class="comment ${m.origin.startsWith('clie') ? 'mine' : ''}" part="comment" data-id=${m.id}>
                <p class="meta">
                  <strong>${m.author || origin(view, m)}</strong>
                  <span class="origin">(${origin(view, m)}${m.reminder ? `, ${view.tr('reminder')}` : ''})</span>
                  ${m.date ? html`<time datetime=${m.date}>${formatDate(m.date, view.language)}</time>` : nothing}
                </p>
                <p class="text">${m.text}</p>
                ${
                  m.attachments.length
                    ? html`<ul class="comment-files">
                      ${m.attachments.map((a) => html`<li>${view.fileLink(a)}</li>`)}
                    </ul>`
                    : nothing
                }
              </li>`,
          )}
        </ol>`
        : html`<p class="hint">${view.tr('noComments')}</p>`
    }
  </section>`;
}
