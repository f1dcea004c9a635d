/**
 * Sending the form: checks it as the service would, shows what to fix (focus on the first field),
 * builds the spec §2.1 body, lets the page veto or extend it (`sportello-before-submit`), sends it
 * once through the controller, and after a failure puts a 400's messages under their fields or says
 * what happened in the visitor's words.
 */
import type { ReactiveControllerHost } from 'lit';
import { DeskFieldErrors, type CreatedRequest } from '../../../src/services/desk.js';
import type { ServiceError } from '../../../src/transport/errors.js';
import type { DeskFormController } from '../../../src/controllers/desk/form-controller.js';
import type { KeyPreference } from '../../../src/model/desk/catalog.js';
import {
  creationBody,
  firstInvalid,
  resolveSelection,
  serverFieldErrors,
  validate,
  type ExtraAttribute,
  type FieldErrors,
  type FormValues,
} from '../../../src/model/desk/form-model.js';
import type { DeskStringKey } from '../strings.js';

export interface SubmissionHost {
  host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment; updateComplete: Promise<boolean> };
  controller: DeskFormController;
  tr: (key: DeskStringKey, params?: Record<string, string | number>) => string;
  values: () => FormValues;
  setErrors: (errors: FieldErrors) => void;
  /** The form's own words for a setup problem, or the failure itself (shown by the one error notice). */
  setFormError: (problem: string | ServiceError | Error | undefined) => void;
  hidden: (field: string) => boolean;
  attributeHidden: (attr: ExtraAttribute) => boolean;
  /** Why the form cannot be sent at all (no endpoint, no catalogue), if so. */
  blocked: () => DeskStringKey | undefined;
  sendKeys: () => KeyPreference;
  /** Errors of fields outside the spec's body (an anonymous visitor's contact details). */
  moreErrors: () => FieldErrors;
  /** Fields the page adds to every body (`idUtente`, anonymous contact details). */
  extend: (body: Record<string, unknown>) => void;
  /** `sportello-before-submit`; false when the page cancelled it. */
  beforeSubmit: (body: Record<string, unknown>) => boolean;
  setValidity: (valid: boolean) => void;
  timeout: () => number;
  created: (created: CreatedRequest, body: Record<string, unknown>) => void;
}

export class FormSubmission {
  constructor(private readonly o: SubmissionHost) {}

  private currentErrors(): FieldErrors {
    const c = this.o.controller;
    const values = this.o.values();
    const sections = c.sections.map((s) => ({
      ...s,
      attributes: s.attributes.filter((a) => !this.o.attributeHidden(a) || a.required),
    }));
    return { ...validate(values, resolveSelection(c.catalog, values), sections), ...this.o.moreErrors() };
  }

  private async showErrors(errors: FieldErrors): Promise<void> {
    const { host } = this.o;
    this.o.setErrors(errors);
    await host.updateComplete;
    const first = firstInvalid(errors, this.o.controller.sections);
    const control = first ? host.renderRoot.querySelector<HTMLElement>(`[data-field="${CSS.escape(first)}"]`) : null;
    if (control && !(control as HTMLInputElement).disabled) control.focus();
    else host.renderRoot.querySelector<HTMLElement>('#error-summary')?.focus();
  }

  /** Validates and sends; a second call while one runs returns the running one. */
  async send(): Promise<CreatedRequest | undefined> {
    const { o } = this;
    const c = o.controller;
    if (c.pending) return c.pending;
    const blocked = o.blocked();
    if (blocked) {
      o.setFormError(o.tr(blocked));
      return undefined;
    }
    const errors = this.currentErrors();
    if (c.uploading) errors['allegati'] = { code: 'server', detail: o.tr('uploadsPending') };
    if (Object.keys(errors).length) {
      o.setFormError(undefined);
      await this.showErrors(errors);
      o.setValidity(false);
      return undefined;
    }
    o.setErrors({});
    o.setValidity(true);
    const values = o.values();
    // Spec §2.1 marks idRichiesta required: 0 asks the service to number a new request.
    const body: Record<string, unknown> = {
      idRichiesta: 0,
      ...creationBody(values, resolveSelection(c.catalog, values), c.sections, o.sendKeys()),
      ...c.attachmentFields(),
    };
    o.extend(body);
    if (!o.beforeSubmit(body)) return undefined;
    o.setFormError(undefined);
    const created = await c.submit(body, o.timeout());
    if (created) {
      o.created(created, body);
      return created;
    }
    await this.afterFailure(c.submitError);
    return undefined;
  }

  private async afterFailure(error: ServiceError | Error | undefined): Promise<void> {
    const { o } = this;
    if (error instanceof DeskFieldErrors) {
      const { errors, unmatched } = serverFieldErrors(error.fieldErrors, o.controller.sections, o.hidden);
      if (Object.keys(errors).length) {
        // What the service refused beyond the fields shown is said in the form's words, not the server's.
        o.setFormError(unmatched.length ? error : undefined);
        await this.showErrors(errors);
        return;
      }
    }
    o.setFormError(error ?? new Error('submit failed'));
    await o.host.updateComplete;
    o.host.renderRoot.querySelector<HTMLElement>('#submit-error')?.focus();
  }
}
