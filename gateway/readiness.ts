/**
 * Readiness (`GET /readyz`): whether this replica can serve now — the shared store answers and
 * every service it serves can be reached. A service counts as reachable when it answers its base
 * URL with any status below 500 within the deadline (the gateway's own HTTP client, so the same
 * sockets, proxies and deadlines as visitors' calls). The answer is kept a short while and checks
 * in flight are shared: the endpoint is public, and a crowd asking it must not become a crowd
 * calling the services.
 */
import type { ServiceName } from './errors.js';
import type { GatewayStore } from './store.js';
import type { Upstream } from './upstream.js';

export interface ReadinessReport {
  ready: boolean;
  /** `store` and each served service: true when it answered. */
  checks: Record<string, boolean>;
}

export interface ReadinessOptions {
  store: GatewayStore;
  /** The base URL of each service this gateway serves. */
  services: Partial<Record<ServiceName, string>>;
  upstream: Upstream;
  /** Deadline of each check (ms). */
  timeoutMs: number;
  /** How long an answer is reused (ms). */
  keepMs?: number;
  now?: () => number;
}

export function createReadiness(options: ReadinessOptions): () => Promise<ReadinessReport> {
  const { store, upstream, timeoutMs, keepMs = 2_000, now = Date.now } = options;
  let last: { at: number; report: Promise<ReadinessReport> } | undefined;

  async function reachable(url: string): Promise<boolean> {
    try {
      const answer = await upstream({
        url,
        method: 'GET',
        headers: { Accept: '*/*' },
        timeoutMs,
        idleMs: timeoutMs,
        queueMs: timeoutMs,
      });
      answer.body.resume();
      return answer.status < 500;
    } catch {
      return false;
    }
  }

  async function check(): Promise<ReadinessReport> {
    const entries = Object.entries(options.services) as Array<[ServiceName, string]>;
    const [storeUp, ...services] = await Promise.all([store.ping(), ...entries.map(([, url]) => reachable(url))]);
    const checks: Record<string, boolean> = { store: storeUp! };
    entries.forEach(([name], i) => (checks[name] = services[i]!));
    return { ready: Object.values(checks).every(Boolean), checks };
  }

  return () => {
    if (!last || now() - last.at >= keepMs) last = { at: now(), report: check() };
    return last.report;
  };
}
