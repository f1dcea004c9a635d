/**
 * The pre-chat fields a widget declares in its configuration (`prechatFields`: text, select,
 * checkbox, required or not), rendered beside name and e-mail and read back from the form. Their
 * labels come from the service in the visitor's language; the service checks the values
 * (`input/validate`) and its codes are shown on the fields like the built-in ones'.
 */
import { html, nothing } from 'lit';
import type { PrechatFieldConfig } from '../../../src/services/chat.js';
import type { FormFields } from './form-fields.js';
import type { ChatWindowLabels, Translate } from './window-labels.js';

const idOf = (f: PrechatFieldConfig) => `cf-${f.name}`;

/** The declared fields that can be shown (a name, a known type, a label, a select with options). */
export function usableFields(fields: unknown, labels: ChatWindowLabels): PrechatFieldConfig[] {
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (f): f is PrechatFieldConfig =>
      !!f &&
      typeof f === 'object' &&
      typeof (f as PrechatFieldConfig).name === 'string' &&
      /^[A-Za-z][\w-]{0,63}$/.test((f as PrechatFieldConfig).name) &&
      !!labels.ownerText((f as PrechatFieldConfig).label) &&
      (['text', 'checkbox'].includes((f as PrechatFieldConfig).type) ||
        ((f as PrechatFieldConfig).type === 'select' && Array.isArray((f as PrechatFieldConfig).options))),
  );
}

/** The owner's label in the visitor's language (or marked as another), as the element's text. */
function ownerLabel(labels: ChatWindowLabels, value: unknown) {
  const text = labels.ownerText(value);
  return text?.lang ? html`<span lang=${text.lang}>${text.text}</span>` : (text?.text ?? '');
}

export function renderCustomFields(
  fields: readonly PrechatFieldConfig[],
  f: FormFields,
  tr: Translate,
  labels: ChatWindowLabels,
) {
  return fields.map((field) => {
    const id = idOf(field);
    const required = field.required ? 'true' : 'false';
    const hint = field.type === 'text' ? f.hint(field.name) : undefined;
    if (field.type === 'checkbox') {
      return html`<div class="field check">
          <input id=${id} name=${id} data-field=${field.name} type="checkbox" aria-required=${required} aria-invalid=${f.invalid(field.name)} aria-describedby=${f.describedBy(field.name, id)} />
          <label for=${id}>${ownerLabel(labels, field.label)}</label>
        </div>
        ${f.error(field.name) ? html`<span class="field-error" id="${id}-error">${f.error(field.name)}</span>` : nothing}`;
    }
    const control =
      field.type === 'select'
        ? html`<select id=${id} name=${id} data-field=${field.name} aria-required=${required} aria-invalid=${f.invalid(field.name)} aria-describedby=${f.describedBy(field.name, id)}>
            <option value="">${tr('chooseOption')}</option>
            ${(field.options ?? []).map((o) => {
              const text = labels.ownerText(o.label);
              return html`<option value=${o.value} lang=${text?.lang ?? nothing}>${text?.text ?? o.value}</option>`;
            })}
          </select>`
        : html`<input id=${id} name=${id} data-field=${field.name} type="text" maxlength=${field.maxLength ?? 200} aria-required=${required} aria-invalid=${f.invalid(field.name)} aria-describedby=${f.describedBy(field.name, id, !!hint)} />`;
    return f.render(id, ownerLabel(labels, field.label), control, field.name, hint);
  });
}

/** The values the visitor gave (empty ones left out; an unticked box is `false` only when required). */
export function readCustomFields(
  fields: readonly PrechatFieldConfig[],
  form: FormData,
): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const field of fields) {
    const raw = form.get(idOf(field));
    if (field.type === 'checkbox') {
      if (raw === 'on') values[field.name] = true;
      else if (field.required) values[field.name] = false;
    } else if (typeof raw === 'string' && raw.trim()) values[field.name] = raw.trim();
  }
  return values;
}
