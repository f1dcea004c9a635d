/**
 * How an element gets a service client: its `ServiceClientController` builds with one of these, so
 * a client is made one way for every element of a service, and a missing endpoint is one
 * configuration problem in one wording (shown in the element and warned like every other).
 */
import type { ResolvedConfig } from '../config.js';
import type { SourceApp } from '../transport/auth.js';
import { AiClient } from '../services/ai.js';
import { DeskClient } from '../services/desk.js';
import { ConfigurationError } from './service-client.js';

/** The problem of an element whose `attribute` is unset; `what` says what it names. */
export function missingEndpoint(attribute: string, what: string): ConfigurationError {
  return new ConfigurationError(`has no ${attribute}: set it to ${what}, or to the gateway in front of it.`);
}

/** The help desk's client (desk form, request view, request list). */
export function deskClientFor({ endpoint, tokenProvider }: ResolvedConfig): DeskClient {
  if (!endpoint) throw missingEndpoint('endpoint', 'the help desk base URL');
  return new DeskClient({ endpoint, tokenProvider });
}

export interface AiClientInputs {
  sourceApp: SourceApp;
  /** Development only: a key on the page wins over the token provider. */
  apiKey?: string | undefined;
  /** The attribute that names the endpoint, for the problem's wording (`endpoint`, `ai-endpoint`). */
  attribute?: string;
}

/** The AI service's client (AI panel, the desk form's suggestions). */
export function aiClientFor({ endpoint, tokenProvider }: ResolvedConfig, inputs: AiClientInputs): AiClient {
  if (!endpoint) throw missingEndpoint(inputs.attribute ?? 'endpoint', 'the AI service base URL');
  const { apiKey, sourceApp } = inputs;
  return new AiClient({ endpoint, sourceApp, ...(apiKey ? { apiKey } : { tokenProvider }) });
}
