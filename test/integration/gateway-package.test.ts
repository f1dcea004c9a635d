/**
 * The gateway as an operator installs it (README "Deploying the gateway"): `npm pack -w gateway`
 * (its prepack compiles it), the tarball installed in an empty folder with production dependencies
 * only, and started by its command, `sportello-gateway`, with plain Node — no TypeScript loader, no
 * repository around it. It answers /healthz and /readyz in front of the simulator; a bad
 * configuration, and the demo simulator asked for where there is none, are refused in one line each.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import type { RunningSimulator } from '../../demo/server/core/simulator.js';
import { ROOT, run, startSim } from './lib/harness.js';
import { exitOf, startGatewayProcess, type GatewayProcess } from '../harness/gateway-process.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const work = mkdtempSync(join(tmpdir(), 'sportello-gateway-package-'));
const app = join(work, 'ops');
const bin = join(app, 'node_modules/.bin/sportello-gateway');
let sim: RunningSimulator;

/** A production configuration against `upstream`: what step 2 of the walkthrough asks for. */
const production = (upstream: string): Record<string, string> => ({
  SPORTELLO_GATEWAY_PORT: '0',
  SPORTELLO_GATEWAY_UPSTREAM: upstream,
  SPORTELLO_GATEWAY_ORIGINS: 'https://www.example.com',
  SPORTELLO_GATEWAY_VISITOR_SECRET: 'gateway-package-test-visitor-secret-0123456789',
  SPORTELLO_GATEWAY_VISITOR_AUDIENCE: 'www.example.com',
  SPORTELLO_GATEWAY_SESSION_SECRET: 'gateway-package-test-session-secret-0123456789',
  SPORTELLO_GATEWAY_AI_KEY: 'spk_demo',
  SPORTELLO_GATEWAY_SIGN_TOKEN: 'demo-sign-token',
  SPORTELLO_GATEWAY_SIGN_USER: 'demo',
  SPORTELLO_GATEWAY_DESK_CLIENT_ID: 'sportello-demo',
  SPORTELLO_GATEWAY_DESK_CLIENT_SECRET: 'demo-secret',
  SPORTELLO_GATEWAY_LOG_LEVEL: 'warn',
});

/** The installed command, from the operator's folder, with only the given settings and Node on PATH. */
const start = (env: Record<string, string>): GatewayProcess =>
  startGatewayProcess(bin, [], {
    cwd: app,
    env: { PATH: [dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter), ...env },
  });

function size(path: string): number {
  const stat = statSync(path);
  return stat.isDirectory() ? readdirSync(path).reduce((sum, name) => sum + size(join(path, name)), 0) : stat.size;
}

before(async () => {
  const [packed] = JSON.parse(
    await run(npm, ['pack', '-w', 'gateway', '--json', '--pack-destination', work, '--silent'], { cwd: ROOT }),
  ) as Array<{ filename: string; files: Array<{ path: string }> }>;
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'gateway-host', private: true }));
  await run(
    npm,
    ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error', join(work, packed!.filename)],
    {
      cwd: app,
    },
  );
  sim = await startSim([]);
});

after(async () => {
  await sim?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the gateway package, installed on its own', { timeout: 240_000 }, () => {
  test('installs its compiled JavaScript and its server dependencies, no TypeScript', () => {
    const modules = join(app, 'node_modules');
    const own = join(modules, '@sportello/gateway');
    assert.ok(existsSync(join(own, 'dist/main.js')), 'dist/main.js is installed');
    assert.ok(existsSync(bin), 'the sportello-gateway command is linked');
    for (const name of ['fastify', 'jose', 'ioredis', 'prom-client', 'ws', 'close-with-grace', '@fastify/proxy-addr'])
      assert.ok(existsSync(join(modules, name, 'package.json')), `${name} is installed`);
    for (const name of ['tsx', 'typescript', 'esbuild', 'lit', 'sportello'])
      assert.ok(!existsSync(join(modules, name)), `${name} is not installed`);
    const sources = readdirSync(own, { recursive: true }).filter((f) => String(f).endsWith('.ts'));
    assert.deepEqual(sources, [], 'no TypeScript source in the package');
    const packages = readdirSync(modules).flatMap((n) =>
      n.startsWith('.') ? [] : n.startsWith('@') ? readdirSync(join(modules, n)) : [n],
    );
    console.log(
      `npm install --omit=dev @sportello/gateway: ${(size(modules) / 1048576).toFixed(2)} MB in node_modules, the gateway ${(size(own) / 1024).toFixed(0)} KB and ${packages.length - 1} packages it runs on`,
    );
  });

  test('starts with `sportello-gateway` and answers /healthz and /readyz in front of the services', async () => {
    const ran = start(production(sim.url));
    try {
      const url = await ran.listening;
      assert.ok(url, ran.out());
      const health = await fetch(`${url}/healthz`);
      assert.equal(health.status, 200);
      assert.deepEqual(await health.json(), { ok: true });
      const ready = await fetch(`${url}/readyz`);
      assert.equal(ready.status, 200, ran.out());
      assert.deepEqual(await ready.json(), {
        ready: true,
        checks: { store: true, ai: true, sign: true, desk: true, chat: true },
      });
      ran.child.kill('SIGTERM');
      assert.equal(await exitOf(ran), 0, ran.out());
    } finally {
      ran.child.kill('SIGKILL');
    }
  });

  test('refuses a bad configuration with one line per problem, no stack trace', async () => {
    const ran = start({ ...production('not-a-url'), SPORTELLO_GATEWAY_ORIGNS: 'https://www.example.com' });
    const code = await exitOf(ran);
    ran.child.kill('SIGKILL');
    assert.equal(code, 2, ran.out());
    assert.deepEqual(ran.out().trim().split('\n'), [
      'Sportello gateway: not started, the configuration has problems:',
      '  SPORTELLO_GATEWAY_ORIGNS: not a setting of the gateway (did you mean SPORTELLO_GATEWAY_ORIGINS?)',
      '  SPORTELLO_GATEWAY_UPSTREAM: not an http(s) URL (got "not-a-url")',
    ]);
  });

  test('asked for the demo simulator, which is not in the package, says so in one line', async () => {
    const ran = start({ SPORTELLO_GATEWAY_PORT: '0', SPORTELLO_GATEWAY_SIMULATOR: '1' });
    const code = await exitOf(ran);
    ran.child.kill('SIGKILL');
    assert.equal(code, 2, ran.out());
    const lines = ran.out().trim().split('\n');
    assert.equal(lines.length, 2, ran.out());
    assert.equal(lines[0], 'Sportello gateway: not started, the configuration has problems:');
    assert.match(
      lines[1]!,
      /^ {2}SPORTELLO_GATEWAY_SIMULATOR: the demo simulator is not part of the installed gateway/,
    );
  });
});
