/** Sliding-window request counter per key: one minute and one day, as `rate_limit_rpm` / `rpd`. */
export class RateLimiter {
  private hits = new Map<string, number[]>();

  /** Counts a request; returns the seconds to wait when over a limit, else 0 (and records it). */
  take(key: string, perMinute: number, perDay: number, now = Date.now()): number {
    const day = 86_400_000;
    const list = (this.hits.get(key) ?? []).filter((t) => t > now - day);
    const lastMinute = list.filter((t) => t > now - 60_000);
    this.hits.set(key, list);
    if (lastMinute.length >= perMinute) return Math.max(1, Math.ceil((lastMinute[0]! + 60_000 - now) / 1000));
    if (list.length >= perDay) return Math.max(1, Math.ceil((list[0]! + day - now) / 1000));
    list.push(now);
    return 0;
  }

  clear(): void {
    this.hits.clear();
  }
}
