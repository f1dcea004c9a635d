/**
 * The documentation site's element pages (docs/) are built from custom-elements.json: analysed afresh here
 * from the elements' JSDoc, every public element gets a page with each section, and the four main
 * elements document attributes, properties, events, parts and CSS custom properties.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyzeManifest } from '../../scripts/analyze-manifest.mjs';
import { PUBLIC_TAGS } from '../../scripts/public-tags.mjs';
import { codeSpans, elementReference, type Manifest } from '../../docs/model.js';

let manifest: Manifest;

before(() => {
  manifest = analyzeManifest() as Manifest;
});

test('every public element has a reference page with all its sections', () => {
  for (const tag of PUBLIC_TAGS) {
    const ref = elementReference(manifest, tag);
    assert.ok(ref, `<${tag}> is in custom-elements.json`);
    assert.ok(ref.summary, `<${tag}> has a summary`);
    assert.deepEqual(
      ref.sections.map((s) => s.id),
      ['attributes', 'properties', 'methods', 'events', 'parts', 'slots', 'css-properties', 'states'],
    );
  }
});

test('the four main elements document attributes, properties, events, parts and CSS properties', () => {
  for (const tag of ['sportello-live-chat', 'sportello-ai-chat', 'sportello-sign-viewer', 'sportello-desk-form']) {
    const ref = elementReference(manifest, tag)!;
    for (const id of ['attributes', 'properties', 'events', 'parts', 'css-properties']) {
      const section = ref.sections.find((s) => s.id === id)!;
      assert.ok(section.rows.length > 0, `<${tag}> documents its ${section.title.toLowerCase()}`);
      for (const row of section.rows) assert.ok(row.name, `<${tag}> ${id}: a row without a name`);
    }
    const events = ref.sections.find((s) => s.id === 'events')!.rows.map((r) => r.name);
    assert.ok(events.includes('sportello-error'), `<${tag}> documents sportello-error`);
    // Nothing private or internal leaks into the public tables.
    for (const row of ref.sections.find((s) => s.id === 'properties')!.rows) assert.doesNotMatch(row.name, /^[_#]/);
  }
});

test('every attribute, property, method, event, part, slot, CSS property and state of a public element says what it is', () => {
  const missing: string[] = [];
  for (const tag of PUBLIC_TAGS) {
    for (const section of elementReference(manifest, tag)!.sections) {
      for (const row of section.rows) if (!row.description.trim()) missing.push(`<${tag}> ${section.id}: ${row.name}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('descriptions keep their code spans apart from the text, an unpaired backtick as text', () => {
  assert.deepEqual(codeSpans('`launcher` (default) or `inline`.'), [
    { code: true, text: 'launcher' },
    { code: false, text: ' (default) or ' },
    { code: true, text: 'inline' },
    { code: false, text: '.' },
  ]);
  assert.deepEqual(codeSpans('no code'), [{ code: false, text: 'no code' }]);
  assert.deepEqual(codeSpans('a ` b `c` d'), [
    { code: false, text: 'a ' },
    { code: true, text: ' b ' },
    { code: false, text: 'c` d' },
  ]);
  fc.assert(
    fc.property(fc.string(), (text) => {
      const spans = codeSpans(text);
      // Nothing but backticks is lost or added: the pieces, joined, hold the text's every other character.
      const back = spans.map((s) => (s.code ? `\`${s.text}\`` : s.text)).join('');
      assert.equal(back.replaceAll('`', ''), text.replaceAll('`', ''));
      assert.ok(spans.every((s) => s.text !== ''));
    }),
  );
});

test('an unknown tag has no page', () => {
  assert.equal(elementReference(manifest, 'sportello-nothing'), undefined);
});
