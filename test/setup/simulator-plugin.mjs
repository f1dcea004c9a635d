// Starts the service simulator beside the test server and tells test pages where it is
// through the virtual module `/__sportello/env.js` (plus what `env()` adds, e.g. the transport
// test server URL).
import { register } from 'tsx/esm/api';

export function simulatorPlugin({ env = () => ({}) } = {}) {
  let sim;
  return {
    name: 'sportello-simulator',
    /** The simulator's base URL once started. */
    get url() {
      return sim?.url;
    },
    async serverStart({ config }) {
      register();
      const { startSimulator } = await import('../../demo/server/core/simulator.ts');
      sim = await startSimulator({
        port: Number(process.env.SPORTELLO_TEST_SIM_PORT ?? 0),
        paceMs: Number(process.env.SPORTELLO_TEST_PACE_MS ?? 2),
        allowedOrigins: [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`],
      });
    },
    async serverStop() {
      await sim?.close();
    },
    serve(context) {
      if (context.path === '/__sportello/env.js') {
        const values = { SIM_URL: sim.url, ...env() };
        return {
          body: Object.entries(values)
            .map(([k, v]) => `export const ${k} = ${JSON.stringify(v)};\n`)
            .join(''),
          type: 'js',
        };
      }
      return undefined;
    },
  };
}
