/**
 * `npm run gateway` in the repository: the gateway from its sources. With
 * SPORTELLO_GATEWAY_SIMULATOR=1 (as `npm start` sets) it first starts the embedded service simulator
 * on SPORTELLO_SIM_PORT (a free port if unset) and the gateway serves it with the simulator's seeded
 * credentials: the demo's configuration. The installed gateway (gateway/main.ts) knows nothing of
 * the simulator; the demo brings the two together here.
 */
import { demoOrigins } from '../../gateway/config.js';
import { runGateway, type EmbeddedSimulator } from '../../gateway/run.js';
import { startSimulator } from './core/simulator.js';

const env = process.env;
const wantsSimulator = ['1', 'true', 'yes'].includes((env.SPORTELLO_GATEWAY_SIMULATOR ?? '').toLowerCase());

let sim: EmbeddedSimulator | undefined;
if (wantsSimulator) {
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
await runGateway(env, sim);
