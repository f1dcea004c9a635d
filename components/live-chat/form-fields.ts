/**
 * A form field of the chat window with its error: the service's codes (`required`, `invalid`,
 * `too-long`) or a sentence of a real server, worded for the visitor, tied to the control with
 * `aria-invalid` and `aria-describedby`.
 */
import { html, nothing } from 'lit';
import type { WindowContext } from './window-context.js';

export class FormFields {
  constructor(private readonly ctx: WindowContext) {}

  /**
   * After an automatic hand-off the form opens with what it still needs (the service's errors)
   * unmarked: the visitor has not tried to send it yet. Marks show once they do.
   */
  private held = false;
  holdMarks(): void {
    this.held = true;
  }
  showMarks(): void {
    this.held = false;
  }
  /** Whether any field's error is on screen (the form's summary line). */
  get showing(): boolean {
    return !this.held && this.ctx.chat.fieldErrors.length > 0;
  }

  private find(field: string) {
    return this.ctx.chat.fieldErrors.find(
      (x) => x.field === field || (field === 'privacy' && /privacy|consent/i.test(x.field)),
    );
  }

  /** Whether the service still needs this field, shown or not. */
  missing(field: string): boolean {
    return !!this.find(field);
  }

  error(field: string): string | undefined {
    const tr = this.ctx.labels.tr;
    const e = this.held ? undefined : this.find(field);
    if (!e) return undefined;
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
    return field === 'email'
      ? tr('invalidEmail')
      : field === 'phone'
        ? tr('invalidPhone')
        : tr('invalidValue', { code });
  }

  /** A labelled control with its error; `field` names it in the service's errors when that differs from the id. */
  render(id: string, label: string, control: unknown, field = id) {
    const error = this.error(field);
    return html`<div class="field">
      <label for=${id}>${label}</label>
      ${control} ${error ? html`<span class="field-error" id="${id}-error">${error}</span>` : nothing}
    </div>`;
  }

  invalid(field: string): 'true' | 'false' {
    return this.error(field) ? 'true' : 'false';
  }

  describedBy(field: string, id = field) {
    return this.error(field) ? `${id}-error` : nothing;
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
