/**
 * The desk form's notices: why it cannot work yet (no endpoint, catalogue loading or failed), the
 * error summary that links each invalid field, and the banner of a failed submission with its
 * Retry. Render functions; focusing and retrying stay with the element through callbacks.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { fieldId } from './fields.js';
import { fieldError, type FormView } from './form-view.js';
import type { DeskStringKey } from './strings.js';

export interface SetupState {
  hasEndpoint: boolean;
  /** The catalogue was given neither as data nor as a URL. */
  noCatalogSource: boolean;
  /** Reloads a `catalog-src` catalogue; absent when the catalogue was given as data. */
  reloadCatalog?: (() => void) | undefined;
}

export function renderSetupProblems(view: FormView, setup: SetupState): TemplateResult | typeof nothing {
  const c = view.controller;
  if (!setup.hasEndpoint) return html`<p class="banner error-banner" role="alert">${view.tr('endpointMissing')}</p>`;
  if (c.catalogState === 'loading') return html`<p class="banner" role="status">${view.tr('loadingCatalog')}</p>`;
  if (c.catalogState === 'error')
    return html`<div class="banner error-banner" role="alert">
      <p>${view.tr('catalogError')} ${c.catalogError?.message ?? ''}</p>
      ${setup.reloadCatalog ? html`<button type="button" class="secondary" @click=${setup.reloadCatalog}>${view.tr('retry')}</button>` : nothing}
    </div>`;
  if (c.catalogState === 'idle' && setup.noCatalogSource)
    return html`<p class="banner error-banner" role="alert">${view.tr('catalogMissing')}</p>`;
  return nothing;
}

/** The list of what to fix, each line a link that focuses its field. Kept in the DOM (hidden) so focus can land on it. */
export function renderErrorSummary(view: FormView, focusField: (name: string) => void): TemplateResult {
  const names = Object.keys(view.errors);
  const attributes = view.controller.sections.flatMap((s) => s.attributes);
  const line = (name: string) => {
    const attr = name.startsWith('extra.') ? attributes.find((a) => `extra.${a.key}` === name) : undefined;
    const text = fieldError(view, name, attr ? attr.label : view.tr(name as DeskStringKey)) ?? '';
    const go = (e: Event) => {
      e.preventDefault();
      focusField(name);
    };
    return html`<a href="#${fieldId(name)}" @click=${go}>${text}</a>`;
  };
  return html`<div id="error-summary" class="error-summary" part="errors" role="alert" tabindex="-1" ?hidden=${names.length === 0}>
    ${
      names.length
        ? html`<p>${names.length === 1 ? view.tr('errorsOne') : view.tr('errorsTitle', { count: names.length })}</p>
          <ul>
            ${names.map((name) => html`<li>${line(name)}</li>`)}
          </ul>`
        : nothing
    }
  </div>`;
}

/** A failed submission in words, with Retry when nothing on the form needs fixing first. */
export function renderSubmitError(
  view: FormView,
  message: string | undefined,
  retry: () => void,
): TemplateResult | typeof nothing {
  if (!message) return nothing;
  const canRetry = view.controller.submitState === 'error' && !Object.keys(view.errors).length;
  return html`<div id="submit-error" class="banner error-banner" role="alert" tabindex="-1">
    <p>${message}</p>
    ${canRetry ? html`<button type="button" class="secondary" @click=${retry}>${view.tr('retry')}</button>` : nothing}
  </div>`;
}
