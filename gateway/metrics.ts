/**
 * The gateway's Prometheus metrics (prom-client), in a registry of its own (several gateways in one
 * process, as in the tests, never mix their counts), and the listener that serves them. Metrics
 * are off unless SPORTELLO_GATEWAY_METRICS_PORT is set; they are then served on that port only, on
 * SPORTELLO_GATEWAY_METRICS_HOST (loopback by default), never on the public port.
 *
 * Labels are bounded: the allow-list's route pattern (never the URL), the method, the status, the
 * name of a limit.
 */
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Every limit whose refusal is counted (README "Deploying the gateway" explains each). */
export type LimitName =
  | 'rate_ip'
  | 'rate_visitor'
  | 'rate_ai_chat'
  | 'rate_past_chats'
  | 'requests_per_ip'
  | 'uploads_per_ip'
  | 'sign_uploads'
  | 'large_bodies'
  | 'body_size'
  | 'body_idle';

export interface MetricSources {
  /** TCP connections open on the public port. */
  openConnections(): Promise<number>;
  /** Live-chat WebSockets open through the gateway. */
  chatSockets(): number;
  storeUp(): boolean;
}

export interface GatewayMetrics {
  readonly registry: Registry;
  /** One answered request: the route pattern, method, status and duration (s). */
  request(route: string, method: string, status: number, seconds: number): void;
  /** A refusal by one of the gateway's limits. */
  limit(name: LimitName): void;
  /** Where the gauges read their values (set once the server and its sockets exist). */
  sources(sources: MetricSources): void;
}

export function createMetrics(): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sportello_gateway_' });
  let from: MetricSources | undefined;
  new Counter({
    name: 'sportello_gateway_requests_total',
    help: 'Requests answered, by allow-list route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
    // The histogram below counts every request already: this is read from its counts when scraped,
    // so a request makes one update of the metrics, not two (each hashes its labels).
    async collect() {
      this.reset();
      for (const v of (await durations.get()).values)
        if (v.metricName === 'sportello_gateway_request_duration_seconds_count') this.inc(v.labels, v.value);
    },
  });
  const durations = new Histogram({
    name: 'sportello_gateway_request_duration_seconds',
    help: 'Time from the request head to the end of the answer, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const limits = new Counter({
    name: 'sportello_gateway_limit_refusals_total',
    help: 'Requests refused by a limit of the gateway, by limit',
    labelNames: ['limit'],
    registers: [registry],
  });
  new Gauge({
    name: 'sportello_gateway_open_connections',
    help: 'TCP connections open on the public port',
    registers: [registry],
    async collect() {
      if (from) this.set(await from.openConnections());
    },
  });
  new Gauge({
    name: 'sportello_gateway_chat_sockets',
    help: 'Live-chat WebSockets open through the gateway',
    registers: [registry],
    collect() {
      if (from) this.set(from.chatSockets());
    },
  });
  new Gauge({
    name: 'sportello_gateway_store_up',
    help: '1 when the shared store (Redis, or memory) answers, else 0',
    registers: [registry],
    collect() {
      if (from) this.set(from.storeUp() ? 1 : 0);
    },
  });
  return {
    registry,
    request(route, method, status, seconds) {
      const labels = { route, method, status: String(status) };
      durations.observe(labels, seconds);
    },
    limit(name) {
      limits.inc({ limit: name });
    },
    sources(sources) {
      from = sources;
    },
  };
}

/** Serves `GET /metrics` (and nothing else) on its own port; resolves once listening. */
export async function serveMetrics(
  metrics: GatewayMetrics,
  host: string,
  port: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
