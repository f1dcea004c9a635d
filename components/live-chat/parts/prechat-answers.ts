/**
 * Answers before a chat (Intercom's messenger home, Zendesk's suggestions): while the visitor
 * writes their question in the pre-chat form, the AI service's knowledge is searched
 * (`/search/faq`, the desk form's deflection: src/controllers/assist-controller.ts) and up to three
 * answers are offered above the button that starts the chat. "This answered my question" ends there
 * (`sportello-chat-deflected`, no chat); the visitor can always start the chat instead, and come
 * back from "it helped" to the form as they left it.
 *
 * Off unless the page names the knowledge to search (`answers-kb` / `answers-agent` on the chat, on
 * a `<sportello-config>` above it, or `configure({ answers })`); the AI service resolves like any
 * element's (`ai-endpoint`, `configure({ endpoints: { ai } })`). The AI client is fetched the first
 * time there is a question to ask.
 */
import { html, nothing, type ReactiveControllerHost } from 'lit';
import { resolveAnswers, resolveConfig, type AnswersConfig } from '../../../src/config.js';
import { AssistController } from '../../../src/controllers/assist-controller.js';
import { ConfigurationError } from '../../../src/controllers/service-client.js';
import { MIN_QUERY_LENGTH, type Answer } from '../../../src/model/answers.js';
import type { AiClient } from '../../../src/services/ai.js';
import type { TokenProvider } from '../../../src/transport/auth.js';
import { safeLinkUrl } from '../../../src/markdown/safe-url.js';
import type { WindowContext } from './window-context.js';

/** Below this score an answer is not worth the visitor's time (the desk form's default). */
const MIN_SCORE = 0.3;
/** The question rests this long before it is asked (ms). */
const REST_MS = 600;

export interface AnswersHost extends ReactiveControllerHost, Element {
  /** The chat's own `answers-kb` / `answers-agent`, before any shared configuration. */
  readonly answers: AnswersConfig;
  readonly tokenProvider?: TokenProvider | undefined;
  /** An AI call failed: reported as `sportello-error` (the form stays usable). */
  onAnswersError(error: Error): void;
  /** Knowledge is named but no AI service to search it: a configuration problem, said once. */
  onAnswersConfigProblem(problem: Error): void;
  /** An answer solved the visitor's problem. */
  deflected(detail: { question: string; answerId: string; kind: Answer['kind']; title: string }): void;
}

/** The problem of a chat that names knowledge (`answers-kb`, `answers-agent`) but no AI service. */
function missingAiEndpoint(): ConfigurationError {
  return new ConfigurationError(
    'has answers-kb or answers-agent but no AI service to search: set ai-endpoint on <sportello-config> (or configure({ endpoints: { ai } })) to the AI service base URL, or to the gateway in front of it.',
  );
}

export class PrechatAnswers {
  private readonly assist: AssistController;
  private client: AiClient | undefined;
  /** The AI endpoint and token provider the client was made for. */
  private clientFor: { endpoint: string; tokenProvider: TokenProvider | undefined } | undefined;
  private loading: Promise<typeof import('../../../src/controllers/clients/ai-client.js')> | undefined;
  /** The answer that solved the visitor's problem: the form waits behind "it helped". */
  solvedBy: Answer | undefined;
  /** The question last handed in (asked again by "Try again" after a failure). */
  private question = '';
  /** The missing AI endpoint was reported (again only after one was found and lost). */
  private missingEndpointSaid = false;

  constructor(
    private readonly host: AnswersHost,
    private readonly ctx: WindowContext,
  ) {
    this.assist = new AssistController(host, {
      client: () => this.client,
      onError: (_operation, error) => host.onAnswersError(error),
      debounceMs: () => REST_MS,
    });
  }

  /** The knowledge to search, or undefined when the page asks for no answers. */
  private get knowledge(): AnswersConfig | undefined {
    return resolveAnswers(this.host, this.host.answers);
  }

  /** The AI client for the endpoint configured now (made again when it changes). */
  private async ensureClient(): Promise<boolean> {
    const { endpoint, tokenProvider } = resolveConfig(this.host, 'ai', { tokenProvider: this.host.tokenProvider });
    if (!endpoint) {
      // Without it the visitor simply gets no answers: the page's author is told why, once.
      if (!this.missingEndpointSaid) this.host.onAnswersConfigProblem(missingAiEndpoint());
      this.missingEndpointSaid = true;
      return false;
    }
    this.missingEndpointSaid = false;
    if (this.client && this.clientFor?.endpoint === endpoint && this.clientFor.tokenProvider === tokenProvider)
      return true;
    const { aiClientFor } = await (this.loading ??= import('../../../src/controllers/clients/ai-client.js'));
    this.client = aiClientFor({ endpoint, tokenProvider }, { sourceApp: 'chat_app' });
    this.clientFor = { endpoint, tokenProvider };
    return true;
  }

  /** The visitor's question as it is now (debounced; the same text is not asked twice; short ones clear). */
  ask(question: string): void {
    const knowledge = this.knowledge;
    if (!knowledge) return;
    const text = question.replace(/\s+/g, ' ').trim();
    const ask = text.length >= MIN_QUERY_LENGTH ? text : '';
    this.question = question;
    void this.ensureClient().then((ready) => {
      if (!ready) return;
      this.assist.deflect(ask, {
        knowledgeBaseIds: [...(knowledge.knowledgeBases ?? [])],
        agentId: knowledge.agent,
        strategy: 'faq',
        minScore: MIN_SCORE,
        max: 3,
      });
    });
  }

  /** After a failure: the same question asked again (what was typed is untouched). */
  private async retry(): Promise<void> {
    this.assist.answers.reset();
    this.ask(this.question);
    await this.ctx.updateComplete;
    // The button is gone with the failure: the focus goes back to the question.
    this.ctx.renderRoot.querySelector<HTMLElement>('form #message')?.focus();
  }

  /** A new chat: what was asked and answered is forgotten. */
  clear(): void {
    this.solvedBy = undefined;
    this.assist.answers.reset();
  }

  /** The answers under the question (nothing while there are none). */
  render() {
    const tr = this.ctx.labels.tr;
    const q = this.assist.answers;
    const answers = q.state === 'pending' ? [] : (q.result ?? []);
    // Always on the page while answers are asked for, so that what it says is read (polite).
    const status =
      q.state === 'pending' ? tr('answersSearching') : answers.length ? tr('answersFound', { n: answers.length }) : '';
    return html`<p class="visually-hidden answers-status" role="status">${status}</p>
      ${
        // The AI service failed: said in the form, the chat with a person one button away as before.
        q.state === 'error'
          ? html`<div class="answers-failed" part="answers-error">
            <p role="alert">${tr('answersFailed')}</p>
            <button type="button" class="link retry-answers" @click=${() => this.retry()}>${tr('retry')}</button>
          </div>`
          : nothing
      }
      ${
        answers.length
          ? html`<section class="answers" part="answers" aria-labelledby="answers-title">
            <h3 id="answers-title">${tr('answersTitle')}</h3>
            <ul>
              ${answers.map((a) => this.renderAnswer(a, q.answered))}
            </ul>
            <p class="hint">${tr('answersOr')}</p>
          </section>`
          : nothing
      }`;
  }

  private renderAnswer(answer: Answer, question: string) {
    const tr = this.ctx.labels.tr;
    const url = answer.url ? safeLinkUrl(answer.url) : undefined;
    const titleId = `answer-${answer.kind}-${answer.id}`;
    return html`<li class="answer" aria-labelledby=${titleId}>
      <h4 id=${titleId} dir="auto">
        ${url ? html`<a href=${url} target="_blank" rel="noopener noreferrer">${answer.title}</a>` : answer.title}
      </h4>
      <div class="answer-body" dir="auto">${this.ctx.bodies.document(`${answer.kind}:${answer.id}`, answer.body)}</div>
      <button type="button" class="secondary answered" @click=${() => this.answered(answer, question)}>
        ${tr('answersAnswered')}
      </button>
    </li>`;
  }

  private async answered(answer: Answer, question: string): Promise<void> {
    this.solvedBy = answer;
    this.host.deflected({ question, answerId: answer.id, kind: answer.kind, title: answer.title });
    this.host.requestUpdate();
    await this.ctx.updateComplete;
    this.ctx.renderRoot.querySelector<HTMLElement>('#answers-done')?.focus();
  }

  /** "It helped", in place of the form (kept as typed behind it), with the way back to a person. */
  renderSolved() {
    if (!this.solvedBy) return nothing;
    const tr = this.ctx.labels.tr;
    const back = async () => {
      this.solvedBy = undefined;
      this.host.requestUpdate();
      await this.ctx.updateComplete;
      this.ctx.renderRoot.querySelector<HTMLElement>('form #message')?.focus();
    };
    return html`<section class="answers-solved" aria-labelledby="answers-done">
      <p id="answers-done" class="done" tabindex="-1" role="status">${tr('answersDone')}</p>
      <button type="button" class="secondary still-need" @click=${back}>${tr('answersStillNeed')}</button>
    </section>`;
  }
}
