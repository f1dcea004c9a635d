/**
 * The WordPress plugin speaks it, de, fr and es wherever it speaks English: every string its PHP
 * and editor script give to the `sportello` text domain has an entry in each languages/{lang}.php
 * table, no table keeps a string the code no longer uses, and placeholders survive translation.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const PLUGIN = 'integrations/wordpress/sportello';

/** A single-quoted PHP/JS string literal's value. */
const unquote = (literal: string) => literal.replace(/\\(['\\])/g, '$1');

function sourceStrings(): Set<string> {
  const files = [
    ...readdirSync(join(PLUGIN, 'includes')).map((f) => join(PLUGIN, 'includes', f)),
    join(PLUGIN, 'assets/blocks.js'),
  ];
  const found = new Set<string>();
  for (const file of files) {
    // '…' in PHP and JS, "…" where Prettier prefers it in JS (a string with an apostrophe).
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:__|esc_html__|esc_attr__)\(\s*'((?:[^'\\]|\\.)*)',\s*'sportello'\s*\)/g))
      found.add(unquote(m[1]!));
    for (const m of text.matchAll(/__\(\s*"((?:[^"\\]|\\.)*)",\s*'sportello'\s*\)/g))
      found.add(m[1]!.replace(/\\(["\\])/g, '$1'));
  }
  return found;
}

function table(lang: string): Map<string, string> {
  const text = readFileSync(join(PLUGIN, 'languages', `${lang}.php`), 'utf8');
  const entries = new Map<string, string>();
  for (const m of text.matchAll(/^\t'((?:[^'\\]|\\.)*)' => '((?:[^'\\]|\\.)*)',$/gm))
    entries.set(unquote(m[1]!), unquote(m[2]!));
  return entries;
}

test('every plugin string is translated into it, de, fr and es, and nothing else is kept', () => {
  const strings = sourceStrings();
  assert.ok(strings.size > 40, `found ${strings.size} strings`);
  for (const lang of ['it', 'de', 'fr', 'es']) {
    const entries = table(lang);
    const missing = [...strings].filter((s) => !entries.has(s));
    const unused = [...entries.keys()].filter((k) => !strings.has(k));
    assert.deepEqual(missing, [], `${lang}: untranslated`);
    assert.deepEqual(unused, [], `${lang}: no longer used`);
    for (const [english, translated] of entries) {
      assert.equal(
        (translated.match(/%s/g) ?? []).length,
        (english.match(/%s/g) ?? []).length,
        `${lang}: placeholders of "${english}"`,
      );
      assert.notEqual(translated.trim(), '', `${lang}: "${english}" is empty`);
    }
  }
});
