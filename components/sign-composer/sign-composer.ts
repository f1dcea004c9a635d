import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { SportelloElement } from '../shared/sportello-element.js';
import { errorNoticeStyles } from '../shared/error-notice.js';
import { tokens } from '../shared/tokens.styles.js';
import { stringsReady } from '../../src/i18n/translate.js';
import { dateTimeFormat } from '../../src/i18n/format.js';
import { SignService } from '../../src/services/sign.js';
import { SignAuthoringService, type CreationResponse, type DraftRecord } from '../../src/services/sign-authoring.js';
import { signAuth } from '../../src/services/sign-auth.js';
import { tokenAuthor, type AuthorClaims } from '../../src/model/visitor-token.js';
import { ConfigurationError, ServiceClientController } from '../../src/controllers/service-client.js';
import { SignComposerController, type ComposerClients } from '../../src/controllers/sign/composer-controller.js';
import { ComposerPdfController } from '../../src/controllers/sign/composer-pdf.js';
import { stepOf, type Step } from '../../src/model/sign/composer/practice-checks.js';
import type { FieldRef } from '../../src/model/sign/composer/practice-body.js';
import type { PracticeDraft } from '../../src/model/sign/composer/practice-draft.js';
import type { ServiceError } from '../../src/transport/errors.js';
import { t, type StringKey } from './strings.js';
import { signComposerStyles } from './sign-composer.styles.js';
import { fieldId, type ComposerView } from './parts/view.js';
import { renderDocumentsStep } from './parts/documents-step.js';
import { renderSignersStep } from './parts/signers-step.js';
import { renderAreasStep } from './parts/areas-step.js';
import { renderOptions, renderReview } from './parts/options-step.js';
import { renderDrafts, renderSent } from './parts/sent-view.js';
import { AreaEditing } from './parts/area-editing.js';
import { InPersonHosting } from './parts/in-person-hosting.js';
import { sentSignersOf } from '../../src/model/sign/composer/sent-signers.js';
import type { SentSigner } from './events.js';
import './events.js';

const STEPS: readonly Step[] = ['documents', 'signers', 'areas', 'options'];

/**
 * Prepares and sends a signature practice from a portal (specs/signing-service.md §2–4): a process
 * type the user may submit, documents (picker, drag and drop or paste, with upload progress), the
 * signers in order with the kind of signature in plain words, copy recipients, signature areas and
 * fields placed on the pages with the pointer or the keyboard, the practice's options, and Send.
 *
 * The work is kept in this browser as the user types (IndexedDB: the draft and the files) and comes
 * back after a reload; "Save as draft" keeps it at the service too. Send goes once per practice
 * whatever the network does: every attempt carries the same Idempotency-Key, kept across a reload.
 * Problems are shown under their fields before sending, and the service's refusals on the field
 * they name.
 *
 * Credentials: a `tokenProvider` whose token carries the gateway's author permission
 * (`sportello.sign.author`: the process types allowed and the user's username, the host of
 * in-person signing), a proxy `endpoint`, or for development `sign-token` + `sign-user`.
 *
 * @summary Prepares a signature practice and sends it.
 *
 * @event {CustomEvent<SignSentDetail>} sportello-sign-sent - The practice was created (`{ idFile, signers }`; each signer's `signingUrl` only where the user may see it).
 * @event {CustomEvent<SignDraftSavedDetail>} sportello-sign-draft-saved - The practice was saved as a draft at the service (`{ idDraft, name }`).
 * @event {CustomEvent<SportelloErrorDetail>} sportello-error - Something failed (`{ error, operation }`); the composer shows it too.
 *
 * @csspart header - Title, where the work is kept, and the draft actions.
 * @csspart steps - The list of steps.
 * @csspart step - One step's button in the list.
 * @csspart type-facts - What the chosen process type fixes.
 * @csspart documents - The documents list.
 * @csspart document - One document.
 * @csspart drop-zone - Where files are dropped or chosen.
 * @csspart signers - The signers list.
 * @csspart signer - One signer.
 * @csspart copies - The copy recipients.
 * @csspart palette - What a click or Enter on a page places.
 * @csspart pages - The scrolling pages (from the page editor).
 * @csspart page - One page.
 * @csspart area - An area on a page (`area-selected`: the selected one).
 * @csspart properties - The selected area's settings.
 * @csspart area-list - The areas of the document, as a list.
 * @csspart problems - What must be fixed before sending.
 * @csspart send-button - The Send button.
 * @csspart sent - What shows once the practice was sent.
 * @csspart drafts - The dialog of the drafts kept at the service.
 * @csspart error - An error message.
 *
 * @cssproperty --sportello-composer-pages-height - Height of the pages' scroller (default 36rem).
 * @cssproperty --sportello-composer-signer-1 - Colour of the first signer's areas (then -2 … -6).
 * @cssproperty --sportello-composer-practice - Colour of the practice's own fields.
 *
 * @cssstate uploading - A file is being uploaded.
 * @cssstate sending - The practice is on its way.
 * @cssstate sent - The practice was sent.
 * @cssstate error - Something failed (shown in the composer).
 * @cssstate restored - The work came back from this browser.
 */
export class SportelloSignComposer extends SportelloElement {
  static override styles = [tokens, signComposerStyles, errorNoticeStyles];
  static override service = 'sign' as const;

  /** Development credentials (spec §5 mode 1): `X-SignToken`. Prefer a proxy `endpoint` or `tokenProvider`. */
  @property({ attribute: 'sign-token' }) signToken?: string;
  /** Development credentials: `X-SignUser` (also the host of in-person signing). */
  @property({ attribute: 'sign-user' }) signUser?: string;
  /** The user's username at the signing service, the host of in-person signing; default: the token's author `host`, or `sign-user`. */
  @property({ attribute: 'host-username' }) hostUsername?: string;
  /** The code of a process type to start a new practice from. */
  @property({ attribute: 'process-type' }) processType?: string;
  /** Names the work kept in this browser (two composers on one page keep two); the person preparing it is added. */
  @property({ attribute: 'draft-key' }) draftKey = 'default';
  /**
   * Once sent, shows the new practice in a `<sportello-sign-viewer>` below (in-person signers sign
   * there): when the first signer signs here, on this device, their signing step opens at once in
   * the viewer's dialog, and so does the next in-person signer's as soon as one has signed here.
   */
  @property({ attribute: 'open-viewer', type: Boolean }) openViewer = false;

  @state() private step: Step = 'documents';
  @state() private announce = '';
  @state() private dragging = false;
  @state() private draftsOpen = false;
  /** The action waiting for a second press: replacing the work is never done on one click. */
  @state() private confirming: 'start-over' | `open:${number}` | undefined;
  @state() private sent: { idFile: number; signers: SentSigner[]; passwords: Map<string, string> } | undefined;
  @state() private tokenSubject: string | undefined;
  @state() private author: AuthorClaims | undefined;

  @query('dialog') private draftsDialog?: HTMLDialogElement;

  /** In-person signers, one after another, in the viewer below the practice sent. */
  private readonly hosting = new InPersonHosting(this, {
    viewer: () => this.renderRoot.querySelector('sportello-sign-viewer'),
    announceNext: (signer) => this.say(this.t('inPersonNext', { name: signer.name })),
  });

  private readonly clients = new ServiceClientController<ComposerClients>(this, () => this.config, {
    build: ({ endpoint, tokenProvider }) => {
      if (!endpoint)
        throw new ConfigurationError(
          '<sportello-sign-composer> needs an `endpoint`: the signing service, or the gateway in front of it.',
        );
      const reader = new SignService({
        endpoint,
        auth: signAuth({
          tokenProvider,
          signToken: this.signToken,
          signUser: this.signUser,
          onToken: (token) => this.readToken(token),
        }),
      });
      return { reader, authoring: new SignAuthoringService(reader.http) };
    },
    inputs: () => [this.signToken, this.signUser],
    report: (problem) => this.reportConfigProblem(problem),
  });

  private readonly ctl = new SignComposerController(this, {
    clients: () => this.clients.client,
    storageKey: () => this.storageKey,
    host: () => this.host,
    allowedTypes: () => this.author?.types,
    initialType: () => this.processType?.trim() || undefined,
    onError: (operation, error) => this.reportError(operation, error),
    onSent: (response, draft) => this.onSent(response, draft),
    onDraftSaved: (record) => this.onDraftSaved(record),
  });

  private readonly pdf = new ComposerPdfController(this, {
    onError: (operation, error) => this.reportError(operation, error),
  });

  /** The areas step: the document shown, the tool, the selection, keyword anchors and form fields. */
  private readonly areas = new AreaEditing({
    host: this,
    view: () => this.view,
    ctl: this.ctl,
    pdf: this.pdf,
    pages: () => this.renderRoot.querySelector('sportello-sign-composer-pages'),
    focus: (selector) => this.focusSoon(selector),
  });

  /** The practice being prepared, as it would be kept (read-only: the composer changes it). */
  get draft(): PracticeDraft {
    return this.ctl.draft;
  }

  /** The username of whoever prepares the practice: the host of in-person signers. */
  private get host(): string | undefined {
    return this.hostUsername?.trim() || this.author?.host || this.signUser?.trim() || undefined;
  }

  /**
   * Where the work is kept in this browser: the `draft-key` and whoever prepares it, so that on a
   * shared counter one agent never finds another's practice. With a token provider, known once the
   * first request carried the token.
   */
  private get storageKey(): string | undefined {
    if (this.config.tokenProvider && !this.tokenSubject) return undefined;
    return `${this.draftKey}|${this.tokenSubject ?? this.signUser ?? this.hostUsername ?? ''}`;
  }

  private readToken(token: string): void {
    // Only decoded here, for the page's own words; the gateway verifies it and enforces the claim.
    const { subject, author } = tokenAuthor(token);
    if (subject !== this.tokenSubject) this.tokenSubject = subject;
    if (JSON.stringify(author) !== JSON.stringify(this.author)) this.author = author;
  }

  private t(key: StringKey, params?: Record<string, string | number>): string {
    return t(this, key, params);
  }

  /** Renders once both the language's catalogue and the composer's own strings have arrived. */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const ready = stringsReady(this.language, this, 'compose');
    if (!ready) return super.scheduleUpdate();
    return ready.then(() => super.scheduleUpdate());
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.ctl.setUp();
    if (changed.has('processType') && this.hasUpdated) this.ctl.initialTypeChanged();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (changed.has('draftsOpen')) {
      const dialog = this.draftsDialog;
      if (this.draftsOpen && dialog && !dialog.open) dialog.showModal();
    }
  }

  // ---- what every step needs ----

  private get view(): ComposerView {
    return {
      speaker: this,
      t: (key, params) => this.t(key, params),
      ctl: this.ctl,
      draft: this.ctl.draft,
      update: (next) => this.ctl.set(next),
      problemAt: (field) => this.problemAt(field),
      say: (text) => this.say(text),
      goTo: (field) => this.goTo(field),
      renderError: (error, retry, note) => this.renderError(error, retry, note),
    };
  }

  private problemAt(field: FieldRef): string | undefined {
    if (this.ctl.sending.showProblems) {
      const problem = this.ctl.problems().find((p) => p.field === field);
      if (problem) return this.t(problem.key, problem.params);
    }
    const refusal = this.ctl.sending.refusal;
    return refusal?.field === field ? this.t('refusedField', { message: refusal.message }) : undefined;
  }

  /** Says `text` in the live region, also when it is the same words as last time. */
  private say(text: string): void {
    this.announce = this.announce === text ? `${text}\u00a0` : text;
  }

  private focusSoon(selector: string): void {
    void this.updateComplete.then(() => {
      const el = this.renderRoot.querySelector<HTMLElement>(selector);
      el?.scrollIntoView({ block: 'nearest' });
      el?.focus();
    });
  }

  private goToStep(step: Step): void {
    if (step === this.step) return;
    this.step = step;
    this.confirming = undefined;
    this.focusSoon('#step-title');
  }

  /** Takes the user to a field: its step, the area it belongs to, then the field itself. */
  private goTo(field: FieldRef): void {
    this.step = stepOf(field);
    const areaId = field.startsWith('area:') ? field.split(':')[1] : undefined;
    if (areaId) this.areas.reveal(areaId);
    void this.updateComplete.then(() => {
      const el =
        this.renderRoot.querySelector<HTMLElement>(`#${fieldId(field)}`) ??
        (areaId ? this.renderRoot.querySelector<HTMLElement>(`#${fieldId(`area:${areaId}`)}`) : null) ??
        this.renderRoot.querySelector<HTMLElement>('#step-title');
      el?.scrollIntoView({ block: 'center' });
      el?.focus();
    });
  }

  private renderError(error: ServiceError | Error, retry?: () => void, note?: string) {
    return html`<sportello-error-notice
      .error=${error}
      .speaker=${this}
      .retry=${retry}
      ?keys=${!!this.signToken && !this.config.tokenProvider}
    ></sportello-error-notice>
    ${note ? html`<p class="hint">${note}</p>` : nothing}`;
  }

  // ---- actions ----

  private addFiles(files: File[]): void {
    const added = this.ctl.addFiles(files);
    this.say(added.map((doc) => this.t('documentAdded', { name: doc.name })).join(' '));
  }

  private async send(): Promise<void> {
    const problems = await this.ctl.sending.send();
    const refused = this.ctl.sending.refusal?.field;
    if (problems.length) this.focusSoon('#problems');
    // A refusal about one field: the user is taken to it, its words under it.
    else if (refused) this.goTo(refused);
    else if (this.ctl.sending.state === 'error') this.focusSoon('sportello-error-notice');
  }

  private async saveDraft(): Promise<void> {
    await this.ctl.serviceDrafts.save();
  }

  private onDraftSaved(record: DraftRecord): void {
    this.say(this.t('draftSaved', { name: record.name || this.t('draftUntitled') }));
    this.emit('sportello-sign-draft-saved', { idDraft: record.idDraft, name: record.name });
  }

  private onSent(response: CreationResponse, draft: PracticeDraft): void {
    const { signers, passwords } = sentSignersOf(response, draft, this.host);
    this.sent = { idFile: response.idFile, signers, passwords };
    this.emit('sportello-sign-sent', { idFile: response.idFile, signers });
    const firstSignsHere = this.hosting.start(signers);
    if (this.openViewer) void this.showViewer(firstSignsHere);
    else this.focusSoon('#sent-title');
  }

  /**
   * The new practice in the viewer below; when its first signer signs here, on this device, their
   * signing step opens at once in the viewer's dialog (a later in-person signer finds the Sign
   * action there when their turn comes).
   */
  private async showViewer(signNow: boolean): Promise<void> {
    // The title first: the signing dialog, once closed, gives the focus back to it.
    this.focusSoon('#sent-title');
    await import('../sign-viewer/index.js');
    await this.updateComplete;
    const viewer = this.renderRoot.querySelector('sportello-sign-viewer');
    if (signNow) await viewer?.openSigning();
  }

  private async prepareAnother(): Promise<void> {
    this.sent = undefined;
    this.hosting.stop();
    this.step = 'documents';
    this.pdf.close();
    this.areas.reset();
    await this.ctl.prepareAnother();
    this.focusSoon('#step-title');
  }

  private async startOver(): Promise<void> {
    if (this.confirming !== 'start-over') {
      this.confirming = 'start-over';
      this.say(this.t('startOverConfirm'));
      return;
    }
    this.confirming = undefined;
    this.step = 'documents';
    this.pdf.close();
    this.areas.reset();
    await this.ctl.startOver();
    this.focusSoon('#step-title');
  }

  private openDrafts(): void {
    this.draftsOpen = true;
    void this.ctl.serviceDrafts.load();
  }

  private async openDraft(record: DraftRecord): Promise<void> {
    const worked = this.ctl.draft.documents.length > 0 || this.ctl.draft.signers.length > 0;
    if (worked && this.confirming !== `open:${record.idDraft}`) {
      this.confirming = `open:${record.idDraft}`;
      this.say(this.t('openDraftConfirm'));
      return;
    }
    this.confirming = undefined;
    this.draftsDialog?.close();
    this.pdf.close();
    this.areas.reset();
    await this.ctl.openDraft(record);
    this.step = 'documents';
    this.focusSoon('#step-title');
  }

  // ---- rendering ----

  protected override states(): Record<string, boolean> {
    const c = this.ctl;
    return {
      uploading: c.draft.documents.some((d) => c.upload(d.id)?.state === 'uploading'),
      sending: c.sending.state === 'pending',
      sent: !!this.sent,
      error: !!this.clients.problem || c.sending.state === 'error' || c.processTypes.listState === 'error',
      restored: c.keeping.restored,
    };
  }

  private renderHeader() {
    const c = this.ctl;
    const time = c.keeping.keptAt
      ? dateTimeFormat(this.language, { timeStyle: 'short' }).format(new Date(c.keeping.keptAt))
      : undefined;
    const saving = c.serviceDrafts.saving.state === 'pending';
    return html`<div class="header" part="header">
      <h2 class="title">${this.t('title')}</h2>
      <p class="kept muted" role="status">
        ${c.keeping.restored ? html`${this.t('draftRestored')} ` : nothing}
        ${!c.keeping.canKeep ? this.t('draftNotSavedHere') : time ? this.t('draftSavedHere', { time }) : nothing}
        ${
          c.serviceDrafts.saving.state === 'complete' && c.serviceDrafts.saving.value
            ? this.t('draftSaved', { name: c.serviceDrafts.saving.value.name || this.t('draftUntitled') })
            : nothing
        }
      </p>
      <div class="header-actions">
        <button type="button" class="button" ?disabled=${saving} @click=${() => void this.saveDraft()}>
          ${saving ? this.t('savingDraft') : this.t('saveDraft')}
        </button>
        <button type="button" class="button" aria-haspopup="dialog" @click=${() => this.openDrafts()}>
          ${this.t('drafts')}
        </button>
        <button
          type="button"
          class="button danger"
          aria-describedby=${this.confirming === 'start-over' ? 'start-over-confirm' : nothing}
          @click=${() => void this.startOver()}
        >
          ${this.t('startOver')}
        </button>
      </div>
      ${
        this.confirming === 'start-over'
          ? html`<p class="confirm" id="start-over-confirm">${this.t('startOverConfirm')}</p>`
          : nothing
      }
      ${
        c.serviceDrafts.saving.state === 'error' && c.serviceDrafts.saving.error
          ? this.renderError(c.serviceDrafts.saving.error, () => void this.saveDraft())
          : nothing
      }
    </div>`;
  }

  private renderSteps() {
    const index = STEPS.indexOf(this.step);
    // A labelled list, not a landmark: two composers on one page must not make two "Steps" landmarks.
    return html`<div class="steps" part="steps">
      <ol aria-label=${this.t('stepsLabel')}>
        ${STEPS.map(
          (step, i) =>
            html`<li>
              <button
                type="button"
                part="step"
                class=${i === index ? 'current' : i < index ? 'done' : ''}
                aria-current=${i === index ? 'step' : nothing}
                @click=${() => this.goToStep(step)}
              >
                <span class="step-number" aria-hidden="true">${i + 1}</span>
                <span>${this.t(`step_${step}`)}</span>
              </button>
            </li>`,
        )}
      </ol>
    </div>`;
  }

  private renderStep() {
    const view = this.view;
    switch (this.step) {
      case 'documents':
        return renderDocumentsStep(view, {
          addFiles: (files) => this.addFiles(files),
          dragging: this.dragging,
          setDragging: (on) => (this.dragging = on),
        });
      case 'signers':
        return renderSignersStep(view, (selector) => this.focusSoon(selector));
      case 'areas':
        return renderAreasStep(view, this.areas.hooks());
      case 'options':
        return html`<section class="step-body" aria-labelledby="step-title">
          ${renderOptions(view)} ${renderReview(view, this.ctl.problems(), () => void this.send())}
        </section>`;
    }
  }

  private renderNav() {
    const i = STEPS.indexOf(this.step);
    const back = STEPS[i - 1];
    const next = STEPS[i + 1];
    return html`<div class="step-nav">
      ${
        back
          ? html`<button type="button" class="button" @click=${() => this.goToStep(back)}>
            ${this.t('back', { name: this.t(`step_${back}`) })}
          </button>`
          : html`<span></span>`
      }
      ${
        next
          ? html`<button type="button" class="button primary" @click=${() => this.goToStep(next)}>
            ${this.t('next', { name: this.t(`step_${next}`) })}
          </button>`
          : nothing
      }
    </div>`;
  }

  private renderViewer(idFile: number) {
    return html`<sportello-sign-viewer
      id-file=${String(idFile)}
      sign-mode="dialog"
      lang=${this.language}
      .endpoint=${this.config.endpoint}
      .tokenProvider=${this.config.tokenProvider}
      sign-token=${this.signToken ?? nothing}
      sign-user=${this.signUser ?? nothing}
      signer-email=${this.hosting.current?.email ?? nothing}
      @sportello-sign-status=${this.hosting.onStatus}
    ></sportello-sign-viewer>`;
  }

  protected override render() {
    const live = html`<div class="visually-hidden" role="status" aria-live="polite">${this.announce}</div>`;
    const problem = this.clients.problem;
    if (problem)
      return html`${live}<div class="error" part="error" role="alert"><p>${this.t('errorAttributes')}</p></div>`;
    if (this.sent) {
      const sent = this.sent;
      return html`${live}${renderSent(
        this.view,
        sent,
        () => void this.prepareAnother(),
        this.openViewer ? this.renderViewer(sent.idFile) : undefined,
      )}`;
    }
    const index = STEPS.indexOf(this.step);
    const c = this.ctl;
    return html`${live}
      <div class="composer" @paste=${(e: ClipboardEvent) => this.onPaste(e)}>
        ${this.renderHeader()} ${this.renderSteps()}
        <h3 id="step-title" class="step-title" tabindex="-1">
          ${this.t('stepOf', { n: index + 1, total: STEPS.length, name: this.t(`step_${this.step}`) })}
        </h3>
        ${
          c.processTypes.listState === 'error' && c.processTypes.listError && this.step === 'documents'
            ? this.renderError(c.processTypes.listError, () => c.processTypes.retry())
            : nothing
        }
        ${this.renderStep()} ${this.renderNav()}
      </div>
      ${
        this.draftsOpen
          ? renderDrafts(
              this.view,
              (record) => void this.openDraft(record),
              () => {
                this.draftsOpen = false;
                this.confirming = undefined;
              },
              this.confirming?.startsWith('open:') ? Number(this.confirming.slice(5)) : undefined,
            )
          : nothing
      }`;
  }

  /** Files pasted anywhere in the composer (a screenshot, a PDF copied in a file manager) are added as documents. */
  private onPaste(e: ClipboardEvent): void {
    const target = e.composedPath()[0];
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
      if (!e.clipboardData?.files.length) return;
    }
    const files = e.clipboardData ? [...e.clipboardData.files] : [];
    if (!files.length) return;
    e.preventDefault();
    this.addFiles(files);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sportello-sign-composer': SportelloSignComposer;
  }
}
