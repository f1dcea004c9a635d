#!/usr/bin/env node
// `npm start`: the demo pages, the Sportello gateway and the service simulator behind it, on three
// origins as on a real site: the pages (with the demo's pretend site backend that mints visitor
// tokens) on one, the gateway on another, the services behind the gateway. The overview page goes
// through the gateway; the element pages also call the simulator directly for their fault buttons.
//
// The pages are built first and served as built, as a visitor of a real site gets them (Lit in
// production mode, one request per chunk); `npm run dev` (`--dev`) serves the sources through
// Vite's dev server instead, with hot reload, for working on the kit.
import { spawn } from 'node:child_process';

const dev = process.argv.includes('--dev');
const simPort = process.env.SPORTELLO_SIM_PORT ?? '8790';
const demoPort = process.env.SPORTELLO_DEMO_PORT ?? '8780';
const gatewayPort = process.env.SPORTELLO_GATEWAY_PORT ?? '8791';
const simUrl = `http://127.0.0.1:${simPort}`;
const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
const env = {
  ...process.env,
  SPORTELLO_SIM_PORT: simPort,
  SPORTELLO_DEMO_PORT: demoPort,
  SPORTELLO_GATEWAY_PORT: gatewayPort,
  // The demo asks for the embedded simulator: a gateway started without it refuses to run unconfigured.
  SPORTELLO_GATEWAY_SIMULATOR: '1',
  // What the pages read through Vite's import.meta.env (demo/demo-env.ts), built into the pages.
  VITE_SPORTELLO_SIM_URL: simUrl,
  VITE_SPORTELLO_GATEWAY_URL: gatewayUrl,
  // One line per request is the gateway's default; the demo's terminal keeps to warnings.
  SPORTELLO_GATEWAY_LOG_LEVEL: process.env.SPORTELLO_GATEWAY_LOG_LEVEL ?? 'warn',
};

const children = new Set();
const stop = (code = 0) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());

/** Starts `node args…`; `longRunning` processes end the demo when they fail. */
function node(args, { quiet = false, longRunning = true, extraEnv = {} } = {}) {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    env: { ...env, ...extraEnv },
  });
  children.add(child);
  const done = new Promise((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      if (code && longRunning) {
        console.error(`a demo process (${args.join(' ')}) exited with`, code);
        stop(1);
      }
      resolve(code ?? 1);
    }),
  );
  return done;
}

/** A one-off step before the pages are served: the demo stops if it fails. */
async function step(args, extraEnv = {}) {
  const code = await node(args, { quiet: true, longRunning: false, extraEnv });
  if (code) {
    console.error(`npm start: ${args.join(' ')} failed (${code})`);
    stop(1);
  }
}

// `npm run gateway` with SPORTELLO_GATEWAY_SIMULATOR=1 (demo/server/gateway.ts): the gateway with the embedded simulator on
// simPort. It starts while the pages are built.
void node(['--import', 'tsx', 'demo/server/gateway.ts']);

const vite = ['node_modules/vite/bin/vite.js', '--config', 'demo/vite.demo.config.ts'];
if (dev) void node([...vite, '--port', demoPort, '--strictPort'], { quiet: true });
else {
  console.log('Building the demo pages and the documentation site…');
  // The documentation site (served at /docs/) too, its live examples pointed at this simulator.
  await Promise.all([
    step([...vite, 'build', '--logLevel', 'warn']),
    step(['--import', 'tsx', 'docs/build.ts'], { SPORTELLO_DOCS_SIM_URL: simUrl }),
  ]);
  void node([...vite, 'preview', '--port', demoPort, '--strictPort'], { quiet: true });
}
// Said once the pages answer, so the address printed is one that works when it is printed.
for (let ready = false; !ready; await new Promise((resolve) => setTimeout(resolve, 200))) {
  ready = await fetch(`http://127.0.0.1:${demoPort}/demo/`).then(
    (res) => res.ok,
    () => false,
  );
}
console.log(
  `\nDemo${dev ? ' (dev server)' : ''}: http://localhost:${demoPort}/demo/  (gateway at ${gatewayUrl}, simulator at ${simUrl})` +
    `\nDocumentation: http://localhost:${demoPort}/docs/${dev ? ' (once built by `npm run docs`)' : ''}\n`,
);
