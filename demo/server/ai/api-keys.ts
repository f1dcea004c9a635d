/** Seeded API keys (design.md): the spec's prefix `spk_`, limits per key (spec §5, §8). */
export interface ApiKey {
  key: string;
  tenantId: number;
  userId: string;
  /** Whether the key's role may chat and search (403 otherwise, spec §5). */
  canChat: boolean;
  revoked?: boolean;
  expired?: boolean;
  rateLimitRpm: number;
  rateLimitRpd: number;
}

export const KEY_PREFIX = 'spk_';

export const API_KEYS: ApiKey[] = [
  { key: 'spk_demo', tenantId: 1, userId: 'demo', canChat: true, rateLimitRpm: 6000, rateLimitRpd: 1_000_000 },
  {
    key: 'spk_revoked',
    tenantId: 1,
    userId: 'demo',
    canChat: true,
    revoked: true,
    rateLimitRpm: 60,
    rateLimitRpd: 1000,
  },
  {
    key: 'spk_expired',
    tenantId: 1,
    userId: 'demo',
    canChat: true,
    expired: true,
    rateLimitRpm: 60,
    rateLimitRpd: 1000,
  },
  // A tiny per-minute budget so the 429 + Retry-After path can be reached without fault injection.
  { key: 'spk_ratelimited', tenantId: 1, userId: 'limited', canChat: true, rateLimitRpm: 3, rateLimitRpd: 1000 },
  { key: 'spk_viewer', tenantId: 1, userId: 'viewer', canChat: false, rateLimitRpm: 600, rateLimitRpd: 10000 },
  { key: 'spk_other', tenantId: 2, userId: 'other', canChat: true, rateLimitRpm: 600, rateLimitRpd: 10000 },
];
