/**
 * A write (a POST that creates or changes something) as a `@lit/task` that is never sent twice:
 *
 * - every attempt of one payload carries the same Idempotency-Key — the transport's own retries, a
 *   visitor's Retry after a cut connection, a resend after new credentials — so the service applies
 *   it at most once; the key is made for a payload, kept across its attempts, dropped once the write
 *   succeeded or the service answered that nothing was applied (a 4xx), and a changed payload gets
 *   a new one (the service refuses a key reused with another body);
 * - a second run while one is pending is not started: it returns the running one. (`Task.run()`
 *   would abort the first and send again, which for a write is exactly what must not happen.)
 *
 * Its state reads as every other one-shot task (async-state.ts) and renders through `renderTask()`.
 */
import type { ReactiveControllerHost } from 'lit';
import { Task, TaskStatus } from '@lit/task';
import { stateOf, taskError, type AsyncState } from './async-state.js';
import { isServiceError } from '../transport/errors.js';
import { randomKey } from '../model/random-key.js';

export interface IdempotentWriteOptions<A, R> {
  /** Sends the payload under the key. Gets no abort signal: a write, once sent, is left to finish. */
  write: (payload: A, key: string) => Promise<R>;
  /** Called with what a failed attempt threw (for `sportello-error`). */
  onError?: (error: Error) => void;
  /** The key (or its absence) changed: a draft that keeps it saves it. */
  keyChanged?: () => void;
}

/** Failures after which the service surely applied nothing, so a new attempt may use a new key. */
export function definitelyNotApplied(error: unknown): boolean {
  return (
    isServiceError(error) &&
    error.kind === 'http' &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

export class IdempotentWrite<A, R> {
  readonly task: Task<readonly [A, string], R>;
  /** The key of the current payload; `payload` undefined for a key restored from a draft (adopted by the next payload). */
  private keyed: { key: string; payload?: string } | undefined;
  private running: Promise<R | undefined> | undefined;
  /** After {@link reset}: reads as idle until the next run. */
  private forgotten = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly o: IdempotentWriteOptions<A, R>,
  ) {
    this.task = new Task(host, {
      autoRun: false,
      task: ([payload, key]) => o.write(payload, key),
    });
  }

  get state(): AsyncState {
    return this.forgotten ? 'idle' : stateOf(this.task);
  }

  /** What the last successful write answered. */
  get value(): R | undefined {
    return this.state === 'complete' ? this.task.value : undefined;
  }

  get error(): Error | undefined {
    return this.forgotten ? undefined : taskError(this.task);
  }

  /** The write on its way, if any. */
  get pending(): Promise<R | undefined> | undefined {
    return this.running;
  }

  /** The key the next attempt carries, if one is kept (an attempt whose outcome is unknown). */
  get key(): string | undefined {
    return this.keyed?.key;
  }

  /** A key kept from before (a draft saved across a reload): the next payload carries it. */
  set key(key: string | undefined) {
    this.keyed = key ? { key } : undefined;
  }

  /**
   * Sends the payload under its key; resolves with the answer, or undefined when it failed (see
   * `error`). While one is pending, returns that one and sends nothing.
   */
  run(payload: A): Promise<R | undefined> {
    if (this.running) return this.running;
    const fingerprint = JSON.stringify(payload);
    if (this.keyed?.payload !== undefined && this.keyed.payload !== fingerprint) this.keyed = undefined;
    const keyed = (this.keyed ??= { key: randomKey() });
    keyed.payload = fingerprint;
    this.forgotten = false;
    this.o.keyChanged?.();
    this.running = this.attempt(payload, keyed.key);
    return this.running;
  }

  private async attempt(payload: A, key: string): Promise<R | undefined> {
    try {
      await this.task.run([payload, key]);
      if (this.task.status === TaskStatus.COMPLETE) {
        this.keyed = undefined;
        return this.task.value;
      }
      const error = taskError(this.task);
      if (definitelyNotApplied(error)) this.keyed = undefined;
      if (error) this.o.onError?.(error);
      return undefined;
    } finally {
      this.running = undefined;
      this.o.keyChanged?.();
      this.host.requestUpdate();
    }
  }

  /** Forgets the outcome and the key (a fresh form). */
  reset(): void {
    this.forgotten = true;
    this.keyed = undefined;
    this.host.requestUpdate();
  }
}
