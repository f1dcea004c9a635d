import { html, nothing, type TemplateResult } from 'lit';
import type { StringsHost } from '../../../src/i18n/translate.js';
import type { SignComposerController } from '../../../src/controllers/sign/composer-controller.js';
import type { PracticeDraft } from '../../../src/model/sign/composer/practice-draft.js';
import type { FieldRef } from '../../../src/model/sign/composer/practice-body.js';
import type { ServiceError } from '../../../src/transport/errors.js';
import type { StringKey } from '../strings.js';

/** What every step of the composer needs from the element. */
export interface ComposerView {
  speaker: StringsHost;
  t(key: StringKey, params?: Record<string, string | number>): string;
  ctl: SignComposerController;
  draft: PracticeDraft;
  /** Every edit of the draft. */
  update(next: PracticeDraft): void;
  /** The words to show under a field now (a problem after Send, or the service's refusal), if any. */
  problemAt(field: FieldRef): string | undefined;
  /** Says `text` in the element's live region. */
  say(text: string): void;
  /** Takes the user to a field: its step, then the field itself. */
  goTo(field: FieldRef): void;
  renderError(error: ServiceError | Error, retry?: () => void, note?: string): TemplateResult;
}

/** The DOM id of a field (its label's `for`, its error's `aria-describedby`). */
export const fieldId = (field: FieldRef): string => `f-${field.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** A field's problem under it, the id its input's `aria-describedby` names. */
export function renderProblem(view: ComposerView, field: FieldRef) {
  const problem = view.problemAt(field);
  return problem ? html`<p class="field-error" id="${fieldId(field)}-error">${problem}</p>` : nothing;
}

/** The `aria-describedby` of a field: its hint, then its problem when it has one. */
export function describedBy(view: ComposerView, field: FieldRef, hint = false): string | typeof nothing {
  const ids = [hint ? `${fieldId(field)}-hint` : '', view.problemAt(field) ? `${fieldId(field)}-error` : '']
    .filter(Boolean)
    .join(' ');
  return ids || nothing;
}

export interface TextFieldOptions {
  field: FieldRef;
  label: string;
  value: string;
  onInput: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'password' | 'date' | 'number';
  autocomplete?: string;
  hint?: string;
  required?: boolean;
  readonly?: boolean;
  multiline?: boolean;
  inputmode?: string;
  min?: string;
  dir?: 'auto' | 'ltr';
  class?: string;
}

/** A labelled text input (or text area) with its hint and its problem. */
export function textField(view: ComposerView, o: TextFieldOptions) {
  const id = fieldId(o.field);
  const invalid = view.problemAt(o.field) ? 'true' : 'false';
  const onInput = (e: Event) => o.onInput((e.target as HTMLInputElement | HTMLTextAreaElement).value);
  const control = o.multiline
    ? html`<textarea
        id=${id}
        rows="3"
        .value=${o.value}
        ?readonly=${o.readonly}
        aria-invalid=${invalid}
        aria-describedby=${describedBy(view, o.field, !!o.hint)}
        dir=${o.dir ?? 'auto'}
        @input=${onInput}
      ></textarea>`
    : html`<input
        id=${id}
        type=${o.type ?? 'text'}
        .value=${o.value}
        autocomplete=${o.autocomplete ?? 'off'}
        inputmode=${o.inputmode ?? nothing}
        min=${o.min ?? nothing}
        ?required=${o.required}
        ?readonly=${o.readonly}
        aria-invalid=${invalid}
        aria-describedby=${describedBy(view, o.field, !!o.hint)}
        dir=${o.dir ?? (o.type === 'email' || o.type === 'tel' ? 'ltr' : 'auto')}
        @input=${onInput}
      />`;
  return html`<div class="field ${o.class ?? ''}">
    <label for=${id}>${o.label}${o.required ? html`<span class="required" aria-hidden="true"> *</span>` : nothing}</label>
    ${control}
    ${o.hint ? html`<p class="hint" id="${id}-hint">${o.hint}</p>` : nothing} ${renderProblem(view, o.field)}
  </div>`;
}

/** A labelled checkbox with its hint and problem. */
export function checkField(
  view: ComposerView,
  o: {
    field: FieldRef;
    label: string;
    checked: boolean;
    onChange: (on: boolean) => void;
    hint?: string;
    disabled?: boolean;
  },
) {
  const id = fieldId(o.field);
  return html`<div class="check">
    <input
      type="checkbox"
      id=${id}
      .checked=${o.checked}
      ?disabled=${o.disabled}
      aria-invalid=${view.problemAt(o.field) ? 'true' : 'false'}
      aria-describedby=${describedBy(view, o.field, !!o.hint)}
      @change=${(e: Event) => o.onChange((e.target as HTMLInputElement).checked)}
    />
    <label for=${id}>${o.label}</label>
    ${o.hint ? html`<p class="hint" id="${id}-hint">${o.hint}</p>` : nothing} ${renderProblem(view, o.field)}
  </div>`;
}

/** A labelled select. */
export function selectField(
  view: ComposerView,
  o: {
    field: FieldRef;
    label: string;
    value: string;
    options: ReadonlyArray<
      { value: string; label: string } | { group: string; options: ReadonlyArray<{ value: string; label: string }> }
    >;
    onChange: (value: string) => void;
    disabled?: boolean;
    hint?: string;
  },
) {
  const id = fieldId(o.field);
  const option = (x: { value: string; label: string }) =>
    html`<option value=${x.value} ?selected=${x.value === o.value}>${x.label}</option>`;
  return html`<div class="field">
    <label for=${id}>${o.label}</label>
    <select
      id=${id}
      ?disabled=${o.disabled}
      aria-invalid=${view.problemAt(o.field) ? 'true' : 'false'}
      aria-describedby=${describedBy(view, o.field, !!o.hint)}
      @change=${(e: Event) => o.onChange((e.target as HTMLSelectElement).value)}
    >
      ${o.options.map((x) =>
        'group' in x ? html`<optgroup label=${x.group}>${x.options.map(option)}</optgroup>` : option(x),
      )}
    </select>
    ${o.hint ? html`<p class="hint" id="${id}-hint">${o.hint}</p>` : nothing} ${renderProblem(view, o.field)}
  </div>`;
}
