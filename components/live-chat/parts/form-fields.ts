/**
 * A form field of the chat window with its error: the service's codes (`required`, `invalid`,
 * `too-long`) or a sentence of a real server, worded for the visitor, tied to the control with
 * `aria-invalid` and `aria-describedby`.
 */
import { html, nothing } from 'lit';
import type { WindowContext } from './window-context.js';
import { fieldsText, patternHint } from '../../shared/pattern-hint.js';

type FieldControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function fieldControl(target: EventTarget | null): FieldControl | undefined {
  return target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
    ? target.name && target.type !== 'radio'
      ? target
      : undefined
    : undefined;
}

export class FormFields {
  constructor(private readonly ctx: WindowContext) {}

  /**
   * After an automatic hand-off the form opens with what it still needs (the service's errors)
   * unmarked: the visitor has not tried to send it yet. Marks show once they do.
   */
  private held = false;
  holdMarks(): void {
    this.held = true;
    this.touched.clear();
  }
  /** The visitor sent the form: the service's answer marks the fields afresh. */
  showMarks(): void {
    this.held = false;
    this.touched.clear();
  }

  /**
   * Fields the visitor typed in since the form was last sent: whether they left them, and whether
   * the value is right as of the last keystroke. An edited field's error shows when the visitor
   * leaves it (not while they type, not before they typed) and goes at the first keystroke that
   * makes it right, without waiting for the service.
   */
  private readonly touched = new Map<string, { left: boolean; valid: boolean }>();

  /** The form's `input` listener (delegated: every control of the form). */
  readonly onInput = (e: Event): void => {
    const control = fieldControl(e.target);
    if (!control) return;
    const field = control.dataset['field'] ?? control.name;
    const before = this.error(field);
    const state = this.touched.get(field) ?? { left: false, valid: false };
    const needed = this.missing(field) || control.required || control.getAttribute('aria-required') === 'true';
    state.valid =
      control instanceof HTMLInputElement && control.type === 'checkbox'
        ? control.checked || !needed
        : control.validity.valid && (!needed || control.value.trim() !== '');
    this.touched.set(field, state);
    if (this.error(field) !== before) this.ctx.requestUpdate();
  };

  /** The form's `focusout` listener: leaving an edited field shows what is wrong with it. */
  readonly onLeave = (e: FocusEvent): void => {
    const control = fieldControl(e.target);
    const state = control && this.touched.get(control.dataset['field'] ?? control.name);
    if (!state || state.left) return;
    state.left = true;
    if (!state.valid) this.ctx.requestUpdate();
  };
  /** Whether any field's error is on screen (the form's summary line). */
  get showing(): boolean {
    return !this.held && this.ctx.chat.requests.fieldErrors.length > 0;
  }

  private find(field: string) {
    return this.ctx.chat.requests.fieldErrors.find(
      (x) => x.field === field || (field === 'privacy' && /privacy|consent/i.test(x.field)),
    );
  }

  /** Whether the service still needs this field, shown or not. */
  missing(field: string): boolean {
    return !!this.find(field);
  }

  error(field: string): string | undefined {
    const tr = this.ctx.labels.tr;
    const touched = this.touched.get(field);
    if (touched?.valid) return undefined;
    const e = this.held && !touched?.left ? undefined : this.find(field);
    if (!e) {
      // Edited, left, and wrong before the service has said anything of it: the form's own words.
      if (!touched?.left) return undefined;
      return field === 'email' ? tr('invalidEmail') : field === 'phone' ? tr('invalidPhone') : tr('required');
    }
    // The simulator sends codes (`required`, `invalid`, `too-long`); a real server may send sentences.
    const code = e.message;
    if (code && !/^[a-z][a-z-]*$/.test(code)) return code;
    if (code === 'required' || !code)
      return field === 'privacy' || field === 'name' || field === 'message' || field === 'idChatCategory'
        ? tr('required')
        : field === 'email'
          ? tr('invalidEmail')
          : tr('required');
    if (code === 'too-long') return tr('tooLong');
    if (field === 'email') return tr('invalidEmail');
    if (field === 'phone') return tr('invalidPhone');
    // A custom field's pattern: the format in the visitor's words, as the desk form says it.
    const hint = code === 'invalid' ? this.hint(field) : undefined;
    return hint ? fieldsText(this.ctx)('badFormat', { hint }) : tr('invalidValue', { code });
  }

  /** The expected format of one of the widget's text fields, from its `pattern` (components/shared/pattern-hint.ts). */
  hint(field: string): string | undefined {
    const declared = this.ctx.chat.config?.prechatFields?.find((f) => f.name === field);
    return declared?.type === 'text' ? patternHint(declared.pattern, fieldsText(this.ctx)) : undefined;
  }

  /**
   * A labelled control with its error (and its format hint, when it has one); `field` names it in
   * the service's errors when that differs from the id.
   */
  render(id: string, label: unknown, control: unknown, field = id, hint?: string) {
    const error = this.error(field);
    return html`<div class="field">
      <label for=${id}>${label}</label>
      ${control} ${hint && !error ? html`<span class="hint" id="${id}-hint">${hint}</span>` : nothing}
      ${error ? html`<span class="field-error" id="${id}-error">${error}</span>` : nothing}
    </div>`;
  }

  invalid(field: string): 'true' | 'false' {
    return this.error(field) ? 'true' : 'false';
  }

  /** The error that describes the control, else its format hint (the error repeats the hint). */
  describedBy(field: string, id = field, hinted = false) {
    return this.error(field) ? `${id}-error` : hinted ? `${id}-hint` : nothing;
  }

  /** The first control (in the form's order) of a field the service still needs, marked or not. */
  async focusFirstMissing(): Promise<void> {
    await this.ctx.updateComplete;
    const controls = this.ctx.renderRoot.querySelectorAll<HTMLElement>('form input, form select, form textarea');
    for (const control of controls) {
      const field = control.getAttribute('name') ?? control.id;
      if (field && this.missing(field)) {
        control.focus();
        return;
      }
    }
  }

  async focusFirstInvalid(): Promise<void> {
    await this.ctx.updateComplete;
    this.ctx.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }
}
