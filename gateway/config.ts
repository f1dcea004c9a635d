/**
 * The gateway's settings, read from the environment in one place (the README's table lists every
 * one). Pure: `readConfig(env)` takes the environment as a plain object, so tests build
 * configurations without touching `process.env`.
 */
import { randomBytes } from 'node:crypto';
import type { ServiceName } from './errors.js';
import { parseTrustProxy, type TrustProxy } from './client-ip.js';

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
  /** True when the demo (demo/server/gateway.ts) started the simulator and its URL fills `upstream`. */
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
    /** Whole request head (nginx `client_header_timeout`). */
    headersTimeoutMs: number;
    /** Between two chunks of a request body (nginx `client_body_timeout`). */
    bodyIdleMs: number;
    /** Whole request, body included: a body trickled byte by byte ends here. */
    bodyTimeoutMs: number;
    /** Waiting for a free socket to the service: past it the visitor gets a 504, not a wait. */
    upstreamQueueMs: number;
    /** Sockets to each service for ordinary calls, and apart from them for uploads (a fair share). */
    upstreamSockets: number;
    uploadSockets: number;
    /** Requests in flight and uploads in flight from one client IP. */
    requestsPerIp: number;
    uploadsPerIp: number;
    /** Bodies above `maxJsonBytes` read at once (AI attachments), across all visitors. */
    largeBodies: number;
  };
  /** How long a stop (SIGTERM) waits for requests in flight before closing what is left. */
  drainMs: number;
  /** Refresh OAuth tokens this many seconds before they expire. */
  tokenRefreshSkewSeconds: number;
  redisUrl?: string | undefined;
  /** Key prefix in Redis (several gateways of different sites may share one Redis). */
  redisPrefix: string;
  /** Deadline of one Redis command (a connection attempt: twice it); past it the store counts as down. */
  redisTimeoutMs: number;
  logLevel: string;
  /** Prometheus metrics: served on their own port (off when undefined), never on the public one. */
  metrics: { port?: number | undefined; host: string };
  /** Which `X-Forwarded-For` hops to trust: a count of proxies, their addresses/CIDRs, or none. */
  trustProxy: TrustProxy;
  /** The services this gateway serves; the routes of the others are not on its allow-list. */
  services: Set<ServiceName>;
}

/** A configuration the gateway refuses to start with: one line per problem, each naming its setting. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
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

const trimSlash = (s: string) => s.replace(/\/+$/, '');

/** Every setting the gateway reads (SIMULATOR: the demo's, refused by the installed command): anything else with the prefix is a typo. */
export const SETTINGS = [
  'PORT',
  'HOST',
  'SIMULATOR',
  'SERVICES',
  'UPSTREAM',
  'AI_UPSTREAM',
  'SIGN_UPSTREAM',
  'DESK_UPSTREAM',
  'CHAT_UPSTREAM',
  'VISITOR_SECRET',
  'VISITOR_JWKS',
  'VISITOR_AUDIENCE',
  'VISITOR_ISSUER',
  'VISITOR_MAX_TTL',
  'ANONYMOUS',
  'ANONYMOUS_DESK_USER',
  'SESSION_SECRET',
  'SESSION_TTL',
  'AI_KEY',
  'AI_SOURCE_APP',
  'AI_AGENTS',
  'AI_CATALOGS',
  'AI_KNOWLEDGE_BASES',
  'SIGN_TOKEN',
  'SIGN_USER',
  'SIGN_CLIENT_ID',
  'SIGN_CLIENT_SECRET',
  'SIGN_TOKEN_URL',
  'SIGN_SCOPE',
  'DESK_CLIENT_ID',
  'DESK_CLIENT_SECRET',
  'DESK_TOKEN_URL',
  'DESK_SCOPE',
  'TOKEN_URL',
  'CHAT_TOKEN',
  'ORIGINS',
  'RATE_VISITOR',
  'RATE_IP',
  'RATE_AI_CHAT',
  'RATE_AI_CHAT_IP',
  'MAX_JSON_BYTES',
  'MAX_AI_BODY_BYTES',
  'MAX_UPLOAD_BYTES',
  'UPSTREAM_TIMEOUT_MS',
  'STREAM_IDLE_MS',
  'HEADERS_TIMEOUT_MS',
  'BODY_IDLE_MS',
  'BODY_TIMEOUT_MS',
  'UPSTREAM_QUEUE_MS',
  'UPSTREAM_SOCKETS',
  'UPLOAD_SOCKETS',
  'REQUESTS_PER_IP',
  'UPLOADS_PER_IP',
  'LARGE_BODIES',
  'DRAIN_MS',
  'TOKEN_REFRESH_SKEW',
  'REDIS_URL',
  'REDIS_PREFIX',
  'REDIS_TIMEOUT_MS',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'METRICS_PORT',
  'METRICS_HOST',
].map((name) => `SPORTELLO_GATEWAY_${name}`);

/** The closest known setting to a misspelt one (edit distance ≤ 3), for the error line. */
function closest(name: string): string | undefined {
  const distance = (a: string, b: string): number => {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      let prev = row[0]!;
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const here = row[j]!;
        row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
        prev = here;
      }
    }
    return row[b.length]!;
  };
  let best: [string, number] | undefined;
  for (const known of SETTINGS) {
    const d = distance(name, known);
    if (d <= 3 && (!best || d < best[1])) best = [known, d];
  }
  return best?.[0];
}

const isHttpUrl = (v: string): boolean => {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
};

/** The demo pages' origins (`npm start`): the embedded configuration's default allow-list. */
export function demoOrigins(env: Record<string, string | undefined>): string[] {
  const port = env.SPORTELLO_DEMO_PORT ?? '8780';
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/**
 * Reads the configuration, or throws a ConfigError listing every problem at once. `simulatorUrl`
 * is the embedded simulator's base when the demo started one (only when asked:
 * SPORTELLO_GATEWAY_SIMULATOR): then the simulator's seeded credentials are the defaults.
 */
export function readConfig(env: Record<string, string | undefined>, simulatorUrl?: string): GatewayConfig {
  const problems: string[] = [];
  const embedded = !!simulatorUrl;
  const int = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) {
      problems.push(`${name}: must be a whole number ≥ 0 (got ${JSON.stringify(raw)})`);
      return fallback;
    }
    return n;
  };
  const need = (name: string, why: string): string => {
    const v = env[name];
    if (v === undefined || v === '') problems.push(`${name}: not set (${why})`);
    return v ?? '';
  };

  for (const name of Object.keys(env))
    if (name.startsWith('SPORTELLO_GATEWAY_') && !SETTINGS.includes(name)) {
      const guess = closest(name);
      problems.push(`${name}: not a setting of the gateway${guess ? ` (did you mean ${guess}?)` : ''}`);
    }

  const services = new Set<ServiceName>();
  for (const name of list(env.SPORTELLO_GATEWAY_SERVICES ?? 'ai,sign,desk,chat')) {
    if (name === 'ai' || name === 'sign' || name === 'desk' || name === 'chat') services.add(name);
    else problems.push(`SPORTELLO_GATEWAY_SERVICES: unknown service ${JSON.stringify(name)} (ai, sign, desk, chat)`);
  }
  const serves = (s: ServiceName) => services.has(s);

  const rawBase = env.SPORTELLO_GATEWAY_UPSTREAM || simulatorUrl;
  if (env.SPORTELLO_GATEWAY_UPSTREAM && !isHttpUrl(env.SPORTELLO_GATEWAY_UPSTREAM))
    problems.push(
      `SPORTELLO_GATEWAY_UPSTREAM: not an http(s) URL (got ${JSON.stringify(env.SPORTELLO_GATEWAY_UPSTREAM)})`,
    );
  const base = rawBase ? trimSlash(rawBase) : undefined;
  const per = (name: string, service: ServiceName, suffix: string): string => {
    const setting = `SPORTELLO_GATEWAY_${name}_UPSTREAM`;
    const own = env[setting];
    if (own) {
      if (!isHttpUrl(own)) problems.push(`${setting}: not an http(s) URL (got ${JSON.stringify(own)})`);
      return trimSlash(own);
    }
    if (!base && serves(service))
      problems.push(
        `${setting}: not set, nor SPORTELLO_GATEWAY_UPSTREAM (where the ${service} service is; for the demo simulator, in a clone of the repository: SPORTELLO_GATEWAY_SIMULATOR=1)`,
      );
    return (base ?? '') + suffix;
  };
  const upstream: UpstreamBases = {
    ai: per('AI', 'ai', '/ai/api/v2'),
    sign: per('SIGN', 'sign', '/sign/api/v2'),
    desk: per('DESK', 'desk', '/desk'),
    chat: per('CHAT', 'chat', '/chat'),
  };
  const idpBase = base ? `${base}/auth/realms/sportello/protocol/openid-connect/token` : '';

  const secret =
    env.SPORTELLO_GATEWAY_VISITOR_SECRET ||
    (embedded && !env.SPORTELLO_GATEWAY_VISITOR_JWKS ? DEMO_VISITOR_SECRET : undefined);
  if (secret !== undefined && Buffer.byteLength(secret) < 32)
    problems.push('SPORTELLO_GATEWAY_VISITOR_SECRET: must be at least 32 bytes (HS256)');
  const jwks = env.SPORTELLO_GATEWAY_VISITOR_JWKS || undefined;
  if (jwks && !isHttpUrl(jwks)) problems.push(`SPORTELLO_GATEWAY_VISITOR_JWKS: not an http(s) URL`);
  // One audience per deployment: a token minted for another site's gateway must not pass here.
  const audience =
    env.SPORTELLO_GATEWAY_VISITOR_AUDIENCE ||
    (embedded || (!secret && !jwks)
      ? 'sportello'
      : need('SPORTELLO_GATEWAY_VISITOR_AUDIENCE', "the audience this deployment's visitor tokens are minted for"));

  const sessionSecret =
    env.SPORTELLO_GATEWAY_SESSION_SECRET ||
    (embedded
      ? randomBytes(32).toString('base64url')
      : need('SPORTELLO_GATEWAY_SESSION_SECRET', 'at least 32 random bytes, the same on every replica'));
  if (sessionSecret && Buffer.byteLength(sessionSecret) < 32)
    problems.push('SPORTELLO_GATEWAY_SESSION_SECRET: must be at least 32 bytes');

  const grants = new Set<AnonymousGrant>();
  for (const g of list(env.SPORTELLO_GATEWAY_ANONYMOUS ?? (embedded ? 'ai,desk,chat' : 'chat'))) {
    if (g === 'none') continue;
    if (g !== 'ai' && g !== 'desk' && g !== 'chat')
      problems.push(`SPORTELLO_GATEWAY_ANONYMOUS: unknown grant ${JSON.stringify(g)} (ai, desk, chat or none)`);
    else grants.add(g);
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

  // The services' credentials: the gateway refuses to start without them rather than fail each call.
  const apiKey =
    env.SPORTELLO_GATEWAY_AI_KEY ??
    (embedded ? 'spk_demo' : serves('ai') ? need('SPORTELLO_GATEWAY_AI_KEY', "the AI service's API key") : '');
  const signToken = env.SPORTELLO_GATEWAY_SIGN_TOKEN ?? (embedded && !signOauth ? 'demo-sign-token' : undefined);
  const signUser = env.SPORTELLO_GATEWAY_SIGN_USER ?? (embedded && !signOauth ? 'demo' : undefined);
  if (serves('sign') && !signOauth && !(signToken && signUser))
    problems.push(
      'SPORTELLO_GATEWAY_SIGN_TOKEN and SPORTELLO_GATEWAY_SIGN_USER: not set (the signing service credential; or SPORTELLO_GATEWAY_SIGN_CLIENT_ID and _SECRET for OAuth)',
    );
  if (signOauth && !signOauth.clientSecret)
    need('SPORTELLO_GATEWAY_SIGN_CLIENT_SECRET', 'the signing OAuth client secret');
  const deskId =
    env.SPORTELLO_GATEWAY_DESK_CLIENT_ID ??
    (embedded
      ? 'sportello-demo'
      : serves('desk')
        ? need('SPORTELLO_GATEWAY_DESK_CLIENT_ID', 'the help desk OAuth client')
        : '');
  const deskSecret =
    env.SPORTELLO_GATEWAY_DESK_CLIENT_SECRET ??
    (embedded
      ? 'demo-secret'
      : serves('desk')
        ? need('SPORTELLO_GATEWAY_DESK_CLIENT_SECRET', 'the help desk OAuth client secret')
        : '');

  const trust = parseTrustProxy(env.SPORTELLO_GATEWAY_TRUST_PROXY);
  if (!trust.ok) problems.push(`SPORTELLO_GATEWAY_TRUST_PROXY: ${trust.problem}`);
  const origins = list(env.SPORTELLO_GATEWAY_ORIGINS ?? (embedded ? demoOrigins(env).join(',') : ''));
  for (const o of origins)
    if (!isHttpUrl(o) || new URL(o).origin !== o)
      problems.push(`SPORTELLO_GATEWAY_ORIGINS: ${JSON.stringify(o)} is not an origin (scheme://host[:port])`);
  const logLevel = env.SPORTELLO_GATEWAY_LOG_LEVEL ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel))
    problems.push(`SPORTELLO_GATEWAY_LOG_LEVEL: one of fatal, error, warn, info, debug, trace, silent`);
  const redisUrl = env.SPORTELLO_GATEWAY_REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl))
    problems.push('SPORTELLO_GATEWAY_REDIS_URL: not a redis:// or rediss:// URL');

  const metricsPort = env.SPORTELLO_GATEWAY_METRICS_PORT ? int('SPORTELLO_GATEWAY_METRICS_PORT', 0) : undefined;

  const config: GatewayConfig = {
    port: int('SPORTELLO_GATEWAY_PORT', 8791),
    host: env.SPORTELLO_GATEWAY_HOST ?? '127.0.0.1',
    embedded,
    upstream,
    visitor: {
      secret,
      jwks,
      audience,
      issuer: env.SPORTELLO_GATEWAY_VISITOR_ISSUER || undefined,
      maxTtlSeconds: int('SPORTELLO_GATEWAY_VISITOR_MAX_TTL', 3600),
    },
    anonymous: {
      grants,
      deskUser: int('SPORTELLO_GATEWAY_ANONYMOUS_DESK_USER', 900),
      sessionSecret,
      sessionTtlSeconds: int('SPORTELLO_GATEWAY_SESSION_TTL', 7 * 24 * 3600),
    },
    ai: {
      apiKey,
      sourceApp: env.SPORTELLO_GATEWAY_AI_SOURCE_APP ?? 'api_direct',
      defaultAgents: ints(env.SPORTELLO_GATEWAY_AI_AGENTS ?? '1'),
      catalogs: catalogs.trim() === '*' ? 'any' : ints(catalogs),
      knowledgeBases: kbs === undefined || kbs === '' ? 'from-agents' : ints(kbs),
    },
    sign: { token: signToken, user: signUser, oauth: signOauth },
    desk: {
      oauth: {
        tokenUrl: env.SPORTELLO_GATEWAY_DESK_TOKEN_URL ?? env.SPORTELLO_GATEWAY_TOKEN_URL ?? idpBase,
        clientId: deskId,
        clientSecret: deskSecret,
        scope: env.SPORTELLO_GATEWAY_DESK_SCOPE,
      },
    },
    // Embedded: the simulator's seeded chat token, so a verified visitor's past chats are served (routes/chat.ts).
    chat: { token: env.SPORTELLO_GATEWAY_CHAT_TOKEN || (embedded ? 'demo-chat-token' : undefined) },
    origins,
    limits: {
      perVisitorPerMinute: int('SPORTELLO_GATEWAY_RATE_VISITOR', 120),
      perIpPerMinute: int('SPORTELLO_GATEWAY_RATE_IP', 600),
      aiChatPerVisitorPerMinute: int('SPORTELLO_GATEWAY_RATE_AI_CHAT', 20),
      aiChatPerIpPerMinute: int('SPORTELLO_GATEWAY_RATE_AI_CHAT_IP', 120),
      maxJsonBytes: int('SPORTELLO_GATEWAY_MAX_JSON_BYTES', 256 * 1024),
      maxAiBodyBytes: int('SPORTELLO_GATEWAY_MAX_AI_BODY_BYTES', 12 * 1024 * 1024),
      maxUploadBytes: int('SPORTELLO_GATEWAY_MAX_UPLOAD_BYTES', 10 * 1024 * 1024 + 64 * 1024),
      upstreamTimeoutMs: int('SPORTELLO_GATEWAY_UPSTREAM_TIMEOUT_MS', 30_000),
      streamIdleMs: int('SPORTELLO_GATEWAY_STREAM_IDLE_MS', 120_000),
      headersTimeoutMs: int('SPORTELLO_GATEWAY_HEADERS_TIMEOUT_MS', 10_000),
      bodyIdleMs: int('SPORTELLO_GATEWAY_BODY_IDLE_MS', 10_000),
      bodyTimeoutMs: int('SPORTELLO_GATEWAY_BODY_TIMEOUT_MS', 120_000),
      upstreamQueueMs: int('SPORTELLO_GATEWAY_UPSTREAM_QUEUE_MS', 5_000),
      upstreamSockets: int('SPORTELLO_GATEWAY_UPSTREAM_SOCKETS', 192),
      uploadSockets: int('SPORTELLO_GATEWAY_UPLOAD_SOCKETS', 64),
      requestsPerIp: int('SPORTELLO_GATEWAY_REQUESTS_PER_IP', 64),
      uploadsPerIp: int('SPORTELLO_GATEWAY_UPLOADS_PER_IP', 4),
      largeBodies: int('SPORTELLO_GATEWAY_LARGE_BODIES', 4),
    },
    drainMs: int('SPORTELLO_GATEWAY_DRAIN_MS', 10_000),
    tokenRefreshSkewSeconds: int('SPORTELLO_GATEWAY_TOKEN_REFRESH_SKEW', 60),
    redisUrl,
    redisPrefix: env.SPORTELLO_GATEWAY_REDIS_PREFIX ?? 'sportello:gw:',
    redisTimeoutMs: int('SPORTELLO_GATEWAY_REDIS_TIMEOUT_MS', 500),
    logLevel,
    metrics: { port: metricsPort, host: env.SPORTELLO_GATEWAY_METRICS_HOST || '127.0.0.1' },
    trustProxy: trust.ok ? trust.value : false,
    services,
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}
