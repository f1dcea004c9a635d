import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ConfigError, readConfig } from '../../gateway/config.js';
import { ADA, mint, startHarness, stomp, withToken, type Harness } from './gateway-helpers.js';
import { pollStep } from '../harness/harness.js';

// What an operator runs the gateway with: liveness and readiness for the orchestrator or the load
// balancer, a request id that ties a visitor's report, the gateway's log line and the service's
// together, and Prometheus metrics on a port of their own that the public never reaches.

describe('gateway liveness and readiness', () => {
  let h: Harness;
  before(async () => (h = await startHarness()));
  after(() => h.close());

  it('/healthz says the process serves; /readyz that the store and every service answer', async () => {
    const live = await fetch(`${h.gw.url}/healthz`);
    assert.equal(live.status, 200);
    assert.deepEqual(await live.json(), { ok: true });
    const ready = await fetch(`${h.gw.url}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), {
      ready: true,
      checks: { store: true, ai: true, sign: true, desk: true, chat: true },
    });
  });

  it('/readyz answers 503 naming what does not answer once the services are gone; /healthz stays 200', async () => {
    await h.sim.close();
    for (;;) {
      const ready = await fetch(`${h.gw.url}/readyz`);
      const body = (await ready.json()) as { ready: boolean; checks: Record<string, boolean> };
      if (!body.ready) {
        assert.equal(ready.status, 503);
        assert.deepEqual(body.checks, { store: true, ai: false, sign: false, desk: false, chat: false });
        break;
      }
      // The last answer is kept a moment (a public endpoint must not fan out to the services).
      await pollStep(200);
    }
    assert.equal((await fetch(`${h.gw.url}/healthz`)).status, 200);
  });
});

describe('gateway request ids', () => {
  let h: Harness;
  const lines: string[] = [];
  before(async () => {
    h = await startHarness({ SPORTELLO_GATEWAY_LOG_LEVEL: 'info' }, undefined, { write: (l) => void lines.push(l) });
  });
  after(() => h.close());

  const logOf = (id: string) =>
    lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string; status?: number }).filter((l) => l.reqId === id);

  it('keeps a sane X-Request-Id from the proxy: returned, logged, passed to the service', async () => {
    const id = `edge-${randomUUID()}`;
    const token = await mint({ ...ADA, sub: `ada-${randomUUID()}` });
    const res = await fetch(
      `${h.gw.url}/sign/api/v2/files/1001`,
      withToken(token, { headers: { 'X-Request-Id': id } }),
    );
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-request-id'), id);
    const logged = logOf(id);
    assert.equal(logged.filter((l) => l.msg === 'request').length, 1, lines.join(''));
    assert.equal(logged.find((l) => l.msg === 'request')!.status, 200);
    assert.ok(
      h.calls.some((c) => c.headers['X-Request-Id'] === id),
      'the service call carries the same id',
    );
  });

  it('makes its own id when none comes or the one that comes is not a plain token', async () => {
    for (const given of [undefined, 'two words', 'x'.repeat(200), 'semi;colon"quote']) {
      const res = await fetch(`${h.gw.url}/chat/public/api/widget?widgetKey=demo&language=en`, {
        headers: given === undefined ? {} : { 'X-Request-Id': given },
      });
      assert.equal(res.status, 200);
      const id = res.headers.get('x-request-id')!;
      assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, `for ${given}`);
      assert.equal(logOf(id).filter((l) => l.msg === 'request').length, 1);
    }
  });

  it('exposes the id to a page on another origin (CORS)', async () => {
    const res = await fetch(`${h.gw.url}/chat/public/api/widget?widgetKey=demo&language=en`, {
      headers: { Origin: 'http://site.test' },
    });
    assert.match(res.headers.get('access-control-expose-headers') ?? '', /X-Request-Id/);
  });
});

describe('gateway metrics', () => {
  it('are off unless a metrics port is set, and never on the public port', async () => {
    const h = await startHarness();
    try {
      assert.equal(h.gw.metricsUrl, undefined);
      assert.equal((await fetch(`${h.gw.url}/metrics`)).status, 404);
    } finally {
      await h.close();
    }
  });

  it('refuses a metrics port that is not a number', () => {
    assert.throws(
      () => readConfig({ SPORTELLO_GATEWAY_METRICS_PORT: 'nine' }, 'http://127.0.0.1:1'),
      (e: unknown) =>
        e instanceof ConfigError && e.problems.some((p) => p.startsWith('SPORTELLO_GATEWAY_METRICS_PORT')),
    );
  });

  it('count requests by route and status, their durations, open sockets and limit refusals', async () => {
    const h = await startHarness({ SPORTELLO_GATEWAY_METRICS_PORT: '0', SPORTELLO_GATEWAY_RATE_VISITOR: '2' });
    try {
      assert.match(h.gw.metricsUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const token = await mint({ ...ADA, sub: `ada-${randomUUID()}` });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await fetch(`${h.gw.url}/sign/api/v2/files/1001`, withToken(token))).status);
      assert.deepEqual(statuses, [200, 200, 429]);
      assert.equal((await fetch(`${h.gw.url}/sign/api/v2/files`)).status, 404);
      const chat = stomp(`${h.gw.url.replace(/^http/, 'ws')}/chat/websocket`);
      await chat.opened;

      const res = await fetch(h.gw.metricsUrl!);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      const value = (series: string) => {
        const line = text.split('\n').find((l) => l.startsWith(`${series} `));
        assert.ok(line, `${series} in:\n${text}`);
        return Number(line.slice(series.length + 1));
      };
      const route = 'route="/sign/api/v2/files/:idFile",method="GET"';
      assert.equal(value(`sportello_gateway_requests_total{${route},status="200"}`), 2);
      assert.equal(value(`sportello_gateway_requests_total{${route},status="429"}`), 1);
      assert.equal(value(`sportello_gateway_requests_total{route="unmatched",method="GET",status="404"}`), 1);
      assert.equal(value(`sportello_gateway_request_duration_seconds_count{${route},status="200"}`), 2);
      assert.equal(value(`sportello_gateway_request_duration_seconds_bucket{le="+Inf",${route},status="200"}`), 2);
      assert.equal(value('sportello_gateway_limit_refusals_total{limit="rate_visitor"}'), 1);
      assert.equal(value('sportello_gateway_chat_sockets'), 1);
      assert.ok(value('sportello_gateway_open_connections') >= 1);
      assert.equal(value('sportello_gateway_store_up'), 1);
      assert.ok(value('sportello_gateway_process_resident_memory_bytes') > 0);
      // Only the metrics live there.
      assert.equal((await fetch(h.gw.metricsUrl!.replace(/metrics$/, 'healthz'))).status, 404);
      chat.ws.close();
      await chat.ended();
    } finally {
      await h.close();
    }
  });
});
