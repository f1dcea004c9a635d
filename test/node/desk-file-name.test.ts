/**
 * The name a desk attachment is sent under (src/model/desk/file-name.ts): the same string in the
 * multipart header and in `nomeAllegati`, whatever the visitor's file was called.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { portableFileName } from '../../src/model/desk/file-name.js';

const UNSAFE = /[\p{Cc}"<>:/\\|?*%]/u;

test('names a browser or a file system would change become plain ones', () => {
  assert.equal(portableFileName('quote"d.txt'), 'quote_d.txt');
  assert.equal(portableFileName('a<b>.txt'), 'a_b_.txt');
  assert.equal(portableFileName('line\nbreak.pdf'), 'line_break.pdf');
  assert.equal(portableFileName('100%.png'), '100_.png');
  assert.equal(portableFileName('report. '), 'report');
  assert.equal(portableFileName('...'), 'file');
});

test('letters of every script, spaces and accents stay (composed)', () => {
  assert.equal(portableFileName('Fattura marzo (2).pdf'), 'Fattura marzo (2).pdf');
  assert.equal(portableFileName('Größe ✓ 日本語 عربي.txt'), 'Größe ✓ 日本語 عربي.txt');
  assert.equal(portableFileName('cafe\u0301.txt'), 'caf\u00e9.txt');
});

test('a long name keeps its extension', () => {
  const name = portableFileName(`${'a'.repeat(300)}.docx`);
  assert.equal(Array.from(name).length, 120);
  assert.ok(name.endsWith('.docx'));
});

test('any name: safe, not empty, and a safe name is kept as it is', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (raw) => {
      const name = portableFileName(raw);
      assert.ok(name.length > 0 && Array.from(name).length <= 120);
      assert.ok(!UNSAFE.test(name), JSON.stringify(name));
      assert.equal(portableFileName(name), name);
    }),
  );
});
