import { describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { batchedLines } from '../../gateway/log-lines.js';

// The gateway's default log destination: lines batched into few writes, none lost, none reordered.

function sink() {
  const writes: string[] = [];
  return { writes, write: (text: string) => void writes.push(text) };
}

describe('gateway log lines, batched', () => {
  it('writes every line once, in order, whatever the sizes and the moment of close', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 300 }), { maxLength: 200 }), fc.nat(2_000), (lines, maxBytes) => {
        const out = sink();
        const batcher = batchedLines(out, { maxBytes: maxBytes + 1, maxDelayMs: 60_000 });
        for (const line of lines) batcher.write(`${line}\n`);
        batcher.close();
        assert.equal(out.writes.join(''), lines.map((l) => `${l}\n`).join(''));
      }),
    );
  });

  it('gathers lines into one write until the size is reached', () => {
    const out = sink();
    const batcher = batchedLines(out, { maxBytes: 30, maxDelayMs: 60_000 });
    for (let i = 0; i < 5; i++) batcher.write(`line ${i}\n`); // 7 bytes each
    assert.deepEqual(out.writes, ['line 0\nline 1\nline 2\nline 3\nline 4\n']);
    batcher.write('tail\n');
    assert.deepEqual(out.writes.length, 1, 'a short tail waits');
    batcher.close();
    assert.deepEqual(out.writes.at(-1), 'tail\n');
  });

  it('writes a waiting line after the delay, and a line after close at once', () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      const out = sink();
      const batcher = batchedLines(out, { maxBytes: 1_000, maxDelayMs: 200 });
      batcher.write('a\n');
      batcher.write('b\n');
      mock.timers.tick(199);
      assert.deepEqual(out.writes, []);
      mock.timers.tick(1);
      assert.deepEqual(out.writes, ['a\nb\n']);
      batcher.close();
      batcher.write('late\n');
      assert.deepEqual(out.writes, ['a\nb\n', 'late\n']);
    } finally {
      mock.timers.reset();
    }
  });
});
