/**
 * Which suggestions the AI panel shows from a tool call (src/model/ai/follow-ups.ts): only those of
 * the follow-up tool, only strings, each once, at most three, never longer than a chip holds — and
 * never one the service did not send.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MAX_FOLLOW_UPS, MAX_FOLLOW_UP_CHARS, followUpsOf } from '../../src/model/ai/follow-ups.js';

const TOOL = 'suggest_follow_ups';
const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

test('the questions of the follow-up tool, as sent, trimmed, without blanks or repeats', () => {
  assert.deepEqual(
    followUpsOf(TOOL, { questions: ['  How do I pay?\n', '', 'how do i pay?', 42, 'Where is my parcel?'] }, TOOL),
    ['How do I pay?', 'Where is my parcel?'],
  );
});

test('another tool, or no tool configured: not suggestions (undefined, the call stays a tool card)', () => {
  assert.equal(followUpsOf('track_shipment', { questions: ['A?'] }, TOOL), undefined);
  assert.equal(followUpsOf(TOOL, { questions: ['A?'] }, undefined), undefined);
  assert.equal(followUpsOf(undefined, { questions: ['A?'] }, TOOL), undefined);
});

test('the follow-up tool with unreadable arguments suggests nothing', () => {
  for (const args of [undefined, null, 'A?', { questions: 'A?' }, { other: ['A?'] }])
    assert.deepEqual(followUpsOf(TOOL, args, TOOL), []);
});

test('whatever the arguments: at most three, each one of those sent, once, within the length cap', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.string({ maxLength: 260 }), fc.integer(), fc.constant(null))), (questions) => {
      const shown = followUpsOf(TOOL, { questions }, TOOL)!;
      assert.ok(shown.length <= MAX_FOLLOW_UPS);
      const sent = questions.filter((q): q is string => typeof q === 'string').map(collapse);
      for (const q of shown) {
        assert.ok(sent.includes(q), 'never made up');
        assert.ok(q.length > 0 && q.length <= MAX_FOLLOW_UP_CHARS);
      }
      assert.equal(new Set(shown.map((q) => q.toLowerCase())).size, shown.length);
    }),
  );
});
