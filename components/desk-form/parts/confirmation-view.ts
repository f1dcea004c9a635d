/**
 * What the desk form shows once the request exists: the request number and ticket protocol, each
 * copyable (with a status line saying whether the copy worked), and the two ways on — follow this
 * request, or open another.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { CreatedRequest } from '../../../src/services/desk.js';
import { copyText } from './format.js';
import type { DeskStringKey } from '../strings.js';

export interface ConfirmationHost {
  host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment };
  tr: (key: DeskStringKey, params?: Record<string, string | number>) => string;
  follow: () => void;
  newRequest: () => void;
}

export class ConfirmationPanel {
  private copyStatus = '';

  constructor(private readonly options: ConfirmationHost) {}

  /** Forgets the last copy status (a new request starts clean). */
  clear(): void {
    this.copyStatus = '';
  }

  /** Moves focus to the panel's heading (after a successful submission). */
  focus(): void {
    this.options.host.renderRoot.querySelector<HTMLElement>('#confirmation-title')?.focus();
  }

  private async copy(text: string, what: string): Promise<void> {
    const ok = await copyText(text, this.options.host.renderRoot as ShadowRoot);
    this.copyStatus = ok ? this.options.tr('copied', { what }) : this.options.tr('copyFailed');
    this.options.host.requestUpdate();
  }

  render(created: CreatedRequest): TemplateResult {
    const { tr } = this.options;
    const id = String(created.idRichiesta);
    const protocol = created.protocolloTicket ?? '';
    const ref = (label: string, value: string, outputId: string) => html`<div>
      <dt>${label}</dt>
      <dd>
        <output class="ref" id=${outputId}>${value}</output>
        <button type="button" class="secondary" @click=${() => this.copy(value, label)}>${tr('copy', { what: label })}</button>
      </dd>
    </div>`;
    return html`<section class="confirmation" part="confirmation" aria-labelledby="confirmation-title">
      <h2 id="confirmation-title" tabindex="-1">${tr('createdTitle')}</h2>
      <p>${tr('createdText')}</p>
      <dl class="refs">${ref(tr('requestId'), id, 'ref-id')} ${protocol ? ref(tr('protocol'), protocol, 'ref-protocol') : nothing}</dl>
      <p class="status" role="status">${this.copyStatus}</p>
      <div class="actions" part="actions">
        <button type="button" class="primary" @click=${this.options.follow}>${tr('follow')}</button>
        <button type="button" class="secondary" @click=${this.options.newRequest}>${tr('newRequest')}</button>
      </div>
      <slot name="footer"></slot>
    </section>`;
  }
}
