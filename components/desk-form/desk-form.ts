import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { live } from 'lit/directives/live.js';
import { SportelloElement } from '../shared/sportello-element.js';
import { DeskClient, DeskFieldErrors, type CreatedRequest } from '../../src/services/desk.js';
import type { ServiceError } from '../../src/transport/errors.js';
import { DeskFormController } from '../../src/controllers/desk/form-controller.js';
import { ConfigurationError, ServiceClientController } from '../../src/controllers/service-client.js';
import { findEntry, keyOf, requestTypesFor, type CatalogItem, type KeyPreference } from '../../src/controllers/desk/catalog.js';
import {
  creationBody, DEFAULT_LIMITS, emptyValues, FORM_FIELDS, firstInvalid, formFieldForServerField, parseLocalDate, resolveSelection, toLocalInputValue, validate,
  type ExtraAttribute, type FieldError, type FieldErrors, type FormField, type FormValues,
} from '../../src/controllers/desk/form-model.js';
import { clearDraft, hasContent, loadDraft, saveDraft } from '../../src/controllers/desk/draft.js';
import { attributeControl, checkboxFrame, fieldId, frame, select, describedBy, type FieldFrame } from './fields.js';
import { t, type DeskStringKey } from './strings.js';
import { deskFormStyles } from './desk-form.styles.js';
import { formatDate, formatMinutes, copyText, errorMessageKey } from './format.js';
import './desk-request.js';
import './events.js';

/** A failure that new configuration (an endpoint, a token provider) may heal: anything but the form's own content refused. */
function needsConfiguration(error: unknown): boolean {
  return !(error instanceof DeskFieldErrors) && (error as { status?: number } | undefined)?.status !== 400;
}

/** Prefill keys: the form's field names, the spec's `id*`/`cod*` names, and `extra` by attribute code or id. */
export type DeskPrefill = Partial<Record<FormField | 'idServizio' | 'codServizio' | 'idAssetRoot' | 'codAssetRoot' | 'idAssetFiglio' | 'codAssetFiglio' | 'idTipoRichiesta' | 'codTipoRichiesta' | 'idUrgenza' | 'codUrgenza', string | number>> & {
  extra?: Record<string, string | number | boolean>;
};

const SPEC_ALIASES: Record<string, FormField> = {
  idServizio: 'servizio', codServizio: 'servizio', idAssetRoot: 'assetRoot', codAssetRoot: 'assetRoot', idAssetFiglio: 'assetFiglio',
  codAssetFiglio: 'assetFiglio', idTipoRichiesta: 'tipoRichiesta', codTipoRichiesta: 'tipoRichiesta', idUrgenza: 'urgenza', codUrgenza: 'urgenza',
};

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
 * @cssstate submitting - While the creation is on its way.
 * @cssstate created - After success.
 */
export class SportelloDeskForm extends SportelloElement {
  static override styles = deskFormStyles;
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

  @state() private values: FormValues = emptyValues();
  @state() private errors: FieldErrors = {};
  @state() private formError: string | undefined;
  @state() private announcement = '';
  @state() private draftRestored = false;
  @state() private copyStatus = '';
  @state() private dragging = false;
  /** True when the follow-up view was opened from this form's own confirmation. */
  @state() private followingCreated = false;

  private warned = new Set<string>();
  private draftLoaded = false;
  private extraPrefilled = new Set<string>();
  private shouldFocusConfirmation = false;

  private readonly controller = new DeskFormController(this, {
    client: () => this.clients.client,
    onError: (operation, error) => this.reportError(operation, error),
    onDraftChange: () => this.persistDraft(),
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
    this.values = this.initialValues();
    this.errors = {};
    this.formError = undefined;
    this.draftRestored = false;
    this.extraPrefilled.clear();
    if (!this.noDraft) clearDraft(this.storageKey);
    this.updateFormState();
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
      if (!endpoint) throw new ConfigurationError('has no endpoint: set the endpoint attribute (desk base URL or proxy).');
      return new DeskClient({ endpoint, tokenProvider });
    },
    report: (problem) => this.reportConfigProblem(problem),
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

  private get storageKey(): string {
    return this.draftKey || `${location.pathname}#${this.id || 'desk-form'}`;
  }

  private tr(key: DeskStringKey, params: Record<string, string | number> = {}): string {
    return t(this.language, key, params);
  }

  // ---- lifecycle -------------------------------------------------------------------------------

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.draftLoaded) {
      this.draftLoaded = true;
      this.values = this.initialValues();
      if (!this.noDraft && !this.requestId) this.restoreDraft();
    }
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('catalog') || changed.has('catalogSrc')) {
      if (this.catalog !== undefined && this.catalog !== null) this.controller.setCatalog(this.catalog);
      else if (this.catalogSrc) {
        try {
          void this.controller.loadCatalog(new URL(this.catalogSrc, document.baseURI).href);
        } catch (error) {
          this.controller.setCatalog(undefined);
        }
      }
    }
    if (changed.has('prefill') && changed.get('prefill') !== undefined) {
      // A later prefill wins for the fields it names.
      this.values = { ...this.values, ...this.prefillValues(), extra: { ...this.values.extra } };
      this.extraPrefilled.clear();
    }
    if (!this.requestId) {
      this.normaliseSelection();
      this.applyExtraDefaults();
      const selection = resolveSelection(this.controller.catalog, this.values);
      const reported = parseLocalDate(this.values.dataSegnalazione)?.toISOString();
      this.controller.refreshTriple(selection, this.sendKeys, reported);
    }
    if (!this.requestId && this.catalog === undefined && !this.catalogSrc) this.warnOnce('catalog', 'has no catalogue: set the catalog property or the catalog-src attribute.');
    this.updateFormState();
  }

  override updated(): void {
    if (this.shouldFocusConfirmation) {
      this.shouldFocusConfirmation = false;
      this.renderRoot.querySelector<HTMLElement>('#confirmation-title')?.focus();
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
      submitting: c.submitState === 'submitting',
      created: !!c.created,
      loading: c.catalogState === 'loading' || c.sectionsState === 'loading' || c.previewState === 'loading',
      error: c.submitState === 'error' || c.catalogState === 'error' || c.sectionsState === 'error' || c.previewState === 'error' || !this.endpointUrl,
    };
  }

  // ---- values ----------------------------------------------------------------------------------

  private prefillValues(): Partial<FormValues> {
    const out: Partial<Record<FormField, string>> = {};
    for (const [k, v] of Object.entries(this.prefill ?? {})) {
      if (k === 'extra' || v === undefined || v === null) continue;
      const field = (SPEC_ALIASES[k] ?? k) as FormField;
      if ((FORM_FIELDS as readonly string[]).includes(field) && field !== 'allegati') {
        const text = String(v);
        out[field] = field === 'dataSegnalazione' || field === 'dataScadenza' ? this.toInputDate(text) : text;
      }
    }
    return out as Partial<FormValues>;
  }

  private toInputDate(text: string): string {
    const date = parseLocalDate(text);
    return date ? toLocalInputValue(date) : text;
  }

  private initialValues(): FormValues {
    return { ...emptyValues(), ...this.prefillValues(), extra: {} };
  }

  private restoreDraft(): void {
    const draft = loadDraft(this.storageKey);
    if (!draft) return;
    const locked = new Set([...this.hiddenFields, ...this.readonlyFields]);
    const prefill = this.prefillValues() as Record<string, string>;
    const values = { ...draft.values };
    for (const field of locked) if (field in prefill) (values as unknown as Record<string, string>)[field] = prefill[field] as string;
    this.values = values;
    this.controller.restoreAttachments(draft.idUpload, draft.attachments);
    if (draft.pendingKey) this.controller.idempotencyKey = draft.pendingKey;
    this.draftRestored = hasContent(values, draft.attachments);
  }

  private persistDraft(): void {
    if (this.noDraft || this.requestId || !this.draftLoaded) return;
    if (this.controller.submitState === 'done') return;
    const attachments = this.controller.attachments.filter((a) => a.state === 'done').map((a) => ({ name: a.name, size: a.size }));
    const pendingKey = this.controller.idempotencyKey;
    if (!hasContent(this.values, attachments) && !pendingKey) {
      clearDraft(this.storageKey);
      return;
    }
    saveDraft(this.storageKey, { values: this.values, idUpload: this.controller.idUpload, attachments, pendingKey });
  }

  private discardDraft(): void {
    this.reset();
    this.announce(this.tr('reset'));
  }

  /** Turns prefilled or restored ids/codes into option keys, and drops choices a parent no longer offers. */
  private normaliseSelection(): void {
    const catalog = this.controller.catalog;
    if (!catalog) return;
    const v = this.values;
    const service = findEntry(catalog.services, v.servizio);
    const asset = service ? findEntry(service.assets, v.assetRoot) : undefined;
    const child = asset ? findEntry(asset.children, v.assetFiglio) : undefined;
    const type = findEntry(requestTypesFor(service, asset), v.tipoRichiesta);
    const urgency = findEntry(catalog.urgencies, v.urgenza);
    const next = {
      servizio: service ? keyOf(service) : v.servizio && !service ? '' : v.servizio,
      assetRoot: asset ? keyOf(asset) : '',
      assetFiglio: child ? keyOf(child) : '',
      tipoRichiesta: type ? keyOf(type) : '',
      urgenza: urgency ? keyOf(urgency) : '',
    };
    if (Object.entries(next).some(([k, val]) => v[k as keyof FormValues] !== val)) this.values = { ...v, ...next };
  }

  /** Extra attributes: prefill (by code or id) or the server's default, once per attribute. */
  private applyExtraDefaults(): void {
    const sections = this.controller.sections;
    if (!sections.length) return;
    const extra = { ...this.values.extra };
    let changed = false;
    const given = this.prefill?.extra ?? {};
    for (const attr of sections.flatMap((s) => s.attributes)) {
      if (this.extraPrefilled.has(attr.key)) continue;
      this.extraPrefilled.add(attr.key);
      const fromPage = (attr.code !== undefined ? given[attr.code] : undefined) ?? (attr.id !== undefined ? given[String(attr.id)] : undefined);
      const current = extra[attr.key];
      if (fromPage !== undefined && (current === undefined || current === '' || this.isLocked(`extra.${attr.code ?? attr.id}`))) {
        extra[attr.key] = typeof fromPage === 'boolean' ? fromPage : String(fromPage);
        changed = true;
      } else if (current === undefined && attr.defaultValue !== undefined) {
        extra[attr.key] = attr.defaultValue;
        changed = true;
      }
    }
    if (changed) this.values = { ...this.values, extra };
  }

  private isHidden(field: string): boolean {
    return this.hiddenFields.includes(field);
  }

  private isLocked(field: string): boolean {
    return this.readonlyFields.includes(field) || this.disabled;
  }

  private attributeLocked(attr: ExtraAttribute): boolean {
    return this.disabled || this.readonlyFields.includes(`extra.${attr.code}`) || this.readonlyFields.includes(`extra.${attr.id}`);
  }

  private attributeHidden(attr: ExtraAttribute): boolean {
    return this.hiddenFields.includes(`extra.${attr.code}`) || this.hiddenFields.includes(`extra.${attr.id}`);
  }

  // ---- input -----------------------------------------------------------------------------------

  private onInput(event: Event): void {
    const target = event.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
    const name = target.dataset?.['field'];
    if (!name || name === 'allegati' || this.controller.submitState === 'submitting') return;
    const value = target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value;
    if (name.startsWith('extra.')) {
      this.values = { ...this.values, extra: { ...this.values.extra, [name.slice(6)]: value } };
    } else {
      const next = { ...this.values, [name]: value } as FormValues;
      // A parent's change empties what depended on it.
      if (name === 'servizio') Object.assign(next, { assetRoot: '', assetFiglio: '', tipoRichiesta: '' });
      if (name === 'assetRoot') Object.assign(next, { assetFiglio: '' });
      if (name === 'servizio' || name === 'assetRoot' || name === 'tipoRichiesta') {
        next.extra = {};
        this.extraPrefilled.clear();
      }
      this.values = next;
    }
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

  private currentErrors(): FieldErrors {
    const selection = resolveSelection(this.controller.catalog, this.values);
    const sections = this.controller.sections.map((s) => ({ ...s, attributes: s.attributes.filter((a) => !this.attributeHidden(a) || a.required) }));
    return validate(this.values, selection, sections);
  }

  private async showErrors(errors: FieldErrors): Promise<void> {
    this.errors = errors;
    await this.updateComplete;
    const first = firstInvalid(errors, this.controller.sections);
    const control = first ? this.renderRoot.querySelector<HTMLElement>(`[data-field="${CSS.escape(first)}"]`) : null;
    if (control && !(control as HTMLInputElement).disabled) control.focus();
    else this.renderRoot.querySelector<HTMLElement>('#error-summary')?.focus();
  }

  private async send(): Promise<CreatedRequest | undefined> {
    const c = this.controller;
    if (c.pending) return c.pending;
    if (c.submitState === 'done' || this.requestId || this.disabled) return c.created;
    if (!this.endpointUrl || !c.catalog) {
      this.formError = this.tr(!this.endpointUrl ? 'endpointMissing' : c.catalogState === 'error' ? 'catalogError' : 'catalogMissing');
      return undefined;
    }
    const errors = this.currentErrors();
    if (c.uploading) errors['allegati'] = { code: 'server', detail: this.tr('uploadsPending') };
    if (Object.keys(errors).length) {
      this.formError = undefined;
      await this.showErrors(errors);
      this.internals?.setValidity({ customError: true }, this.tr('submitFailed'));
      return undefined;
    }
    this.errors = {};
    this.internals?.setValidity({});
    const selection = resolveSelection(c.catalog, this.values);
    // Spec §2.1 marks idRichiesta required: 0 asks the service to number a new request.
    const body: Record<string, unknown> = { idRichiesta: 0, ...creationBody(this.values, selection, c.sections, this.sendKeys), ...c.attachmentFields() };
    if (this.userId && /^\d+$/.test(this.userId)) body['idUtente'] = Number(this.userId);
    if (!this.emit('sportello-before-submit', { body }, { cancelable: true })) return undefined;
    this.formError = undefined;
    const created = await c.submit(body, this.timeout);
    if (created) {
      if (!this.noDraft) clearDraft(this.storageKey);
      this.updateFormState();
      this.shouldFocusConfirmation = true;
      this.emit('sportello-request-created', { response: created, idRichiesta: created.idRichiesta, protocolloTicket: created.protocolloTicket ?? null, body });
      this.announce(this.tr('createdTitle'));
      return created;
    }
    await this.afterFailedSubmit(c.submitError);
    return undefined;
  }

  private async afterFailedSubmit(error: ServiceError | Error | undefined): Promise<void> {
    if (error instanceof DeskFieldErrors) {
      const fields = error.fieldErrors;
      const errors: FieldErrors = {};
      const unmatched: string[] = [];
      for (const f of fields) {
        const key = formFieldForServerField(f.field, this.controller.sections);
        if (key && !errors[key] && !(this.isHidden(key) && !key.startsWith('extra.'))) errors[key] = { code: 'server', detail: f.message };
        else unmatched.push(f.message);
      }
      if (Object.keys(errors).length) {
        this.formError = unmatched.length ? this.tr('serverRejected', { message: unmatched.join(' ') }) : undefined;
        await this.showErrors(errors);
        return;
      }
    }
    this.formError = this.submitErrorText(error);
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#submit-error')?.focus();
  }

  private submitErrorText(error: ServiceError | Error | undefined): string {
    if (!error) return this.tr('submitFailed');
    const key = errorMessageKey(error);
    if (key === 'serverRejected') return this.tr('serverRejected', { message: error.message });
    return `${this.tr('submitFailed')} ${this.tr(key)}`;
  }

  private retrySubmit(): void {
    void this.send();
  }

  // ---- attachments -----------------------------------------------------------------------------

  private onFiles(event: Event): void {
    const input = event.target as HTMLInputElement;
    if (input.files?.length) this.addFiles(Array.from(input.files));
    input.value = '';
  }

  private addFiles(files: File[]): void {
    if (this.isLocked('allegati')) return;
    this.controller.addFiles(files);
    if (this.errors['allegati']) {
      const { allegati: _gone, ...rest } = this.errors;
      this.errors = rest;
    }
    this.announce(files.map((f) => this.tr('attachmentAdded', { name: f.name })).join(' '));
  }

  private onDragOver(event: DragEvent): void {
    if (this.isLocked('allegati') || !event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    this.dragging = true;
  }

  private onDrop(event: DragEvent): void {
    this.dragging = false;
    if (this.isLocked('allegati') || !event.dataTransfer?.files.length) return;
    event.preventDefault();
    this.addFiles(Array.from(event.dataTransfer.files));
  }

  private removeAttachment(key: string, name: string): void {
    this.controller.removeAttachment(key);
    this.announce(this.tr('attachmentRemoved', { name }));
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('#file-input')?.focus());
  }

  // ---- confirmation ----------------------------------------------------------------------------

  private async copy(text: string, what: string): Promise<void> {
    const ok = await copyText(text, this.renderRoot as ShadowRoot);
    this.copyStatus = ok ? this.tr('copied', { what }) : this.tr('copyFailed');
  }

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
    if (this.requestId) {
      return html`<sportello-desk-request
          part="follow-up"
          request-id=${this.requestId}
          .endpoint=${this.endpointUrl}
          .tokenProvider=${this.config.tokenProvider}
          lang=${this.language}
        ></sportello-desk-request>
        ${this.followingCreated
          ? html`<div class="actions after-follow"><button type="button" class="secondary" @click=${this.backToForm}>${this.tr('newRequest')}</button></div>`
          : nothing}`;
    }
    if (this.controller.submitState === 'done' && this.controller.created) return this.renderConfirmation(this.controller.created);
    return this.renderForm();
  }

  private renderConfirmation(created: CreatedRequest): TemplateResult {
    const id = String(created.idRichiesta);
    const protocol = created.protocolloTicket ?? '';
    return html`<section class="confirmation" part="confirmation" aria-labelledby="confirmation-title">
      <h2 id="confirmation-title" tabindex="-1">${this.tr('createdTitle')}</h2>
      <p>${this.tr('createdText')}</p>
      <dl class="refs">
        <div>
          <dt>${this.tr('requestId')}</dt>
          <dd>
            <output class="ref" id="ref-id">${id}</output>
            <button type="button" class="secondary" @click=${() => this.copy(id, this.tr('requestId'))}>${this.tr('copy', { what: this.tr('requestId') })}</button>
          </dd>
        </div>
        ${protocol
          ? html`<div>
              <dt>${this.tr('protocol')}</dt>
              <dd>
                <output class="ref" id="ref-protocol">${protocol}</output>
                <button type="button" class="secondary" @click=${() => this.copy(protocol, this.tr('protocol'))}>${this.tr('copy', { what: this.tr('protocol') })}</button>
              </dd>
            </div>`
          : nothing}
      </dl>
      <p class="status" role="status">${this.copyStatus}</p>
      <div class="actions" part="actions">
        <button type="button" class="primary" @click=${this.followCreated}>${this.tr('follow')}</button>
        <button type="button" class="secondary" @click=${this.newRequest}>${this.tr('newRequest')}</button>
      </div>
      <slot name="footer"></slot>
    </section>`;
  }

  private err(name: string, label: string): string | undefined {
    const e: FieldError | undefined = this.errors[name];
    if (!e) return undefined;
    return this.tr(`err_${e.code}` as DeskStringKey, { field: label, detail: e.detail ?? '' });
  }

  private fieldFrame(name: FormField, required: boolean, extra: Partial<FieldFrame> = {}): FieldFrame {
    const label = this.tr(name);
    return { name, id: fieldId(name), label, required, error: this.err(name, label), ...extra };
  }

  private options(items: readonly CatalogItem[]) {
    return items.map((i) => ({ value: keyOf(i), label: i.name }));
  }

  private renderForm(): TemplateResult {
    const c = this.controller;
    const submitting = c.submitState === 'submitting';
    const errorCount = Object.keys(this.errors).length;
    return html`<form part="form" novalidate aria-labelledby="form-title" aria-busy=${submitting ? 'true' : 'false'} @submit=${this.onSubmit} @input=${this.onInput} @change=${this.onInput}>
      <slot name="header"><h2 id="form-title" part="title">${this.tr('formTitle')}</h2></slot>
      ${this.draftRestored
        ? html`<div class="notice" part="draft-notice">
            <span>${this.tr('draftRestored')}</span>
            <button type="button" class="link" @click=${this.discardDraft}>${this.tr('discardDraft')}</button>
          </div>`
        : nothing}
      ${this.renderSetupProblems()}
      <p class="hint">${this.tr('requiredHint')}</p>
      <div id="error-summary" class="error-summary" part="errors" role="alert" tabindex="-1" ?hidden=${errorCount === 0}>
        ${errorCount
          ? html`<p>${errorCount === 1 ? this.tr('errorsOne') : this.tr('errorsTitle', { count: errorCount })}</p>
              <ul>
                ${Object.keys(this.errors).map((name) => html`<li>${this.errorLine(name)}</li>`)}
              </ul>`
          : nothing}
      </div>
      <fieldset class="outer" ?disabled=${submitting || this.disabled}>
        ${this.renderClassification()} ${this.renderSections()} ${this.renderPreview()} ${this.renderDetails()} ${this.renderMore()} ${this.renderAttachments()}
      </fieldset>
      ${this.formError
        ? html`<div id="submit-error" class="banner error-banner" role="alert" tabindex="-1">
            <p>${this.formError}</p>
            ${c.submitState === 'error' && !Object.keys(this.errors).length
              ? html`<button type="button" class="secondary" @click=${this.retrySubmit}>${this.tr('retry')}</button>`
              : nothing}
          </div>`
        : nothing}
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

  private errorLine(name: string): TemplateResult | string {
    const attr = name.startsWith('extra.') ? this.controller.sections.flatMap((s) => s.attributes).find((a) => `extra.${a.key}` === name) : undefined;
    const label = attr ? attr.label : this.tr(name as DeskStringKey);
    const text = this.err(name, label) ?? '';
    return html`<a href="#${fieldId(name)}" @click=${(e: Event) => this.focusField(e, name)}>${text}</a>`;
  }

  private focusField(event: Event, name: string): void {
    event.preventDefault();
    this.renderRoot.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`)?.focus();
  }

  private renderSetupProblems(): TemplateResult | typeof nothing {
    const c = this.controller;
    if (!this.endpointUrl) return html`<p class="banner error-banner" role="alert">${this.tr('endpointMissing')}</p>`;
    if (c.catalogState === 'loading') return html`<p class="banner" role="status">${this.tr('loadingCatalog')}</p>`;
    if (c.catalogState === 'error')
      return html`<div class="banner error-banner" role="alert">
        <p>${this.tr('catalogError')} ${c.catalogError?.message ?? ''}</p>
        ${this.catalogSrc ? html`<button type="button" class="secondary" @click=${() => this.controller.loadCatalog(new URL(this.catalogSrc!, document.baseURI).href)}>${this.tr('retry')}</button>` : nothing}
      </div>`;
    if (c.catalogState === 'idle' && this.catalog === undefined && !this.catalogSrc) return html`<p class="banner error-banner" role="alert">${this.tr('catalogMissing')}</p>`;
    return nothing;
  }

  private renderClassification(): TemplateResult {
    const catalog = this.controller.catalog;
    const v = this.values;
    const service = catalog ? findEntry(catalog.services, v.servizio) : undefined;
    const asset = service ? findEntry(service.assets, v.assetRoot) : undefined;
    const types = requestTypesFor(service, asset);
    const choose = this.tr('choose');
    const sel = (name: Exclude<FormField, 'allegati'>, required: boolean, items: readonly CatalogItem[], placeholder = choose) => {
      if (this.isHidden(name)) return nothing;
      const f = this.fieldFrame(name, required);
      return frame(f, select(f, v[name] as string, this.options(items), placeholder, this.isLocked(name) || !catalog), this.tr('required'));
    };
    return html`<fieldset class="group" part="classification">
      <legend>${this.tr('classification')}</legend>
      <div class="grid">
        ${sel('servizio', true, catalog?.services ?? [])}
        ${service && service.assets.length ? sel('assetRoot', false, service.assets, this.tr('none')) : nothing}
        ${asset && asset.children.length ? sel('assetFiglio', false, asset.children, this.tr('none')) : nothing}
        ${sel('tipoRichiesta', true, types)}
        ${catalog && catalog.urgencies.length ? sel('urgenza', false, catalog.urgencies, this.tr('none')) : nothing}
      </div>
    </fieldset>`;
  }

  private renderSections(): TemplateResult | typeof nothing {
    const c = this.controller;
    if (c.sectionsState === 'loading') return html`<p class="status" role="status">${this.tr('loadingSections')}</p>`;
    if (c.sectionsState === 'error')
      return html`<div class="banner error-banner" role="alert">
        <p>${this.tr('sectionsError')}</p>
        <button type="button" class="secondary" @click=${this.retryTriple}>${this.tr('retry')}</button>
      </div>`;
    return html`${c.sections.map((section) => {
      const attributes = section.attributes.filter((a) => !this.attributeHidden(a));
      if (!attributes.length) return nothing;
      return html`<fieldset class="group" part="section" data-section=${section.key}>
        <legend>${section.title}</legend>
        ${section.description ? html`<p class="hint">${section.description}</p>` : nothing}
        <div class="grid">${attributes.map((a) => this.renderAttribute(a))}</div>
      </fieldset>`;
    })}`;
  }

  private retryTriple(): void {
    this.controller.retryTriple(resolveSelection(this.controller.catalog, this.values), this.sendKeys, parseLocalDate(this.values.dataSegnalazione)?.toISOString());
  }

  private renderAttribute(attr: ExtraAttribute): TemplateResult {
    const name = `extra.${attr.key}`;
    const f: FieldFrame = { name, id: fieldId(name), label: attr.label, required: attr.required, error: this.err(name, attr.label), hint: attr.help, wide: attr.type === 'textarea' };
    const control = attributeControl(f, attr, this.values.extra[attr.key], this.attributeLocked(attr), this.tr('choose'));
    return attr.type === 'boolean' ? checkboxFrame(f, control, this.tr('required')) : frame(f, control, this.tr('required'));
  }

  private renderPreview(): TemplateResult {
    const c = this.controller;
    const lang = this.language;
    let body: TemplateResult;
    if (c.previewState === 'idle') body = html`<p class="hint">${this.tr('previewHint')}</p>`;
    else if (c.previewState === 'loading' && !c.tripleInfo) body = html`<p class="hint">${this.tr('loadingPreview')}</p>`;
    else if (c.previewState === 'error')
      body = html`<p>${this.tr('previewError')}</p>
        <button type="button" class="secondary" @click=${this.retryTriple}>${this.tr('retry')}</button>`;
    else {
      const info = c.tripleInfo;
      const due = c.due;
      const priority = due?.priority?.nome ?? info?.priority?.nome;
      body = html`<dl class="facts">
        ${info?.takeInChargeMinutes !== undefined ? html`<div><dt>${this.tr('takeInCharge')}</dt><dd>${formatMinutes(info.takeInChargeMinutes, lang)}</dd></div>` : nothing}
        ${info?.slaMinutes !== undefined ? html`<div><dt>${this.tr('sla')}</dt><dd>${formatMinutes(info.slaMinutes, lang)}</dd></div>` : nothing}
        ${priority ? html`<div><dt>${this.tr('priority')}</dt><dd>${priority}</dd></div>` : nothing}
        ${due?.dataScadenza ? html`<div><dt>${this.tr('expectedDue')}</dt><dd><time datetime=${due.dataScadenza}>${formatDate(due.dataScadenza, lang)}</time></dd></div>` : nothing}
        ${info?.workflow ? html`<div><dt>${this.tr('workflow')}</dt><dd>${info.workflow}</dd></div>` : nothing}
      </dl>`;
    }
    return html`<section class="preview" part="preview" aria-labelledby="preview-title" aria-busy=${c.previewState === 'loading' ? 'true' : 'false'}>
      <h3 id="preview-title">${this.tr('expectations')}</h3>
      <div aria-live="polite">${body}</div>
    </section>`;
  }

  private renderDetails(): TemplateResult {
    const v = this.values;
    const text = (name: 'oggetto', max: number) => {
      const f = this.fieldFrame(name, true, { wide: true });
      return frame(
        f,
        html`<input type="text" id=${f.id} name=${name} data-field=${name} required maxlength=${max} autocomplete="off" ?readonly=${this.isLocked(name)}
          aria-invalid=${f.error ? 'true' : 'false'} aria-describedby=${ifDefined(describedBy(f))} .value=${live(v[name])} />`,
        this.tr('required'),
      );
    };
    const area = (name: 'descrizione' | 'note', rows: number, max: number) => {
      if (this.isHidden(name)) return nothing;
      const f = this.fieldFrame(name, false, { wide: true });
      return frame(
        f,
        html`<textarea id=${f.id} name=${name} data-field=${name} rows=${rows} maxlength=${max} ?readonly=${this.isLocked(name)}
          aria-invalid=${f.error ? 'true' : 'false'} aria-describedby=${ifDefined(describedBy(f))} .value=${live(v[name])}></textarea>`,
        this.tr('required'),
      );
    };
    return html`<fieldset class="group" part="details">
      <legend>${this.tr('details')}</legend>
      <div class="grid">${this.isHidden('oggetto') ? nothing : text('oggetto', DEFAULT_LIMITS.oggetto)} ${area('descrizione', 5, DEFAULT_LIMITS.descrizione)} ${area('note', 2, DEFAULT_LIMITS.note)}</div>
    </fieldset>`;
  }

  private renderMore(): TemplateResult | typeof nothing {
    const show = (['codiceCanale', 'dataSegnalazione', 'dataScadenza'] as const).filter((f) => !this.isHidden(f));
    if (!show.length) return nothing;
    const v = this.values;
    const channels = this.controller.catalog?.channels.length
      ? this.controller.catalog.channels.map((c) => ({ value: c.code ?? String(c.id), label: this.channelLabel(c) }))
      : ['WEB', 'TEL', 'MAIL'].map((code) => ({ value: code, label: this.channelLabel({ code, name: code }) }));
    if (v.codiceCanale && !channels.some((c) => c.value === v.codiceCanale)) channels.push({ value: v.codiceCanale, label: v.codiceCanale });
    const now = toLocalInputValue(new Date());
    const date = (name: 'dataSegnalazione' | 'dataScadenza') => {
      const f = this.fieldFrame(name, false);
      return frame(
        f,
        html`<input type="datetime-local" id=${f.id} name=${name} data-field=${name} ?readonly=${this.isLocked(name)}
          max=${ifDefined(name === 'dataSegnalazione' ? now : undefined)} min=${ifDefined(name === 'dataScadenza' ? v.dataSegnalazione || undefined : undefined)}
          aria-invalid=${f.error ? 'true' : 'false'} aria-describedby=${ifDefined(describedBy(f))} .value=${live(v[name])} />`,
        this.tr('required'),
      );
    };
    const channel = () => {
      const f = this.fieldFrame('codiceCanale', false);
      return frame(f, select(f, v.codiceCanale, channels, this.tr('choose'), this.isLocked('codiceCanale')), this.tr('required'));
    };
    return html`<fieldset class="group" part="more">
      <legend>${this.tr('more')}</legend>
      <div class="grid">
        ${show.includes('codiceCanale') ? channel() : nothing} ${show.includes('dataSegnalazione') ? date('dataSegnalazione') : nothing}
        ${show.includes('dataScadenza') ? date('dataScadenza') : nothing}
      </div>
    </fieldset>`;
  }

  private channelLabel(c: CatalogItem): string {
    const code = (c.code ?? '').toUpperCase();
    if (code === 'WEB') return this.tr('channelWeb');
    if (code === 'TEL') return this.tr('channelTel');
    if (code === 'MAIL') return this.tr('channelMail');
    return c.name;
  }

  private renderAttachments(): TemplateResult | typeof nothing {
    if (this.isHidden('allegati')) return nothing;
    const c = this.controller;
    const locked = this.isLocked('allegati');
    const error = this.errors['allegati'];
    const errorText = error ? (error.code === 'server' ? String(error.detail ?? '') : this.err('allegati', this.tr('allegati'))) : undefined;
    return html`<fieldset class="group" part="attachments" aria-describedby=${ifDefined(errorText ? 'attachments-error' : undefined)}>
      <legend>${this.tr('allegati')}</legend>
      <div class="dropzone ${this.dragging ? 'dragging' : ''}" @dragover=${this.onDragOver} @dragleave=${() => (this.dragging = false)} @drop=${this.onDrop}>
        <span aria-hidden="true">${this.tr('dropHere')}</span>
        <label class="file-button" for="file-input">${this.tr('chooseFiles')}</label>
        <input id="file-input" class="file-input" type="file" multiple data-field="allegati" ?disabled=${locked} @change=${this.onFiles} @input=${(e: Event) => e.stopPropagation()} />
      </div>
      ${errorText ? html`<p class="error" id="attachments-error">${errorText}</p>` : nothing}
      ${c.attachments.length
        ? html`<ul class="files">
            ${c.attachments.map((a) => {
              const percent = a.total ? Math.round((a.loaded / a.total) * 100) : 0;
              const label = a.state === 'uploading' ? this.tr('uploading', { name: a.name, percent }) : a.state === 'done' ? this.tr('uploaded', { name: a.name }) : this.tr('uploadFailed', { name: a.name });
              return html`<li class="file ${a.state}" data-state=${a.state}>
                <span class="file-name">${a.name}</span>
                <progress max="100" value=${a.state === 'done' ? 100 : percent} aria-label=${label}></progress>
                <span class="file-state">${a.state === 'uploading' ? `${percent}%` : a.state === 'done' ? '✓' : '!'}</span>
                ${a.state === 'error' ? html`<button type="button" class="link" @click=${() => c.retryAttachment(a.key)} aria-label=${this.tr('retryUpload', { name: a.name })}>${this.tr('retry')}</button>` : nothing}
                ${locked ? nothing : html`<button type="button" class="link remove" @click=${() => this.removeAttachment(a.key, a.name)} aria-label=${this.tr('remove', { name: a.name })}>✕</button>`}
              </li>`;
            })}
          </ul>`
        : nothing}
    </fieldset>`;
  }
}

SportelloElement.define('sportello-desk-form', SportelloDeskForm);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-desk-form': SportelloDeskForm;
  }
}
