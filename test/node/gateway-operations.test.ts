import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';
import { SECRET, startChat } from './gateway-helpers.js';
import { exitOf, startGatewayProcess, type GatewayProcess } from '../harness/gateway-process.js';

// Issue #32, defects 5 and 6, on the gateway as an operator runs it (`npm run gateway`, a process):
// SIGTERM with a chat socket open finishes, closing the socket with a close frame; a bad or
// incomplete configuration is refused with one clear line per problem, and the demo simulator
// starts only when asked for.

/** Runs the gateway's command (gateway/main.ts), or the repository's `npm run gateway` (the demo's). */
const run = (env: Record<string, string>, entry = 'gateway/main.ts'): GatewayProcess =>
  startGatewayProcess(process.execPath, ['--import', 'tsx', entry], {
    // Only the settings given: the test machine's own SPORTELLO_* variables must not leak in.
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SPORTELLO_'))),
      ...env,
    },
  });

describe('a bad or incomplete configuration is refused, one line per problem', { timeout: 180_000 }, () => {
  it('with no upstream it does not quietly start the demo simulator', async () => {
    const ran = run({ SPORTELLO_GATEWAY_PORT: '0' });
    const code = await exitOf(ran);
    ran.child.kill('SIGKILL');
    assert.equal(code, 2, ran.out());
    assert.match(ran.out(), /SPORTELLO_GATEWAY_AI_UPSTREAM: not set, nor SPORTELLO_GATEWAY_UPSTREAM/);
    assert.doesNotMatch(ran.out(), /listening|simulator at/);
  });

  it('names every problem: a URL that is not one, missing credentials, a misspelt variable; no stack trace', async () => {
    const ran = run({
      SPORTELLO_GATEWAY_PORT: '0',
      SPORTELLO_GATEWAY_UPSTREAM: 'not-a-url',
      SPORTELLO_GATEWAY_VISITOR_SECRET: SECRET,
      SPORTELLO_GATEWAY_ORIGIN: 'https://www.example.com',
      SPORTELLO_GATEWAY_RATE_IP: 'lots',
    });
    const code = await exitOf(ran);
    ran.child.kill('SIGKILL');
    assert.equal(code, 2, ran.out());
    const lines = ran.out().trim().split('\n');
    for (const expected of [
      /SPORTELLO_GATEWAY_UPSTREAM: not an http\(s\) URL/,
      /SPORTELLO_GATEWAY_ORIGIN: not a setting of the gateway \(did you mean SPORTELLO_GATEWAY_ORIGINS\?\)/,
      /SPORTELLO_GATEWAY_RATE_IP: must be a whole number/,
      /SPORTELLO_GATEWAY_AI_KEY: not set/,
      /SPORTELLO_GATEWAY_DESK_CLIENT_ID: not set/,
      /SPORTELLO_GATEWAY_SIGN_TOKEN and SPORTELLO_GATEWAY_SIGN_USER: not set/,
      /SPORTELLO_GATEWAY_VISITOR_AUDIENCE: not set/,
      /SPORTELLO_GATEWAY_SESSION_SECRET: not set/,
    ])
      assert.equal(lines.filter((l) => expected.test(l)).length, 1, `${expected} in:\n${ran.out()}`);
    assert.doesNotMatch(ran.out(), /^\s+at /m, 'a stack trace');
  });

  it('npm run gateway starts the simulator when asked for (SPORTELLO_GATEWAY_SIMULATOR=1, as npm start does)', async () => {
    const ran = run({ SPORTELLO_GATEWAY_PORT: '0', SPORTELLO_GATEWAY_SIMULATOR: '1' }, 'demo/server/gateway.ts');
    try {
      assert.ok(await ran.listening, ran.out());
      assert.match(ran.out(), /Sportello gateway listening on .*\(embedded simulator at/);
    } finally {
      ran.child.kill('SIGTERM');
      await exitOf(ran);
    }
  });
});

describe('SIGTERM with chat sockets open', { timeout: 180_000 }, () => {
  let sim: RunningSimulator;
  before(async () => {
    sim = await startSimulator({ port: 0, paceMs: 1 });
  });
  after(() => sim.close());

  it('closes each chat socket with a close frame and exits within the drain deadline', async () => {
    const ran = run({
      SPORTELLO_GATEWAY_PORT: '0',
      SPORTELLO_GATEWAY_UPSTREAM: sim.url,
      SPORTELLO_GATEWAY_VISITOR_SECRET: SECRET,
      SPORTELLO_GATEWAY_VISITOR_AUDIENCE: 'sportello',
      SPORTELLO_GATEWAY_SESSION_SECRET: 'operations-test-session-secret-0123456789',
      SPORTELLO_GATEWAY_AI_KEY: 'spk_demo',
      SPORTELLO_GATEWAY_SIGN_TOKEN: 'demo-sign-token',
      SPORTELLO_GATEWAY_SIGN_USER: 'demo',
      SPORTELLO_GATEWAY_DESK_CLIENT_ID: 'sportello-demo',
      SPORTELLO_GATEWAY_DESK_CLIENT_SECRET: 'demo-secret',
      SPORTELLO_GATEWAY_DRAIN_MS: '3000',
      SPORTELLO_GATEWAY_LOG_LEVEL: 'warn',
    });
    try {
      const url = await ran.listening;
      assert.ok(url, ran.out());
      const chats = await Promise.all([1, 2].map(() => startChat(url, `v-${randomUUID()}`)));
      ran.child.kill('SIGTERM');
      const closes = await Promise.all(chats.map((c) => c.client.ended()));
      assert.deepEqual(
        closes.map((c) => c.code),
        [1001, 1001],
      );
      assert.equal(await exitOf(ran), 0, ran.out());
    } finally {
      ran.child.kill('SIGKILL');
    }
  });
});
