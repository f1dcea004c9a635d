/** Retry timing shared by HTTP retries and STOMP reconnects: pure, so it is unit-tested. */

export interface BackoffOptions {
  /** Delay before the first retry, before jitter. */
  baseDelayMs: number;
  /** Ceiling: no delay is ever longer than this. */
  maxDelayMs: number;
}

/**
 * Exponential backoff with "equal jitter": the n-th retry (0-based) waits between half and all
 * of `min(max, base * 2^n)`. The random half spreads clients that failed together (a broker
 * restart drops everyone at once); the fixed half keeps a floor so no retry is immediate.
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const base = Math.max(0, options.baseDelayMs);
  const ceiling = Math.max(base, options.maxDelayMs);
  const exponential = Math.min(ceiling, base * 2 ** Math.max(0, Math.min(attempt, 30)));
  const half = exponential / 2;
  return Math.round(half + random() * half);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
