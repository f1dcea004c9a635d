/**
 * The AI help while a visitor writes: matching answers (deflection, §4.7 `/search/faq` or
 * `/search`: the desk form's, and the live chat's answers before a chat) and a suggested
 * classification (§4.9 `/analysis/catalogs/classify`, the desk form's). Each is asked after the text
 * has rested for a moment, only when it changed, and a newer text cancels the call on its way, so an
 * older answer never replaces a newer one. Failures stay quiet in the form (the visitor can always
 * go on) and are reported as `sportello-error`.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isAbort, type ServiceError } from '../transport/errors.js';
import type { AiClient } from '../services/ai.js';
import type { SearchStrategy } from '../services/ai-search.js';
import { pickAnswers, SHOWN_VERDICTS, type Answer } from '../model/answers.js';
import type { AsyncState } from './async-state.js';

/**
 * One debounced, cancellable question: the last text wins. Its `state` is the kit's one async state
 * of the question last asked (async-state.ts); resting before asking is `waiting`, beside it.
 */
export class Debounced<T> {
  state: AsyncState = 'idle';
  /** A newer text rests before it is asked (the last answer, if any, is still shown). */
  waiting = false;
  result: T | undefined;
  error: ServiceError | Error | undefined;
  /** The text `result` answers. */
  answered = '';

  private key = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private abort: AbortController | undefined;

  constructor(
    private readonly changed: () => void,
    private readonly onError: (error: ServiceError | Error) => void,
  ) {}

  /**
   * Asks `run(text)` after `delayMs` unless `text` is what was last asked; an empty text clears.
   * Returns at once.
   */
  ask(text: string, delayMs: number, run: (text: string, signal: AbortSignal) => Promise<T>): void {
    if (text === this.key) return;
    this.key = text;
    this.cancel();
    if (!text) {
      this.state = 'idle';
      this.result = undefined;
      this.answered = '';
      this.changed();
      return;
    }
    this.waiting = true;
    this.timer = setTimeout(() => void this.run(text, run), Math.max(0, delayMs));
  }

  private async run(text: string, run: (text: string, signal: AbortSignal) => Promise<T>): Promise<void> {
    this.timer = undefined;
    this.waiting = false;
    const abort = (this.abort = new AbortController());
    this.state = 'pending';
    this.changed();
    try {
      const result = await run(text, abort.signal);
      if (abort.signal.aborted) return;
      this.result = result;
      this.answered = text;
      this.state = 'complete';
      this.error = undefined;
    } catch (error) {
      if (isAbort(error) || abort.signal.aborted) return;
      this.state = 'error';
      this.error = error as Error;
      this.onError(error as Error);
    }
    this.changed();
  }

  /** Stops what is waiting or on its way (the host left the page, or the text changed). */
  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.waiting = false;
    this.abort?.abort();
    this.abort = undefined;
    // A question cut on its way is no longer pending (its answer will not come).
    if (this.state === 'pending') this.state = 'idle';
  }

  /** Forgets the last text, so the same text is asked again next time. */
  reset(): void {
    this.cancel();
    this.key = '';
    this.answered = '';
    this.result = undefined;
    this.state = 'idle';
  }
}

export interface DeflectionSettings {
  /** Knowledge bases to search; or an agent whose `rag_config.knowledge_base_ids` are used. */
  knowledgeBaseIds: number[];
  agentId?: number | undefined;
  strategy: SearchStrategy;
  minScore: number;
  max: number;
}

/** The best label path of a classification, with how sure the catalog is. */
export interface Classification {
  labelPath: string[];
  similarity: number;
  verdict: 'strong' | 'medium' | 'weak';
}

export interface AssistControllerOptions {
  client: () => AiClient | undefined;
  onError: (operation: string, error: ServiceError | Error) => void;
  /** Rest time before asking, ms. */
  debounceMs: () => number;
}

export class AssistController implements ReactiveController {
  readonly answers: Debounced<Answer[]>;
  readonly classification: Debounced<Classification | undefined>;
  private agentScope = new Map<number, Promise<number[]>>();

  constructor(
    host: ReactiveControllerHost,
    private readonly options: AssistControllerOptions,
  ) {
    const changed = () => host.requestUpdate();
    this.answers = new Debounced(changed, (e) => options.onError('deflect', e));
    this.classification = new Debounced(changed, (e) => options.onError('classify', e));
    host.addController(this);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    // Asked again (same text) when the host is back.
    this.answers.reset();
    this.classification.reset();
  }

  /** The knowledge bases to search: the given ids, else the agent's (asked once per agent). */
  private async knowledgeBases(client: AiClient, settings: DeflectionSettings, signal: AbortSignal): Promise<number[]> {
    if (settings.knowledgeBaseIds.length || settings.agentId === undefined) return settings.knowledgeBaseIds;
    const id = settings.agentId;
    let scope = this.agentScope.get(id);
    if (!scope) {
      scope = client
        .agent(id, signal)
        .then((agent) =>
          (agent.rag_config?.knowledge_base_ids ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0),
        );
      scope.catch(() => this.agentScope.delete(id));
      this.agentScope.set(id, scope);
    }
    return scope;
  }

  /** Looks for answers to `question` (empty clears). */
  deflect(question: string, settings: DeflectionSettings): void {
    this.answers.ask(question, this.options.debounceMs(), async (text, signal) => {
      const client = this.options.client();
      if (!client) return [];
      const kbs = await this.knowledgeBases(client, settings, signal);
      if (!kbs.length) return [];
      const response = await client.search(
        { query: text, knowledge_base_ids: kbs, top_k: Math.max(settings.max * 2, 5), min_score: settings.minScore },
        settings.strategy,
        signal,
      );
      return pickAnswers(response, settings.max, settings.minScore);
    });
  }

  /** Asks the similarity catalog what `description` is about (empty clears). */
  classify(description: string, catalogId: number): void {
    this.classification.ask(description, this.options.debounceMs(), async (text, signal) => {
      const client = this.options.client();
      if (!client) return undefined;
      const answer = await client.classify({ catalog_id: catalogId, texts: [text], top_n: 3 }, signal);
      const result = answer.results?.[0];
      if (!result?.best_label_path?.length) return undefined;
      const verdict = result.verdict;
      if (!(SHOWN_VERDICTS as readonly string[]).includes(verdict)) return undefined;
      return {
        labelPath: result.best_label_path,
        similarity: result.best_similarity,
        verdict: verdict as Classification['verdict'],
      };
    });
  }
}
