import type { AnswerSettings } from '../../../src/model/ai/answer-run.js';
import type { AiClient, ClassificationIntent } from '../../../src/services/ai.js';
import type { ServiceError } from '../../../src/transport/errors.js';
import { SOURCE_APPS, type SourceApp, type TokenProvider } from '../../../src/transport/auth.js';
import { missingEndpoint } from '../../../src/controllers/clients/missing-endpoint.js';

/** The panel's attributes that shape its requests, as the element holds them. */
export interface AiChatAttributes {
  endpoint: string | undefined;
  tokenProvider: TokenProvider | undefined;
  agentId: number | undefined;
  model: string | undefined;
  systemPrompt: string | undefined;
  sourceApp: string;
  apiKey: string | undefined;
  templateVars: string | undefined;
  /** The visitor's language (the element's), sent as the `language` template variable. */
  language: string;
  classificationIntents: string | undefined;
  responseFormat: string;
  includeHiddenSources: boolean;
  stream: boolean;
  persist: string | undefined;
  externalConversationId: string | undefined;
  mode: string;
  renderInterval: number;
  followUpTool: string;
  stallTimeout: number;
}

/** The attributes the element holds itself (the rest come from the resolved configuration). */
export type OwnAttributes = Omit<AiChatAttributes, 'endpoint' | 'tokenProvider' | 'language'>;

const OWN: ReadonlyArray<keyof OwnAttributes> = [
  'agentId',
  'model',
  'systemPrompt',
  'sourceApp',
  'apiKey',
  'templateVars',
  'classificationIntents',
  'responseFormat',
  'includeHiddenSources',
  'stream',
  'persist',
  'externalConversationId',
  'mode',
  'renderInterval',
  'followUpTool',
  'stallTimeout',
];

/** A copy of the element's own attributes as of now (a later change leaves it as it was). */
export function ownAttributes(element: Partial<OwnAttributes>): OwnAttributes {
  return Object.fromEntries(OWN.map((key) => [key, element[key]])) as unknown as OwnAttributes;
}

/**
 * An answer that failed this way was never answered by the service (credentials, endpoint, the
 * network): once the configuration changes it can be asked again without a click.
 */
export function healedByConfiguration(e: ServiceError, isConfigurationProblem: (cause: unknown) => boolean): boolean {
  return (
    e.status === 401 || e.status === 403 || e.status === 404 || e.kind === 'network' || isConfigurationProblem(e.cause)
  );
}

function parsedTemplateVars(json: string | undefined): Record<string, string> | undefined | Error {
  if (!json) return undefined;
  try {
    const value = JSON.parse(json) as unknown;
    if (
      !value ||
      typeof value !== 'object' ||
      Array.isArray(value) ||
      Object.values(value).some((v) => typeof v !== 'string')
    )
      return new Error('template-vars must be a JSON object of strings');
    return value as Record<string, string>;
  } catch {
    return new Error('template-vars is not valid JSON');
  }
}

function parsedIntents(json: string | undefined): ClassificationIntent[] | undefined | Error {
  if (!json) return undefined;
  try {
    const value = JSON.parse(json) as unknown;
    if (!Array.isArray(value) || value.some((v) => !v || typeof v.name !== 'string'))
      return new Error('classification-intents must be a JSON array of { name, description }');
    return value.map((v: { name: string; description?: string }) => ({
      name: v.name,
      description: v.description ?? '',
    }));
  } catch {
    return new Error('classification-intents is not valid JSON');
  }
}

const hasAgent = (a: AiChatAttributes) => a.agentId !== undefined && a.agentId !== null && Number.isFinite(a.agentId);

/** A message for the first thing wrong with the attributes, or undefined. */
export function configProblem(a: AiChatAttributes): string | undefined {
  if (!a.endpoint) return missingEndpoint('endpoint', 'the AI service base URL').message;
  if (!SOURCE_APPS.includes(a.sourceApp as SourceApp)) return `source-app must be one of ${SOURCE_APPS.join(', ')}`;
  if (!hasAgent(a) && !(a.model && a.systemPrompt)) return 'set agent-id, or model and system-prompt (direct mode)';
  if (a.responseFormat !== 'markdown' && a.responseFormat !== 'html') return 'response-format must be markdown or html';
  if (a.persist && a.persist !== 'session' && a.persist !== 'local') return 'persist must be session or local';
  if (a.mode !== 'inline' && a.mode !== 'launcher') return 'mode must be inline or launcher';
  if (!Number.isFinite(a.stallTimeout) || a.stallTimeout < 0)
    return 'stall-timeout must be a number of milliseconds (0: never)';
  const vars = parsedTemplateVars(a.templateVars);
  if (vars instanceof Error) return vars.message;
  const intents = parsedIntents(a.classificationIntents);
  if (intents instanceof Error) return intents.message;
  return undefined;
}

/** What the controller sends with, from the attributes (`configProblem` says whether they are usable); `client` is the element's ServiceClientController's. */
export function chatSettings(a: AiChatAttributes, client: () => AiClient): AnswerSettings {
  const vars = parsedTemplateVars(a.templateVars);
  const intents = parsedIntents(a.classificationIntents);
  return {
    client,
    base: {
      ...(hasAgent(a) ? { agent_id: a.agentId! } : { model: a.model, system_prompt: a.systemPrompt }),
      // The service has no language field: the visitor's language reaches the agent's prompt as
      // `{{language}}` (an integrator's own `language` variable wins).
      template_vars: { language: a.language, ...(vars && !(vars instanceof Error) ? vars : {}) },
      ...(intents && !(intents instanceof Error) ? { classification_intents: intents } : {}),
    },
    stream: a.stream,
    format: a.responseFormat === 'html' ? 'html' : 'markdown',
    includeHiddenSources: a.includeHiddenSources,
    externalConversationId: a.externalConversationId,
    renderIntervalMs: a.renderInterval,
    followUpTool: a.followUpTool.trim() || undefined,
    stallTimeoutMs: a.stallTimeout,
  };
}

/** The key a persisted conversation is stored under: one per service, agent, page conversation and element id. */
export function persistKey(a: AiChatAttributes, id: string): string {
  return [a.endpoint ?? '', a.agentId ?? a.model ?? '', a.externalConversationId ?? '', id].join('|');
}

/** A boolean attribute that is true unless set to "false" (`stream`). */
export const booleanDefaultTrue = {
  fromAttribute: (value: string | null) => (value === null ? true : value !== 'false'),
  toAttribute: (value: boolean) => (value ? null : 'false'),
};

/** `suggestions="[…]"`: a JSON array of strings; anything else is said in the console and shows none. */
export const suggestionList = {
  fromAttribute(value: string | null): string[] {
    if (value === null) return [];
    try {
      const list: unknown = JSON.parse(value);
      if (Array.isArray(list)) return list.filter((s): s is string => typeof s === 'string');
    } catch {
      // said below
    }
    console.warn(
      `[sportello] <sportello-ai-chat> suggestions="${value}" is not a JSON array of strings: no suggestions shown.`,
    );
    return [];
  },
};
