/**
 * The emoji picker's data: emojibase's groups and names in the visitor's language (generated
 * modules under emoji-data/, one per language of the kit), parsed once, and the search over them.
 * Pure logic, no DOM; every language module is its own chunk, loaded only when the picker opens.
 */
import type { Lang } from '../../src/i18n/lang.js';

/**
 * A group as generated: its name, then one entry a line (emoji, tab, name, tab, search words, and a
 * tab and 1 for an emoji that takes a skin tone). The generated modules write this shape out rather
 * than import it, so the data imports nothing back from the module that loads it.
 */
export type EmojiGroupData = readonly [name: string, entries: string];

export interface Emoji {
  readonly char: string;
  readonly name: string;
  /** Name and search words, folded (lower case, no accents), each word once. */
  readonly words: readonly string[];
  /** It takes a skin tone (a person, a hand): the picker shows it in the visitor's tone. */
  readonly toned: boolean;
}

/** A skin tone: 0 none (the default yellow), 1 light to 5 dark (the Fitzpatrick modifiers). */
export type SkinTone = 0 | 1 | 2 | 3 | 4 | 5;
export const SKIN_TONES: readonly SkinTone[] = [0, 1, 2, 3, 4, 5];

/** 🤝: a hand that, joined to people, is theirs. */
const HANDSHAKE = '\u{1F91D}';

/**
 * `emoji` in skin tone `tone`: the modifier after every person or hand in it, an emoji presentation
 * selector there dropped (👍️ → 👍🏽, 🧑‍💻 → 🧑🏽‍💻, 👩‍❤️‍👨 → 👩🏽‍❤️‍👨🏽). A handshake joined to people
 * (🧑‍🤝‍🧑 → 🧑🏽‍🤝‍🧑🏽) is theirs and keeps no tone of its own. Only for emoji that take a tone:
 * scripts/emoji-data.mjs marks those for which this gives emojibase's toned forms exactly (the
 * same rule is written there, in the script's own JavaScript).
 */
export function withTone(emoji: string, tone: SkinTone): string {
  if (!tone) return emoji;
  const modifier = String.fromCodePoint(0x1f3fa + tone);
  return emoji.replace(/(\u200D?)(\p{Emoji_Modifier_Base})\uFE0F?/gu, (all, joiner: string, base: string) =>
    joiner && base === HANDSHAKE ? all : `${joiner}${base}${modifier}`,
  );
}

export interface EmojiGroup {
  readonly name: string;
  readonly emoji: readonly Emoji[];
}

/** How many emoji "Recently used" keeps. */
export const RECENT_LIMIT = 24;

/** `recent` with `char` in front: each emoji once, the newest first, at most RECENT_LIMIT. */
export function rememberRecent(recent: readonly string[], char: string): string[] {
  return [char, ...recent.filter((c) => c !== char)].slice(0, RECENT_LIMIT);
}

/**
 * The emoji of `chars` in `groups`, in the order of `chars`: named in the groups' language, toned
 * like the catalogue's. A character the data does not hold (kept by another version) is left out.
 */
export function emojiOf(groups: readonly EmojiGroup[], chars: readonly string[]): Emoji[] {
  const byChar = new Map<string, Emoji>();
  for (const group of groups) for (const e of group.emoji) byChar.set(e.char, e);
  return chars.flatMap((c) => byChar.get(c) ?? []);
}

type DataModule = { groups: readonly EmojiGroupData[] };

/** One chunk per language; a language without data gets English words (the glyphs are the same). */
const LOADERS: Record<string, () => Promise<DataModule>> = {
  it: () => import('./emoji-data/it.js'),
  en: () => import('./emoji-data/en.js'),
  de: () => import('./emoji-data/de.js'),
  fr: () => import('./emoji-data/fr.js'),
  es: () => import('./emoji-data/es.js'),
};

/** Lower case without diacritics, so "cafe" finds "café" and "Hande" finds "Hände". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

const wordsOf = (text: string): string[] =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export function parseGroups(data: readonly EmojiGroupData[]): EmojiGroup[] {
  return data.map(([name, entries]) => ({
    name,
    emoji: entries.split('\n').map((line) => {
      const [char = '', label = '', tags = '', toned = ''] = line.split('\t');
      return {
        char,
        name: label,
        words: [...new Set(wordsOf(`${label} ${tags.replaceAll('|', ' ')}`))],
        toned: toned === '1',
      };
    }),
  }));
}

/**
 * The emoji whose words match every word of the query (a word matches the start of one of theirs),
 * those whose name starts with the query first, in the catalogue's order otherwise; only those
 * `keep` keeps, at most `limit`.
 */
export function searchEmoji(
  groups: readonly EmojiGroup[],
  query: string,
  limit = 80,
  keep: (e: Emoji) => boolean = () => true,
): Emoji[] {
  const wanted = wordsOf(query);
  if (!wanted.length) return [];
  const folded = wanted.join(' ');
  const first: Emoji[] = [];
  const rest: Emoji[] = [];
  for (const group of groups)
    for (const e of group.emoji) {
      if (!wanted.every((w) => e.words.some((word) => word.startsWith(w)))) continue;
      (fold(e.name).startsWith(folded) ? first : rest).push(e);
    }
  // `keep` (what the system can draw) is asked only of the results in order, until there are enough.
  const found: Emoji[] = [];
  for (const e of [...first, ...rest]) {
    if (found.length >= limit) break;
    if (keep(e)) found.push(e);
  }
  return found;
}

const loaded = new Map<string, Promise<EmojiGroup[]>>();

/** The groups in `lang` (English where the kit has no emoji names in that language), parsed once per page. */
export function loadEmoji(lang: Lang): Promise<EmojiGroup[]> {
  const key = lang in LOADERS ? lang : 'en';
  let groups = loaded.get(key);
  if (!groups) {
    groups = LOADERS[key]!().then((m) => parseGroups(m.groups));
    loaded.set(key, groups);
    // A failed load (the network) may be tried again on the next opening.
    groups.catch(() => loaded.delete(key));
  }
  return groups;
}
