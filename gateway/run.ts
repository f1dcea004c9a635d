/**
 * The gateway's run: read the settings (refusing a bad configuration with one line per problem),
 * open the store, listen, say where it serves, and stop gracefully on a signal. The installed
 * package's command (main.ts) runs it on its own; the repository's demo (demo/server/gateway.ts)
 * runs it in front of the embedded simulator, whose base URL and stop it passes in. README
 * "Deploying on a public site" lists every setting.
 */
import closeWithGrace from 'close-with-grace';
import { ConfigError, readConfig } from './config.js';
import { startGateway } from './server.js';
import { openStore } from './store.js';

/** A service simulator the gateway serves with its seeded credentials (the demo's only). */
export interface EmbeddedSimulator {
  url: string;
  close(): Promise<void>;
}

/** Prints the refusal the way every configuration problem is said, and ends the process. */
export function refuseToStart(problems: readonly string[]): never {
  console.error('Sportello gateway: not started, the configuration has problems:');
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(2);
}

export async function runGateway(env: Record<string, string | undefined>, sim?: EmbeddedSimulator): Promise<void> {
  let config;
  try {
    config = readConfig(env, sim?.url);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    await sim?.close();
    refuseToStart(error.problems);
  }
  const store = await openStore(config.redisUrl, { prefix: config.redisPrefix, timeoutMs: config.redisTimeoutMs });
  const gateway = await startGateway({ config, store });

  const u = gateway.url;
  const tokens = config.visitor.secret
    ? 'HS256 shared secret'
    : config.visitor.jwks
      ? `JWKS ${config.visitor.jwks}`
      : 'none configured (every visitor is anonymous)';
  console.log(
    [
      `Sportello gateway listening on ${u}${sim ? `  (embedded simulator at ${sim.url})` : ''}`,
      `  AI        ${u}/ai/api/v2    -> ${config.upstream.ai}`,
      `  Signing   ${u}/sign/api/v2  -> ${config.upstream.sign}`,
      `  Help desk ${u}/desk         -> ${config.upstream.desk}`,
      `  Live chat ${u}/chat         -> ${config.upstream.chat}   (WebSocket ${u.replace(/^http/, 'ws')}/chat/websocket)`,
      `  Services served: ${[...config.services].join(', ')}`,
      `  Visitor tokens: ${tokens}, audience ${config.visitor.audience}`,
      `  Anonymous visitors may use: ${[...config.anonymous.grants].join(', ') || 'nothing'}`,
      `  Origins: ${config.origins.join(', ') || 'none (no browser page may call it)'}`,
      `  Metrics: ${gateway.metricsUrl ?? 'off (SPORTELLO_GATEWAY_METRICS_PORT)'}`,
      `  Shared state: ${store.kind}${store.up ? '' : ' (not answering yet: rate limits per replica, ownership refused with 503 until it does)'}`,
    ].join('\n'),
  );

  // SIGTERM / SIGINT: stop taking requests, close chat sockets with a close frame, let requests in
  // flight finish within the drain deadline, then exit. A second signal, or the deadline plus a
  // margin, ends the process anyway.
  closeWithGrace({ delay: config.drainMs + 5_000 }, async ({ err, signal }) => {
    if (err) console.error('Sportello gateway: stopping after an unexpected error:', err.message);
    else console.log(`Sportello gateway: ${signal ?? 'stop'} received, draining (at most ${config.drainMs} ms)`);
    await gateway.close();
    await sim?.close();
  });
}
