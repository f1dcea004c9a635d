/**
 * `npm run gateway`: the Sportello gateway. With no SPORTELLO_GATEWAY_UPSTREAM (nor a per-service
 * override) it starts the embedded service simulator on a free port and serves it with the
 * simulator's seeded credentials — the demo's configuration. README "Deploying on a public site"
 * lists every setting.
 */
import { demoOrigins, readConfig } from './config.js';
import { startGateway } from './server.js';
import { openStore } from './store.js';

const env = process.env;
const wantsSimulator =
  !env.SPORTELLO_GATEWAY_UPSTREAM &&
  !['AI', 'SIGN', 'DESK', 'CHAT'].some((s) => env[`SPORTELLO_GATEWAY_${s}_UPSTREAM`]);

let sim: { url: string; close(): Promise<void> } | undefined;
if (wantsSimulator) {
  const { startSimulator } = await import('../demo/server/core/simulator.js');
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

const config = readConfig(env, sim?.url);
const store = await openStore(config.redisUrl, config.redisPrefix);
const gateway = await startGateway({ config, store });

const u = gateway.url;
console.log(`Sportello gateway listening on ${u}${config.embedded ? `  (embedded simulator at ${sim!.url})` : ''}
  AI        ${u}/ai/api/v2    -> ${config.upstream.ai}
  Signing   ${u}/sign/api/v2  -> ${config.upstream.sign}
  Help desk ${u}/desk         -> ${config.upstream.desk}
  Live chat ${u}/chat         -> ${config.upstream.chat}   (WebSocket ${u.replace(/^http/, 'ws')}/chat/websocket)
  Visitor tokens: ${config.visitor.secret ? 'HS256 shared secret' : config.visitor.jwks ? `JWKS ${config.visitor.jwks}` : 'none configured (every visitor is anonymous)'}, audience ${config.visitor.audience}
  Anonymous visitors may use: ${[...config.anonymous.grants].join(', ') || 'nothing'}
  Origins: ${config.origins.join(', ') || 'none (no browser page may call it)'}
  Shared state: ${store.kind}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await gateway.close();
  await sim?.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
