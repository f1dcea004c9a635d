/**
 * The gateway's only state: rate-limit buckets, ownership records (what an anonymous visitor
 * created, which upload ids a visitor opened) and short lists (the chats a verified visitor
 * started). In memory by default; in Redis when
 * `SPORTELLO_GATEWAY_REDIS_URL` is set, so replicas behind any load balancer share them.
 * The token-bucket arithmetic is one pure function; the Redis script does the same sum atomically.
 *
 * Redis unreachable (the decided behaviour, README "Deploying the gateway"): every call fails at
 * once or within the command timeout, never queued; rate limits fall back to this replica's memory
 * (a visitor keeps being limited, per replica, and routes that need nothing else keep working);
 * ownership reads and writes fail closed with {@link StoreUnavailable} (a 503 naming the store: a
 * visitor's own request is never served to someone else, nor refused as missing). The client
 * reconnects on its own and the store is used again as soon as it answers.
 */

export interface BucketState {
  tokens: number;
  /** ms timestamp of `tokens` */
  at: number;
}

/**
 * Token bucket: `capacity` tokens, refilled at `perMinute / 60000` a millisecond. Takes one token
 * if there is one; otherwise says how long until there is. Pure.
 */
export function takeToken(
  state: BucketState | undefined,
  now: number,
  capacity: number,
  perMinute: number,
): { state: BucketState; waitMs: number } {
  const rate = perMinute / 60_000;
  const prior = state ?? { tokens: capacity, at: now };
  const tokens = Math.min(capacity, prior.tokens + Math.max(0, now - prior.at) * rate);
  if (tokens >= 1) return { state: { tokens: tokens - 1, at: now }, waitMs: 0 };
  return { state: { tokens, at: now }, waitMs: rate > 0 ? Math.ceil((1 - tokens) / rate) : 60_000 };
}

/** Redis did not answer: the gateway cannot tell who owns what, so it refuses (503) rather than guess. */
export class StoreUnavailable extends Error {
  constructor(cause: unknown) {
    super(`Redis unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

export interface GatewayStore {
  readonly kind: 'memory' | 'redis';
  /** Whether the store answers now (memory: always); health and readiness report it. */
  readonly up: boolean;
  /** Asks the store itself (readiness): true when it answered within its timeout. */
  ping(): Promise<boolean>;
  /** Calls `listener` each time the store stops answering, and when it answers again (the logs). */
  watch(listener: (up: boolean, error?: unknown) => void): void;
  /** Takes one token from bucket `key`; 0 when allowed, else the ms to wait. */
  take(key: string, capacity: number, perMinute: number): Promise<number>;
  /** Records that `owner` holds `kind`/`id` (a desk request, an upload id) for `ttlSeconds`. */
  setOwner(kind: string, id: string, owner: string, ttlSeconds: number): Promise<void>;
  owner(kind: string, id: string): Promise<string | undefined>;
  /**
   * Puts `item` first in the list `kind`/`key` (once: an item already there moves to the front),
   * keeps the first `max`, and keeps the list `ttlSeconds` from now (a verified visitor's chats).
   */
  remember(kind: string, key: string, item: string, max: number, ttlSeconds: number): Promise<void>;
  /** The list `kind`/`key`, newest first (empty when there is none). */
  recall(kind: string, key: string): Promise<string[]>;
  close(): Promise<void>;
}

export class MemoryStore implements GatewayStore {
  readonly kind = 'memory' as const;
  readonly up = true;
  private buckets = new Map<string, BucketState>();
  private owners = new Map<string, { owner: string; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async take(key: string, capacity: number, perMinute: number): Promise<number> {
    const { state, waitMs } = takeToken(this.buckets.get(key), this.now(), capacity, perMinute);
    this.buckets.set(key, state);
    // A full bucket carries no information: forget it, so idle visitors cost no memory.
    if (this.buckets.size > 10_000) this.sweep(capacity, perMinute);
    return waitMs;
  }

  private sweep(capacity: number, perMinute: number): void {
    const now = this.now();
    for (const [k, s] of this.buckets)
      if (takeToken(s, now, capacity, perMinute).state.tokens >= capacity - 1) this.buckets.delete(k);
  }

  async setOwner(kind: string, id: string, owner: string, ttlSeconds: number): Promise<void> {
    this.owners.set(`${kind}:${id}`, { owner, until: this.now() + ttlSeconds * 1000 });
    // Expired records are forgotten on read; a long-running process also drops them in bulk.
    if (this.owners.size > 100_000) {
      const now = this.now();
      for (const [k, v] of this.owners) if (v.until < now) this.owners.delete(k);
    }
  }

  async owner(kind: string, id: string): Promise<string | undefined> {
    const entry = this.owners.get(`${kind}:${id}`);
    if (!entry) return undefined;
    if (entry.until < this.now()) {
      this.owners.delete(`${kind}:${id}`);
      return undefined;
    }
    return entry.owner;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  watch(): void {}

  private lists = new Map<string, { items: string[]; until: number }>();

  async remember(kind: string, key: string, item: string, max: number, ttlSeconds: number): Promise<void> {
    const id = `${kind}:${key}`;
    const items = [item, ...(await this.recall(kind, key)).filter((i) => i !== item)].slice(0, max);
    this.lists.set(id, { items, until: this.now() + ttlSeconds * 1000 });
  }

  async recall(kind: string, key: string): Promise<string[]> {
    const entry = this.lists.get(`${kind}:${key}`);
    if (!entry) return [];
    if (entry.until < this.now()) {
      this.lists.delete(`${kind}:${key}`);
      return [];
    }
    return [...entry.items];
  }

  async close(): Promise<void> {}
}

/**
 * The same bucket sum as `takeToken`, atomic in Redis, on Redis's clock (shared by every replica),
 * for every bucket of a batch in turn (KEYS[i], with capacity and rate ARGV[2i-1], ARGV[2i]): the
 * waits, in the order of the keys.
 */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local waits = {}
for i, key in ipairs(KEYS) do
  local capacity = tonumber(ARGV[2 * i - 1])
  local rate = tonumber(ARGV[2 * i]) / 60000
  local s = redis.call('HMGET', key, 'tokens', 'at')
  local tokens = tonumber(s[1])
  local at = tonumber(s[2])
  if tokens == nil then tokens = capacity; at = now end
  tokens = math.min(capacity, tokens + math.max(0, now - at) * rate)
  local wait = 0
  if tokens >= 1 then tokens = tokens - 1 else
    if rate > 0 then wait = math.ceil((1 - tokens) / rate) else wait = 60000 end
  end
  redis.call('HSET', key, 'tokens', tostring(tokens), 'at', tostring(now))
  local ttl = 60000
  if rate > 0 then ttl = math.ceil(capacity / rate) + 1000 end
  redis.call('PEXPIRE', key, ttl)
  waits[i] = wait
end
return waits
`;

/** At most this many buckets in one script call (a larger batch leaves in several). */
const MAX_BATCH = 128;

interface PendingTake {
  key: string;
  capacity: number;
  perMinute: number;
  answer: (waitMs: number) => void;
}

/** `remember` in one step: the item to the front (once), the list cut to its length, its lifetime renewed. */
const REMEMBER_SCRIPT = `
redis.call('LREM', KEYS[1], 0, ARGV[1])
redis.call('LPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], 0, tonumber(ARGV[2]) - 1)
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1
`;

const RECALL_SCRIPT = `return redis.call('LRANGE', KEYS[1], 0, -1)`;

/** The subset of an ioredis client the store uses (injected: tests may pass any compatible client). */
export interface RedisLike {
  /** ioredis's connection state: `ready` when commands can be sent. */
  readonly status: string;
  eval(script: string, numKeys: number, ...args: Array<string | number>): Promise<unknown>;
  set(key: string, value: string, mode: 'EX', seconds: number): Promise<unknown>;
  get(key: string): Promise<string | null>;
  ping(): Promise<unknown>;
  quit(): Promise<unknown>;
}

export class RedisStore implements GatewayStore {
  readonly kind = 'redis' as const;
  /** This replica's buckets while Redis is away: limits still hold, per replica. */
  private readonly fallback = new MemoryStore();
  private failing = false;
  private readonly watchers: Array<(up: boolean, error?: unknown) => void> = [];

  constructor(
    private readonly redis: RedisLike,
    private readonly prefix = 'sportello:gw:',
  ) {}

  watch(listener: (up: boolean, error?: unknown) => void): void {
    this.watchers.push(listener);
  }

  get up(): boolean {
    return this.redis.status === 'ready' && !this.failing;
  }

  /** Takes asked for in this turn of the loop, not yet sent. */
  private pending: PendingTake[] = [];

  /**
   * Every bucket asked for in one turn of the loop (the requests that arrived together, each its
   * address's or its visitor's) is taken by one script call, once the turn is over: one command for
   * Redis to run and for the client to write and read, where there was one per bucket. Each bucket
   * is still taken once, atomically, in the order asked.
   */
  take(key: string, capacity: number, perMinute: number): Promise<number> {
    return new Promise((answer) => {
      if (this.pending.length === 0) setImmediate(() => this.sendTakes());
      this.pending.push({ key, capacity, perMinute, answer });
    });
  }

  private sendTakes(): void {
    const all = this.pending;
    this.pending = [];
    for (let i = 0; i < all.length; i += MAX_BATCH) void this.takeBatch(all.slice(i, i + MAX_BATCH));
  }

  private async takeBatch(batch: PendingTake[]): Promise<void> {
    const keys = batch.map((t) => `${this.prefix}rate:${t.key}`);
    const limits = batch.flatMap((t) => [t.capacity, t.perMinute]);
    let waits: unknown;
    try {
      waits = this.answered(await this.redis.eval(TAKE_SCRIPT, keys.length, ...keys, ...limits));
    } catch (error) {
      this.failed(error);
    }
    for (const [i, t] of batch.entries()) {
      const wait = Array.isArray(waits) ? Number(waits[i]) : Number.NaN;
      t.answer(Number.isFinite(wait) ? wait : await this.fallback.take(t.key, t.capacity, t.perMinute));
    }
  }

  async setOwner(kind: string, id: string, owner: string, ttlSeconds: number): Promise<void> {
    await this.guard(() =>
      this.redis.set(`${this.prefix}own:${kind}:${id}`, owner, 'EX', Math.max(1, Math.ceil(ttlSeconds))),
    );
  }

  async owner(kind: string, id: string): Promise<string | undefined> {
    return (await this.guard(() => this.redis.get(`${this.prefix}own:${kind}:${id}`))) ?? undefined;
  }

  async ping(): Promise<boolean> {
    try {
      await this.guard(() => this.redis.ping());
      return true;
    } catch {
      return false;
    }
  }

  async remember(kind: string, key: string, item: string, max: number, ttlSeconds: number): Promise<void> {
    await this.guard(() =>
      this.redis.eval(
        REMEMBER_SCRIPT,
        1,
        `${this.prefix}list:${kind}:${key}`,
        item,
        Math.max(1, Math.floor(max)),
        Math.max(1, Math.ceil(ttlSeconds)),
      ),
    );
  }

  async recall(kind: string, key: string): Promise<string[]> {
    const items = await this.guard(() => this.redis.eval(RECALL_SCRIPT, 1, `${this.prefix}list:${kind}:${key}`));
    return Array.isArray(items) ? items.filter((i): i is string => typeof i === 'string') : [];
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }

  /** One command: its answer, or StoreUnavailable (at once when the client queues nothing while disconnected). */
  private async guard<T>(command: () => Promise<T>): Promise<T> {
    try {
      return this.answered(await command());
    } catch (error) {
      this.failed(error);
      throw new StoreUnavailable(error);
    }
  }

  private answered<T>(value: T): T {
    if (this.failing) {
      this.failing = false;
      for (const w of this.watchers) w(true);
    }
    return value;
  }

  private failed(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    for (const w of this.watchers) w(false, error);
  }
}

export interface StoreOptions {
  prefix?: string | undefined;
  /** Deadline of one Redis command, and of a connection attempt (ms). */
  timeoutMs?: number | undefined;
}

/**
 * Builds the store the configuration asks for. ioredis is loaded only when Redis is used. A Redis
 * that is down at start does not stop the gateway: it starts with the fallback described above
 * and uses Redis once it answers (readiness says so meanwhile).
 */
export async function openStore(redisUrl: string | undefined, options: StoreOptions = {}): Promise<GatewayStore> {
  if (!redisUrl) return new MemoryStore();
  const timeoutMs = options.timeoutMs ?? 500;
  const { Redis } = await import('ioredis');
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    // Never queue a command while disconnected, nor retry one: a visitor waits for Redis at most
    // one command timeout, and only when it is connected but slow.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: timeoutMs,
    connectTimeout: timeoutMs * 2,
    // Reconnect for ever, at most every 2 s: the gateway recovers on its own when Redis returns.
    retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 5), 2_000),
    // Commands of the same turn of the loop (many visitors' buckets under load) leave in one write.
    enableAutoPipelining: true,
  });
  const store = new RedisStore(client as unknown as RedisLike, options.prefix);
  // Connection errors are the store's to report (watch), not an unhandled 'error' event.
  client.on('error', () => undefined);
  await client.connect().catch(() => undefined);
  return store;
}
