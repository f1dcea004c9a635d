/**
 * The desk form's free-text part (subject, description, notes) and its "more details" part
 * (channel, report date, requested due date). Render functions over {@link FormView}.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { live } from 'lit/directives/live.js';
import type { CatalogItem } from '../../../src/model/desk/catalog.js';
import { DEFAULT_LIMITS, toLocalInputValue } from '../../../src/model/desk/form-model.js';
import { describedBy, frame, select } from './fields.js';
import { fieldFrame, type FormView } from './form-view.js';

export function renderDetails(view: FormView): TemplateResult {
  const v = view.values;
  const text = (name: 'oggetto', max: number) => {
    const f = fieldFrame(view, name, true, { wide: true });
    return frame(
      f,
      html`<input type="text" id=${f.id} name=${name} data-field=${name} required maxlength=${max} autocomplete="off" ?readonly=${view.isLocked(name)}
        aria-invalid=${f.error ? 'true' : 'false'} aria-describedby=${ifDefined(describedBy(f))} .value=${live(v[name])} />`,
      view.tr('required'),
    );
  };
  const area = (name: 'descrizione' | 'note', rows: number, max: number) => {
    if (view.isHidden(name)) return nothing;
    const f = fieldFrame(view, name, false, { wide: true });
    return frame(
      f,
      html`<textarea id=${f.id} name=${name} data-field=${name} rows=${rows} maxlength=${max} ?readonly=${view.isLocked(name)}
        aria-invalid=${f.error ? 'true' : 'false'} aria-describedby=${ifDefined(describedBy(f))} .value=${live(v[name])}></textarea>`,
      view.tr('required'),
    );
  };
  return html`<fieldset class="group" part="details">
    <legend>${view.tr('details')}</legend>
    <div class="grid">${view.isHidden('oggetto') ? nothing : text('oggetto', DEFAULT_LIMITS.oggetto)} ${area('descrizione', 5, DEFAULT_LIMITS.descrizione)} ${area('note', 2, DEFAULT_LIMITS.note)}</div>
  </fieldset>`;
}

/** A channel's name in the customer's language for the spec's codes; the catalogue's name otherwise. */
export function channelLabel(view: FormView, c: CatalogItem): string {
  const code = (c.code ?? '').toUpperCase();
  if (code === 'WEB') return view.tr('channelWeb');
  if (code === 'TEL') return view.tr('channelTel');
  if (code === 'MAIL') return view.tr('channelMail');
  if (code === 'CHAT') return view.tr('channelChat');
  if (code === 'APP') return view.tr('channelApp');
  return c.name;
}

export function renderMore(view: FormView): TemplateResult | typeof nothing {
  const show = (['codiceCanale', 'dataSegnalazione', 'dataScadenza'] as const).filter((f) => !view.isHidden(f));
  if (!show.length) return nothing;
  const v = view.values;
  const catalog = view.controller.catalog;
  const channels = catalog?.channels.length
    ? catalog.channels.map((c) => ({ value: c.code ?? String(c.id), label: channelLabel(view, c) }))
    : ['WEB', 'TEL', 'MAIL'].map((code) => ({ value: code, label: channelLabel(view, { code, name: code }) }));
  if (v.codiceCanale && !channels.some((c) => c.value === v.codiceCanale))
    channels.push({ value: v.codiceCanale, label: v.codiceCanale });
  const now = toLocalInputValue(new Date());
  const date = (name: 'dataSegnalazione' | 'dataScadenza') => {
    const f = fieldFrame(view, name, false);
    return frame(
      f,
      html`<input type="datetime-local" id=${f.id} name=${name} data-field=${name} ?readonly=${view.isLocked(name)}
        max=${ifDefined(name === 'dataSegnalazione' ? now : undefined)} min=${ifDefined(name === 'dataScadenza' ? v.dataSegnalazione || undefined : undefined)}
        aria-invalid=${f.error ? 'true' : 'false'} aria-describedby=${ifDefined(describedBy(f))} .value=${live(v[name])} />`,
      view.tr('required'),
    );
  };
  const channel = () => {
    const f = fieldFrame(view, 'codiceCanale', false);
    return frame(
      f,
      select(f, v.codiceCanale, channels, view.tr('choose'), view.isLocked('codiceCanale')),
      view.tr('required'),
    );
  };
  return html`<fieldset class="group" part="more">
    <legend>${view.tr('more')}</legend>
    <div class="grid">
      ${show.includes('codiceCanale') ? channel() : nothing} ${show.includes('dataSegnalazione') ? date('dataSegnalazione') : nothing}
      ${show.includes('dataScadenza') ? date('dataScadenza') : nothing}
    </div>
  </fieldset>`;
}
