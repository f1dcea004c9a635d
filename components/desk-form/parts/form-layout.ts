/**
 * The layout of the desk form as the customer meets it: title, a restored draft's notice, what
 * stops the form from working (setup), the error summary, the fields (classification, extra
 * sections, SLA preview, details, contact, AI help, more, attachments), a failed submission's
 * notice and the button row. A render function: the element passes its state and callbacks.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { StringsHost } from '../../../src/i18n/translate.js';
import type { ServiceError } from '../../../src/transport/errors.js';
import type { FormView } from './form-view.js';
import { renderErrorSummary, renderSetupProblems, renderSubmitError, type SetupState } from './notices-view.js';
import { renderClassification, renderPreview, renderSections } from './classification-view.js';
import { renderDetails, renderMore } from './details-view.js';

export interface FormLayout {
  view: FormView;
  /** Whose language and strings the notices speak: the element. */
  speaker: StringsHost;
  submitting: boolean;
  disabled: boolean;
  draftRestored: boolean;
  setup: SetupState;
  /** Why the form cannot be sent: its own words, or the failure of a submission. */
  formError: string | ServiceError | Error | undefined;
  /** The polite live region's text. */
  announcement: string;
  /** The element's own parts between the details and "more": contact fields, AI suggestion and answers. */
  parts: unknown;
  /** The attachment area (nothing when the page hides it). */
  attachments: unknown;
  focusField(name: string): void;
  onSubmit(event: Event): void;
  onInput(event: Event): void;
  discardDraft(): void;
  send(): void;
}

export function renderFormLayout(o: FormLayout): TemplateResult {
  const { view, submitting } = o;
  const tr = view.tr;
  return html`<form part="form" novalidate aria-labelledby="form-title" aria-busy=${submitting ? 'true' : 'false'} @submit=${o.onSubmit} @input=${o.onInput} @change=${o.onInput}>
      <slot name="header"><h2 id="form-title" part="title">${tr('formTitle')}</h2></slot>
      ${
        o.draftRestored
          ? html`<div class="notice" part="draft-notice" role="status">
            <span>${tr('draftRestored')}</span>
            <button type="button" class="link" @click=${o.discardDraft}>${tr('discardDraft')}</button>
          </div>`
          : nothing
      }
      ${renderSetupProblems(view, o.speaker, o.setup)}
      <p class="hint">${tr('requiredHint')}</p>
      ${renderErrorSummary(view, o.focusField)}
      <fieldset class="outer" ?disabled=${submitting || o.disabled}>
        ${renderClassification(view)} ${renderSections(view, o.speaker)} ${renderPreview(view, o.speaker)} ${renderDetails(view)} ${o.parts} ${renderMore(view)} ${o.attachments}
      </fieldset>
      ${renderSubmitError(view, o.speaker, o.formError, o.send)}
      <div class="actions" part="actions">
        <button type="submit" class="primary" part="submit-button" ?disabled=${submitting || o.disabled} aria-describedby=${ifDefined(submitting ? 'submit-status' : undefined)}>
          ${submitting ? tr('submitting') : tr('submit')}
        </button>
        <button type="button" class="secondary" ?disabled=${submitting || o.disabled} @click=${o.discardDraft}>${tr('reset')}</button>
        <span id="submit-status" class="visually-hidden" role="status">${submitting ? tr('submitting') : ''}</span>
      </div>
      <div class="visually-hidden" aria-live="polite">${o.announcement}</div>
      <slot name="footer"></slot>
    </form>`;
}
