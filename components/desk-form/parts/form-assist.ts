/**
 * Wires the form to the AI service: its own client (the AI endpoint and credentials resolve by the
 * kit's one rule for service `ai`, so `<sportello-config ai-endpoint>` or the gateway serve it), the
 * debounced questions, and the panel. Off unless the page asks for deflection (`deflect-kb` or
 * `deflect-agent`) or a suggestion (`classify-catalog`).
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { resolveConfig, type ResolvedConfig } from '../../../src/config.js';
import type { AiClient } from '../../../src/services/ai.js';
import type { SearchStrategy } from '../../../src/services/ai-search.js';
import { ServiceClientController, type ConfigurationError } from '../../../src/controllers/service-client.js';
import { aiClientFor } from '../../../src/controllers/clients/ai-client.js';
import { AssistController, type DeflectionSettings } from '../../../src/controllers/assist-controller.js';
import {
  MIN_QUERY_LENGTH,
  questionOf,
  type Answer,
  type SuggestedSelection,
} from '../../../src/model/desk/assist-model.js';
import type { Catalog } from '../../../src/model/desk/catalog.js';
import type { FormValues } from '../../../src/model/desk/form-model.js';
import type { TokenProvider } from '../../../src/transport/auth.js';
import { AssistPanel } from './assist-view.js';
import type { DeskStringKey } from '../strings.js';

/** The element's attributes about the AI help (see `<sportello-desk-form>`). */
export interface AssistAttributes {
  aiEndpoint?: string | undefined;
  aiApiKey?: string | undefined;
  tokenProvider?: TokenProvider | undefined;
  deflectKb: string[];
  deflectAgent?: number | undefined;
  deflectMode: 'faq' | 'search';
  deflectMinScore: number;
  classifyCatalog?: number | undefined;
  assistDelay: number;
}

/** The attributes read into settings (bad values fall back to the defaults). */
export function assistSettings(a: AssistAttributes): AssistSettings {
  return {
    aiEndpoint: a.aiEndpoint,
    aiApiKey: a.aiApiKey,
    tokenProvider: a.tokenProvider,
    knowledgeBaseIds: a.deflectKb.map(Number).filter((n) => Number.isInteger(n) && n > 0),
    agentId: Number.isInteger(a.deflectAgent) ? a.deflectAgent : undefined,
    strategy: a.deflectMode === 'search' ? 'search' : 'faq',
    minScore: Number.isFinite(a.deflectMinScore) ? a.deflectMinScore : 0.3,
    catalogId: Number.isInteger(a.classifyCatalog) ? a.classifyCatalog : undefined,
    delayMs: Math.max(0, a.assistDelay || 0),
  };
}

/** What the AI help works from. */
export interface AssistSettings {
  aiEndpoint?: string | undefined;
  aiApiKey?: string | undefined;
  tokenProvider?: TokenProvider | undefined;
  knowledgeBaseIds: number[];
  agentId?: number | undefined;
  strategy: SearchStrategy;
  minScore: number;
  catalogId?: number | undefined;
  delayMs: number;
}

export interface FormAssistHost {
  host: ReactiveControllerHost & Element;
  attributes: () => AssistAttributes;
  tr: (key: DeskStringKey, params?: Record<string, string | number>) => string;
  catalog: () => Catalog | undefined;
  values: () => FormValues;
  onError: (operation: string, error: Error) => void;
  reportConfigProblem: (problem: ConfigurationError | undefined) => void;
  apply: (selection: SuggestedSelection) => void;
  /** `sportello-deflected`: an answer solved the problem. */
  deflected: (detail: { question: string; answerId: string; kind: Answer['kind']; title: string }) => void;
  announce: (text: string) => void;
  /** Moves focus to `selector` in the element once rendered. */
  focus: (selector: string) => void;
}

export class FormAssist {
  readonly assist: AssistController;
  readonly panel: AssistPanel;
  private readonly clients: ServiceClientController<AiClient | undefined>;

  constructor(private readonly options: FormAssistHost) {
    const { host } = options;
    const settings = () => assistSettings(options.attributes());
    this.clients = new ServiceClientController<AiClient | undefined>(host, () => this.config, {
      build: (config) =>
        this.enabled
          ? aiClientFor(config, { sourceApp: 'desk_app', apiKey: settings().aiApiKey, attribute: 'ai-endpoint' })
          : undefined,
      inputs: () => [settings().aiApiKey, this.enabled],
      report: (problem) => options.reportConfigProblem(problem),
    });
    this.assist = new AssistController(host, {
      client: () => this.clients.client,
      onError: (operation, error) => options.onError(operation, error),
      debounceMs: () => settings().delayMs,
    });
    this.panel = new AssistPanel({
      requestUpdate: () => host.requestUpdate(),
      tr: options.tr,
      assist: this.assist,
      catalog: options.catalog,
      current: () => options.values(),
      answered: (answer, question) => this.answered(answer, question),
      apply: options.apply,
    });
  }

  private get config(): ResolvedConfig {
    const s = assistSettings(this.options.attributes());
    return resolveConfig(this.options.host, 'ai', { endpoint: s.aiEndpoint, tokenProvider: s.tokenProvider });
  }

  private get deflecting(): boolean {
    const s = assistSettings(this.options.attributes());
    return s.knowledgeBaseIds.length > 0 || s.agentId !== undefined;
  }

  private get classifying(): boolean {
    return assistSettings(this.options.attributes()).catalogId !== undefined;
  }

  get enabled(): boolean {
    return this.deflecting || this.classifying;
  }

  /** Asks about the text as it is now (debounced; the same text is not asked twice). */
  sync(): void {
    if (!this.enabled) return;
    const s = assistSettings(this.options.attributes());
    const v = this.options.values();
    const question = questionOf(v.oggetto, v.descrizione);
    const ask = question.length >= MIN_QUERY_LENGTH ? question : '';
    if (this.deflecting) {
      const settings: DeflectionSettings = {
        knowledgeBaseIds: s.knowledgeBaseIds,
        agentId: s.agentId,
        strategy: s.strategy,
        minScore: s.minScore,
        max: 3,
      };
      this.assist.deflect(ask, settings);
    }
    if (this.classifying) this.assist.classify(ask, s.catalogId!);
  }

  /** The answer that solved the customer's problem ("This answered my question"). */
  solvedBy: Answer | undefined;

  /** No request: the form stays as typed behind "I still need help". */
  private answered(answer: Answer, question: string): void {
    this.solvedBy = answer;
    this.options.deflected({ question, answerId: answer.id, kind: answer.kind, title: answer.title });
    this.options.announce(this.options.tr('deflectDone'));
    this.options.host.requestUpdate();
    this.options.focus('#deflected-title');
  }

  /** What the form shows once an answer solved the problem, or nothing. */
  renderSolved(): TemplateResult | typeof nothing {
    if (!this.solvedBy) return nothing;
    const back = () => {
      this.solvedBy = undefined;
      this.options.host.requestUpdate();
      this.options.focus('[data-field="oggetto"]');
    };
    return html`<section class="confirmation" part="deflected" aria-labelledby="deflected-title">
      <h2 id="deflected-title" tabindex="-1">${this.options.tr('deflectDone')}</h2>
      <div class="actions">
        <button type="button" class="secondary" @click=${back}>${this.options.tr('deflectReopen')}</button>
      </div>
    </section>`;
  }

  /** A new form: what was asked and declined is forgotten. */
  clear(): void {
    this.solvedBy = undefined;
    this.panel.clear();
    this.assist.answers.reset();
    this.assist.classification.reset();
  }
}
