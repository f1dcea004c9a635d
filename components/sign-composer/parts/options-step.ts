import { html, nothing } from 'lit';
import {
  signerLabel,
  updateOptions,
  type PracticeOptions,
  type Privacy,
} from '../../../src/model/sign/composer/practice-draft.js';
import type { Problem } from '../../../src/model/sign/composer/practice-checks.js';
import { checkField, fieldId, selectField, textField, type ComposerView } from './view.js';
import { actionKey } from './signers-step.js';
import type { StringKey } from '../strings.js';

const PRIVACY: Privacy[] = ['P', 'A', 'C', 'S'];

/** Step 4, first half: the practice's name, notes, expiry, urgency, privacy, mails and protocol. */
export function renderOptions(view: ComposerView) {
  const { t, draft } = view;
  const o = draft.options;
  const set = (change: Partial<PracticeOptions>) => view.update(updateOptions(view.draft, change));
  const type = draft.processType;
  return html`<h3>${t('optionsTitle')}</h3>
    ${textField(view, {
      field: 'option:name',
      label: type ? t('nameFromType', { name: type.name }) : t('name'),
      value: o.name,
      required: !type,
      onInput: (v) => set({ name: v }),
    })}
    ${textField(view, { field: 'option:notes', label: t('notes'), value: o.notes, multiline: true, onInput: (v) => set({ notes: v }) })}
    <fieldset class="expiry" id=${fieldId('option:expiry')}>
      <legend>${t('expiry')}</legend>
      ${(['none', 'date', 'days'] as const).map(
        (mode) =>
          html`<label class="radio"
            ><input type="radio" name="expiry" .checked=${o.expiry === mode} @change=${() => set({ expiry: mode })} />${t(
              mode === 'none' ? 'expiryNone' : mode === 'date' ? 'expiryDate' : 'expiryDays',
            )}</label
          >`,
      )}
      ${
        o.expiry === 'date'
          ? textField(view, {
              field: 'option:expiryDate',
              label: t('expiryDateLabel'),
              value: o.expiryDate,
              type: 'date',
              onInput: (v) => set({ expiryDate: v }),
            })
          : o.expiry === 'days'
            ? textField(view, {
                field: 'option:expiryDays',
                label: t('expiryDaysLabel'),
                value: o.expiryDays,
                type: 'number',
                min: '1',
                inputmode: 'numeric',
                onInput: (v) => set({ expiryDays: v }),
              })
            : nothing
      }
    </fieldset>
    ${checkField(view, { field: 'option:urgent', label: t('urgent'), checked: o.urgent, onChange: (on) => set({ urgent: on }) })}
    ${selectField(view, {
      field: 'option:privacy',
      label: t('privacy'),
      value: o.privacy,
      options: PRIVACY.map((p) => ({ value: p, label: t(`privacy_${p}` as StringKey) })),
      onChange: (v) => set({ privacy: v as Privacy }),
    })}
    ${checkField(view, {
      field: 'option:sendNotifications',
      label: t('sendNotifications'),
      checked: o.sendNotifications,
      onChange: (on) => set({ sendNotifications: on }),
    })}
    ${checkField(view, {
      field: 'option:sendCopyIterCompleted',
      label: t('sendCopyIterCompleted'),
      checked: o.sendCopyIterCompleted,
      onChange: (on) => set({ sendCopyIterCompleted: on }),
    })}
    ${textField(view, { field: 'option:protocol', label: t('protocol'), value: o.protocol, dir: 'ltr', onInput: (v) => set({ protocol: v }) })}`;
}

/** Step 4, second half: what will be sent, what must be fixed first, and Send. */
export function renderReview(view: ComposerView, problems: Problem[], send: () => void) {
  const { t, ctl, draft } = view;
  const pending = ctl.sending.state === 'pending';
  const copies = draft.copies.filter((c) => c.email.trim()).length;
  const refusal = ctl.sending.refusal;
  return html`<h3>${t('reviewTitle')}</h3>
    <p class="summary">
      ${t('summaryDocuments', { n: draft.documents.length })} · ${t('summarySigners', { n: draft.signers.length })} ·
      ${t('summaryCopies', { n: copies })} · ${t('summaryAreas', { n: draft.areas.length })}
    </p>
    ${
      draft.signers.length
        ? html`<ol class="review-signers">
          ${draft.signers.map(
            (s, i) =>
              html`<li><span class="badge signer-${i % 6}" aria-hidden="true">${i + 1}</span> <span dir="auto">${signerLabel(s) || '—'}</span> ·
                ${t(actionKey(s.action))}${s.inPerson ? html` · ${t('inPerson')}` : nothing}</li>`,
          )}
        </ol>`
        : nothing
    }
    ${
      ctl.sending.showProblems && problems.length
        ? html`<div class="problems" part="problems" role="alert" id="problems" tabindex="-1">
          <p><strong>${t('problemsTitle', { n: problems.length })}</strong></p>
          <ul>
            ${problems.map(
              (p) =>
                html`<li>
                  ${t(p.key, p.params)}
                  <button type="button" class="link-button" @click=${() => view.goTo(p.field)}>${t('goToField')}</button>
                </li>`,
            )}
          </ul>
        </div>`
        : nothing
    }
    ${
      ctl.sending.state === 'error' && ctl.sending.error
        ? html`${view.renderError(ctl.sending.error, ctl.sending.key ? send : undefined, ctl.sending.key ? t('sendAgainSafe') : undefined)}
        ${
          refusal?.field
            ? html`<p><button type="button" class="link-button" @click=${() => view.goTo(refusal.field!)}>${t('goToField')}</button></p>`
            : nothing
        }`
        : nothing
    }
    <button type="button" class="button primary send" part="send-button" ?disabled=${pending} aria-disabled=${pending ? 'true' : 'false'} @click=${send}>
      ${pending ? t('sending') : t('send')}
    </button>`;
}
