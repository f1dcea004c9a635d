/**
 * An anonymous visitor's optional name, e-mail and phone (`contact-fields="name email phone"`):
 * shown only when the form knows no identity (no `user-id`), checked when filled, and carried to
 * the help desk as a short labelled block at the end of `note` or `descrizione`
 * (`contact-into`), since the spec's creation body has no field for them.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { FieldErrors } from '../../../src/model/desk/form-model.js';
import { describedBy, frame, type FieldFrame } from './fields.js';
import type { DeskStringKey } from '../strings.js';

export type ContactField = 'name' | 'email' | 'phone';
const KEYS: Record<ContactField, 'contactName' | 'contactEmail' | 'contactPhone'> = {
  name: 'contactName',
  email: 'contactEmail',
  phone: 'contactPhone',
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()./-]{6,20}$/;

export interface ContactHost {
  host: ReactiveControllerHost;
  tr: (key: DeskStringKey, params?: Record<string, string | number>) => string;
  /** Which fields to offer (empty: none). */
  fields: () => ContactField[];
  errors: () => FieldErrors;
  /** A field was edited (clears its error). */
  edited: (name: string) => void;
}

export class ContactFields {
  private values: Record<ContactField, string> = { name: '', email: '', phone: '' };

  constructor(private readonly o: ContactHost) {}

  clear(): void {
    this.values = { name: '', email: '', phone: '' };
  }

  /** Errors of what was filled (all fields are optional). */
  validate(): FieldErrors {
    const errors: FieldErrors = {};
    const shown = this.o.fields();
    const email = this.values.email.trim();
    const phone = this.values.phone.trim();
    if (shown.includes('email') && email && !EMAIL.test(email)) errors['contactEmail'] = { code: 'badEmail' };
    if (shown.includes('phone') && phone && !PHONE.test(phone)) errors['contactPhone'] = { code: 'badPhone' };
    if (shown.includes('name') && this.values.name.trim().length > 200)
      errors['contactName'] = { code: 'tooLong', detail: '200' };
    return errors;
  }

  /** Appends the filled details to `body[into]` as a labelled block. */
  carry(body: Record<string, unknown>, into: 'note' | 'descrizione'): void {
    const lines = this.o
      .fields()
      .map((f) => [f, this.values[f].trim()] as const)
      .filter(([, v]) => v)
      .map(([f, v]) => `${this.o.tr(KEYS[f])}: ${v}`);
    if (!lines.length) return;
    const block = `${this.o.tr('contactCarried')}:\n${lines.join('\n')}`;
    const before = typeof body[into] === 'string' ? (body[into] as string).trim() : '';
    body[into] = before ? `${before}\n\n${block}` : block;
  }

  render(error: (name: string, label: string) => string | undefined): TemplateResult | typeof nothing {
    const shown = this.o.fields();
    if (!shown.length) return nothing;
    const { tr } = this.o;
    const input = (f: ContactField) => {
      const name = KEYS[f];
      const label = tr(name);
      const fr: FieldFrame = { name, id: `f-${name}`, label, required: false, error: error(name, label) };
      const type = f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text';
      const autocomplete = f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'name';
      return frame(
        fr,
        html`<input
          type=${type}
          id=${fr.id}
          data-field=${name}
          autocomplete=${autocomplete}
          maxlength="200"
          aria-invalid=${fr.error ? 'true' : 'false'}
          aria-describedby=${describedBy(fr) ?? 'contact-hint'}
          .value=${this.values[f]}
          @input=${(e: Event) => {
            e.stopPropagation();
            this.values = { ...this.values, [f]: (e.target as HTMLInputElement).value };
            this.o.edited(name);
          }}
          @change=${(e: Event) => e.stopPropagation()}
        />`,
        tr('required'),
      );
    };
    return html`<fieldset class="group" part="contact">
      <legend>${tr('contactLegend')}</legend>
      <p class="hint" id="contact-hint">${tr('contactHint')}</p>
      <div class="grid">${shown.map(input)}</div>
    </fieldset>`;
  }
}
