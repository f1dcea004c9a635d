/**
 * The desk form's classification: the service / asset / request type / urgency cascade from the
 * catalogue, the extra sections the chosen triple asks for, and what the customer may expect
 * (SLA, expected due date). Render functions over {@link FormView}; no state of their own.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { findEntry, requestTypesFor, type CatalogItem } from '../../../src/model/desk/catalog.js';
import type { ExtraAttribute, FormField } from '../../../src/model/desk/form-model.js';
import { attributeControl, checkboxFrame, fieldId, frame, select, type FieldFrame } from './fields.js';
import { fieldError, fieldFrame, optionsOf, type FormView } from './form-view.js';
import { patternHint } from '../../shared/pattern-hint.js';
import { formatDate, formatMinutes } from './format.js';
import { renderTask } from '../../shared/task-view.js';
import type { StringsHost } from '../../../src/i18n/translate.js';

export function renderClassification(view: FormView): TemplateResult {
  const catalog = view.controller.catalog;
  const v = view.values;
  const service = catalog ? findEntry(catalog.services, v.servizio) : undefined;
  const asset = service ? findEntry(service.assets, v.assetRoot) : undefined;
  const types = requestTypesFor(service, asset);
  const choose = view.tr('choose');
  const sel = (
    name: Exclude<FormField, 'allegati'>,
    required: boolean,
    items: readonly CatalogItem[],
    placeholder = choose,
  ) => {
    if (view.isHidden(name)) return nothing;
    const f = fieldFrame(view, name, required);
    return frame(
      f,
      select(f, v[name] as string, optionsOf(items), placeholder, view.isLocked(name) || !catalog),
      view.tr('required'),
    );
  };
  return html`<fieldset class="group" part="classification">
    <legend>${view.tr('classification')}</legend>
    <div class="grid">
      ${sel('servizio', true, catalog?.services ?? [])}
      ${service && service.assets.length ? sel('assetRoot', false, service.assets, view.tr('none')) : nothing}
      ${asset && asset.children.length ? sel('assetFiglio', false, asset.children, view.tr('none')) : nothing}
      ${sel('tipoRichiesta', true, types)}
      ${catalog && catalog.urgencies.length ? sel('urgenza', false, catalog.urgencies, view.tr('none')) : nothing}
    </div>
  </fieldset>`;
}

/** The extra sections the triple asks for: a lookup shown the kit's one way (components/shared/task-view.ts). */
export function renderSections(view: FormView, speaker: StringsHost): unknown {
  return renderTask(view.controller.sectionsLoad, {
    speaker,
    class: 'banner error-banner',
    pending: view.tr('loadingSections'),
    complete: () => renderSectionFields(view),
    // A lookup is a GET: after a 429's wait it is asked again by itself.
    retry: () => view.retryTriple(),
    autoRetry: true,
  });
}

function renderSectionFields(view: FormView): TemplateResult {
  const c = view.controller;
  return html`${c.sections.map((section) => {
    const attributes = section.attributes.filter((a) => !view.attributeHidden(a));
    if (!attributes.length) return nothing;
    return html`<fieldset class="group" part="section" data-section=${section.key}>
      <legend>${section.title}</legend>
      ${section.description ? html`<p class="hint">${section.description}</p>` : nothing}
      <div class="grid">${attributes.map((a) => renderAttribute(view, a))}</div>
    </fieldset>`;
  })}`;
}

function renderAttribute(view: FormView, attr: ExtraAttribute): TemplateResult {
  const name = `extra.${attr.key}`;
  const f: FieldFrame = {
    name,
    id: fieldId(name),
    label: attr.label,
    required: attr.required,
    error: fieldError(view, name, attr.label),
    hint: attr.help ?? patternHint(attr.pattern, view.fields),
    wide: attr.type === 'textarea',
  };
  const control = attributeControl(f, attr, view.values.extra[attr.key], view.attributeLocked(attr), view.tr('choose'));
  return attr.type === 'boolean'
    ? checkboxFrame(f, control, view.tr('required'))
    : frame(f, control, view.tr('required'));
}

/** What the customer may expect (SLA, expected due date): a lookup shown the kit's one way, the last answer kept while it is asked again. */
export function renderPreview(view: FormView, speaker: StringsHost): TemplateResult {
  const c = view.controller;
  const body = renderTask(c.previewLoad, {
    speaker,
    initial: () => html`<p class="hint">${view.tr('previewHint')}</p>`,
    pending: () => (c.tripleInfo ? renderFacts(view) : html`<p class="hint">${view.tr('loadingPreview')}</p>`),
    complete: () => renderFacts(view),
    retry: () => view.retryTriple(),
    autoRetry: true,
  });
  return html`<section class="preview" part="preview" aria-labelledby="preview-title" aria-busy=${c.previewState === 'pending' ? 'true' : 'false'}>
    <h3 id="preview-title">${view.tr('expectations')}</h3>
    <div aria-live="polite">${body}</div>
  </section>`;
}

function renderFacts(view: FormView): TemplateResult {
  const c = view.controller;
  const lang = view.language;
  const info = c.tripleInfo;
  const due = c.due;
  const priority = due?.priority?.nome ?? info?.priority?.nome;
  return html`<dl class="facts">
    ${info?.takeInChargeMinutes !== undefined ? html`<div><dt>${view.tr('takeInCharge')}</dt><dd>${formatMinutes(info.takeInChargeMinutes, lang)}</dd></div>` : nothing}
    ${info?.slaMinutes !== undefined ? html`<div><dt>${view.tr('sla')}</dt><dd>${formatMinutes(info.slaMinutes, lang)}</dd></div>` : nothing}
    ${priority ? html`<div><dt>${view.tr('priority')}</dt><dd>${priority}</dd></div>` : nothing}
    ${due?.dataScadenza ? html`<div><dt>${view.tr('expectedDue')}</dt><dd><time datetime=${due.dataScadenza}>${formatDate(due.dataScadenza, lang)}</time></dd></div>` : nothing}
    ${info?.workflow ? html`<div><dt>${view.tr('workflow')}</dt><dd>${info.workflow}</dd></div>` : nothing}
  </dl>`;
}
