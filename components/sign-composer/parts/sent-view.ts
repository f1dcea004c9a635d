import { html, nothing } from 'lit';
import { dateTimeFormat } from '../../../src/i18n/format.js';
import type { DraftRecord } from '../../../src/services/sign-authoring.js';
import type { SentSigner } from '../events.js';
import type { ComposerView } from './view.js';
import { actionKey } from './signers-step.js';

/** After sending: the new practice, each signer with their link where the user may see it, and what next. */
export function renderSent(
  view: ComposerView,
  sent: { idFile: number; signers: SentSigner[]; passwords: Map<string, string> },
  another: () => void,
  viewer: unknown,
) {
  const { t } = view;
  return html`<section class="sent" part="sent" aria-labelledby="sent-title">
    <h2 id="sent-title" tabindex="-1">${t('sentTitle', { idFile: String(sent.idFile) })}</h2>
    <h3>${t('sentSigners')}</h3>
    <ol class="sent-signers">
      ${sent.signers.map((s, i) => {
        const password = sent.passwords.get(s.email);
        // Only the first signer signs now; an in-person signer after them, when their turn comes.
        const inPerson = i === 0 ? 'inPersonNow' : 'inPersonLater';
        return html`<li>
          <span dir="auto">${s.name}</span> · ${t(actionKey(s.action))}
          ${s.inPerson ? html`<p class="notice">${t(inPerson, { name: s.name })}</p>` : nothing}
          ${
            s.signingUrl && !s.inPerson
              ? html`<p>
                <a href=${s.signingUrl} target="_blank" rel="noopener noreferrer">${t('signingLink', { name: s.name })}</a>
              </p>`
              : nothing
          }
          ${password ? html`<p class="muted">${t('passwordMade', { name: s.name, password })}</p>` : nothing}
        </li>`;
      })}
    </ol>
    <button type="button" class="button" @click=${another}>${t('prepareAnother')}</button>
    ${viewer ? html`<h3>${t('viewerTitle')}</h3>${viewer}` : nothing}
  </section>`;
}

/** The user's drafts at the service, each to open or delete. */
export function renderDrafts(
  view: ComposerView,
  open: (d: DraftRecord) => void,
  close: () => void,
  /** The draft whose Open was pressed once: a second press replaces the work. */
  confirming: number | undefined,
) {
  const { t, ctl } = view;
  const when = (iso: string | undefined) => {
    const d = iso ? new Date(iso) : undefined;
    return d && !Number.isNaN(d.getTime())
      ? dateTimeFormat(view.speaker.language, { dateStyle: 'medium', timeStyle: 'short' }).format(d)
      : '';
  };
  return html`<dialog part="drafts" aria-labelledby="drafts-title" @close=${close}>
    <h2 id="drafts-title">${t('draftsTitle')}</h2>
    ${ctl.serviceDrafts.state === 'pending' ? html`<p role="status">${t('draftsLoading')}</p>` : nothing}
    ${ctl.serviceDrafts.state === 'error' && ctl.serviceDrafts.error ? view.renderError(ctl.serviceDrafts.error, () => void ctl.serviceDrafts.load()) : nothing}
    ${ctl.serviceDrafts.state === 'complete' && !ctl.serviceDrafts.list.length ? html`<p>${t('draftsNone')}</p>` : nothing}
    ${
      ctl.serviceDrafts.list.length
        ? html`<ul class="drafts">
          ${ctl.serviceDrafts.list.map((d) => {
            const name = d.name || t('draftUntitled');
            return html`<li>
              <span dir="auto">${name}</span> <span class="muted">${t('draftUpdated', { time: when(d.tsUpd) })}</span>
              <button
                type="button"
                class="button"
                aria-label=${t('openDraftLabel', { name })}
                aria-describedby=${confirming === d.idDraft ? 'open-draft-confirm' : nothing}
                @click=${() => open(d)}
              >
                ${t('openDraft')}
              </button>
              ${confirming === d.idDraft ? html`<p class="confirm" id="open-draft-confirm">${t('openDraftConfirm')}</p>` : nothing}
              <button
                type="button"
                class="button danger"
                aria-label=${t('deleteDraftLabel', { name })}
                @click=${() => void ctl.serviceDrafts.delete(d.idDraft)}
              >
                ${t('deleteDraft')}
              </button>
            </li>`;
          })}
        </ul>`
        : nothing
    }
    <form method="dialog"><button class="button">${t('close')}</button></form>
  </dialog>`;
}
