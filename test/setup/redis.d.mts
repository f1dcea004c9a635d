// Types of test/setup/redis.mjs for the TypeScript tests that start Redis.
export declare const REDIS_URL: string;
export declare function ensureRedis(): Promise<{ ok: boolean; url: string; reason?: string }>;
export declare function stopRedisIfOurs(): Promise<void>;
