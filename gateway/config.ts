/**
 * The gateway's settings, read from the environment in one place (the README's table lists every
 * one). Pure: `readConfig(env)` takes the environment as a plain object, so tests build
 * configurations without touching `process.env`.
 */
import { randomBytes } from 'node:crypto';

export type AnonymousGrant = 'ai' | 'desk' | 'chat';

export interface UpstreamBases {
  /** `{ai_base_url}/api/v2` */
  ai: string;
  /** `{sign_base_url}/api/v2` */
  sign: string;
  /** `{desk_base_url}` */
  desk: string;
  /** `{chat_base_url}` (its WebSocket at `/websocket` below it) */
  chat: string;
}

export interface OAuthClient {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope?: string | undefined;
}

export interface GatewayConfig {
  port: number;
  host: string;
  /** True when no upstream was named: `main.ts` starts the simulator and fills `upstream`. */
  embedded: boolean;
  upstream: UpstreamBases;
  visitor: {
    /** HS256 shared secret (bytes of the UTF-8 string). */
    secret?: string | undefined;
    /** JWKS URL (ES256 / RS256 keys). */
    jwks?: string | undefined;
    audience: string;
    issuer?: string | undefined;
    /** Longest lifetime (s) a visitor token may claim (`exp` at most this far ahead). */
    maxTtlSeconds: number;
  };
  anonymous: {
    grants: Set<AnonymousGrant>;
    /** `idUtente` of desk requests created by anonymous visitors. */
    deskUser: number;
    /** Secret of the gateway's own anonymous session tokens; replicas must share it. */
    sessionSecret: string;
    sessionTtlSeconds: number;
  };
  ai: {
    apiKey: string;
    sourceApp: string;
    defaultAgents: number[];
    catalogs: number[] | 'any';
    knowledgeBases: number[] | 'from-agents';
  };
  sign: { token?: string | undefined; user?: string | undefined; oauth?: OAuthClient | undefined };
  desk: { oauth: OAuthClient };
  chat: { token?: string | undefined };
  origins: string[];
  limits: {
    perVisitorPerMinute: number;
    perIpPerMinute: number;
    /** AI answers spend the tenant's quota: a tighter bucket for `POST /chat`, per visitor and per IP. */
    aiChatPerVisitorPerMinute: number;
    aiChatPerIpPerMinute: number;
    maxJsonBytes: number;
    maxAiBodyBytes: number;
    maxUploadBytes: number;
    upstreamTimeoutMs: number;
    streamIdleMs: number;
  };
  /** Refresh OAuth tokens this many seconds before they expire. */
  tokenRefreshSkewSeconds: number;
  redisUrl?: string | undefined;
  /** Key prefix in Redis (several gateways of different sites may share one Redis). */
  redisPrefix: string;
  logLevel: string;
  /** Trust `X-Forwarded-For` from these proxies (Fastify `trustProxy`). */
  trustProxy: string | boolean;
}

/** Defaults that make `npm run gateway` serve the embedded simulator with its seeded credentials. */
export const DEMO_VISITOR_SECRET = 'sportello-demo-visitor-secret-change-me-0123456789';

const list = (v: string | undefined): string[] =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const ints = (v: string | undefined): number[] =>
  list(v)
    .map(Number)
    .filter((n) => Number.isInteger(n));

function int(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`${name} must be a non-negative number (got ${JSON.stringify(raw)})`);
  return n;
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

/** The demo pages' origins (`npm start`): the embedded configuration's default allow-list. */
export function demoOrigins(env: Record<string, string | undefined>): string[] {
  const port = env.SPORTELLO_DEMO_PORT ?? '8780';
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/**
 * Reads the configuration. `simulatorUrl` is the embedded simulator's base when `main.ts` started
 * one (only when `SPORTELLO_GATEWAY_UPSTREAM` and every per-service override are unset).
 */
export function readConfig(env: Record<string, string | undefined>, simulatorUrl?: string): GatewayConfig {
  const base = env.SPORTELLO_GATEWAY_UPSTREAM
    ? trimSlash(env.SPORTELLO_GATEWAY_UPSTREAM)
    : simulatorUrl
      ? trimSlash(simulatorUrl)
      : undefined;
  const per = (name: string, suffix: string): string => {
    const own = env[`SPORTELLO_GATEWAY_${name}_UPSTREAM`];
    if (own) return trimSlash(own);
    if (!base) throw new Error(`Set SPORTELLO_GATEWAY_UPSTREAM (or SPORTELLO_GATEWAY_${name}_UPSTREAM)`);
    return base + suffix;
  };
  const embedded = !env.SPORTELLO_GATEWAY_UPSTREAM && !!simulatorUrl;
  const upstream: UpstreamBases = {
    ai: per('AI', '/ai/api/v2'),
    sign: per('SIGN', '/sign/api/v2'),
    desk: per('DESK', '/desk'),
    chat: per('CHAT', '/chat'),
  };
  const idpBase = base ? `${base}/auth/realms/sportello/protocol/openid-connect/token` : '';

  const secret =
    env.SPORTELLO_GATEWAY_VISITOR_SECRET ||
    (embedded && !env.SPORTELLO_GATEWAY_VISITOR_JWKS ? DEMO_VISITOR_SECRET : undefined);
  if (secret !== undefined && Buffer.byteLength(secret) < 32)
    throw new Error('SPORTELLO_GATEWAY_VISITOR_SECRET must be at least 32 bytes (HS256)');

  const grants = new Set<AnonymousGrant>();
  for (const g of list(env.SPORTELLO_GATEWAY_ANONYMOUS ?? (embedded ? 'ai,desk,chat' : 'chat'))) {
    if (g === 'none') continue;
    if (g !== 'ai' && g !== 'desk' && g !== 'chat')
      throw new Error(`SPORTELLO_GATEWAY_ANONYMOUS: unknown grant ${g} (ai, desk, chat or none)`);
    grants.add(g);
  }

  const signOauth = env.SPORTELLO_GATEWAY_SIGN_CLIENT_ID
    ? {
        tokenUrl: env.SPORTELLO_GATEWAY_SIGN_TOKEN_URL ?? env.SPORTELLO_GATEWAY_TOKEN_URL ?? idpBase,
        clientId: env.SPORTELLO_GATEWAY_SIGN_CLIENT_ID,
        clientSecret: env.SPORTELLO_GATEWAY_SIGN_CLIENT_SECRET ?? '',
        scope: env.SPORTELLO_GATEWAY_SIGN_SCOPE,
      }
    : undefined;
  const catalogs = env.SPORTELLO_GATEWAY_AI_CATALOGS ?? (embedded ? '*' : '');
  const kbs = env.SPORTELLO_GATEWAY_AI_KNOWLEDGE_BASES;

  return {
    port: int(env, 'SPORTELLO_GATEWAY_PORT', 8791),
    host: env.SPORTELLO_GATEWAY_HOST ?? '127.0.0.1',
    embedded,
    upstream,
    visitor: {
      secret,
      jwks: env.SPORTELLO_GATEWAY_VISITOR_JWKS || undefined,
      audience: env.SPORTELLO_GATEWAY_VISITOR_AUDIENCE ?? 'sportello',
      issuer: env.SPORTELLO_GATEWAY_VISITOR_ISSUER || undefined,
      maxTtlSeconds: int(env, 'SPORTELLO_GATEWAY_VISITOR_MAX_TTL', 3600),
    },
    anonymous: {
      grants,
      deskUser: int(env, 'SPORTELLO_GATEWAY_ANONYMOUS_DESK_USER', 900),
      sessionSecret: env.SPORTELLO_GATEWAY_SESSION_SECRET ?? randomBytes(32).toString('base64url'),
      sessionTtlSeconds: int(env, 'SPORTELLO_GATEWAY_SESSION_TTL', 7 * 24 * 3600),
    },
    ai: {
      apiKey: env.SPORTELLO_GATEWAY_AI_KEY ?? (embedded ? 'spk_demo' : ''),
      sourceApp: env.SPORTELLO_GATEWAY_AI_SOURCE_APP ?? 'api_direct',
      defaultAgents: ints(env.SPORTELLO_GATEWAY_AI_AGENTS ?? '1'),
      catalogs: catalogs.trim() === '*' ? 'any' : ints(catalogs),
      knowledgeBases: kbs === undefined || kbs === '' ? 'from-agents' : ints(kbs),
    },
    sign: {
      token: env.SPORTELLO_GATEWAY_SIGN_TOKEN ?? (embedded && !signOauth ? 'demo-sign-token' : undefined),
      user: env.SPORTELLO_GATEWAY_SIGN_USER ?? (embedded && !signOauth ? 'demo' : undefined),
      oauth: signOauth,
    },
    desk: {
      oauth: {
        tokenUrl: env.SPORTELLO_GATEWAY_DESK_TOKEN_URL ?? env.SPORTELLO_GATEWAY_TOKEN_URL ?? idpBase,
        clientId: env.SPORTELLO_GATEWAY_DESK_CLIENT_ID ?? (embedded ? 'sportello-demo' : ''),
        clientSecret: env.SPORTELLO_GATEWAY_DESK_CLIENT_SECRET ?? (embedded ? 'demo-secret' : ''),
        scope: env.SPORTELLO_GATEWAY_DESK_SCOPE,
      },
    },
    chat: { token: env.SPORTELLO_GATEWAY_CHAT_TOKEN || undefined },
    origins: list(env.SPORTELLO_GATEWAY_ORIGINS ?? (embedded ? demoOrigins(env).join(',') : '')),
    limits: {
      perVisitorPerMinute: int(env, 'SPORTELLO_GATEWAY_RATE_VISITOR', 120),
      perIpPerMinute: int(env, 'SPORTELLO_GATEWAY_RATE_IP', 600),
      aiChatPerVisitorPerMinute: int(env, 'SPORTELLO_GATEWAY_RATE_AI_CHAT', 20),
      aiChatPerIpPerMinute: int(env, 'SPORTELLO_GATEWAY_RATE_AI_CHAT_IP', 120),
      maxJsonBytes: int(env, 'SPORTELLO_GATEWAY_MAX_JSON_BYTES', 256 * 1024),
      maxAiBodyBytes: int(env, 'SPORTELLO_GATEWAY_MAX_AI_BODY_BYTES', 12 * 1024 * 1024),
      maxUploadBytes: int(env, 'SPORTELLO_GATEWAY_MAX_UPLOAD_BYTES', 10 * 1024 * 1024 + 64 * 1024),
      upstreamTimeoutMs: int(env, 'SPORTELLO_GATEWAY_UPSTREAM_TIMEOUT_MS', 30_000),
      streamIdleMs: int(env, 'SPORTELLO_GATEWAY_STREAM_IDLE_MS', 120_000),
    },
    tokenRefreshSkewSeconds: int(env, 'SPORTELLO_GATEWAY_TOKEN_REFRESH_SKEW', 60),
    redisUrl: env.SPORTELLO_GATEWAY_REDIS_URL || undefined,
    redisPrefix: env.SPORTELLO_GATEWAY_REDIS_PREFIX ?? 'sportello:gw:',
    logLevel: env.SPORTELLO_GATEWAY_LOG_LEVEL ?? 'info',
    trustProxy: env.SPORTELLO_GATEWAY_TRUST_PROXY
      ? env.SPORTELLO_GATEWAY_TRUST_PROXY === 'true'
        ? true
        : env.SPORTELLO_GATEWAY_TRUST_PROXY
      : false,
  };
}
