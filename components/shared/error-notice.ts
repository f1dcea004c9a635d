import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { StringsHost } from '../../src/i18n/translate.js';
import type { ServiceError } from '../../src/transport/errors.js';
import { describeError, errorString } from './error-text.js';
import { SportelloElement } from './sportello-element.js';

/**
 * The one notice every element shows for a failure: what happened and what to do (in the
 * visitor's words, see error-text.ts), the code support needs, and Retry. After a 429 it counts
 * down from `Retry-After` with Retry disabled until the wait is over; with `auto-retry` (where the
 * action is safe to repeat) it retries by itself when the wait ends.
 *
 * It renders into the host element's shadow root (no shadow root of its own), so its parts are the
 * host's parts — `::part(error)`, `::part(error-retry)`, `::part(error-support)` — and the host's
 * styles (which include {@link errorNoticeStyles}) apply.
 *
 * @csspart error - The notice.
 * @csspart error-support - The line with the code for support.
 * @csspart error-retry - The Retry button.
 * @csspart error-dismiss - The Dismiss button.
 */
export class SportelloErrorNotice extends LitElement {
  /** The failure to show; nothing is rendered without one. */
  @property({ attribute: false }) error: ServiceError | Error | undefined;
  /** Whose language and strings to speak: the host element. */
  @property({ attribute: false }) speaker: StringsHost | undefined;
  /** What Retry does; no button without it. */
  @property({ attribute: false }) retry: (() => unknown) | undefined;
  /** What Dismiss does (a failure that leaves the rest working); no button without it. */
  @property({ attribute: false }) dismiss: (() => unknown) | undefined;
  /** One more sentence from the element, after what to do (e.g. that retrying creates nothing twice). */
  @property() note: string | undefined;
  /** The failure happened while the element set itself up (a 404 then reads as a setup problem). */
  @property({ type: Boolean }) setup = false;
  /** The element sent the page's own keys (not a token provider's): a 401 means wrong keys, not an expired session. */
  @property({ type: Boolean }) keys = false;
  /** The element sent no credentials at all: a 401 means the visitor must sign in, not that a session expired. */
  @property({ type: Boolean }) anonymous = false;
  /** What was not found, in the visitor's words (from the element's own data), said on a 404 instead of the general sentence. */
  @property({ attribute: false }) notFound: string | undefined;
  /** Retry by itself when a wait the service asked for is over (only where repeating is safe). */
  @property({ type: Boolean, attribute: 'auto-retry' }) autoRetry = false;

  /** When the wait the service asked for ends (ms since epoch), for the error shown. */
  @state() private waitUntil = 0;
  @state() private now = Date.now();
  private timer: ReturnType<typeof setInterval> | undefined;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.waitUntil > Date.now()) this.tick();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopTimer();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('error')) {
      this.stopTimer();
      const waitMs = this.error && this.speaker ? describeError(this.speaker, this.error).waitMs : undefined;
      this.waitUntil = waitMs ? Date.now() + waitMs : 0;
      this.now = Date.now();
      if (this.waitUntil) this.tick();
    }
  }

  /** Seconds left to wait (0: Retry is available). */
  get secondsLeft(): number {
    return Math.max(0, Math.ceil((this.waitUntil - this.now) / 1000));
  }

  private tick(): void {
    this.timer ??= setInterval(() => {
      this.now = Date.now();
      if (this.now < this.waitUntil) return;
      this.stopTimer();
      this.waitUntil = 0;
      if (this.autoRetry && this.retry && this.isConnected) this.retry();
    }, 250);
  }

  private stopTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private renderRetry(speaker: StringsHost, left: number) {
    const label = left > 0 ? errorString(speaker, 'retryIn', { seconds: left }) : errorString(speaker, 'retry');
    return html`<button type="button" class="button" part="error-retry" ?disabled=${left > 0} @click=${() => this.retry?.()}>${label}</button>`;
  }

  override render() {
    const speaker = this.speaker;
    if (!this.error || !speaker) return nothing;
    const words = describeError(speaker, this.error, {
      autoRetry: this.autoRetry && !!this.retry,
      setup: this.setup,
      keys: this.keys,
      anonymous: this.anonymous,
      notFound: this.notFound,
    });
    const left = this.secondsLeft;
    return html`<div class="error notice" part="error">
      <div role="alert">
        <p class="notice-what">${words.what}</p>
        <p class="notice-todo">${words.todo}${this.note ? ` ${this.note}` : ''}</p>
        ${
          words.support
            ? html`<p class="notice-support reference" part="error-support">
              ${errorString(speaker, 'reference', { code: words.support })}
            </p>`
            : nothing
        }
      </div>
      ${this.retry ? this.renderRetry(speaker, left) : nothing}
      ${
        this.dismiss
          ? html`<button type="button" class="button" part="error-dismiss" @click=${() => this.dismiss?.()}>${errorString(speaker, 'dismiss')}</button>`
          : nothing
      }
    </div>`;
  }
}

/** Layout of the notice inside a host's shadow root (colours come from the host's own `.error`). */
export const errorNoticeStyles = css`
  sportello-error-notice {
    display: block;
  }
  .notice p {
    margin: 0 0 calc(var(--sportello-space, 8px) * 0.5);
  }
  .notice-what {
    font-weight: 600;
  }
  .notice-support {
    font-size: 0.85em;
    font-family: var(--sportello-font-mono, ui-monospace, monospace);
    overflow-wrap: anywhere;
  }
  .notice button[disabled] {
    cursor: not-allowed;
    opacity: 0.7;
  }
`;

SportelloElement.define('sportello-error-notice', SportelloErrorNotice);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-error-notice': SportelloErrorNotice;
  }
}
