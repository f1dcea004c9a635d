/**
 * The form's AI help as the customer sees it: up to three answers that may already solve the
 * problem ("This answered my question" ends there, "Continue with my request" goes on), and a
 * suggested classification with its confidence, applied only when the customer accepts it.
 * Answer text comes from the knowledge base and goes through the one sanitising markdown renderer.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { renderMarkdown } from '../../../src/markdown/markdown-view.js';
import { safeLinkUrl } from '../../../src/markdown/safe-url.js';
import type { AssistController } from '../../../src/controllers/assist-controller.js';
import { selectionFromLabelPath, type Answer, type SuggestedSelection } from '../../../src/model/desk/assist-model.js';
import type { Catalog } from '../../../src/model/desk/catalog.js';
import type { DeskStringKey } from '../strings.js';

export interface AssistHost {
  requestUpdate(): void;
  tr: (key: DeskStringKey, params?: Record<string, string | number>) => string;
  assist: AssistController;
  catalog: () => Catalog | undefined;
  /** The form's current classification keys, to hide a suggestion already in place. */
  current: () => { servizio: string; assetRoot: string; assetFiglio: string; tipoRichiesta: string };
  answered: (answer: Answer, question: string) => void;
  apply: (selection: SuggestedSelection) => void;
}

export class AssistPanel {
  /** The question whose answers the customer set aside with "Continue with my request". */
  private continuedFor = '';
  /** Label paths the customer declined. */
  private readonly declined = new Set<string>();
  /** Rendered answers by id: the sanitised DOM is built once per answer. */
  private readonly bodies = new Map<string, HTMLElement>();

  constructor(private readonly host: AssistHost) {}

  /** Back to a fresh form: suggestions may show again. */
  clear(): void {
    this.continuedFor = '';
    this.declined.clear();
  }

  private body(answer: Answer): HTMLElement {
    const key = `${answer.kind}:${answer.id}`;
    let el = this.bodies.get(key);
    if (!el) {
      el = document.createElement('div');
      el.className = 'answer-body';
      el.append(renderMarkdown(answer.body));
      this.bodies.set(key, el);
    }
    return el;
  }

  renderAnswers(): TemplateResult | typeof nothing {
    const { tr, assist } = this.host;
    const q = assist.answers;
    if (q.state === 'pending' && !q.result?.length)
      return html`<p class="hint assist-status" role="status">${tr('deflectSearching')}</p>`;
    const answers = q.result ?? [];
    if (!answers.length || q.answered === this.continuedFor) return nothing;
    const question = q.answered;
    return html`<section class="deflection" part="deflection" aria-labelledby="deflect-title" aria-busy=${q.state === 'pending' ? 'true' : 'false'}>
      <h3 id="deflect-title">${tr('deflectTitle')}</h3>
      <ul class="answers">
        ${answers.map((a) => {
          const url = a.url ? safeLinkUrl(a.url) : undefined;
          return html`<li class="answer" data-id=${a.id} data-kind=${a.kind}>
            <h4>${url ? html`<a href=${url} target="_blank" rel="noopener noreferrer">${a.title}</a>` : a.title}</h4>
            ${this.body(a)}
            <button type="button" class="secondary answered" @click=${() => this.host.answered(a, question)}>
              ${tr('deflectAnswered')}
            </button>
          </li>`;
        })}
      </ul>
      <div class="actions">
        <button
          type="button"
          class="primary continue"
          @click=${() => {
            this.continuedFor = question;
            this.host.requestUpdate();
          }}
        >
          ${tr('deflectContinue')}
        </button>
      </div>
    </section>`;
  }

  renderSuggestion(): TemplateResult | typeof nothing {
    const { tr, assist } = this.host;
    const found = assist.classification.result;
    if (!found) return nothing;
    const key = found.labelPath.join('/');
    if (this.declined.has(key)) return nothing;
    const selection = selectionFromLabelPath(this.host.catalog(), found.labelPath);
    if (!selection) return nothing;
    const now = this.host.current();
    const inPlace =
      now.servizio === selection.servizio &&
      now.tipoRichiesta === selection.tipoRichiesta &&
      now.assetRoot === selection.assetRoot &&
      now.assetFiglio === selection.assetFiglio;
    if (inPlace) return nothing;
    const path = selection.names.join(' › ');
    const percent = Math.round(Math.max(0, Math.min(1, found.similarity)) * 100);
    return html`<section class="suggestion notice" part="suggestion" aria-labelledby="suggest-title">
      <h3 id="suggest-title">${tr('suggestTitle')}</h3>
      <p>${tr('suggestText', { path })}</p>
      <p class="hint"><span class="badge confidence-${found.verdict}">${tr(`suggest_${found.verdict}`)} · ${percent}%</span></p>
      <div class="actions">
        <button type="button" class="primary apply" @click=${() => this.host.apply(selection)}>${tr('suggestApply')}</button>
        <button
          type="button"
          class="secondary decline"
          @click=${() => {
            this.declined.add(key);
            this.host.requestUpdate();
          }}
        >
          ${tr('suggestDismiss')}
        </button>
      </div>
    </section>`;
  }
}
