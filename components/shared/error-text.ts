/**
 * The one way a failure is put into the visitor's words, for every element: what happened and
 * what to do, from the kind of failure and its status — never the server's own message (often
 * technical, in another language, or carrying details a customer should not read). What support
 * needs (status, code, reference) is kept apart, as a code the visitor can quote.
 */
import { translator, type Speaker } from '../../src/i18n/translate.js';
import type { KeyOf } from '../../src/i18n/catalogue-types.js';
import { isServiceError, type ServiceError } from '../../src/transport/errors.js';

export type ErrorStringKey = KeyOf<'errors'>;

/** The `errors` namespace of the kit's catalogue (src/i18n/locales). */
export const errorString = translator('errors');

/** What kind of failure, as the visitor sees it. */
export type ErrorCategory =
  | 'network'
  | 'timeout'
  | 'auth'
  | 'forbidden'
  | 'notFound'
  | 'tooLarge'
  | 'rejected'
  | 'rate'
  | 'server'
  | 'broken'
  | 'cut'
  | 'stalled'
  | 'config'
  | 'signIn'
  | 'unknown';

export interface ErrorWords {
  category: ErrorCategory;
  /** What happened, in the visitor's words. */
  what: string;
  /** What to do about it. */
  todo: string;
  /** For support: status, code and reference in one line the visitor can quote (undefined when there is none). */
  support: string | undefined;
  /** How long the service asked us to wait before a retry (429/503 `Retry-After`), if it did. */
  waitMs: number | undefined;
}

/** The category of `error`: transport kind first (no answer at all), then the HTTP status. */
export function categorise(
  error: ServiceError | Error,
  options: { setup?: boolean; keys?: boolean; anonymous?: boolean } = {},
): ErrorCategory {
  if (error.name === 'ConfigurationError') return 'config';
  if (!isServiceError(error)) return 'unknown';
  // The element's own setup (its widget, its configuration) not found: the page is set up wrong,
  // which the visitor cannot fix but the site's owner can.
  if (options.setup && error.status === 404) return 'config';
  // The page's own keys (development attributes such as sign-token) refused: no session expired,
  // signing in again changes nothing; the site's owner must fix the keys.
  if (options.keys && error.status === 401) return 'config';
  // The element sent no credentials at all (an anonymous visitor, no token provider yet): no session
  // expired, the visitor never had one; what they need is to sign in.
  if (options.anonymous && error.status === 401) return 'signIn';
  if (error.code === 'stream_cut') return 'cut';
  // The stream began, then went silent (sse.ts `idleTimeoutMs`): the answer stopped, what came stays.
  if (error.code === 'stream_stalled') return 'stalled';
  if (error.kind === 'network') return 'network';
  if (error.kind === 'timeout') return 'timeout';
  const status = error.status ?? 0;
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'notFound';
  if (status === 413) return 'tooLarge';
  if (status === 429) return 'rate';
  if (status === 408) return 'timeout';
  if (status >= 500) return 'server';
  if (status >= 400) return 'rejected';
  if (error.kind === 'parse') return 'broken';
  if (error.kind === 'protocol') return error.code ? 'server' : 'broken';
  return 'unknown';
}

/** Upper-case permission codes (`DOC_DOWNLOAD`, `DOC_SUBMIT`) named in a message. */
function permissionCodes(message: string): string[] {
  return [...new Set(message.match(/\b[A-Z]{2,}(?:_[A-Z]+)+\b/g) ?? [])];
}

/** The line support can act on: `HTTP 503 · error.unavailable · ref 7c1e…`. */
export function supportCode(error: ServiceError | Error): string | undefined {
  if (!isServiceError(error)) return undefined;
  const parts = [
    error.status !== undefined ? `HTTP ${error.status}` : error.kind,
    // Codes are machine words (`messageKey`, `http_500`, OAuth `error`), never prose from the server.
    error.code &&
    /^[\w.:-]{1,64}$/.test(error.code) &&
    error.code !== `http_${error.status}` &&
    error.code !== error.kind
      ? error.code
      : undefined,
    // A 403 may name the permissions that are missing (`DOC_DOWNLOAD`): machine words worth quoting.
    ...(error.status === 403 ? permissionCodes(error.message) : []),
    error.reference ? `ref ${error.reference}` : undefined,
  ];
  return `${error.service}: ${parts.filter(Boolean).join(' · ')}`;
}

/**
 * `error` in the visitor's words, in the speaker's language. `autoRetry`: the element will repeat
 * the action by itself once a wait is over (the words say so instead of asking for a click).
 * `setup`: the failed action was the element setting itself up (a 404 then means a wrong page setup).
 * `notFound`: what was not found, in the visitor's words from the element's own data ("We can't find
 * request 12345."), said instead of the general sentence on a 404/410 — never the server's message.
 */
export function describeError(
  speaker: Speaker,
  error: ServiceError | Error,
  options: {
    autoRetry?: boolean;
    setup?: boolean;
    keys?: boolean;
    anonymous?: boolean;
    notFound?: string | undefined;
  } = {},
): ErrorWords {
  const category = categorise(error, options);
  const s = (key: ErrorStringKey) => errorString(speaker, key);
  const waitMs =
    isServiceError(error) && error.retryAfterMs !== undefined && error.retryAfterMs > 0
      ? error.retryAfterMs
      : undefined;
  const todo =
    category === 'rate' ? s(options.autoRetry ? 'rateTodoAuto' : 'rateTodo') : s(`${category}Todo` as ErrorStringKey);
  const what = category === 'notFound' && options.notFound ? options.notFound : s(`${category}What` as ErrorStringKey);
  return { category, what, todo, support: supportCode(error), waitMs };
}

/**
 * One sentence for places that have room for one line only (a status, an announcement). Given the
 * options of the notice shown beside it, it says what that notice says.
 */
export function errorSentence(
  speaker: Speaker,
  error: ServiceError | Error,
  options: Parameters<typeof describeError>[2] = {},
): string {
  const words = describeError(speaker, error, options);
  return `${words.what} ${words.todo}`;
}
