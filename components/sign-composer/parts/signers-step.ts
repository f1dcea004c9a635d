import { html, nothing } from 'lit';
import { ACTION_CODES, type ActionCode } from '../../../src/services/sign-authoring.js';
import {
  addCopy,
  addSigner,
  moveSigner,
  removeCopy,
  removeSigner,
  signerLabel,
  updateCopy,
  updateSigner,
  type ComposerSigner,
} from '../../../src/model/sign/composer/practice-draft.js';
import { checkField, fieldId, renderProblem, selectField, textField, type ComposerView } from './view.js';
import type { StringKey } from '../strings.js';

export const actionKey = (code: string): StringKey => `action_${code}` as StringKey;

/** The kinds of signature, in plain words (§2.3 action codes). */
export function actionOptions(view: ComposerView) {
  return ACTION_CODES.map((code) => ({ value: code, label: view.t(actionKey(code)) }));
}

function renderSigner(
  view: ComposerView,
  s: ComposerSigner,
  i: number,
  total: number,
  movable: { up: boolean; down: boolean },
) {
  const { t } = view;
  const n = i + 1;
  const f = (name: string) => `signer:${s.id}:${name}`;
  const set = (change: Partial<ComposerSigner>) => view.update(updateSigner(view.draft, s.id, change));
  const name = signerLabel(s) || t('signerHeading', { n });
  const heading = s.slot?.description ? t('signerRole', { n, role: s.slot.description }) : t('signerHeading', { n });
  const fixed = s.slot && !s.slot.editable;
  return html`<li class="signer signer-${i % 6}" part="signer" aria-labelledby="${fieldId(`signer:${s.id}`)}-title">
    <h4 id="${fieldId(`signer:${s.id}`)}-title"><span class="badge" aria-hidden="true">${n}</span> ${heading}</h4>
    ${
      fixed
        ? html`<p><span dir="auto">${name}</span> · ${t(actionKey(s.action))}</p>
          <p class="muted">${t('fixedByType')}</p>`
        : html`<fieldset class="who">
            <legend>${t('who')}</legend>
            ${(['person', 'user'] as const).map(
              (who) =>
                html`<label class="radio"
                  ><input
                    type="radio"
                    name="who-${s.id}"
                    .checked=${s.who === who}
                    @change=${() => set({ who })}
                  />${t(who === 'person' ? 'whoPerson' : 'whoUser')}</label
                >`,
            )}
          </fieldset>
          <div class="grid">
            ${
              s.who === 'person'
                ? html`${textField(view, { field: f('firstName'), label: t('firstName'), value: s.firstName, required: true, autocomplete: 'off', onInput: (v) => set({ firstName: v }) })}
                ${textField(view, { field: f('lastName'), label: t('lastName'), value: s.lastName, required: true, onInput: (v) => set({ lastName: v }) })}
                ${textField(view, { field: f('email'), label: t('email'), value: s.email, type: 'email', required: true, onInput: (v) => set({ email: v }) })}`
                : textField(view, {
                    field: f('username'),
                    label: t('username'),
                    value: s.username,
                    required: true,
                    dir: 'ltr',
                    onInput: (v) => set({ username: v }),
                  })
            }
            ${selectField(view, {
              field: f('action'),
              label: t('action'),
              value: s.action,
              options: actionOptions(view),
              onChange: (v) => set({ action: v as ActionCode }),
            })}
            <div class="phone">
              ${textField(view, { field: f('phonePrefix'), label: t('phonePrefix'), value: s.phonePrefix, type: 'tel', class: 'prefix', onInput: (v) => set({ phonePrefix: v }) })}
              ${textField(view, {
                field: f('phone'),
                label: t('phone'),
                value: s.phone,
                type: 'tel',
                inputmode: 'tel',
                hint: t('phoneHint'),
                required: s.requireOtp || s.action === 'T',
                onInput: (v) => set({ phone: v }),
              })}
            </div>
          </div>
          ${checkField(view, { field: f('requireOtp'), label: t('requireOtp'), checked: s.requireOtp, onChange: (on) => set({ requireOtp: on }) })}
          ${checkField(view, {
            field: f('requirePassword'),
            label: t('requirePassword'),
            checked: s.requirePassword,
            onChange: (on) => set({ requirePassword: on }),
          })}
          ${
            s.requirePassword
              ? textField(view, {
                  field: f('password'),
                  label: t('password'),
                  value: s.password,
                  type: 'password',
                  autocomplete: 'new-password',
                  hint: t('passwordHint'),
                  onInput: (v) => set({ password: v }),
                })
              : nothing
          }
          ${checkField(view, {
            field: f('inPerson'),
            label: t('inPerson'),
            checked: s.inPerson,
            hint: t('inPersonHint'),
            onChange: (on) => set({ inPerson: on }),
          })}
          <details class="invitation" ?open=${!!(s.customMessage || s.customMessageObject)}>
            <summary>${t('invitation')}</summary>
            ${textField(view, {
              field: f('customMessageObject'),
              label: t('invitationSubject'),
              value: s.customMessageObject,
              onInput: (v) => set({ customMessageObject: v }),
            })}
            ${textField(view, {
              field: f('customMessage'),
              label: t('invitationMessage'),
              value: s.customMessage,
              multiline: true,
              onInput: (v) => set({ customMessage: v }),
            })}
          </details>`
    }
    ${renderProblem(view, `signer:${s.id}:areas`)}
    ${
      s.slot
        ? nothing
        : html`<div class="row-actions">
          <button
            type="button"
            class="icon-button"
            aria-label=${t('moveSignerUp', { name })}
            title=${t('moveUp')}
            ?disabled=${!movable.up}
            @click=${() => {
              view.update(moveSigner(view.draft, s.id, -1));
              view.say(t('signerMoved', { name, n: i, total }));
            }}
          >
            ↑
          </button>
          <button
            type="button"
            class="icon-button"
            aria-label=${t('moveSignerDown', { name })}
            title=${t('moveDown')}
            ?disabled=${!movable.down}
            @click=${() => {
              view.update(moveSigner(view.draft, s.id, 1));
              view.say(t('signerMoved', { name, n: i + 2, total }));
            }}
          >
            ↓
          </button>
          <button
            type="button"
            class="icon-button danger"
            aria-label=${t('removeSigner', { name })}
            title=${t('remove')}
            @click=${() => view.update(removeSigner(view.draft, s.id))}
          >
            ✕
          </button>
        </div>`
    }
  </li>`;
}

/** Step 2: signers in signing order (a person or a user, the kind of signature, OTP, password, in person, invitation), and copy recipients. */
export function renderSignersStep(view: ComposerView, focusLast: (selector: string) => void) {
  const { t, draft } = view;
  const own = draft.signers.filter((s) => !s.slot);
  return html`<section class="step-body" aria-labelledby="step-title">
    <h3>${t('signersTitle')}</h3>
    ${renderProblem(view, 'signers')}
    ${
      draft.signers.length
        ? html`<ol class="signers" part="signers">
          ${draft.signers.map((s, i) =>
            renderSigner(view, s, i, draft.signers.length, {
              up: !s.slot && own.indexOf(s) > 0,
              down: !s.slot && own.indexOf(s) < own.length - 1,
            }),
          )}
        </ol>`
        : html`<p class="muted">${t('signersEmpty')}</p>`
    }
    <button
      type="button"
      class="button"
      id=${fieldId('signers')}
      @click=${() => {
        view.update(addSigner(view.draft));
        focusLast('.signer:last-of-type input:not([type=radio])');
      }}
    >
      ${t('addSigner')}
    </button>

    <h3>${t('copiesTitle')}</h3>
    ${
      draft.copies.length
        ? html`<ul class="copies" part="copies">
          ${draft.copies.map(
            (c, i) =>
              html`<li class="copy">
                ${textField(view, {
                  field: `copy:${c.id}`,
                  label: t('copyEmail', { n: i + 1 }),
                  value: c.email,
                  type: 'email',
                  onInput: (v) => view.update(updateCopy(view.draft, c.id, v)),
                })}
                <button
                  type="button"
                  class="icon-button danger"
                  aria-label=${t('removeCopy', { n: i + 1 })}
                  title=${t('remove')}
                  @click=${() => view.update(removeCopy(view.draft, c.id))}
                >
                  ✕
                </button>
              </li>`,
          )}
        </ul>`
        : html`<p class="muted">${t('copiesEmpty')}</p>`
    }
    <button
      type="button"
      class="button"
      @click=${() => {
        view.update(addCopy(view.draft));
        focusLast('.copy:last-of-type input');
      }}
    >
      ${t('addCopy')}
    </button>
  </section>`;
}
