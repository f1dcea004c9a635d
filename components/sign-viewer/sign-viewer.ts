import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { SportelloElement } from '../shared/sportello-element.js';
import { errorNoticeStyles } from '../shared/error-notice.js';
import { tokens } from '../shared/tokens.styles.js';
import { ServiceError } from '../../src/transport/errors.js';
import { SignService, type PracticeDetail } from '../../src/services/sign.js';
import { signAuth } from '../../src/services/sign-auth.js';
import { tokenSigner } from '../../src/model/visitor-token.js';
import { practiceAreas, type AreaSpec } from '../../src/pdf/areas.js';
import { SignPracticeController } from '../../src/controllers/sign/practice-controller.js';
import { SignDocumentController, type DocumentSource } from '../../src/controllers/sign/document-controller.js';
import { SignDownloadController, type DownloadKind } from '../../src/controllers/sign/download-controller.js';
import { SignLinkController } from '../../src/controllers/sign/link-controller.js';
import { PdfWarmupController } from '../../src/controllers/sign/pdf-warmup.js';
import type { SignerStep } from '../../src/model/sign/signer-view.js';
import { ConfigurationError, ServiceClientController } from '../../src/controllers/service-client.js';
import { signViewerStyles } from './sign-viewer.styles.js';
import { renderEvents, renderHeader, renderSigners } from './parts/practice-summary.js';
import { SignDocumentView } from './parts/document-view.js';
import { SigningFlow } from './parts/signing-flow.js';
import { linkOutcomeNews, practiceStatusNews, signerStepNews, type NewsTarget } from './parts/sign-news.js';
import { documentSources, inputProblem, isLinkOnly } from './parts/viewer-inputs.js';
import { renderDownloads } from './parts/downloads.js';
import { renderDocument, renderSwitcher } from './parts/document-panel.js';
import { DocumentAskPanel } from './parts/document-ask.js';
import { documentAskStyles } from './parts/document-ask.styles.js';
import { resolveConfig } from '../../src/config.js';
import { t, type StringKey } from './strings.js';
import { renderTask } from '../shared/task-view.js';
import './events.js';

const NO_STEPS: ReadonlyMap<string, SignerStep> = new Map<string, SignerStep>();

/**
 * Shows a signature practice — name, status, expiry, signers in order, events — and its documents
 * rendered with pdf.js (loaded only when a document is shown), with the signature areas and
 * placeholders drawn over the pages. "Sign" opens the signing link in a new window (or a dialog)
 * and follows the practice until it is signed, rejected, expired or cancelled.
 *
 * With `signer-email` — or, without it, the signer the gateway's visitor token from `tokenProvider`
 * names (`sportello.sign.signer`) — the viewer is that signer's own: it says whose turn it is, offers the
 * signing link only when it is theirs (the service's link names the first pending signer), follows
 * the practice from the start, and closes the signing dialog when they are done.
 *
 * Link-only mode, for an external signer who holds only a link: `signing-url` plus `document-src`.
 *
 * With `ask-document` (opt-in), beside a document of the practice: "About this document", a short
 * summary of it written by the AI service in the visitor's language (marked as an AI's, not a
 * substitute for reading), and "Ask about this document", which opens `<sportello-ai-chat>` bound
 * to the document's temporary agent; a citation in an answer shows the cited page and highlights
 * the passage where the page's text allows. It needs the Sportello gateway (which reads the PDF
 * from the signing service and sends it to the AI service itself: the browser uploads nothing):
 * `ai-endpoint`, or the AI endpoint of `<sportello-config>` / `configure()`. The analysis runs
 * beside the document; its progress and a failure (with "Try again") never hold up signing.
 *
 * pdf.js needs a module worker: same origin as the bundle → CSP `worker-src 'self'`; bundle on a
 * CDN → `worker-src blob:` and the CDN in `script-src`; under Trusted Types, the `sportello` policy.
 *
 * @summary A signature practice's documents, signers and signing link.
 *
 * @event {CustomEvent<SignStatusDetail>} sportello-sign-status - The followed practice changed status, or one signer's step did (`{ idFile, status, previousStatus, final, practice, signer? }`; `signer` `{ email, name, status, previousStatus, at }` for a step). In link-only mode, when the link's signer has signed or rejected, or the link closed: `{ link, outcome, idFile?, status, previousStatus, final, signer? }`.
 * @event {CustomEvent<SignOpenDetail>} sportello-sign-open - The signing page is about to open (`{ url, mode }`); cancelable.
 * @event {CustomEvent<SignDownloadDetail>} sportello-sign-download - A downloaded file is about to be saved (`{ kind, filename, blob }`); cancelable.
 * @event {CustomEvent<SportelloErrorDetail>} sportello-error - Something failed (`{ error, operation }`); the viewer shows it too. Operation `analyse-document`: the summary of "About this document" could not be made (signing is unaffected).
 *
 * @csspart header - Practice name, status and expiry.
 * @csspart status - The status badge.
 * @csspart signers - The signers list.
 * @csspart events - The events timeline.
 * @csspart actions - The Sign action and downloads.
 * @csspart sign-button - The Sign action.
 * @csspart switcher - The document switcher.
 * @csspart document - The document view (toolbar and pages).
 * @csspart error - An error message.
 * @csspart password - The password prompt of a protected document (and, once cancelled, the words saying it is protected).
 * @csspart dialog - The signing dialog (`sign-mode="dialog"`).
 * @csspart turn - Where the named signer stands (your turn, waiting for …, signed, …).
 * @csspart toolbar - The document toolbar (exported from the document view).
 * @csspart button - A toolbar button.
 * @csspart pages - The scrolling pages.
 * @csspart page - One page.
 * @csspart area - A signature area or placeholder over a page (`area-mine`: the named signer's; `area-signed`: signed).
 * @csspart thumbnails - The page thumbnail strip.
 * @csspart search - The search row.
 * @csspart ask - "About this document" (`ask-document`): summary and questions.
 * @csspart ask-summary - The AI summary (a disclosure).
 * @csspart ai-notice - The words saying the summary is an AI's and does not replace reading.
 * @csspart ask-button - "Ask about this document" (opens and closes the questions).
 * @csspart ask-chat - The `<sportello-ai-chat>` bound to the document.
 * @csspart ask-error - The summary could not be prepared (with "Try again").
 *
 * @cssproperty --sportello-sign-viewer-height - Height of the viewer (default 46rem).
 * @cssproperty --sportello-sign-mine-color - Colour of the current signer's areas.
 * @cssproperty --sportello-sign-area-color - Colour of other signers' areas.
 * @cssproperty --sportello-sign-page-gutter - Background around the pages.
 * @cssproperty --sportello-sign-signed-color - Colour of signed areas.
 * @cssproperty --sportello-sign-rejected-color - Colour of a rejecting signer's areas.
 *
 * @cssstate loading - The practice or a document is loading.
 * @cssstate password - The document is protected and its password is asked.
 * @cssstate error - Something failed (shown in the viewer).
 * @cssstate signed - The practice is signed (or, link-only, the link's signer has signed).
 * @cssstate rejected - The practice was rejected.
 * @cssstate your-turn - The named signer (`signer-email`) may sign now.
 * @cssstate waiting - The named signer waits for another signer, or for the others after signing.
 * @cssstate following - The viewer is following the practice or the link for news.
 * @cssstate dialog-open - The signing dialog is open.
 */
export class SportelloSignViewer extends SportelloElement {
  static override styles = [tokens, signViewerStyles, documentAskStyles, errorNoticeStyles];
  static override service = 'sign' as const;

  /** The practice (`idFile`). */
  @property({ attribute: 'id-file', reflect: true }) idFile?: string;
  /** Development credentials (spec §5 mode 1): `X-SignToken`. Prefer a proxy `endpoint` or `tokenProvider`. */
  @property({ attribute: 'sign-token' }) signToken?: string;
  /** Development credentials: `X-SignUser`. */
  @property({ attribute: 'sign-user' }) signUser?: string;
  /** E-mail of the signer in front of the screen: their areas are highlighted. Default: the visitor token's signer. */
  @property({ attribute: 'signer-email' }) signerEmail?: string;
  /**
   * Where the signing page opens: a new window (default) or an embedded dialog. The dialog always
   * offers the page in a new window too: a service that refuses to be framed (X-Frame-Options, CSP
   * frame-ancestors) or a page that fails to load cannot be told apart from a good one by the viewer.
   */
  @property({ attribute: 'sign-mode' }) signMode: 'window' | 'dialog' = 'window';
  /** The signing link, when known already (link-only mode, or to skip `GET /files/{id}/link`). */
  @property({ attribute: 'signing-url' }) signingUrl?: string;
  /** Link-only mode: the documents' URLs, separated by spaces. */
  @property({ attribute: 'document-src' }) documentSrc?: string;
  /**
   * Opt-in "About this document": beside a document of the practice (`id-file`), its AI summary in
   * the visitor's language (marked as an AI's) and "Ask about this document", the
   * `<sportello-ai-chat>` bound to the document's temporary agent, whose citations show the cited
   * page. Through the Sportello gateway only (it sends the PDF to the AI service; the browser
   * uploads nothing). Never holds up signing: a failure shows "Try again" beside the document.
   */
  @property({ type: Boolean, attribute: 'ask-document' }) askDocument = false;
  /** With `ask-document`: the AI service's base URL on the gateway (`…/ai/api/v2`); default: the configured AI endpoint. */
  @property({ attribute: 'ai-endpoint' }) aiEndpoint?: string;
  /** First polling interval in ms while following a practice; it backs off from there. */
  @property({ attribute: 'poll-interval', type: Number }) pollInterval = 3000;

  @state() private docIndex = 0;
  @state() private announce = '';
  @state() private attrError = false;
  /** The signer the gateway's visitor token names (`sportello.sign.signer`), read as the token is used. */
  @state() private tokenSignerEmail: string | undefined;

  private service: SignService | undefined;
  /** The signing client from the resolved configuration; a new one (new endpoint or credentials) sets the viewer up again. */
  private readonly clients = new ServiceClientController<SignService>(this, () => this.config, {
    build: ({ endpoint, tokenProvider }) =>
      new SignService({
        endpoint: endpoint ?? '',
        auth: signAuth({
          tokenProvider,
          signToken: this.signToken,
          signUser: this.signUser,
          onToken: (token) => this.readSigner(token),
        }),
      }),
    inputs: () => [this.signToken, this.signUser],
  });
  private setupKey = '';
  private areaSpecs: AreaSpec[] = [];
  private areaKey = '';

  /** Where news from the service goes: the live region, `sportello-sign-status`, the dialog (parts/sign-news.ts). */
  private readonly news: NewsTarget = {
    speaker: this,
    say: (text) => this.say(text),
    status: (detail) => this.emit('sportello-sign-status', detail),
    viewingSigner: () => this.viewingSigner,
    done: () => this.signing.close(),
  };

  /** Polite polling from `poll-interval`, backing off. */
  private backoff() {
    return { baseMs: Math.max(100, this.pollInterval || 3000), maxMs: Math.max(30000, this.pollInterval), factor: 1.5 };
  }

  private readonly practiceCtl = new SignPracticeController(this, {
    backoff: () => this.backoff(),
    onError: (operation, error) => this.reportError(operation, error),
    signerEmail: () => this.viewingSigner,
    // A named signer follows the practice from the start: their turn, the others' steps, the end.
    followOnLoad: () => !!this.viewingSigner,
    onStatus: (change) => practiceStatusNews(this.news, change),
    onStep: (change) => signerStepNews(this.news, change),
  });

  /** pdf.js and its worker start loading when the viewer is near the viewport, before any fetch. */
  private readonly warmup = new PdfWarmupController(this);

  /** Link-only mode: the link's own status after the signing page was opened. */
  private readonly linkCtl = new SignLinkController(this, {
    backoff: () => this.backoff(),
    onError: (operation, error) => this.reportError(operation, error),
    onOutcome: (outcome, status, previous, url) => linkOutcomeNews(this.news, outcome, status, previous, url),
  });

  /** The Sign action, the signing dialog, and following the outcome once the page is open. */
  private readonly signing = new SigningFlow(this, {
    speaker: this,
    practice: this.practiceCtl,
    link: this.linkCtl,
    mode: () => this.signMode,
    linkOnly: () => this.linkOnly,
    signingUrl: () => this.signingUrl,
    named: () => !!this.viewingSigner,
    emitOpen: (url, mode) => this.emit('sportello-sign-open', { url, mode }, { cancelable: true }),
    renderError: (error, retry) => this.renderError(error, retry),
  });

  private readonly docCtl = new SignDocumentController(this, {
    onError: (operation, error) => this.reportError(operation, error),
  });

  /** "About this document" (`ask-document`). */
  private readonly ask = new DocumentAskPanel(this, {
    speaker: this,
    enabled: () => this.askDocument && !this.linkOnly,
    endpoint: () => this.aiEndpoint || resolveConfig(this, 'ai').endpoint,
    tokenProvider: () => this.config.tokenProvider,
    documentView: () => this.renderRoot.querySelector('sportello-sign-document') ?? undefined,
    root: () => this.renderRoot,
    say: (text) => this.say(text),
    onError: (operation, error) => this.reportError(operation, error),
  });

  private readonly downloads = new SignDownloadController(this, {
    beforeSave: (kind, file) =>
      this.emit('sportello-sign-download', { kind, filename: file.filename, blob: file.blob }, { cancelable: true }),
    onError: (operation, error) => this.reportError(operation, error),
  });

  /**
   * Opens the signing step at once, as the Sign action does, in `sign-mode="dialog"` (a window
   * needs the signer's own click): for a signer who signs here, on this device, as soon as a
   * practice was sent (`<sportello-sign-composer open-viewer>` does so). Waits for the practice to
   * load. Resolves true when the signing dialog opened; false in window mode, when it is not the
   * named signer's turn, or when there is no link to give (a failure is shown as for the Sign action).
   */
  async openSigning(): Promise<boolean> {
    await this.updateComplete;
    await this.practiceCtl.settled();
    return this.signing.open();
  }

  /** The practice as last loaded (undefined in link-only mode). */
  get practice(): PracticeDetail | undefined {
    return this.practiceCtl.practice;
  }

  /**
   * The signer in front of the screen: `signer-email`, or else the one the visitor token names.
   * The token is only decoded here — the gateway verifies it and hands the signing link to no one else.
   */
  get viewingSigner(): string | undefined {
    return this.signerEmail?.trim() || this.tokenSignerEmail;
  }

  private readSigner(token: string): void {
    const signer = tokenSigner(token);
    if (signer === this.tokenSignerEmail) return;
    this.tokenSignerEmail = signer;
    // Known only now (the token came with the first request): the named signer follows the practice.
    if (signer && !this.signerEmail) this.practiceCtl.follow();
  }

  private get inputs() {
    return {
      idFile: this.idFile,
      signingUrl: this.signingUrl,
      documentSrc: this.documentSrc,
      endpoint: this.config.endpoint,
    };
  }

  private get linkOnly(): boolean {
    return isLinkOnly(this.inputs);
  }

  private t(key: StringKey, params?: Record<string, string | number>): string {
    // The viewer itself: its own `strings` and its `<sportello-config>`'s count (src/i18n/translate.ts).
    return t(this, key, params);
  }

  /** Re-reads attributes and credentials; (re)loads the practice when they changed. */
  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.setUp();
    // Asked here rather than in updated(): state set now joins this render instead of forcing another.
    this.showCurrentDocument();
  }

  private setUp(): void {
    const endpoint = this.config.endpoint;
    // A new client (endpoint, token provider or keys changed anywhere in the configuration) sets up
    // again: a viewer that failed with the old configuration recovers by itself.
    const clientChanged = this.clients.refresh();
    const key = JSON.stringify([
      endpoint,
      this.idFile,
      this.signToken,
      this.signUser,
      this.signingUrl,
      this.documentSrc,
    ]);
    if (key === this.setupKey && !clientChanged) return;
    this.setupKey = key;
    this.docIndex = 0;
    this.signing.reset();
    this.attrError = false;
    this.service = undefined;

    const problem = inputProblem(this.inputs);
    this.reportConfigProblem(problem ? new ConfigurationError(problem) : undefined);
    if (problem) {
      this.attrError = true;
      this.practiceCtl.clear();
      this.docCtl.clear();
      return;
    }
    if (this.linkOnly) {
      this.practiceCtl.clear();
      return;
    }
    this.service = this.clients.client;
    if (!this.service) return;
    this.docCtl.clear();
    void this.practiceCtl.load(this.service, Number(this.idFile));
  }

  /** The documents to offer, from the practice or the link-only URLs. */
  private sources(): DocumentSource[] {
    return documentSources(this.inputs, this.practiceCtl.practice, (i) => `${this.t('document')} ${i + 1}`);
  }

  private showCurrentDocument(): void {
    if (this.attrError) return;
    const ready = this.linkOnly || this.practiceCtl.phase === 'complete';
    if (!ready) return;
    const sources = this.sources();
    const source = sources[Math.min(this.docIndex, sources.length - 1)];
    if (!source) return;
    this.warmup.start();
    const practice = this.practiceCtl.practice;
    const specs = practice ? practiceAreas(practice) : [];
    const key = JSON.stringify(specs);
    if (key !== this.areaKey) {
      this.areaKey = key;
      this.areaSpecs = specs;
    }
    void this.docCtl.show(source, this.service, this.areaSpecs);
    this.ask.update(source);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A reconnect must set up again (controllers dropped their work).
    this.setupKey = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.requestUpdate();
  }

  // ---- actions ----

  private retryPractice(): void {
    this.setupKey = '';
    this.requestUpdate();
  }

  private focusAfterUpdate(selector: string): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(selector)?.focus());
  }

  /** Says `text` in the live region, also when it is the same words as last time. */
  private say(text: string): void {
    this.announce = this.announce === text ? `${text}\u00a0` : text;
  }

  private download(kind: DownloadKind): void {
    this.downloads.download(kind, {
      service: this.service,
      idFile: this.practiceCtl.practice?.idFile,
      source: this.docCtl.source,
    });
  }

  // ---- rendering ----

  /** The viewer sends the page's own development keys (a 401 then means wrong keys, not an expired session). */
  private get devKeys(): boolean {
    return !!this.signToken && !this.config.tokenProvider;
  }

  /** The viewer sends no credentials at all (no keys, no token provider): a 401 asks the visitor to sign in. */
  private get anonymous(): boolean {
    return !this.signToken && !this.config.tokenProvider;
  }

  /** A 404 of the practice, in words that name it (from our own `id-file`, never the server's message). */
  private get practiceNotFound(): string {
    return this.t('practiceNotFound', { id: this.idFile ?? '' });
  }

  /** A failure, shown the one way every element shows one (components/shared/error-notice.ts). */
  private renderError(error: ServiceError | Error, retry?: () => void, autoRetry = false, notFound?: string) {
    return html`<sportello-error-notice
      .error=${error}
      .speaker=${this}
      .retry=${retry}
      .notFound=${notFound}
      ?auto-retry=${autoRetry}
      ?keys=${this.devKeys}
      ?anonymous=${this.anonymous}
    ></sportello-error-notice>`;
  }

  private renderDownloads() {
    return renderDownloads({
      speaker: this,
      downloads: this.downloads,
      hasDocument: !!this.docCtl.source,
      linkOnly: this.linkOnly,
      download: (kind) => this.download(kind),
      renderError: (error) => this.renderError(error),
    });
  }

  /** `:state()` custom states for the page: `sportello-sign-viewer:state(your-turn)`. */
  protected override states(): Record<string, boolean> {
    const p = this.practiceCtl.practice;
    const turn = this.practiceCtl.view?.turn;
    return {
      loading: this.practiceCtl.phase === 'pending' || (this.docCtl.phase === 'pending' && !this.docCtl.password),
      password: !!this.docCtl.password,
      error: this.attrError || this.practiceCtl.phase === 'error' || this.docCtl.phase === 'error',
      signed: p?.status === 'F' || this.linkCtl.outcome === 'signed',
      rejected: p?.status === 'R' || this.linkCtl.outcome === 'rejected',
      'your-turn': turn === 'your-turn',
      waiting: turn === 'waiting' || turn === 'signed-waiting',
      following: this.practiceCtl.following || this.linkCtl.outcome === 'pending',
      'dialog-open': !!this.signing.dialogUrl,
    };
  }

  protected override render() {
    if (this.attrError) {
      return html`<div class="error" part="error" role="alert"><p>${this.t('errorAttributes')}</p></div>`;
    }
    const pc = this.practiceCtl;
    const p = pc.practice;
    const sources = this.sources();
    const live = html`<div class="visually-hidden" role="status" aria-live="polite">${this.announce}</div>`;

    // Loading the practice is a one-shot task, shown the kit's one way (components/shared/task-view.ts).
    if (!this.linkOnly && !p)
      return html`${live}${renderTask(pc.loading, {
        speaker: this,
        pending: () => html`<p class="loading" role="status">${this.t('loading')}</p>`,
        complete: () => nothing,
        retry: () => this.retryPractice(),
        autoRetry: true,
        keys: this.devKeys,
        anonymous: this.anonymous,
        notFound: this.practiceNotFound,
        around: (notice) => html`<div class="side">${notice}</div>`,
      })}`;

    return html`${live}
      <div class="layout">
        <aside class="side">
          ${
            p
              ? html`${renderHeader(p, this)}
                ${pc.phase === 'error' && pc.error ? this.renderError(pc.error, () => this.retryPractice(), true, this.practiceNotFound) : nothing}`
              : html`<h2 class="practice-name">${this.t('linkOnlyTitle')}</h2>`
          }
          <div class="actions" part="actions">${this.signing.renderAction()}</div>
          ${this.ask.render()}
          ${this.renderDownloads()}
          ${p ? html`${renderSigners(p, this, this.viewingSigner)}${renderEvents(p, this)}` : nothing}
        </aside>
        <section class="main" aria-label=${this.t('documents')}>
          ${renderSwitcher(sources, this.docIndex, this, (i) => (this.docIndex = i))}
          ${
            sources.length
              ? renderDocument({
                  speaker: this,
                  doc: this.docCtl,
                  signerEmail: this.viewingSigner,
                  steps: this.practiceCtl.view?.steps ?? NO_STEPS,
                  renderError: (error, retry, autoRetry) => this.renderError(error, retry, autoRetry),
                  focusAfterUpdate: (selector) => this.focusAfterUpdate(selector),
                })
              : html`<p class="doc-state">${this.t('noDocuments')}</p>`
          }
        </section>
      </div>
      ${this.signing.renderDialog()}`;
  }
}

void SignDocumentView;

declare global {
  interface HTMLElementTagNameMap {
    'sportello-sign-viewer': SportelloSignViewer;
  }
}
