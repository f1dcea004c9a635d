/**
 * The sentence for a server's `pattern` (components/shared/pattern-hint.ts: the help-desk form's
 * extra attributes and the live chat's custom pre-chat fields), through the real catalogues: every
 * word and every list separator comes from the language's catalogue, so Arabic lists with "،" and
 * "و" and English with ", " and "and".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../src/i18n/locales/en.js';
import { formatMessage } from '../../src/i18n/message.js';
import { patternHint } from '../../components/shared/pattern-hint.js';
import { ar } from '../../demo/strings-ar.js';

type Fields = Record<string, string>;
const tr = (catalogue: Fields, locale: string) => (key: string, params?: Record<string, string | number>) =>
  formatMessage(catalogue[key]!, params, locale);
const english = tr(en.fields, 'en-GB');
const arabic = tr(ar.fields as Fields, 'ar');

test('one class: no list at all', () => {
  assert.equal(patternHint('^[0-9]+$', english), 'Use only digits.');
  assert.equal(patternHint('^[0-9]+$', arabic), 'استخدم الأرقام فقط.');
});

test('two classes: joined by "and" alone', () => {
  assert.equal(patternHint('^[A-Z0-9]+$', english), 'Use only capital letters and digits.');
  assert.equal(patternHint('^[A-Z0-9]+$', arabic), 'استخدم الأحرف اللاتينية الكبيرة والأرقام فقط.');
});

test('three or more: the separators are the language’s own', () => {
  assert.equal(
    patternHint('^[A-Za-z0-9 -]+$', english),
    'Use only capital letters, lower-case letters, digits, spaces and the characters -.',
  );
  const hint = patternHint('^[A-Z0-9-]+$', arabic)!;
  assert.equal(hint, 'استخدم الأحرف اللاتينية الكبيرة، الأرقام والرموز - فقط.');
  assert.doesNotMatch(hint, /,/, 'an Arabic list has no Latin comma');
});

test('a length the pattern asks for is said with the characters', () => {
  assert.equal(patternHint('^[0-9]{3,12}$', english), 'Use only digits (3 to 12 characters).');
  assert.equal(patternHint('^[A-Z]{2}$', english), 'Use only capital letters (2 characters).');
  assert.equal(patternHint('^[a-z]{4,}$', english), 'Use only lower-case letters (at least 4 characters).');
  assert.equal(patternHint('^[0-9]{1,}$', english), 'Use only digits.', 'one or more is any length');
  assert.equal(patternHint('^[0-9]{3,12}$', arabic), 'استخدم الأرقام فقط (عدد الأحرف من 3 إلى 12).');
});

test('a pattern of another shape gets no sentence rather than a wrong one', () => {
  assert.equal(patternHint('^(a|b)+$', english), undefined);
  assert.equal(patternHint(undefined, english), undefined);
});
