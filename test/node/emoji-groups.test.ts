import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import {
  emojiOf,
  fold,
  loadEmoji,
  parseGroups,
  RECENT_LIMIT,
  rememberRecent,
  searchEmoji,
  SKIN_TONES,
  withTone,
} from '../../components/shared/emoji-groups.js';

const require = createRequire(import.meta.url);

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

test("skin tones: every emoji the picker tones comes out as emojibase's toned form, in all five tones", async () => {
  const data = require('emojibase-data/en/data.json') as Array<{
    emoji: string;
    skins?: Array<{ emoji: string; tone: number | number[] }>;
  }>;
  const skinsOf = new Map(data.map((e) => [e.emoji, e.skins ?? []]));
  const toned = (await loadEmoji('en')).flatMap((g) => g.emoji).filter((e) => e.toned);
  assert.ok(toned.length > 300, `people and hands take a tone (${toned.length})`);
  for (const e of toned) {
    for (const tone of SKIN_TONES.slice(1)) {
      const expected = skinsOf.get(e.char)?.find((s) => s.tone === tone)?.emoji;
      assert.equal(withTone(e.char, tone), expected, `${e.name}, tone ${tone}`);
    }
  }
  const untoned = (await loadEmoji('en')).flatMap((g) => g.emoji).filter((e) => !e.toned);
  assert.deepEqual(
    untoned.filter((e) => skinsOf.get(e.char)?.length).map((e) => e.name),
    [],
    'every emoji emojibase tones is toned by the picker',
  );
  // The handshake between two people is theirs: only they take the tone.
  assert.equal(withTone('🧑‍🤝‍🧑', 3), '🧑🏽‍🤝‍🧑🏽');
  assert.equal(withTone('🤝', 3), '🤝🏽', 'a handshake on its own takes it');
});

test('skin tones: no tone leaves an emoji as it is; a tone adds one modifier per person or hand, whatever the emoji', () => {
  const modifiers = (text: string) => [...text].filter((c) => /\p{Emoji_Modifier}/u.test(c)).length;
  // Every person or hand, but a handshake joined to the one before it (it belongs to the people).
  const bases = (text: string) =>
    [...text].filter((c, i, all) => /\p{Emoji_Modifier_Base}/u.test(c) && !(c === '🤝' && all[i - 1] === '\u200D'))
      .length;
  // People, hands, joiners, selectors and other text, in any order.
  const piece = fc.constantFrom('👍', '🧑', '✋', '🤝', '\u200D', '\uFE0F', '💻', '❤', '🏽', 'a', ' ');
  const texts = fc.oneof(
    fc.array(piece).map((xs) => xs.join('')),
    fc.string({ unit: 'grapheme' }),
  );
  fc.assert(
    fc.property(texts, fc.constantFrom(...SKIN_TONES), (text, tone) => {
      const out = withTone(text, tone);
      if (tone === 0) assert.equal(out, text);
      else assert.equal(modifiers(out), modifiers(text) + bases(text));
    }),
  );
});

test('recently used: the newest first, each emoji once, at most RECENT_LIMIT, the others in their order', () => {
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom('😀', '👍', '🎉', '❤️', '🙏', '🔥', '😂', '👋'), { maxLength: 60 }),
      (picks) => {
        let recent: string[] = [];
        for (const p of picks) {
          const before = recent;
          recent = rememberRecent(recent, p);
          assert.equal(recent[0], p);
          assert.equal(new Set(recent).size, recent.length);
          assert.ok(recent.length <= RECENT_LIMIT);
          assert.deepEqual(recent.slice(1), before.filter((c) => c !== p).slice(0, RECENT_LIMIT - 1));
        }
      },
    ),
  );
  const many = Array.from({ length: 40 }, (_, i) => String.fromCodePoint(0x1f600 + i));
  const kept = many.reduce<string[]>((r, c) => rememberRecent(r, c), []);
  assert.equal(kept.length, RECENT_LIMIT);
  assert.equal(kept[0], many.at(-1));
});

test('recently used, as emoji: named in the groups language, in the order chosen; unknown characters left out', async () => {
  const groups = await loadEmoji('de');
  const chosen = emojiOf(groups, ['🎉', 'not an emoji', '👍️']);
  assert.deepEqual(
    chosen.map((e) => e.char),
    ['🎉', '👍️'],
  );
  assert.equal(chosen[1]!.name, 'Daumen hoch');
  assert.equal(chosen[1]!.toned, true);
});
