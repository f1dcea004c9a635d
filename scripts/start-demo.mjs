#!/usr/bin/env node
// `npm start`: the service simulator and the demo pages, side by side on two origins so the
// elements talk to the services cross-origin, as on a real site.
import { spawn } from 'node:child_process';

const simPort = process.env.SPORTELLO_SIM_PORT ?? '8790';
const demoPort = process.env.SPORTELLO_DEMO_PORT ?? '8780';
const env = { ...process.env, SPORTELLO_SIM_PORT: simPort, SPORTELLO_DEMO_PORT: demoPort };

const children = [
  spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], { stdio: 'inherit', env }),
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
  () => console.log(`\nDemo: http://localhost:${demoPort}/demo/  (simulator at http://127.0.0.1:${simPort})\n`),
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
