/**
 * The demo's integrator-supplied Arabic catalogue (demo/strings-ar.ts) stays complete: the RTL
 * screenshots of issue #17 must show no English fallback. Every key of the English source
 * catalogue is there (and no stale one), every message parses and keeps English's placeholders,
 * every plural has Arabic's six forms, and no message is left in English.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../src/i18n/locales/en.js';
import { formatMessage, parseMessage } from '../../src/i18n/message.js';
import { ar } from '../../demo/strings-ar.js';

type Parts = ReturnType<typeof parseMessage>;
const ARABIC_PLURALS = ['few', 'many', 'one', 'other', 'two', 'zero'];

/** Each ICU argument a message names, with its plural categories when it is a plural. */
function argumentsOf(message: string): Map<string, string[] | null> {
  const found = new Map<string, string[] | null>();
  const walk = (parts: Parts) => {
    for (const part of parts) {
      if (typeof part === 'string' || part.kind === 'pound') continue;
      if (part.kind === 'arg') found.set(part.name, found.get(part.name) ?? null);
      else {
        found.set(part.name, part.kind === 'plural' ? Object.keys(part.cases).sort() : null);
        Object.values(part.cases).forEach(walk);
      }
    }
  };
  walk(parseMessage(message));
  return found;
}

const namespaces = Object.keys(en) as Array<keyof typeof en>;
const source = (ns: keyof typeof en) => en[ns] as Record<string, string>;
const arabic = (ns: keyof typeof en) => (ar[ns] ?? {}) as Record<string, string | undefined>;

test('the Arabic catalogue has every key of the English one, and no other', () => {
  const missing: string[] = [];
  const extra: string[] = [];
  for (const ns of namespaces) {
    for (const key of Object.keys(source(ns))) if (!arabic(ns)[key]) missing.push(`${ns}.${key}`);
    for (const key of Object.keys(arabic(ns))) if (!(key in source(ns))) extra.push(`${ns}.${key}`);
  }
  assert.deepEqual(Object.keys(ar).sort(), [...namespaces].sort(), 'namespaces');
  assert.deepEqual(missing, [], `${missing.length} keys missing from demo/strings-ar`);
  assert.deepEqual(extra, [], 'keys English no longer has');
});

test('every Arabic message parses and keeps the English placeholders; plurals have all six forms', () => {
  for (const ns of namespaces) {
    for (const [key, english] of Object.entries(source(ns))) {
      const message = arabic(ns)[key];
      if (message === undefined) continue; // reported by the completeness test
      const where = `${ns}.${key}`;
      const want = argumentsOf(english);
      const got = argumentsOf(message);
      assert.deepEqual([...got.keys()].sort(), [...want.keys()].sort(), `${where}: placeholders`);
      for (const [name, cases] of want) {
        if (cases) assert.deepEqual(got.get(name), ARABIC_PLURALS, `${where}: the plural forms of {${name}}`);
      }
    }
  }
});

test('every Arabic plural reads right for each category and leaves no placeholder unfilled', () => {
  for (const ns of namespaces) {
    for (const [key, english] of Object.entries(source(ns))) {
      const message = arabic(ns)[key];
      if (message === undefined) continue;
      const args = argumentsOf(english);
      if (![...args.values()].some(Boolean)) continue;
      // 0 zero, 1 one, 2 two, 3 few, 11 many, 100 other (CLDR's Arabic rules).
      for (const n of [0, 1, 2, 3, 11, 100]) {
        const params = Object.fromEntries([...args.keys()].map((name) => [name, n]));
        const text = formatMessage(message, params, 'ar');
        assert.doesNotMatch(text, /[{}#]/, `${ns}.${key} with ${n}: ${text}`);
      }
    }
  }
});

/** A message's literal text, without its ICU syntax. */
function textOf(parts: Parts): string {
  return parts
    .map((part) =>
      typeof part === 'string' ? part : 'cases' in part ? Object.values(part.cases).map(textOf).join(' ') : '',
    )
    .join(' ');
}

test('no Arabic message is left in English', () => {
  // Latin text allowed: the attribute and property names an integrator types, and "PDF".
  const allowed = /\b(?:catalog-src|catalog|endpoint|id-file|signing-url|document-src|request-id|PDF)\b/g;
  const english: string[] = [];
  for (const ns of namespaces) {
    for (const [key, message] of Object.entries(arabic(ns))) {
      if (message === undefined) continue;
      if (/[A-Za-z]/.test(textOf(parseMessage(message)).replace(allowed, ''))) english.push(`${ns}.${key}: ${message}`);
    }
  }
  assert.deepEqual(english, []);
});
