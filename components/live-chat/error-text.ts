import { isServiceError } from '../../src/transport/errors.js';
import type { ChatKey } from './strings.js';

type Translate = (key: ChatKey, params?: Record<string, string | number>) => string;

/**
 * What the visitor reads when an operation of the chat fails: what happened and what to do, by
 * kind and status, instead of the service's own message (often technical or in another language).
 * A 400/422 keeps the server's message: it says which input was wrong.
 */
export function chatErrorText(error: Error, operation: string, tr: Translate): string {
  if (!isServiceError(error)) return tr('errorGeneric', { message: error.message });
  const status = error.status ?? 0;
  if (error.kind === 'network' || error.kind === 'timeout') return tr('errNetwork');
  if (status === 401 || status === 403) return tr('errAccess', { status });
  if (status === 404) return operation === 'load-widget' ? tr('errUnknownWidget') : tr('errNotFound');
  if (status === 429)
    return error.retryAfterMs ? tr('errRate', { seconds: Math.ceil(error.retryAfterMs / 1000) }) : tr('errRateNow');
  if (status >= 500) return tr('errServer', { status });
  return tr('errorGeneric', { message: error.message });
}
