import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Speaker } from '../../../src/i18n/translate.js';
import type { ServiceError } from '../../../src/transport/errors.js';
import { isFinalStatus } from '../../../src/services/sign.js';
import type { SignPracticeController } from '../../../src/controllers/sign/practice-controller.js';
import type { SignLinkController } from '../../../src/controllers/sign/link-controller.js';
import { t, type StringKey } from '../strings.js';
import { renderLinkOutcome, renderTurn } from './turn-notice.js';

/** What the signing flow needs from the viewer. */
export interface SigningFlowOptions {
  speaker: Speaker;
  practice: SignPracticeController;
  link: SignLinkController;
  mode: () => 'window' | 'dialog';
  /** Link-only mode: the signer holds only `signingUrl`. */
  linkOnly: () => boolean;
  signingUrl: () => string | undefined;
  /** A signer is named (`signer-email` or the visitor token's): the turn notice is shown. */
  named: () => boolean;
  /** `sportello-sign-open`, cancelable: false when the page took over the opening. */
  emitOpen: (url: string, mode: 'window' | 'dialog') => boolean;
  renderError: (error: ServiceError | Error, retry?: () => void) => TemplateResult;
}

/**
 * The signing step of the viewer: the Sign action (a link in a new window, or a dialog with the
 * signing page in a frame), where the named signer stands, and following the practice (or the
 * link) once the page is open, until the signer is done and the dialog closes.
 */
export class SigningFlow implements ReactiveController {
  /** The signing page was opened from this viewer (it says so, and follows the outcome). */
  opened = false;
  /** The link arrived after the click: offered as a link (a window opened now would be blocked). */
  pendingLink: string | undefined;
  /** The signing page shown in the dialog. */
  dialogUrl: string | undefined;
  /**
   * The signer left the dialog for a new window (the page would not show in the frame): from then
   * on the signing page opens in a window. A cross-origin frame tells its parent nothing — a page
   * refused by X-Frame-Options or CSP frame-ancestors, a failed load and a good page all look the
   * same from here — so the dialog always offers the window, and the signer says when they need it.
   */
  inWindow = false;
  /** The page's Content Security Policy refused the signing page's frame: it opened in a new window instead. */
  refusedByPolicy = false;

  constructor(
    private readonly host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment },
    private readonly options: SigningFlowOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    // Nothing to start: the flow begins with a click.
  }

  hostDisconnected(): void {
    this.unwatchPolicy();
    this.closed?.();
    this.closing = this.closed = undefined;
  }

  /**
   * While the dialog shows the signing page, a page whose policy has no `frame-src` for the service
   * refuses the frame: the frame stays grey, but the browser reports it to the page with a
   * `securitypolicyviolation` event (composed: it reaches the document from our shadow root). The
   * viewer then closes the dialog and opens the page in a new window by itself, within the click's
   * user activation, and says why.
   */
  private policyWatch: ((e: SecurityPolicyViolationEvent) => void) | undefined;

  private watchPolicy(url: string): void {
    this.unwatchPolicy();
    const target = new URL(url, document.baseURI);
    const watch = (e: SecurityPolicyViolationEvent) => {
      if (e.effectiveDirective !== 'frame-src' && e.effectiveDirective !== 'child-src') return;
      // Reports name the URL, or only its origin when the page and the frame are not same-origin.
      const blocked = e.blockedURI;
      if (blocked !== target.href && blocked !== target.origin && !target.href.startsWith(blocked)) return;
      this.unwatchPolicy();
      this.refusedByPolicy = true;
      this.inWindow = true;
      this.close();
      if (this.options.emitOpen(url, 'window')) window.open(url, '_blank', 'noopener,noreferrer');
      this.host.requestUpdate();
    };
    this.policyWatch = watch;
    document.addEventListener('securitypolicyviolation', watch);
  }

  private unwatchPolicy(): void {
    if (this.policyWatch) document.removeEventListener('securitypolicyviolation', this.policyWatch);
    this.policyWatch = undefined;
  }

  private get dialog(): HTMLDialogElement | null {
    return this.host.renderRoot.querySelector('dialog');
  }

  /** A new practice or link: nothing opened yet. */
  reset(): void {
    this.opened = false;
    this.pendingLink = undefined;
    this.inWindow = false;
    this.refusedByPolicy = false;
    this.unwatchPolicy();
    this.host.requestUpdate();
  }

  /**
   * Settles when the dialog closing now has fired its close event: `dialogUrl` is cleared there, a
   * task after `close()`, and the next in-person signer's step may open only after that.
   */
  private closing: Promise<void> | undefined;
  private closed: (() => void) | undefined;

  /** Closes the signing dialog (the signer is done); its close event asks for the news at once. */
  close(): void {
    const dialog = this.dialog;
    if (!dialog?.open) return;
    this.closing ??= new Promise((resolve) => (this.closed = resolve));
    dialog.close();
  }

  /** The anchor's own navigation opens the link (no popup blocker); we start following. */
  private onLinkClick(e: MouseEvent, url: string): void {
    if (!this.options.emitOpen(url, 'window')) e.preventDefault();
    this.started();
  }

  /**
   * The signing step opened by the page rather than by a click (a signer who signs here, on the
   * host's device, right after the practice was sent): only in dialog mode, where no popup blocker
   * stands between; a window needs the signer's own click.
   */
  async open(): Promise<boolean> {
    await this.closing;
    if (this.mode !== 'dialog' || this.dialogUrl) return false;
    await this.onButton();
    return !!this.dialogUrl;
  }

  private readonly onButton = async (): Promise<void> => {
    const o = this.options;
    let url: string;
    try {
      url = o.signingUrl() ?? (await o.practice.getLink());
    } catch {
      return; // shown by the practice controller's linkError
    }
    if (this.mode === 'dialog') {
      if (!o.emitOpen(url, 'dialog')) {
        this.started();
        return;
      }
      this.dialogUrl = url;
      this.watchPolicy(url);
      this.host.requestUpdate();
      await this.host.updateComplete;
      const dialog = this.dialog;
      if (dialog && !dialog.open) dialog.showModal();
      this.started();
    } else {
      this.pendingLink = url;
      this.host.requestUpdate();
    }
  };

  private started(): void {
    const o = this.options;
    this.opened = true;
    this.host.requestUpdate();
    const url = o.signingUrl();
    if (!o.linkOnly()) o.practice.follow();
    else if (url) o.link.follow(url);
  }

  /** The dialog's way out: the same page in a new window (the anchor's own navigation, no popup blocker). */
  private onWindowFallback(e: MouseEvent, url: string): void {
    if (!this.options.emitOpen(url, 'window')) e.preventDefault();
    this.inWindow = true;
    this.started();
    this.close();
  }

  private get mode(): 'window' | 'dialog' {
    return this.inWindow ? 'window' : this.options.mode();
  }

  private readonly onDialogClose = (): void => {
    this.unwatchPolicy();
    this.dialogUrl = undefined;
    this.closed?.();
    this.closing = this.closed = undefined;
    this.host.requestUpdate();
    if (!this.options.linkOnly()) this.options.practice.refreshNow();
    else this.options.link.refreshNow();
  };

  /** Where the signer stands, the Sign action, and what happens after it was pressed. */
  renderAction() {
    const o = this.options;
    const words = (k: StringKey) => t(o.speaker, k);
    const linkOnly = o.linkOnly();
    const signingUrl = o.signingUrl();
    const p = o.practice.practice;
    const outcome = o.link.outcome;
    const turn = linkOnly ? renderLinkOutcome(outcome, o.speaker) : renderTurn(o.practice.view, o.speaker, o.named());
    // Link-only: the link is the signer's own; once they acted it offers nothing more.
    const can = linkOnly ? !!signingUrl && (!outcome || outcome === 'pending') : o.practice.canSign;
    if (!can) return turn;
    const known = signingUrl ?? o.practice.signingLink;
    const linkError = o.practice.linkError;
    const dialog = this.mode === 'dialog';
    const anchor = (url: string, label: string) =>
      html`<a class="button primary" part="sign-button" href=${url} target="_blank" rel="noopener noreferrer" @click=${(e: MouseEvent) => this.onLinkClick(e, url)}>${label}</a>`;
    let action;
    if (!dialog && known) action = anchor(known, words('sign'));
    else if (this.pendingLink) action = anchor(this.pendingLink, words('openSigningPage'));
    else
      action = html`<button type="button" class="button primary" part="sign-button" @click=${this.onButton}>${words('sign')}</button>`;
    const following = this.opened && (linkOnly ? outcome === 'pending' : !!p && !isFinalStatus(p.status));
    return html`${turn}${action}
      ${linkError ? o.renderError(linkError, () => void this.onButton()) : nothing}
      ${this.refusedByPolicy ? html`<p class="notice" role="status">${words('frameRefused')}</p>` : nothing}
      ${following ? html`<p class="notice">${dialog ? words('following') : words('signOpened')}</p>` : nothing}`;
  }

  /** The signing dialog (`sign-mode="dialog"`), while it is open. */
  renderDialog() {
    const url = this.dialogUrl;
    if (!url) return nothing;
    const words = (k: StringKey) => t(this.options.speaker, k);
    return html`<dialog part="dialog" aria-label=${words('signingDialog')} @close=${this.onDialogClose}>
      <div class="dialog-bar">
        <strong>${words('signingDialog')}</strong>
        <button type="button" class="button" @click=${() => this.close()}>${words('closeDialog')}</button>
      </div>
      <p class="frame-fallback">
        ${words('frameTrouble')}
        <a href=${url} target="_blank" rel="noopener noreferrer" data-fallback @click=${(e: MouseEvent) => this.onWindowFallback(e, url)}>${words('frameOpenWindow')}</a>
      </p>
      <iframe
        title=${words('signingDialog')}
        src=${url}
        referrerpolicy="no-referrer"
        sandbox="allow-forms allow-same-origin allow-scripts allow-popups allow-popups-to-escape-sandbox"
      ></iframe>
    </dialog>`;
  }
}
