/**
 * The one configuration rule every element follows. UI-free: elements and `<sportello-config>`
 * call it; nothing here renders.
 *
 * The most specific value wins, then the nearest. For `endpoint`:
 *   1. the element's own attribute or property;
 *   2. a per-service entry, for the element's own service: the nearest `<sportello-config>`'s
 *      (`ai-endpoint`, `sign-endpoint`, `desk-endpoint`, `chat-endpoint`, or `endpoints`), then
 *      `configure({ endpoints })`;
 *   3. a page-wide entry: the nearest `<sportello-config endpoint>`, then `configure({ endpoint })`.
 * So an AI panel inside `<sportello-config endpoint=SIGN_URL>` on a page that called
 * `configure({ endpoints: { ai: AI_URL } })` talks to AI_URL: an entry that names the AI service
 * says more than one meant for every element. `tokenProvider` and `lang` have no per-service entry:
 * the element's own, then `<sportello-config>`'s, then `configure()`'s.
 * Configuration may change at any time (login, logout, language, a new endpoint): every change is
 * announced with {@link CONFIG_CHANGE_EVENT} and every connected element resolves again.
 */
import type { TokenProvider } from './transport/auth.js';
import type { Strings } from './i18n/catalogue-types.js';

export type { TokenProvider };

/** The back-office service an element talks to. */
export type ServiceKind = 'ai' | 'sign' | 'desk' | 'chat';
export const SERVICE_KINDS: readonly ServiceKind[] = Object.freeze(['ai', 'sign', 'desk', 'chat'] as const);

/**
 * Shared defaults for the elements of a page (`configure()`) or of a subtree (`<sportello-config>`).
 */
export interface SportelloConfig {
  /** Page-wide base URL: used by an element whose service has no entry in `endpoints`. */
  endpoint?: string | undefined;
  /** Bearer token source, asked before each request and again (forced) after a 401. */
  tokenProvider?: TokenProvider | undefined;
  /** Language for elements that have none on themselves or an ancestor. */
  lang?: string | undefined;
  /** Integrator strings by language: override any built-in string, or bring a whole language (src/i18n). */
  strings?: Strings | undefined;
  /** Per-service endpoints for a page that hosts several elements: `{ ai: '...', sign: '...' }`. */
  endpoints?: Partial<Record<ServiceKind, string | undefined>> | undefined;
  /**
   * Where the live chat looks for answers before a visitor waits for a person: the AI service's
   * knowledge (`/search/faq`) of these knowledge bases, or of this agent's. The AI service is found
   * like the AI panel's (`endpoints.ai`, `ai-endpoint`).
   */
  answers?: AnswersConfig | undefined;
}

/** The knowledge the live chat searches before a chat: knowledge base ids, or an agent whose knowledge bases count. */
export interface AnswersConfig {
  knowledgeBases?: readonly number[] | undefined;
  agent?: number | undefined;
}

/** What one element ends up with: one endpoint for its service, one token provider, one language. */
export interface ResolvedConfig {
  endpoint: string | undefined;
  tokenProvider: TokenProvider | undefined;
  lang: string | undefined;
}

/** The element's own values: they win over everything else. */
export interface OwnConfig {
  endpoint?: string | undefined;
  tokenProvider?: TokenProvider | undefined;
  lang?: string | undefined;
}

/**
 * Dispatched on `document` whenever `configure()` or a `<sportello-config>` changes. A DOM event
 * (not a module-level list) so that two copies of the kit on one page still hear each other.
 */
export const CONFIG_CHANGE_EVENT = 'sportello-config-change';

/** Dispatched on `document` once the kit is on the page and the `Sportello(…)` calls queued before it ran. */
export const READY_EVENT = 'sportello-ready';

let globalDefaults: SportelloConfig = {};

/**
 * Left on the global object by `configure()`: the closed live-chat launcher (one module, no
 * imports) reads it to know whether the page configured strings or a language before it came,
 * without fetching this module to ask (components/live-chat/parts/launcher-text.ts).
 */
const CONFIGURED = Symbol.for('sportello.configured');
const markConfigured = (on: boolean) => ((globalThis as Record<symbol, unknown>)[CONFIGURED] = on);

/** Announces a configuration change to every connected element (of any copy of the kit). */
export function announceConfigChange(): void {
  if (typeof document === 'undefined') return;
  document.dispatchEvent(new CustomEvent(CONFIG_CHANGE_EVENT));
}

/**
 * Sets page-wide defaults; later calls merge over earlier ones (`endpoints` merge per service), and
 * `undefined` removes a value (`configure({ tokenProvider: undefined })` on logout). Every connected
 * element follows at once; one that failed for want of this configuration retries by itself.
 */
export function configure(defaults: SportelloConfig): void {
  const endpoints =
    'endpoints' in defaults ? { ...globalDefaults.endpoints, ...defaults.endpoints } : globalDefaults.endpoints;
  globalDefaults = { ...globalDefaults, ...defaults, endpoints };
  markConfigured(true);
  announceConfigChange();
}

/** The page-wide defaults as `configure()` left them (a copy). */
export function configured(): SportelloConfig {
  return { ...globalDefaults, endpoints: { ...globalDefaults.endpoints } };
}

/** Test hook: forgets everything `configure()` was given. */
export function resetConfiguration(): void {
  globalDefaults = {};
  markConfigured(false);
  announceConfigChange();
}

/** What an ancestor `<sportello-config>` exposes; duck-typed so two bundles interoperate. */
interface ConfigProvider extends Element {
  sportelloConfig?: SportelloConfig;
}

/** The nearest `<sportello-config>` above `start`, crossing shadow roots. */
export function closestConfigElement(start: Element): ConfigProvider | null {
  let node: Node | null = start.parentNode;
  while (node) {
    if (node instanceof Element && node.localName === 'sportello-config') return node as ConfigProvider;
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return null;
}

function given<T>(value: T | null | undefined): T | undefined {
  return value === null || value === undefined || (value as unknown) === '' ? undefined : value;
}

/** First of the values that is set, in the order given. */
function first<T>(...values: Array<T | null | undefined>): T | undefined {
  for (const value of values) {
    const v = given(value);
    if (v !== undefined) return v;
  }
  return undefined;
}

/**
 * The one resolution rule (see the module comment), pure over its inputs so it can be tested
 * without a DOM: own value, then the per-service entries (config element, then `configure()`), then
 * the page-wide ones (config element, then `configure()`).
 */
export function resolveFrom(
  service: ServiceKind,
  own: OwnConfig,
  provided: SportelloConfig,
  page: SportelloConfig,
): ResolvedConfig {
  return {
    endpoint: first(
      own.endpoint,
      provided.endpoints?.[service],
      page.endpoints?.[service],
      provided.endpoint,
      page.endpoint,
    ),
    tokenProvider: first(own.tokenProvider, provided.tokenProvider, page.tokenProvider),
    lang: first(own.lang, provided.lang, page.lang),
  };
}

/** Resolves the configuration of `element` (which talks to `service`) from where it stands in the page. */
export function resolveConfig(element: Element, service: ServiceKind, own: OwnConfig = {}): ResolvedConfig {
  const provided = closestConfigElement(element)?.sportelloConfig ?? {};
  return resolveFrom(service, own, provided, globalDefaults);
}

/** Whether `answers` names any knowledge to search. */
function namesKnowledge(answers: AnswersConfig | undefined): answers is AnswersConfig {
  return !!answers && (!!answers.knowledgeBases?.length || answers.agent !== undefined);
}

/**
 * The knowledge the live chat searches before a chat: the element's own (`answers-kb`,
 * `answers-agent`), else the nearest `<sportello-config>`'s, else `configure({ answers })`'s —
 * each taken whole (knowledge bases and agent are two ways to say one thing). Undefined: none.
 */
export function resolveAnswers(element: Element, own: AnswersConfig): AnswersConfig | undefined {
  const provided = closestConfigElement(element)?.sportelloConfig?.answers;
  return [own, provided, globalDefaults.answers].find(namesKnowledge);
}

/** `answers-kb="1 2"` and `answers-agent="3"` as configuration (ids that are not positive integers are left out). */
export function answersOf(kb: string | null | undefined, agent: string | null | undefined): AnswersConfig {
  const ids = (kb ?? '')
    .split(/[\s,]+/)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const agentId = Number(agent);
  return { knowledgeBases: ids, agent: agent && Number.isInteger(agentId) && agentId > 0 ? agentId : undefined };
}
