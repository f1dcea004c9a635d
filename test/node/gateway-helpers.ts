/**
 * A real simulator and a real gateway in front of it, both on loopback ports, for the gateway's
 * node tests; visitor tokens minted as a site's backend would; raw HTTP for the path tricks
 * `fetch` would normalise away. The gateway's service calls are recorded (never replaced), so a
 * test can prove a refusal never reached a service and that no browser credential went up.
 */
import { request as httpRequest } from 'node:http';
import { SignJWT } from 'jose';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';
import { readConfig, type GatewayConfig } from '../../gateway/config.js';
import { startGateway, type RunningGateway } from '../../gateway/server.js';
import type { GatewayStore } from '../../gateway/store.js';
import { nodeUpstream, type UpstreamRequest } from '../../gateway/upstream.js';

export const SECRET = 'gateway-test-visitor-secret-0123456789abcdef';
export const AUDIENCE = 'sportello';

export interface Harness {
  sim: RunningSimulator;
  gw: RunningGateway;
  config: GatewayConfig;
  /** Every call the gateway made to a service, in order. */
  calls: UpstreamRequest[];
  close(): Promise<void>;
}

export async function startHarness(
  env: Record<string, string> = {},
  store?: GatewayStore,
  logStream?: { write(line: string): void },
): Promise<Harness> {
  const sim = await startSimulator({ port: 0, paceMs: 1 });
  const config = readConfig(
    {
      SPORTELLO_GATEWAY_PORT: '0',
      SPORTELLO_GATEWAY_VISITOR_SECRET: SECRET,
      SPORTELLO_GATEWAY_LOG_LEVEL: 'silent',
      SPORTELLO_GATEWAY_ORIGINS: 'http://site.test',
      SPORTELLO_GATEWAY_RATE_VISITOR: '100000',
      SPORTELLO_GATEWAY_RATE_IP: '100000',
      SPORTELLO_GATEWAY_RATE_AI_CHAT: '100000',
      SPORTELLO_GATEWAY_RATE_AI_CHAT_IP: '100000',
      ...env,
    },
    sim.url,
  );
  const calls: UpstreamRequest[] = [];
  const gw = await startGateway({
    config,
    ...(store ? { store } : {}),
    ...(logStream ? { logStream } : {}),
    upstream: (r) => (calls.push(r), nodeUpstream(r)),
  });
  return {
    sim,
    gw,
    config,
    calls,
    async close() {
      await gw.close();
      await sim.close();
    },
  };
}

export interface Claims {
  sub: string;
  name?: string;
  email?: string;
  sportello?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A visitor token as a site's backend mints it (HS256, five minutes). */
export async function mint(
  claims: Claims,
  options: { secret?: string; audience?: string; expiresIn?: string | number; issuer?: string } = {},
): Promise<string> {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setAudience(options.audience ?? AUDIENCE)
    .setExpirationTime(options.expiresIn ?? '5m');
  if (options.issuer) jwt.setIssuer(options.issuer);
  return jwt.sign(new TextEncoder().encode(options.secret ?? SECRET));
}

/** Ada: desk user 501 (creator of the seeded requests), practice 1001 where Laura signs next. */
export const ADA: Claims = {
  sub: 'ada',
  name: 'Ada Lovelace',
  email: 'laura.bianchi@acme.test',
  sportello: {
    desk: { idUtente: 501 },
    sign: { files: [1001], signer: 'laura.bianchi@acme.test' },
    ai: { agents: [1] },
  },
};
/** Bruno: desk user 502, practice 1002, and Mario's address (who already signed 1001). */
export const BRUNO: Claims = {
  sub: 'bruno',
  name: 'Bruno Bianchi',
  email: 'mario.rossi@acme.test',
  sportello: { desk: { idUtente: 502 }, sign: { files: [1002], signer: 'mario.rossi@acme.test' }, ai: { agents: [1] } },
};

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request with the target exactly as written (no normalising of `..`, `//`, `%2F`). */
export function raw(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** `init` with the visitor token as `Authorization: Bearer`. */
export function withToken(token: string | undefined, init: RequestInit = {}): RequestInit {
  return {
    ...init,
    headers: {
      ...(init.headers as Record<string, string> | undefined),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  };
}
