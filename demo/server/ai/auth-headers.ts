import type { IncomingMessage } from 'node:http';
import { API_KEYS, KEY_PREFIX, type ApiKey } from './api-keys.js';
import type { RateLimiter } from './rate-limit.js';

export const SOURCE_APPS = ['chat_app', 'desk_app', 'api_direct', 'ai_app', 'internal'] as const;
export type SourceApp = (typeof SOURCE_APPS)[number];

export interface Caller {
  key: ApiKey;
  sourceApp: SourceApp;
  externalId: string | null;
}
export interface Refusal {
  status: number;
  detail: string;
  headers?: Record<string, string>;
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Spec §5: X-Api-Key (missing / wrong format / unknown / revoked / expired → 401), X-Source-App, X-External-Id, rate limit. */
export function authenticate(req: IncomingMessage, limiter: RateLimiter): Caller | Refusal {
  const raw = header(req, 'x-api-key');
  if (!raw) return { status: 401, detail: 'Missing X-Api-Key header' };
  if (!raw.startsWith(KEY_PREFIX) || raw.length <= KEY_PREFIX.length)
    return { status: 401, detail: `Invalid API key format: keys start with ${KEY_PREFIX}` };
  const key = API_KEYS.find((k) => k.key === raw);
  if (!key) return { status: 401, detail: 'Invalid API key' };
  if (key.revoked) return { status: 401, detail: 'API key has been revoked' };
  if (key.expired) return { status: 401, detail: 'API key has expired' };

  const sourceApp = header(req, 'x-source-app');
  if (!sourceApp) return { status: 400, detail: `Missing X-Source-App header (one of ${SOURCE_APPS.join(', ')})` };
  if (!SOURCE_APPS.includes(sourceApp as SourceApp))
    return { status: 400, detail: `Invalid X-Source-App '${sourceApp}': must be one of ${SOURCE_APPS.join(', ')}` };
  const externalId = header(req, 'x-external-id') ?? null;
  if (externalId !== null && externalId.length > 255)
    return { status: 400, detail: 'X-External-Id must be at most 255 characters' };

  const wait = limiter.take(key.key, key.rateLimitRpm, key.rateLimitRpd);
  if (wait > 0)
    return {
      status: 429,
      detail: `Rate limit exceeded for this API key (${key.rateLimitRpm} requests per minute)`,
      headers: { 'Retry-After': String(wait) },
    };
  return { key, sourceApp: sourceApp as SourceApp, externalId };
}

export const isRefusal = (r: Caller | Refusal): r is Refusal => 'status' in r;
