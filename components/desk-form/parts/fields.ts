/**
 * Small render helpers for labelled form fields: one `<label for>` per control, the error text
 * under it tied by `aria-describedby`, `aria-invalid` while it is wrong. Private to the desk form.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { live } from 'lit/directives/live.js';
import type { ExtraAttribute } from '../../../src/model/desk/form-model.js';
import { htmlPattern } from '../../shared/pattern-hint.js';

export interface FieldFrame {
  /** Field key (`oggetto`, `extra.id:101`): `data-field` for focusing the first invalid one. */
  name: string;
  id: string;
  label: string;
  required: boolean;
  error?: string | undefined;
  hint?: string | undefined;
  wide?: boolean;
}

/** A DOM id from a field key (`extra.id:101` → `f-extra-id-101`). */
export const fieldId = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

export function describedBy(frame: FieldFrame): string | undefined {
  const ids = [frame.hint ? `${frame.id}-hint` : '', frame.error ? `${frame.id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function frame(f: FieldFrame, control: TemplateResult, requiredLabel: string): TemplateResult {
  return html`<div class="field ${f.wide ? 'wide' : ''} ${f.error ? 'invalid' : ''}" part="field">
    <label for=${f.id}
      >${f.label}${f.required ? html`<span class="req" aria-hidden="true"> *</span><span class="visually-hidden"> (${requiredLabel})</span>` : nothing}</label
    >
    ${control}
    ${f.hint ? html`<p class="hint" id="${f.id}-hint">${f.hint}</p>` : nothing}
    ${f.error ? html`<p class="error" id="${f.id}-error" part="field-error">${f.error}</p>` : nothing}
  </div>`;
}

/** A checkbox reads better with its label after it. */
export function checkboxFrame(f: FieldFrame, control: TemplateResult, requiredLabel: string): TemplateResult {
  return html`<div class="field checkbox ${f.wide ? 'wide' : ''} ${f.error ? 'invalid' : ''}" part="field">
    <div class="check-row">
      ${control}
      <label for=${f.id}
        >${f.label}${f.required ? html`<span class="req" aria-hidden="true"> *</span><span class="visually-hidden"> (${requiredLabel})</span>` : nothing}</label
      >
    </div>
    ${f.hint ? html`<p class="hint" id="${f.id}-hint">${f.hint}</p>` : nothing}
    ${f.error ? html`<p class="error" id="${f.id}-error" part="field-error">${f.error}</p>` : nothing}
  </div>`;
}

export interface Option {
  value: string;
  label: string;
}

export function select(
  f: FieldFrame,
  value: string,
  options: Option[],
  placeholder: string,
  disabled: boolean,
): TemplateResult {
  return html`<select
    id=${f.id}
    name=${f.name}
    data-field=${f.name}
    ?required=${f.required}
    ?disabled=${disabled}
    aria-invalid=${f.error ? 'true' : 'false'}
    aria-describedby=${ifDefined(describedBy(f))}
    .value=${live(value)}
  >
    <option value="" ?selected=${value === ''}>${placeholder}</option>
    ${options.map((o) => html`<option value=${o.value} ?selected=${o.value === value}>${o.label}</option>`)}
  </select>`;
}

/** The control for one extra attribute of `/richieste/attributi-aggiuntivi`, typed as the server says. */
export function attributeControl(
  f: FieldFrame,
  attr: ExtraAttribute,
  value: string | boolean | undefined,
  readonly: boolean,
  placeholder: string,
): TemplateResult {
  const common = {
    id: f.id,
    describedBy: describedBy(f),
    invalid: f.error ? 'true' : 'false',
  };
  const text = typeof value === 'string' ? value : '';
  switch (attr.type) {
    case 'boolean':
      return html`<input
        type="checkbox"
        id=${common.id}
        name=${f.name}
        data-field=${f.name}
        ?required=${attr.required}
        ?disabled=${readonly}
        aria-invalid=${common.invalid}
        aria-describedby=${ifDefined(common.describedBy)}
        .checked=${live(value === true)}
      />`;
    case 'select':
      return select(f, text, attr.options, placeholder, readonly);
    case 'textarea':
      return html`<textarea
        id=${common.id}
        name=${f.name}
        data-field=${f.name}
        rows="3"
        ?required=${attr.required}
        ?readonly=${readonly}
        maxlength=${ifDefined(attr.maxLength)}
        aria-invalid=${common.invalid}
        aria-describedby=${ifDefined(common.describedBy)}
        .value=${live(text)}
      ></textarea>`;
    default: {
      const type =
        { text: 'text', number: 'number', integer: 'number', date: 'date', datetime: 'datetime-local', email: 'email' }[
          attr.type
        ] ?? 'text';
      const step = attr.type === 'integer' ? '1' : attr.type === 'number' ? 'any' : undefined;
      return html`<input
        type=${type}
        id=${common.id}
        name=${f.name}
        data-field=${f.name}
        ?required=${attr.required}
        ?readonly=${readonly}
        maxlength=${ifDefined(type === 'text' || type === 'email' ? attr.maxLength : undefined)}
        pattern=${ifDefined(type === 'text' ? htmlPattern(attr.pattern) : undefined)}
        min=${ifDefined(attr.min)}
        max=${ifDefined(attr.max)}
        step=${ifDefined(step)}
        inputmode=${ifDefined(attr.type === 'integer' ? 'numeric' : attr.type === 'number' ? 'decimal' : undefined)}
        aria-invalid=${common.invalid}
        aria-describedby=${ifDefined(common.describedBy)}
        .value=${live(text)}
      />`;
    }
  }
}
