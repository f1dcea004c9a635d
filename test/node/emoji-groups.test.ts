import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fold, loadEmoji, parseGroups, searchEmoji } from '../../components/shared/emoji-groups.js';

test('fold: lower case without accents, so a visitor without the accent key still finds', () => {
  assert.equal(fold('Hände Café ÉMOJI'), 'hande cafe emoji');
});

test('search: every query word must start a word of the name or the search words; name matches first', () => {
  const groups = parseGroups([
    [
      'A',
      '👍\tthumbs up\t+1|hand|thumb\n👎\tthumbs down\t-1|hand|thumb\n🖐\thand with fingers splayed\tfinger|splayed',
    ],
  ]);
  assert.deepEqual(
    searchEmoji(groups, 'thumbs').map((e) => e.char),
    ['👍', '👎'],
  );
  assert.deepEqual(
    searchEmoji(groups, 'hand').map((e) => e.char),
    ['🖐', '👍', '👎'],
  );
  assert.deepEqual(
    searchEmoji(groups, 'THUMBS   up').map((e) => e.char),
    ['👍'],
  );
  assert.deepEqual(searchEmoji(groups, '  '), []);
});

test('search never throws and only returns emoji of the data, whatever is typed', () => {
  const groups = parseGroups([['A', '😀\tgrinning face\tface|grin\n🎉\tparty popper\tcelebration|tada']]);
  fc.assert(
    fc.property(fc.string(), (query) => {
      const found = searchEmoji(groups, query);
      assert.ok(found.every((e) => ['😀', '🎉'].includes(e.char)));
    }),
  );
});

test('every language of the kit has its own names; each finds 👍 by its own word', async () => {
  const words: Record<string, string> = { en: 'thumbs', de: 'daumen', fr: 'pouce', es: 'pulgar', it: 'pollice' };
  for (const [lang, word] of Object.entries(words)) {
    const groups = await loadEmoji(lang);
    assert.equal(groups.length, 9, `${lang}: nine groups (skin-tone components left out)`);
    assert.ok(
      searchEmoji(groups, word).some((e) => e.char.replace('\uFE0F', '') === '👍'),
      `${lang}: "${word}" finds 👍`,
    );
  }
});
