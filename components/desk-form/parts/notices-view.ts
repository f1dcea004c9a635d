/**
 * The desk form's notices: why it cannot work yet (no endpoint, catalogue loading or failed), the
 * error summary that links each invalid field, and the banner of a failed submission with its
 * Retry. Render functions; focusing and retrying stay with the element through callbacks.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { fieldId } from './fields.js';
import { fieldError, type FormView } from './form-view.js';
import type { DeskStringKey } from '../strings.js';
import type { StringsHost } from '../../../src/i18n/translate.js';
import type { ServiceError } from '../../../src/transport/errors.js';
import '../../shared/error-notice.js';
import { renderTask, renderWriteFailure } from '../../shared/task-view.js';
import { TaskStatus, type Task } from '@lit/task';
import type { Catalog } from '../../../src/model/desk/catalog.js';
import { errorString } from '../../shared/error-text.js';

export interface SetupState {
  hasEndpoint: boolean;
  /** The catalogue was given neither as data nor as a URL. */
  noCatalogSource: boolean;
  /** The load of a `catalog-src` catalogue (idle when the catalogue was given as data). */
  catalogLoad: Task<readonly [string | undefined], Catalog>;
}

export function renderSetupProblems(view: FormView, speaker: StringsHost, setup: SetupState): unknown {
  const c = view.controller;
  if (!setup.hasEndpoint) return html`<p class="banner error-banner" role="alert">${view.tr('endpointMissing')}</p>`;
  // A catalogue given as data that is not one: the page's mistake, no Retry can mend it.
  if (c.catalogState === 'error' && c.catalogError && c.catalogLoad.status !== TaskStatus.ERROR)
    return html`<sportello-error-notice
      class="banner error-banner"
      setup
      .error=${c.catalogError}
      .speaker=${speaker}
    ></sportello-error-notice>`;
  if (c.catalogState === 'idle' && setup.noCatalogSource)
    return html`<p class="banner error-banner" role="alert">${view.tr('catalogMissing')}</p>`;
  // The catalogue is the form's setup: one it cannot find is a problem of the page, not the
  // visitor's. Loading it is a GET: after a 429's wait it is asked again by itself.
  return renderTask(setup.catalogLoad, {
    speaker,
    class: 'banner error-banner',
    pending: () => html`<p class="banner" role="status">${view.tr('loadingCatalog')}</p>`,
    complete: () => nothing,
    setup: true,
    autoRetry: true,
  });
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

/**
 * Why the form could not be sent, with Retry when nothing on the form needs fixing first: the
 * form's own words for a setup problem, or a failed submission through the one error notice. A
 * submission carries its Idempotency-Key on every attempt, so after a 429's wait it is sent again
 * by itself: the service creates the request at most once.
 */
export function renderSubmitError(
  view: FormView,
  speaker: StringsHost,
  problem: string | ServiceError | Error | undefined,
  retry: () => void,
): TemplateResult | typeof nothing {
  if (!problem) return nothing;
  const canRetry = view.controller.submitState === 'error' && !Object.keys(view.errors).length;
  if (typeof problem === 'string')
    return html`<div id="submit-error" class="banner error-banner" role="alert" tabindex="-1"><p>${problem}</p></div>`;
  // The submission's own failure: through the one task view, as every write's (Retry = same key).
  if (problem === view.controller.submitError)
    return renderWriteFailure(view.controller.submission, {
      speaker,
      id: 'submit-error',
      class: 'banner error-banner',
      focusable: true,
      note: canRetry ? errorString(speaker, 'sentOnce') : undefined,
      retry: canRetry ? retry : false,
    }) as TemplateResult | typeof nothing;
  return html`<sportello-error-notice
    id="submit-error"
    class="banner error-banner"
    tabindex="-1"
    .error=${problem}
    .speaker=${speaker}
    .note=${canRetry ? errorString(speaker, 'sentOnce') : undefined}
    .retry=${canRetry ? retry : undefined}
    ?auto-retry=${canRetry}
  ></sportello-error-notice>`;
}
