/**
 * How an element gets the help desk's client: made one way for every element of the service (a
 * module per service, so a part that loads one on demand brings no other service's client along).
 */
import type { ResolvedConfig } from '../../config.js';
import { DeskClient } from '../../services/desk.js';
import { missingEndpoint } from './missing-endpoint.js';

/** The help desk's client (desk form, request view, request list). */
export function deskClientFor({
  endpoint,
  tokenProvider,
}: Pick<ResolvedConfig, 'endpoint' | 'tokenProvider'>): DeskClient {
  if (!endpoint) throw missingEndpoint('endpoint', 'the help desk base URL');
  return new DeskClient({ endpoint, tokenProvider });
}
