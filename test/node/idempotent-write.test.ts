/**
 * IdempotentWrite (src/controllers/idempotent-write.ts): the key rules of a write, checked against
 * a scripted write function (no network: the browser tests send real writes to the simulator).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { inertHost } from '../harness/inert-host.js';
import { IdempotentWrite } from '../../src/controllers/idempotent-write.js';
import { ServiceError } from '../../src/transport/errors.js';

const http = (status: number) => new ServiceError({ service: 'desk', kind: 'http', status, message: `HTTP ${status}` });

/** A write whose answers are scripted: each call takes the next outcome ('ok' or a status). */
function scripted(outcomes: Array<'ok' | number>) {
  const calls: Array<{ payload: string; key: string }> = [];
  const write = async (payload: string, key: string) => {
    calls.push({ payload, key });
    const outcome = outcomes.shift() ?? 'ok';
    if (outcome !== 'ok') throw http(outcome);
    return `done:${payload}`;
  };
  return { calls, write };
}

test('a run while one is pending sends nothing and returns the pending one', async () => {
  let release!: () => void;
  const calls: string[] = [];
  const w = new IdempotentWrite<string, string>(inertHost(), {
    write: (payload, key) => {
      calls.push(key);
      return new Promise((resolve) => (release = () => resolve(payload)));
    },
  });
  const first = w.run('a');
  const second = w.run('b');
  assert.equal(first, second);
  assert.equal(w.state, 'pending');
  release();
  assert.equal(await first, 'a');
  assert.equal(calls.length, 1);
  assert.equal(w.state, 'complete');
});

test('the key survives failures of one payload, changes with the payload, and is dropped after success', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.record({ payload: fc.constantFrom('a', 'b'), outcome: fc.constantFrom<'ok' | number>('ok', 503, 400, 429) }),
        {
          minLength: 1,
          maxLength: 12,
        },
      ),
      async (steps) => {
        const { calls, write } = scripted(steps.map((s) => s.outcome));
        const w = new IdempotentWrite<string, string>(inertHost(), { write });
        let expected: { key: string; payload: string } | undefined;
        for (const step of steps) {
          const before = w.key;
          await w.run(step.payload);
          const call = calls[calls.length - 1]!;
          // Same payload as an attempt whose outcome is unknown: the same key.
          if (expected && expected.payload === step.payload) assert.equal(call.key, expected.key);
          // A changed payload, or nothing pending: a key never used before.
          else assert.ok(!calls.slice(0, -1).some((c) => c.key === call.key), 'a fresh key');
          if (before && expected?.payload === step.payload) assert.equal(before, call.key);
          const unknown = step.outcome !== 'ok' && (step.outcome >= 500 || step.outcome === 429);
          expected = unknown ? { key: call.key, payload: step.payload } : undefined;
          assert.equal(w.key, expected?.key);
          assert.equal(w.state, step.outcome === 'ok' ? 'complete' : 'error');
        }
      },
    ),
  );
});

test('a key restored from a draft is carried by the next payload; reset forgets outcome and key', async () => {
  const { calls, write } = scripted([503, 'ok']);
  const w = new IdempotentWrite<string, string>(inertHost(), { write });
  w.key = 'kept-from-draft';
  await w.run('a');
  assert.equal(calls[0]!.key, 'kept-from-draft');
  assert.equal(w.state, 'error');
  w.reset();
  assert.equal(w.state, 'idle');
  assert.equal(w.error, undefined);
  assert.equal(w.key, undefined);
  assert.equal(await w.run('a'), 'done:a');
  assert.notEqual(calls[1]!.key, 'kept-from-draft');
});
