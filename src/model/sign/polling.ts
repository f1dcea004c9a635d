/**
 * Polite polling schedule: starts at `baseMs`, grows by `factor` while nothing changes, resets
 * when something does, never exceeds `maxMs`, and waits while the tab is hidden. Pure timing
 * arithmetic is in `nextDelay` so it is tested without clocks.
 */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  factor: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 3000, maxMs: 30000, factor: 1.5 };

/** Delay before the next poll, given the previous delay and whether the last poll saw a change. */
export function nextDelay(previous: number | undefined, changed: boolean, o: BackoffOptions): number {
  if (previous === undefined || changed) return o.baseMs;
  return Math.min(o.maxMs, Math.max(o.baseMs, Math.round(previous * o.factor)));
}

/** Delay after a failed poll: the server's Retry-After if given, else a doubled delay. */
export function delayAfterError(
  previous: number | undefined,
  retryAfterMs: number | undefined,
  o: BackoffOptions,
): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(retryAfterMs, o.baseMs), o.maxMs * 4);
  return Math.min(o.maxMs, Math.max(o.baseMs, (previous ?? o.baseMs) * 2));
}

/**
 * Runs `tick` on the backoff schedule until `stop()`. `tick` returns whether the polled thing
 * changed, or throws (then the error delay applies). Hidden tabs do not poll; becoming visible
 * polls at once.
 */
export class Poller {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private delay: number | undefined;
  private running = false;
  private inFlight = false;
  private readonly onVisibility = () => {
    if (!this.running) return;
    if (document.visibilityState === 'visible') this.schedule(0);
    else this.clearTimer();
  };

  constructor(
    private readonly tick: () => Promise<boolean>,
    private readonly options: () => BackoffOptions,
    private readonly onError: (error: unknown) => boolean = () => true,
  ) {}

  get active(): boolean {
    return this.running;
  }

  start(immediately = false): void {
    if (this.running) return;
    this.running = true;
    this.delay = undefined;
    document.addEventListener('visibilitychange', this.onVisibility);
    this.schedule(immediately ? 0 : this.options().baseMs);
  }

  stop(): void {
    this.running = false;
    this.clearTimer();
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(ms: number): void {
    this.clearTimer();
    if (!this.running || document.visibilityState === 'hidden') return;
    this.timer = setTimeout(() => void this.run(), ms);
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    if (!this.running || this.inFlight) return;
    this.inFlight = true;
    try {
      const changed = await this.tick();
      this.delay = nextDelay(this.delay, changed, this.options());
    } catch (error) {
      // onError says whether to keep polling (a 404 or 403 will not get better by asking again).
      if (!this.onError(error)) {
        this.stop();
        return;
      }
      this.delay = delayAfterError(this.delay, (error as { retryAfterMs?: number }).retryAfterMs, this.options());
    } finally {
      this.inFlight = false;
    }
    this.schedule(this.delay ?? this.options().baseMs);
  }
}
