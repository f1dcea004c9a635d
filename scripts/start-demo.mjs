#!/usr/bin/env node
// `npm start`: the demo pages, the Sportello gateway and the service simulator behind it, on three
// origins as on a real site: the pages (with the demo's pretend site backend that mints visitor
// tokens) on one, the gateway on another, the services behind the gateway. The overview page goes
// through the gateway; the element pages also call the simulator directly for their fault buttons.
import { execFileSync, spawn } from 'node:child_process';

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
  // What the pages read through Vite's import.meta.env (demo/demo-env.ts).
  VITE_SPORTELLO_SIM_URL: simUrl,
  VITE_SPORTELLO_GATEWAY_URL: gatewayUrl,
  // One line per request is the gateway's default; the demo's terminal keeps to warnings.
  SPORTELLO_GATEWAY_LOG_LEVEL: process.env.SPORTELLO_GATEWAY_LOG_LEVEL ?? 'warn',
};

// The element reference pages (demo/reference/) read custom-elements.json: regenerate it from the JSDoc.
execFileSync(
  process.execPath,
  [
    'node_modules/@custom-elements-manifest/analyzer/cem.js',
    'analyze',
    '--config',
    'custom-elements-manifest.config.mjs',
  ],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);

const children = [
  // `npm run gateway` with SPORTELLO_GATEWAY_SIMULATOR=1: the gateway with the embedded simulator on simPort.
  spawn(process.execPath, ['--import', 'tsx', 'gateway/main.ts'], { stdio: 'inherit', env }),
  spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', '--config', 'demo/vite.demo.config.ts', '--port', demoPort, '--strictPort'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    },
  ),
];
setTimeout(
  () => console.log(`\nDemo: http://localhost:${demoPort}/demo/  (gateway at ${gatewayUrl}, simulator at ${simUrl})\n`),
  1500,
);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      console.error('a demo process exited with', code);
      stop();
    }
  });
