import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { AiClient } from '../../../src/services/ai.js';
import { aiClientFor } from '../../../src/controllers/clients/ai-client.js';
import type { TokenProvider } from '../../../src/transport/auth.js';
import { isServiceError, type ServiceError } from '../../../src/transport/errors.js';
import { DocumentAskController } from '../../../src/controllers/sign/document-ask-controller.js';
import type { DocumentSource } from '../../../src/controllers/sign/document-controller.js';
import { renderMarkdown } from '../../../src/markdown/markdown-view.js';
import type { StringsHost } from '../../../src/i18n/translate.js';
import type { AiCitationDetail } from '../../ai-chat/events.js';
import { t, type StringKey } from '../strings.js';
import { showCitedPassage } from './cited-passage.js';
import type { SignDocumentView } from './document-view.js';

export interface DocumentAskContext {
  speaker: StringsHost;
  /** The viewer's `ask-document`. */
  enabled: () => boolean;
  /** The AI service's base URL (through the gateway), and the visitor's token. */
  endpoint: () => string | undefined;
  tokenProvider: () => TokenProvider | undefined;
  /** The document view on screen, for a citation to show its page. */
  documentView: () => SignDocumentView | undefined;
  /** The viewer's shadow root, where the panel renders. */
  root: () => ParentNode;
  /** Says a sentence in the viewer's live region. */
  say: (text: string) => void;
  onError: (operation: string, error: ServiceError | Error) => void;
}

/**
 * "About this document" in the signing viewer (`ask-document`): the AI summary of the document
 * shown, marked as an AI's, and "Ask about this document", which opens the kit's own
 * `<sportello-ai-chat>` (loaded on first use) bound to the document's temporary agent. A citation
 * in its answers shows the cited page and passage. The analysis runs beside the document: its
 * progress and its failure are shown here and never hold up reading or signing.
 */
export class DocumentAskPanel {
  private readonly ctl: DocumentAskController;
  private client: AiClient | undefined;
  private clientKey: unknown[] = [];
  /** The chat was opened once (then it stays in the DOM, hidden when closed: its conversation stays). */
  private chatLoaded = false;
  private chatOpen = false;
  private summaryFor: string | undefined;
  private summaryNode: HTMLElement | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly ctx: DocumentAskContext,
  ) {
    this.ctl = new DocumentAskController(host, { onError: (operation, error) => ctx.onError(operation, error) });
  }

  private t(key: StringKey, params?: Record<string, string | number>): string {
    return t(this.ctx.speaker, key, params);
  }

  /** Follows the viewer's shown document: analyses a signing-service document when asked to. */
  update(source: DocumentSource | undefined): void {
    const endpoint = this.ctx.endpoint();
    if (!this.ctx.enabled() || !endpoint || source?.kind !== 'service') {
      if (this.ctl.phase !== 'idle') this.ctl.clear();
      return;
    }
    const key = [endpoint, this.ctx.tokenProvider()];
    if (!this.client || key.some((v, i) => v !== this.clientKey[i])) {
      this.clientKey = key;
      this.client = aiClientFor({ endpoint, tokenProvider: this.ctx.tokenProvider() });
    }
    this.ctl.show(this.client, source.idDocument, this.ctx.speaker.language);
  }

  private summary(text: string): HTMLElement {
    if (this.summaryFor !== text || !this.summaryNode) {
      const node = document.createElement('div');
      node.className = 'ask-summary-text';
      // The service's markdown, through the kit's one sanitising renderer.
      node.append(renderMarkdown(text));
      // A long summary scrolls in its own box (the document stays near on a phone): a region the
      // keyboard can reach and scroll.
      node.tabIndex = 0;
      node.setAttribute('role', 'region');
      this.summaryNode = node;
      this.summaryFor = text;
    }
    this.summaryNode.setAttribute('aria-label', this.t('askSummary'));
    return this.summaryNode;
  }

  private toggleChat(): void {
    this.chatOpen = !this.chatOpen;
    if (this.chatOpen && !this.chatLoaded) {
      this.chatLoaded = true;
      void import('../../ai-chat/index.js');
    }
    this.host.requestUpdate();
    if (this.chatOpen) void this.revealChat();
  }

  /** Brings the opened panel into view (below a long summary, or on a phone, it may start off screen). */
  private async revealChat(): Promise<void> {
    await customElements.whenDefined('sportello-ai-chat');
    await this.host.updateComplete;
    const chat = this.ctx.root().querySelector<HTMLElement>('#ask-chat');
    if (this.chatOpen && chat) chat.scrollIntoView({ block: 'nearest' });
  }

  private async onCitation(event: CustomEvent<AiCitationDetail>): Promise<void> {
    const meta = event.detail.source.metadata ?? {};
    const page = Number(meta['page']);
    const view = this.ctx.documentView();
    if (!view || !Number.isInteger(page)) return;
    const quote = typeof meta['quote'] === 'string' ? meta['quote'] : undefined;
    // After the panel's own handling of the click (it focuses the cited source, which scrolls the
    // page to it): the page is then scrolled to the document, where the passage is (a phone's
    // single column, the document below the questions).
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const found = await showCitedPassage(view, page, quote);
    this.ctx.say(this.t(found ? 'askCitedPassage' : 'askCitedPage', { n: page }));
  }

  render() {
    const c = this.ctl;
    if (c.phase === 'idle') return nothing;
    return html`<section class="ask" part="ask" aria-labelledby="ask-title">
      <h3 id="ask-title">${this.t('askTitle')}</h3>
      ${c.phase === 'analysing' ? this.renderProgress() : nothing}
      ${c.phase === 'failed' ? this.renderFailure() : nothing}
      ${c.phase === 'ready' ? this.renderReady() : nothing}
    </section>`;
  }

  private renderProgress() {
    return html`<div class="ask-state" role="status">
      <span id="ask-progress">${this.t('askPreparing')}</span>
      <progress aria-labelledby="ask-progress"></progress>
    </div>`;
  }

  private renderFailure() {
    // An expired session is the one failure the visitor can fix themselves, so it is named.
    const error = this.ctl.error;
    const expired = isServiceError(error) && error.status === 401;
    return html`<div class="ask-failed" part="ask-error" role="alert">
      <p>${this.t('askFailed')}</p>
      ${expired ? html`<p>${this.t('error401')}</p>` : nothing}
      <button type="button" class="button ask-retry" @click=${() => this.ctl.retry()}>${this.t('retry')}</button>
    </div>`;
  }

  private renderReady() {
    const c = this.ctl;
    return html`${
      c.summary
        ? html`<details class="ask-summary" part="ask-summary" open>
            <summary>${this.t('askSummary')}</summary>
            <p class="ai-notice" part="ai-notice">${this.t('askAiNotice')}</p>
            ${this.summary(c.summary)}
          </details>`
        : nothing
    }
      ${
        c.agentId !== undefined
          ? html`<button
              type="button"
              class="button ask-toggle"
              part="ask-button"
              aria-expanded=${this.chatOpen ? 'true' : 'false'}
              aria-controls="ask-chat"
              @click=${() => this.toggleChat()}
            >${this.t(this.chatOpen ? 'askClose' : 'askOpen')}</button>
            ${
              this.chatLoaded
                ? html`<sportello-ai-chat
                    id="ask-chat"
                    part="ask-chat"
                    ?hidden=${!this.chatOpen}
                    lang=${this.ctx.speaker.language}
                    endpoint=${this.ctx.endpoint() ?? ''}
                    agent-id=${String(c.agentId)}
                    .tokenProvider=${this.ctx.tokenProvider()}
                    @sportello-citation=${(e: CustomEvent<AiCitationDetail>) => void this.onCitation(e)}
                  ></sportello-ai-chat>`
                : nothing
            }`
          : nothing
      }`;
  }
}
