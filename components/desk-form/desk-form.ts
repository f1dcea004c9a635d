import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { SportelloElement } from '../shared/sportello-element.js';
import { errorNoticeStyles } from '../shared/error-notice.js';
import { DeskClient, DeskFieldErrors, type CreatedRequest } from '../../src/services/desk.js';
import type { ServiceError } from '../../src/transport/errors.js';
import { DeskFormController } from '../../src/controllers/desk/form-controller.js';
import type { KeyPreference } from '../../src/controllers/desk/catalog.js';
import { ConfigurationError, ServiceClientController } from '../../src/controllers/service-client.js';
import {
  emptyValues,
  parseLocalDate,
  resolveSelection,
  type ExtraAttribute,
  type FieldErrors,
  type FormValues,
} from '../../src/controllers/desk/form-model.js';
import { t, type DeskStringKey } from './strings.js';
import { deskFormStyles } from './desk-form.styles.js';
import {
  applyInput,
  applySelection,
  extraDefaults,
  initialValues,
  normaliseSelection,
  prefillValues,
} from './values.js';
import type { DeskPrefill } from './values.js';
import { fieldError, type FormView } from './form-view.js';
import { renderErrorSummary, renderSetupProblems, renderSubmitError, type SetupState } from './notices-view.js';
import { renderClassification, renderPreview, renderSections } from './classification-view.js';
import { renderDetails, renderMore } from './details-view.js';
import { AttachmentsArea } from './attachments-view.js';
import { ConfirmationPanel } from './confirmation-view.js';
import { FormAssist } from './form-assist.js';
import { FormSubmission } from './submission.js';
import { FormDraft } from './form-draft.js';
import { LauncherShell } from './launcher-shell.js';
import { ContactFields } from './contact-view.js';
import type { SuggestedSelection } from '../../src/controllers/desk/assist-model.js';
import './desk-request.js';
import './events.js';

export type { DeskPrefill } from './values.js';

/** A failure that new configuration (an endpoint, a token provider) may heal: anything but the form's own content refused. */
function needsConfiguration(error: unknown): boolean {
  return !(error instanceof DeskFieldErrors) && (error as { status?: number } | undefined)?.status !== 400;
}

const listConverter = {
  fromAttribute: (value: string | null) => (value ? value.split(/[\s,]+/).filter(Boolean) : []),
  toAttribute: (value: string[]) => value.join(' '),
};

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
export class SportelloDeskForm extends SportelloElement {
  static override styles = [deskFormStyles, errorNoticeStyles];
  static override service = 'desk' as const;

  static formAssociated = true;

  /** Catalogue JSON: `{ servizi|services: [...], urgenze|urgencies: [...], canali|channels: [...] }`. */
  @property({ attribute: false }) catalog?: unknown;
  /** URL of the catalogue JSON (used when `catalog` is not set). */
  @property({ attribute: 'catalog-src' }) catalogSrc?: string;
  /** Follow this request instead of opening a new one. */
  @property({ attribute: 'request-id', reflect: true }) requestId?: string;
  /** Values to start from (and to keep, for hidden and read-only fields). */
  @property({ attribute: false }) prefill: DeskPrefill = {};
  /** Fields not shown (still sent when prefilled), space separated: `note codiceCanale`. */
  @property({ attribute: 'hidden-fields', converter: listConverter }) hiddenFields: string[] = [];
  /** Fields shown but not editable. */
  @property({ attribute: 'readonly-fields', converter: listConverter }) readonlyFields: string[] = [];
  /** Which identifiers go in the body when the catalogue has both ids and codes. */
  @property({ attribute: 'send-keys' }) sendKeys: KeyPreference = 'auto';
  /** localStorage key of the draft; defaults to the page path. */
  @property({ attribute: 'draft-key' }) draftKey?: string;
  /** Do not keep a draft. */
  @property({ type: Boolean, attribute: 'no-draft' }) noDraft = false;
  /** The requesting user (`idUtente`, required by spec §2.1); a page may also add it in `sportello-before-submit`. */
  @property({ attribute: 'user-id' }) userId?: string;
  /** Per-attempt timeout of the creation call, ms. */
  @property({ type: Number }) timeout = 30000;
  /** Name under which a host `<form>` receives the created request id. */
  @property({ reflect: true }) name?: string;
  /** Disabled (also by an ancestor `<fieldset disabled>` of a host form). */
  @property({ type: Boolean, reflect: true }) disabled = false;

  /** `inline` (default): the form where the tag stands; `launcher`: a button that opens it in a modal dialog. */
  @property({ reflect: true }) mode: 'inline' | 'launcher' = 'inline';

  /** Anonymous visitors (no `user-id`): optional contact fields to offer, space separated: `name email phone`. */
  @property({ attribute: 'contact-fields', converter: listConverter }) contactFields: string[] = [];
  /** Where an anonymous visitor's contact details are carried: `note` (default) or `descrizione`. */
  @property({ attribute: 'contact-into' }) contactInto: 'note' | 'descrizione' = 'note';

  /** AI service base URL or proxy for deflection and suggestions (else `<sportello-config ai-endpoint>`, `configure()`). */
  @property({ attribute: 'ai-endpoint' }) aiEndpoint?: string;
  /** Development only: the AI service's `X-Api-Key` (through the gateway, leave it out). */
  @property({ attribute: 'ai-api-key' }) aiApiKey?: string;
  /** Deflection: knowledge-base ids to search while the customer writes (turns deflection on). */
  @property({ attribute: 'deflect-kb', converter: listConverter }) deflectKb: string[] = [];
  /** Deflection: an agent whose knowledge bases to search (instead of `deflect-kb`). */
  @property({ type: Number, attribute: 'deflect-agent' }) deflectAgent?: number;
  /** Deflection: `faq` (POST /search/faq, default) or `search` (FAQs and document passages). */
  @property({ attribute: 'deflect-mode' }) deflectMode: 'faq' | 'search' = 'faq';
  /** Deflection: answers below this score (0-1) are not shown. */
  @property({ type: Number, attribute: 'deflect-min-score' }) deflectMinScore = 0.3;
  /** Suggested classification: the similarity catalog id (turns suggestions on). */
  @property({ type: Number, attribute: 'classify-catalog' }) classifyCatalog?: number;
  /** Rest time after typing before the AI is asked, ms. */
  @property({ type: Number, attribute: 'assist-delay' }) assistDelay = 600;

  @state() private values: FormValues = emptyValues();
  @state() private errors: FieldErrors = {};
  /** Why the form cannot be sent: its own words (no endpoint, no catalogue), or the failure of a submission. */
  @state() private formError: string | ServiceError | Error | undefined;
  @state() private announcement = '';
  @state() private draftRestored = false;
  /** True when the follow-up view was opened from this form's own confirmation. */
  @state() private followingCreated = false;

  private warned = new Set<string>();
  /** First connection done (values set from prefill and draft). */
  private started = false;
  /** Extra attributes that already took their page or server default (once each). */
  private extraPrefilled = new Set<string>();
  private shouldFocusConfirmation = false;

  private readonly controller = new DeskFormController(this, {
    client: () => this.clients.client,
    onError: (operation, error) => this.reportError(operation, error),
    onDraftChange: () => this.persistDraft(),
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
      if (this.errors['allegati']) {
        const { allegati: _gone, ...rest } = this.errors;
        this.errors = rest;
      }
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
    edited: (name) => {
      if (!this.errors[name]) return;
      const { [name]: _fixed, ...rest } = this.errors;
      this.errors = rest;
    },
  });

  private readonly launcher = new LauncherShell({
    host: this,
    tr: (key, params) => this.tr(key, params),
    toggled: (open) => this.emit(open ? 'sportello-desk-open' : 'sportello-desk-close', {}),
  });

  private readonly confirmation = new ConfirmationPanel({
    host: this,
    tr: (key, params) => this.tr(key, params),
    follow: () => this.followCreated(),
    newRequest: () => this.newRequest(),
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
    this.values = initialValues(this.prefill);
    this.errors = {};
    this.formError = undefined;
    this.draftRestored = false;
    this.extraPrefilled.clear();
    this.confirmation.clear();
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
      this.followingCreated = false;
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

  formDisabledCallback(disabled: boolean): void {
    this.disabled = disabled;
  }

  // ---- configuration ---------------------------------------------------------------------------

  private get endpointUrl(): string | undefined {
    return this.config.endpoint;
  }

  /** The desk client from the resolved configuration, rebuilt when that changes (endpoint, token provider, timeout). */
  private readonly clients = new ServiceClientController<DeskClient>(this, () => this.config, {
    build: ({ endpoint, tokenProvider }) => {
      if (!endpoint)
        throw new ConfigurationError('has no endpoint: set the endpoint attribute (desk base URL or proxy).');
      return new DeskClient({ endpoint, tokenProvider });
    },
    // Following a request, the request view inside reports (and shows) the problem: once, not twice.
    report: (problem) => this.reportConfigProblem(this.requestId ? undefined : problem),
    inputs: () => [this.timeout],
    // New configuration: the lookups are asked again with it, and a submission refused for want of
    // credentials is sent again (same Idempotency-Key: the service creates the request at most once).
    changed: () => {
      if (this.requestId) return;
      this.retryTriple();
      if (this.controller.submitState === 'error' && needsConfiguration(this.controller.submitError)) void this.send();
    },
  });

  private warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    console.warn(`[sportello] <sportello-desk-form> ${message}`);
  }

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

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.started) {
      this.started = true;
      this.values = initialValues(this.prefill);
      const restored = this.draft.restore(this.prefill, [...this.hiddenFields, ...this.readonlyFields]);
      if (restored) {
        this.values = restored.values;
        this.draftRestored = restored.restored;
      }
    }
  }

  override willUpdate(changed: PropertyValues<this>): void {
    // Back from following a request to the form (or the other way): who reports the problem changed.
    if (changed.has('requestId')) this.reportConfigProblem(this.requestId ? undefined : this.clients.problem);
    // A catalogue given as data is used as it is; otherwise the controller's task loads `catalog-src`.
    if (changed.has('catalog')) this.controller.setCatalog(this.catalog);
    if (changed.has('prefill') && changed.get('prefill') !== undefined) {
      // A later prefill wins for the fields it names.
      this.values = { ...this.values, ...prefillValues(this.prefill), extra: { ...this.values.extra } };
      this.extraPrefilled.clear();
    }
    if (!this.requestId) {
      this.values = normaliseSelection(this.controller.catalog, this.values) ?? this.values;
      const extra = extraDefaults(
        this.controller.sections,
        this.values.extra,
        this.prefill?.extra,
        this.extraPrefilled,
        (f) => this.isLocked(f),
      );
      if (extra) this.values = { ...this.values, extra };
      const selection = resolveSelection(this.controller.catalog, this.values);
      const reported = parseLocalDate(this.values.dataSegnalazione)?.toISOString();
      this.controller.refreshTriple(selection, this.sendKeys, reported);
      this.ai.sync();
    }
    if (!this.requestId && this.catalog === undefined && !this.catalogSrc)
      this.warnOnce('catalog', 'has no catalogue: set the catalog property or the catalog-src attribute.');
    this.updateFormState();
  }

  override updated(): void {
    if (this.shouldFocusConfirmation) {
      this.shouldFocusConfirmation = false;
      this.confirmation.focus();
    }
  }

  private updateFormState(): void {
    const internals = this.internals;
    if (!internals) return;
    const created = this.controller.created;
    internals.setFormValue(created ? String(created.idRichiesta) : null);
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
        !this.endpointUrl,
    };
  }

  // ---- draft -----------------------------------------------------------------------------------

  private readonly draft = new FormDraft({
    controller: this.controller,
    key: () =>
      this.noDraft || this.requestId ? undefined : this.draftKey || `${location.pathname}#${this.id || 'desk-form'}`,
    values: () => this.values,
  });

  private persistDraft(): void {
    this.draft.save();
  }

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
    const next = applyInput(this.values, name, value);
    if (next.triple) this.extraPrefilled.clear();
    this.values = next.values;
    if (this.errors[name]) {
      const { [name]: _fixed, ...rest } = this.errors;
      this.errors = rest;
    }
    if (this.controller.submitState === 'error') this.formError = undefined;
    this.draftRestored = false;
    this.persistDraft();
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
    blocked: () =>
      !this.endpointUrl
        ? 'endpointMissing'
        : this.controller.catalog
          ? undefined
          : this.controller.catalogState === 'error'
            ? 'catalogError'
            : 'catalogMissing',
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
      this.shouldFocusConfirmation = true;
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

  /** The customer accepted the suggested classification: set it as if chosen by hand. */
  private applySuggestion(selection: SuggestedSelection): void {
    this.extraPrefilled.clear();
    this.values = applySelection(this.values, selection);
    const { servizio: _s, assetRoot: _a, assetFiglio: _f, tipoRichiesta: _t, ...rest } = this.errors;
    this.errors = rest;
    this.persistDraft();
    this.announce(this.tr('suggestApplied', { path: selection.names.join(' › ') }));
  }

  // ---- after creation --------------------------------------------------------------------------

  private followCreated(): void {
    const id = this.controller.created?.idRichiesta;
    if (id === undefined) return;
    this.followingCreated = true;
    this.requestId = String(id);
  }

  /** From the follow-up the form itself opened, back to an empty form. */
  private backToForm(): void {
    this.followingCreated = false;
    this.requestId = undefined;
    this.newRequest();
  }

  private newRequest(): void {
    this.reset();
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
          .endpoint=${this.endpointUrl}
          .tokenProvider=${this.config.tokenProvider}
          lang=${this.language}
        ></sportello-desk-request>
        ${
          this.followingCreated
            ? html`<div class="actions after-follow"><button type="button" class="secondary" @click=${this.backToForm}>${this.tr('newRequest')}</button></div>`
            : nothing
        }`;
    }
    if (this.ai.solvedBy) return this.ai.renderSolved() as TemplateResult;
    if (this.controller.submitState === 'complete' && this.controller.created)
      return this.confirmation.render(this.controller.created);
    return this.renderForm();
  }

  private renderForm(): TemplateResult {
    const c = this.controller;
    const view = this.view;
    const submitting = c.submitState === 'pending';
    return html`<form part="form" novalidate aria-labelledby="form-title" aria-busy=${submitting ? 'true' : 'false'} @submit=${this.onSubmit} @input=${this.onInput} @change=${this.onInput}>
      <slot name="header"><h2 id="form-title" part="title">${this.tr('formTitle')}</h2></slot>
      ${
        this.draftRestored
          ? html`<div class="notice" part="draft-notice" role="status">
            <span>${this.tr('draftRestored')}</span>
            <button type="button" class="link" @click=${this.discardDraft}>${this.tr('discardDraft')}</button>
          </div>`
          : nothing
      }
      ${renderSetupProblems(view, this, this.setupState)}
      <p class="hint">${this.tr('requiredHint')}</p>
      ${renderErrorSummary(view, (name) => this.renderRoot.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`)?.focus())}
      <fieldset class="outer" ?disabled=${submitting || this.disabled}>
        ${renderClassification(view)} ${renderSections(view)} ${renderPreview(view)} ${renderDetails(view)} ${this.contact.render((name, label) => fieldError(view, name, label))} ${this.ai.panel.renderSuggestion()} ${this.ai.panel.renderAnswers()} ${renderMore(view)} ${this.hiddenFields.includes('allegati') ? nothing : this.attachmentsArea.render()}
      </fieldset>
      ${renderSubmitError(view, this, this.formError, () => void this.send())}
      <div class="actions" part="actions">
        <button type="submit" class="primary" part="submit-button" ?disabled=${submitting || this.disabled} aria-describedby=${ifDefined(submitting ? 'submit-status' : undefined)}>
          ${submitting ? this.tr('submitting') : this.tr('submit')}
        </button>
        <button type="button" class="secondary" ?disabled=${submitting || this.disabled} @click=${this.discardDraft}>${this.tr('reset')}</button>
        <span id="submit-status" class="visually-hidden" role="status">${submitting ? this.tr('submitting') : ''}</span>
      </div>
      <div class="visually-hidden" aria-live="polite">${this.announcement}</div>
      <slot name="footer"></slot>
    </form>`;
  }

  private get setupState(): SetupState {
    const src = this.catalogSrc;
    return {
      hasEndpoint: !!this.endpointUrl,
      noCatalogSource: this.catalog === undefined && !src,
      catalogLoad: this.controller.catalogLoad,
    };
  }
}

SportelloElement.define('sportello-desk-form', SportelloDeskForm);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-desk-form': SportelloDeskForm;
  }
}
