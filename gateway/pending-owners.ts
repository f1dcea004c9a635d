/**
 * Ownership records the store could not take when they were made, kept in this replica's memory
 * and written as soon as the store answers again. A chat is started over the socket (the service
 * starts it whatever the gateway's store says), so a record lost to a Redis outage left a chat that
 * answered 503 during the outage and, after it, "not found" to its own visitor for good.
 */
import type { GatewayStore } from './store.js';

interface Pending {
  kind: string;
  id: string;
  owner: string;
  /** When the record expires (ms since the epoch): what is left of its lifetime is written. */
  until: number;
}

/** At most this many waiting records per replica; the oldest go first (an outage of days). */
const MAX_PENDING = 10_000;

export class PendingOwners {
  private readonly pending = new Map<string, Pending>();
  private flushing = false;

  constructor(
    private readonly store: GatewayStore,
    private readonly now: () => number = Date.now,
  ) {
    store.watch((up) => {
      if (up) void this.flush();
    });
  }

  /** Records `owner` for `kind`/`id`; if the store cannot take it now, keeps it for later. */
  async record(kind: string, id: string, owner: string, ttlSeconds: number): Promise<'recorded' | 'pending'> {
    try {
      await this.store.setOwner(kind, id, owner, ttlSeconds);
      return 'recorded';
    } catch {
      const key = `${kind}:${id}`;
      this.pending.delete(key);
      if (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value as string);
      this.pending.set(key, { kind, id, owner, until: this.now() + ttlSeconds * 1000 });
      return 'pending';
    }
  }

  /** How many records wait for the store. */
  get size(): number {
    return this.pending.size;
  }

  /** Writes the waiting records; stops at the first refusal (the store went away again). */
  async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      for (const [key, p] of [...this.pending]) {
        const left = (p.until - this.now()) / 1000;
        if (left > 0) await this.store.setOwner(p.kind, p.id, p.owner, left);
        this.pending.delete(key);
      }
    } catch {
      // Still down: the next answer from the store calls flush again.
    } finally {
      this.flushing = false;
    }
  }
}
