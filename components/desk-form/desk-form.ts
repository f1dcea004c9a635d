import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { SportelloElement } from '../shared/sportello-element.js';
import { errorNoticeStyles } from '../shared/error-notice.js';
import type { CreatedRequest } from '../../src/services/desk.js';
import type { ServiceError } from '../../src/transport/errors.js';
import { DeskFormController } from '../../src/controllers/desk/form-controller.js';
import {
  parseLocalDate,
  resolveSelection,
  type ExtraAttribute,
  type FieldErrors,
  type FormValues,
} from '../../src/model/desk/form-model.js';
import { t, type DeskStringKey } from './strings.js';
import { deskFormStyles } from './desk-form.styles.js';
import { initialValues } from './parts/values.js';
import type { DeskPrefill } from './parts/values.js';
import { fieldError, type FormView } from './parts/form-view.js';
import { fieldsText } from '../shared/pattern-hint.js';
import { renderFormLayout } from './parts/form-layout.js';
import { AttachmentsArea } from './parts/attachments-view.js';
import { AfterCreation } from './parts/after-creation.js';
import { FormAssist } from './parts/form-assist.js';
import { FormSubmission } from './parts/submission.js';
import { FormDraft } from './parts/form-draft.js';
import { LauncherShell } from './parts/launcher-shell.js';
import { ContactFields } from './parts/contact-view.js';
import type { SuggestedSelection } from '../../src/model/desk/assist-model.js';
import { DeskFormAttributes } from './parts/desk-form-attributes.js';
import { FormEntries } from './parts/form-entries.js';
import { FormSetup } from './parts/form-setup.js';
import './desk-request.js';
import './events.js';

export type { DeskPrefill } from './parts/values.js';

/**
 * A help-desk request form (spec §2.1 / §4.1): the triple and urgency from a catalogue, subject,
 * description, notes, channel and dates, the extra attributes the triple asks for, the SLA and
 * expected due date, attachments with progress, and a submission that is created once. With
 * `request-id` it follows an existing request instead (state, assignee, dates, comments).
 *
 * @tag sportello-desk-form
 * @summary Opens a help-desk request and follows it afterwards.
 *
 * @slot header - Replaces the form's title.
 * @slot footer - Shown under the form's buttons (privacy notice, contacts).
 *
 * @event {CustomEvent<DeskBeforeSubmitDetail>} sportello-before-submit - Cancelable; `detail.body` is the creation body, which the page may extend (e.g. `idUtente`).
 * @event {CustomEvent<DeskRequestCreatedDetail>} sportello-request-created - The service created the request; `detail.response` is InfoCreazioneRichiesta.
 * @event {CustomEvent<DeskCommentAddedDetail>} sportello-comment-added - A comment was added in the follow-up view.
 * @event {CustomEvent<SportelloErrorDetail>} sportello-error - Something failed; the form shows it too.
 *
 * @csspart form - The `<form>`.
 * @csspart title - The heading.
 * @csspart errors - The error summary.
 * @csspart classification - Service, asset, request type and urgency.
 * @csspart section - One fieldset of extra attributes.
 * @csspart preview - The SLA and expected due date.
 * @csspart details - Subject, description and notes.
 * @csspart attachments - The attachment area.
 * @csspart field - One labelled field.
 * @csspart field-error - The error text under a field.
 * @csspart actions - The button row.
 * @csspart submit-button - The submit button.
 * @csspart confirmation - The success panel.
 * @csspart follow-up - The embedded `<sportello-desk-request>`.
 *
 * @cssproperty --sportello-accent - Buttons and focus.
 * @cssproperty --sportello-danger - Errors.
 * @cssproperty --sportello-success - The confirmation.
 * @cssproperty --sportello-radius - Corner radius.
 *
 * @event {CustomEvent<DeskDeflectedDetail>} sportello-deflected - An answer solved the customer's problem ("This answered my question"); no request was created.
 * @event sportello-desk-open - Launcher mode: the dialog opened.
 * @event sportello-desk-close - Launcher mode: the dialog closed.
 *
 * @csspart launcher - Launcher mode: the button that opens the form.
 * @csspart dialog - Launcher mode: the modal dialog around the form.
 * @csspart deflection - Answers that may already help (deflection).
 * @csspart suggestion - The suggested classification.
 * @csspart deflected - What shows once an answer solved the problem.
 * @csspart contact - An anonymous visitor's optional name, e-mail and phone.
 *
 * @cssstate submitting - While the creation is on its way.
 * @cssstate created - After success.
 */
export class SportelloDeskForm extends DeskFormAttributes {
  static override styles = [deskFormStyles, errorNoticeStyles];
  static override service = 'desk' as const;

  /** What the customer entered and what is wrong with it (form-entries.ts). */
  private readonly entries = new FormEntries({ host: this, locked: (field) => this.isLocked(field) });
  private get values(): FormValues {
    return this.entries.values;
  }
  private set values(values: FormValues) {
    this.entries.values = values;
  }
  private get errors(): FieldErrors {
    return this.entries.errors;
  }
  private set errors(errors: FieldErrors) {
    this.entries.errors = errors;
  }
  /** Why the form cannot be sent: its own words (no endpoint, no catalogue), or the failure of a submission. */
  @state() private formError: string | ServiceError | Error | undefined;
  @state() private announcement = '';
  @state() private draftRestored = false;

  /** First update done (values set from prefill and draft). */
  private started = false;

  private readonly controller: DeskFormController = new DeskFormController(this, {
    client: () => this.setup.clients.client,
    onError: (operation, error) => this.reportError(operation, error),
    onDraftChange: () => this.draft.save(),
    catalogSrc: () => this.catalogSrc || undefined,
  });

  private readonly attachmentsArea = new AttachmentsArea({
    host: this,
    uploads: () => this.controller.uploads,
    tr: (key, params) => this.tr(key, params),
    locked: () => this.isLocked('allegati'),
    errorText: () => {
      const error = this.errors['allegati'];
      if (!error) return undefined;
      return error.code === 'server'
        ? String(error.detail ?? '')
        : fieldError(this.view, 'allegati', this.tr('allegati'));
    },
    added: (files) => {
      this.entries.clearError('allegati');
      this.announce(files.map((f) => this.tr('attachmentAdded', { name: f.name })).join(' '));
    },
    removed: (name) => this.announce(this.tr('attachmentRemoved', { name })),
  });

  private readonly ai = new FormAssist({
    host: this,
    attributes: () => this,
    tr: (key, params) => this.tr(key, params),
    catalog: () => this.controller.catalog,
    values: () => this.values,
    onError: (operation, error) => this.reportError(operation, error),
    reportConfigProblem: (problem) => this.reportConfigProblem(problem),
    apply: (selection) => this.applySuggestion(selection),
    deflected: (detail) => this.emit('sportello-deflected', detail),
    announce: (text) => this.announce(text),
    focus: (selector) =>
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(selector)?.focus()),
  });

  private readonly contact = new ContactFields({
    host: this,
    tr: (key, params) => this.tr(key, params),
    fields: () =>
      this.userId ? [] : (['name', 'email', 'phone'] as const).filter((f) => this.contactFields.includes(f)),
    errors: () => this.errors,
    edited: (name) => this.entries.clearError(name),
  });

  private readonly launcher = new LauncherShell({
    host: this,
    tr: (key, params) => this.tr(key, params),
    toggled: (open) => this.emit(open ? 'sportello-desk-open' : 'sportello-desk-close', {}),
  });

  private readonly afterCreation = new AfterCreation({
    host: this,
    tr: (key, params) => this.tr(key, params),
    created: () => this.controller.created,
    show: (id) => (this.requestId = id),
    reset: () => this.reset(),
  });

  // ---- public API ------------------------------------------------------------------------------

  /** The form's current values (a copy). */
  get formValues(): FormValues {
    return { ...this.values, extra: { ...this.values.extra } };
  }

  /** What the last successful submission answered. */
  get created(): CreatedRequest | undefined {
    return this.controller.created;
  }

  /** Validates and sends, as the submit button does. Resolves with the creation answer, or undefined. */
  async submit(): Promise<CreatedRequest | undefined> {
    await this.updateComplete;
    return this.send();
  }

  /** Empties the form (back to `prefill`), forgets the draft and any result. */
  reset(): void {
    this.controller.reset();
    this.entries.reset(this.prefill);
    this.formError = undefined;
    this.draftRestored = false;
    this.afterCreation.clear();
    this.ai.clear();
    this.contact.clear();
    this.draft.clear();
    this.updateFormState();
  }

  /**
   * Starts a request from what another element knows — the live chat's handover passes the chat's
   * subject and transcript: `form.fill({ oggetto, descrizione })`. Named fields replace what is
   * there (a created request's confirmation gives way to a fresh form); in launcher mode
   * `{ open: true }` opens the dialog too.
   */
  async fill(values: DeskPrefill, options: { open?: boolean } = {}): Promise<void> {
    if (this.controller.submitState === 'complete' || this.requestId) {
      this.requestId = undefined;
      this.afterCreation.forget();
      this.reset();
    }
    this.prefill = { ...this.prefill, ...values, extra: { ...this.prefill?.extra, ...values.extra } };
    await this.updateComplete;
    if (options.open && this.mode === 'launcher') await this.open();
  }

  /** Launcher mode: opens the dialog (focus moves into it; Escape or Close returns it). */
  open(): Promise<void> {
    return this.mode === 'launcher' ? this.launcher.show() : Promise.resolve();
  }

  /** Launcher mode: closes the dialog; focus returns to what opened it. */
  close(): void {
    this.launcher.hide();
  }

  /** Host form reset (`<form>.reset()`). */
  formResetCallback(): void {
    this.reset();
  }

  /** A disabled `<fieldset>` or form around it disables the form's fields (form-associated). */
  formDisabledCallback(disabled: boolean): void {
    this.disabled = disabled;
  }

  // ---- configuration (see form-setup.ts) -------------------------------------------------------

  private readonly setup: FormSetup = new FormSetup({
    host: this,
    config: () => this.config,
    controller: () => this.controller,
    timeout: () => this.timeout,
    following: () => !!this.requestId,
    catalog: () => ({ given: this.catalog, src: this.catalogSrc }),
    reportConfigProblem: (problem) => this.reportConfigProblem(problem),
    retryLookups: () => this.retryTriple(),
    resend: () => void this.send(),
  });

  private tr(key: DeskStringKey, params: Record<string, string | number> = {}): string {
    // The element itself: its own `strings` and its `<sportello-config>`'s count (src/i18n/translate.ts).
    return t(this, key, params);
  }

  /** What the render parts read (see form-view.ts). */
  private get view(): FormView {
    return {
      language: this.language,
      values: this.values,
      errors: this.errors,
      controller: this.controller,
      tr: (key, params) => this.tr(key, params),
      fields: fieldsText(this),
      isHidden: (field) => this.hiddenFields.includes(field),
      isLocked: (field) => this.isLocked(field),
      attributeHidden: (attr) => this.attributeHidden(attr),
      attributeLocked: (attr) =>
        this.disabled ||
        this.readonlyFields.includes(`extra.${attr.code}`) ||
        this.readonlyFields.includes(`extra.${attr.id}`),
      retryTriple: () => this.retryTriple(),
    };
  }

  private isLocked(field: string): boolean {
    return this.readonlyFields.includes(field) || this.disabled;
  }

  private attributeHidden(attr: ExtraAttribute): boolean {
    return this.hiddenFields.includes(`extra.${attr.code}`) || this.hiddenFields.includes(`extra.${attr.id}`);
  }

  // ---- lifecycle -------------------------------------------------------------------------------

  override willUpdate(changed: PropertyValues<this>): void {
    // Values start at the first update, not on connection: by then every property the page set is
    // in, those set before the element was defined too (Lit moves them in just before this).
    if (!this.started) {
      this.started = true;
      this.values = initialValues(this.prefill);
      const restored = this.draft.restore(this.prefill, [...this.hiddenFields, ...this.readonlyFields]);
      if (restored) {
        this.values = restored.values;
        this.draftRestored = restored.restored;
      }
    } else if (changed.has('prefill')) this.entries.prefilled(this.prefill);
    this.setup.willUpdate(changed.has('requestId'));
    // A catalogue given as data is used as it is; otherwise the controller's task loads `catalog-src`.
    if (changed.has('catalog')) this.controller.setCatalog(this.catalog);
    if (!this.requestId) {
      this.entries.follow(this.controller.catalog, this.controller.sections, this.prefill);
      const selection = resolveSelection(this.controller.catalog, this.values);
      const reported = parseLocalDate(this.values.dataSegnalazione)?.toISOString();
      this.controller.refreshTriple(selection, this.sendKeys, reported);
      this.ai.sync();
    }
    this.updateFormState();
  }

  override updated(): void {
    this.afterCreation.updated();
  }

  private updateFormState(): void {
    const created = this.controller.created;
    this.internals?.setFormValue(created ? String(created.idRichiesta) : null);
  }

  /** `:state(submitting)`, `:state(created)`, `:state(loading)`, `:state(error)` for the page's styles. */
  protected override states(): Record<string, boolean> {
    const c = this.controller;
    return {
      submitting: c.submitState === 'pending',
      created: !!c.created,
      loading: c.catalogState === 'pending' || c.sectionsState === 'pending' || c.previewState === 'pending',
      error:
        c.submitState === 'error' ||
        c.catalogState === 'error' ||
        c.sectionsState === 'error' ||
        c.previewState === 'error' ||
        !this.setup.endpoint,
    };
  }

  // ---- draft -----------------------------------------------------------------------------------

  private readonly draft = new FormDraft({
    controller: this.controller,
    key: () =>
      this.noDraft || this.requestId ? undefined : this.draftKey || `${location.pathname}#${this.id || 'desk-form'}`,
    values: () => this.values,
  });

  private discardDraft(): void {
    this.reset();
    this.announce(this.tr('reset'));
  }

  // ---- input -----------------------------------------------------------------------------------

  private onInput(event: Event): void {
    const target = event.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
    const name = target.dataset?.['field'];
    if (!name || name === 'allegati' || this.controller.submitState === 'pending') return;
    const value = target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value;
    this.entries.input(name, value);
    if (this.controller.submitState === 'error') this.formError = undefined;
    this.draftRestored = false;
    this.draft.save();
  }

  private onSubmit(event: Event): void {
    event.preventDefault();
    void this.send();
  }

  private announce(text: string): void {
    // Re-setting the same text would not be announced again; clear first.
    this.announcement = '';
    void this.updateComplete.then(() => {
      this.announcement = text;
    });
  }

  // ---- submission (see submission.ts) ---------------------------------------------------------

  private readonly submission = new FormSubmission({
    host: this,
    controller: this.controller,
    tr: (key, params) => this.tr(key, params),
    values: () => this.values,
    setErrors: (errors) => (this.errors = errors),
    setFormError: (problem) => (this.formError = problem),
    hidden: (field) => this.hiddenFields.includes(field),
    attributeHidden: (attr) => this.attributeHidden(attr),
    blocked: () => this.setup.blocked(),
    sendKeys: () => this.sendKeys,
    moreErrors: () => this.contact.validate(),
    extend: (body) => {
      if (this.userId && /^\d+$/.test(this.userId)) body['idUtente'] = Number(this.userId);
      this.contact.carry(body, this.contactInto === 'descrizione' ? 'descrizione' : 'note');
    },
    beforeSubmit: (body) => this.emit('sportello-before-submit', { body }, { cancelable: true }),
    setValidity: (valid) =>
      valid
        ? this.internals?.setValidity({})
        : this.internals?.setValidity({ customError: true }, this.tr('submitFailed')),
    timeout: () => this.timeout,
    created: (created, body) => {
      this.draft.clear();
      this.updateFormState();
      this.afterCreation.created();
      const protocolloTicket = created.protocolloTicket ?? null;
      this.emit('sportello-request-created', {
        response: created,
        idRichiesta: created.idRichiesta,
        protocolloTicket,
        body,
      });
      this.announce(this.tr('createdTitle'));
    },
  });

  private send(): Promise<CreatedRequest | undefined> {
    const c = this.controller;
    if (!c.pending && (c.submitState === 'complete' || this.requestId || this.disabled))
      return Promise.resolve(c.created);
    return this.submission.send();
  }

  private retryTriple(): void {
    this.controller.retryTriple(
      resolveSelection(this.controller.catalog, this.values),
      this.sendKeys,
      parseLocalDate(this.values.dataSegnalazione)?.toISOString(),
    );
  }

  // ---- AI help ---------------------------------------------------------------------------------

  /**
   * The customer accepted the suggested classification: set it as if chosen by hand. The card (and
   * the Use button that had the focus) goes, so the focus moves to the service it set, where the
   * customer can check or change what was chosen.
   */
  private applySuggestion(selection: SuggestedSelection): void {
    this.entries.applySuggestion(selection);
    this.draft.save();
    this.announce(this.tr('suggestApplied', { path: selection.names.join(' › ') }));
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[data-field="servizio"]')?.focus());
  }

  // ---- render ----------------------------------------------------------------------------------

  override render(): TemplateResult {
    return this.mode === 'launcher' ? this.launcher.render(() => this.renderContent()) : this.renderContent();
  }

  private renderContent(): TemplateResult {
    if (this.requestId) {
      return html`<sportello-desk-request
          part="follow-up"
          request-id=${this.requestId}
          .endpoint=${this.setup.endpoint}
          .tokenProvider=${this.config.tokenProvider}
          lang=${this.language}
        ></sportello-desk-request>
        ${this.afterCreation.renderWayBack()}`;
    }
    if (this.ai.solvedBy) return this.ai.renderSolved() as TemplateResult;
    if (this.controller.submitState === 'complete' && this.controller.created)
      return this.afterCreation.renderConfirmation(this.controller.created);
    return this.renderForm();
  }

  private renderForm(): TemplateResult {
    return renderFormLayout({
      view: this.view,
      speaker: this,
      submitting: this.controller.submitState === 'pending',
      disabled: this.disabled,
      draftRestored: this.draftRestored,
      setup: this.setup.state,
      formError: this.formError,
      announcement: this.announcement,
      parts: html`${this.contact.render((name, label) => fieldError(this.view, name, label))} ${this.ai.panel.renderSuggestion()} ${this.ai.panel.renderAnswers()}`,
      attachments: this.hiddenFields.includes('allegati') ? nothing : this.attachmentsArea.render(),
      focusField: (name) => this.renderRoot.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`)?.focus(),
      onSubmit: (event) => this.onSubmit(event),
      onInput: (event) => this.onInput(event),
      discardDraft: () => this.discardDraft(),
      send: () => void this.send(),
    });
  }
}

SportelloElement.define('sportello-desk-form', SportelloDeskForm);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-desk-form': SportelloDeskForm;
  }
}
