#!/usr/bin/env node
/**
 * `sportello-gateway` (the installed package's command; `npm run gateway` in the repository): the
 * Sportello gateway. It serves the services named by SPORTELLO_GATEWAY_UPSTREAM (or one variable per
 * service) and refuses to start on a bad or incomplete configuration, printing one line per problem. Only when asked for
 * (SPORTELLO_GATEWAY_SIMULATOR=1, as `npm start` does) it starts the embedded service simulator on
 * a free port and serves it with the simulator's seeded credentials — the demo's configuration.
 * README "Deploying on a public site" lists every setting.
 */
import closeWithGrace from 'close-with-grace';
import { ConfigError, demoOrigins, readConfig } from './config.js';
import { startGateway } from './server.js';
import { openStore } from './store.js';

const env = process.env;
const wantsSimulator = ['1', 'true', 'yes'].includes((env.SPORTELLO_GATEWAY_SIMULATOR ?? '').toLowerCase());

/** What main.ts uses of demo/server/core/simulator.ts (typed here: the package compiles this folder alone). */
interface SimulatorModule {
  startSimulator(options: {
    port: number;
    paceMs: number;
    allowedOrigins: string[];
  }): Promise<{ url: string; close(): Promise<void> }>;
}

/**
 * The simulator is the repository's demo, beside this folder: it is there when the gateway runs from
 * its sources (`npm start`, `npm run gateway`), not in the installed package (whose compiled
 * main.js is one folder deeper, in dist/). A specifier in a variable, so the package's compiler
 * leaves the demo out.
 */
async function loadSimulator(): Promise<SimulatorModule | undefined> {
  const specifier = '../demo/server/core/simulator.js';
  try {
    return (await import(specifier)) as SimulatorModule;
  } catch (error) {
    const missing = (error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND';
    if (missing && String((error as Error).message).includes('demo/server/core/simulator')) return undefined;
    throw error;
  }
}

let sim: { url: string; close(): Promise<void> } | undefined;
if (wantsSimulator) {
  const simulator = await loadSimulator();
  if (!simulator) {
    console.error('Sportello gateway: not started, the configuration has problems:');
    console.error(
      "  SPORTELLO_GATEWAY_SIMULATOR: the demo simulator is not part of the installed gateway (it is in the repository's demo: `npm start` in a clone); name the services with SPORTELLO_GATEWAY_UPSTREAM",
    );
    process.exit(2);
  }
  const { startSimulator } = simulator;
  // The demo's scenario pages also call the simulator directly (fault injection, the operator
  // console): it accepts the same page origins as the gateway.
  const origins = (env.SPORTELLO_GATEWAY_ORIGINS ?? demoOrigins(env).join(','))
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  sim = await startSimulator({
    port: Number(env.SPORTELLO_SIM_PORT ?? 0),
    paceMs: Number(env.SPORTELLO_SIM_PACE_MS ?? 30),
    allowedOrigins: origins,
  });
}

let config;
try {
  config = readConfig(env, sim?.url);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error('Sportello gateway: not started, the configuration has problems:');
  for (const problem of error.problems) console.error(`  ${problem}`);
  await sim?.close();
  process.exit(2);
}
const store = await openStore(config.redisUrl, { prefix: config.redisPrefix, timeoutMs: config.redisTimeoutMs });
const gateway = await startGateway({ config, store });

const u = gateway.url;
console.log(`Sportello gateway listening on ${u}${sim ? `  (embedded simulator at ${sim.url})` : ''}
  AI        ${u}/ai/api/v2    -> ${config.upstream.ai}
  Signing   ${u}/sign/api/v2  -> ${config.upstream.sign}
  Help desk ${u}/desk         -> ${config.upstream.desk}
  Live chat ${u}/chat         -> ${config.upstream.chat}   (WebSocket ${u.replace(/^http/, 'ws')}/chat/websocket)
  Services served: ${[...config.services].join(', ')}
  Visitor tokens: ${config.visitor.secret ? 'HS256 shared secret' : config.visitor.jwks ? `JWKS ${config.visitor.jwks}` : 'none configured (every visitor is anonymous)'}, audience ${config.visitor.audience}
  Anonymous visitors may use: ${[...config.anonymous.grants].join(', ') || 'nothing'}
  Origins: ${config.origins.join(', ') || 'none (no browser page may call it)'}
  Metrics: ${gateway.metricsUrl ?? 'off (SPORTELLO_GATEWAY_METRICS_PORT)'}
  Shared state: ${store.kind}${store.up ? '' : ' (not answering yet: rate limits per replica, ownership refused with 503 until it does)'}`);

// SIGTERM / SIGINT: stop taking requests, close chat sockets with a close frame, let requests in
// flight finish within the drain deadline, then exit. A second signal, or the deadline plus a
// margin, ends the process anyway.
closeWithGrace({ delay: config.drainMs + 5_000 }, async ({ err, signal }) => {
  if (err) console.error('Sportello gateway: stopping after an unexpected error:', err.message);
  else console.log(`Sportello gateway: ${signal ?? 'stop'} received, draining (at most ${config.drainMs} ms)`);
  await gateway.close();
  await sim?.close();
});
