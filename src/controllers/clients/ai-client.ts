/**
 * How an element gets the AI service's client: made one way for every element that asks it (a
 * module per service, so a part that loads one on demand brings no other service's client along).
 */
import type { ResolvedConfig } from '../../config.js';
import type { SourceApp } from '../../transport/auth.js';
import { AiClient } from '../../services/ai.js';
import { missingEndpoint } from './missing-endpoint.js';

export interface AiClientInputs {
  /** Which application asks (`X-Source-App`); the service's default when unset. */
  sourceApp?: SourceApp | undefined;
  /** Development only: a key on the page wins over the token provider. */
  apiKey?: string | undefined;
  /** The attribute that names the endpoint, for the problem's wording (`endpoint`, `ai-endpoint`). */
  attribute?: string;
}

/** The AI service's client (AI panel, the desk form's suggestions, the chat's answers, the viewer's questions). */
export function aiClientFor(
  { endpoint, tokenProvider }: Pick<ResolvedConfig, 'endpoint' | 'tokenProvider'>,
  inputs: AiClientInputs = {},
): AiClient {
  if (!endpoint) throw missingEndpoint(inputs.attribute ?? 'endpoint', 'the AI service base URL');
  const { apiKey, sourceApp } = inputs;
  return new AiClient({ endpoint, sourceApp, ...(apiKey ? { apiKey } : { tokenProvider }) });
}
