/**
 * When the AI panel's form fields show their errors (components/ai-chat/parts/field-check.ts): never
 * before the visitor edited the field or sent the form, on leaving an edited invalid field, and
 * gone at the first valid keystroke — over any sequence of what a visitor can do.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FieldCheck } from '../../components/ai-chat/parts/field-check.js';

type Step = { kind: 'input' | 'blur' | 'submit'; valid: boolean };
const step = fc.record({ kind: fc.constantFrom('input', 'blur', 'submit'), valid: fc.boolean() }) as fc.Arbitrary<Step>;

function run(steps: Step[]): FieldCheck {
  const check = new FieldCheck();
  for (const s of steps) check[s.kind](s.valid);
  return check;
}

test('an untouched field shows nothing, however often it is left', () => {
  fc.assert(
    fc.property(fc.array(fc.boolean()), (valids) => {
      const check = new FieldCheck();
      for (const valid of valids) check.blur(valid);
      assert.equal(check.showing, false);
    }),
  );
});

test('leaving an edited field that is wrong shows its error; typing never shows one', () => {
  fc.assert(
    fc.property(fc.array(step), (before) => {
      const check = run(before);
      const was = check.showing;
      check.input(false);
      assert.equal(check.showing, was, 'typing something wrong keeps what was shown');
      check.blur(false);
      assert.equal(check.showing, true);
    }),
  );
});

test('the first valid keystroke clears the error, and leaving a valid field never shows one', () => {
  fc.assert(
    fc.property(fc.array(step), (before) => {
      const check = run(before);
      check.input(true);
      assert.equal(check.showing, false);
      check.blur(true);
      assert.equal(check.showing, false);
    }),
  );
});

test('sending shows the error of a wrong field, edited or not, and lets a valid one go', () => {
  fc.assert(
    fc.property(fc.array(step), fc.boolean(), (before, valid) => {
      const check = run(before);
      assert.equal(check.submit(valid), valid);
      assert.equal(check.showing, !valid);
    }),
  );
});

test('a reopened form starts untouched', () => {
  const check = run([
    { kind: 'input', valid: false },
    { kind: 'blur', valid: false },
  ]);
  assert.equal(check.showing, true);
  check.reset();
  assert.equal(check.showing, false);
  check.blur(false);
  assert.equal(check.showing, false);
});
