/**
 * The kit's catalogues: one per language for every element, English the source of the keys.
 * A built-in language is a module of its own, imported the first time an element shows it, so a
 * page pays only for the languages it shows. The closed live-chat launcher's four strings are a
 * tiny module apart (`locales/launcher/*.ts`), so the launcher never fetches a whole catalogue.
 */
import type en from './locales/en.js';
import { BUILT_IN_LANGS, isBuiltIn, type BuiltInLang, type Lang } from './lang.js';

type Source = typeof en;

/**
 * Every catalogue has exactly English's namespaces and keys: a built-in catalogue declared
 * `const de: Catalogue = { … }` with a key missing (or one too many) fails the type check.
 */
export type Catalogue = { readonly [N in keyof Source]: { readonly [K in keyof Source[N]]: string } };
export type Namespace = keyof Catalogue;
export type KeyOf<N extends Namespace> = keyof Catalogue[N] & string;

/** Part of a catalogue: what an integrator overrides, or a whole language they bring. */
export type CatalogueStrings = { readonly [N in Namespace]?: Partial<Catalogue[N]> };

/**
 * Integrator strings by language tag (`{ de: { chat: { title: '…' } }, ar: { … } }`); a tag with a
 * region counts for its language (`'pt-BR'` → `pt`).
 */
export type Strings = Readonly<Record<string, CatalogueStrings | undefined>>;

type Module = { default: Catalogue };
const LOADERS: Record<BuiltInLang, () => Promise<Module>> = {
  en: () => import('./locales/en.js'),
  it: () => import('./locales/it.js'),
  de: () => import('./locales/de.js'),
  fr: () => import('./locales/fr.js'),
  es: () => import('./locales/es.js'),
};

type LauncherModule = { default: Catalogue['launcher'] };
const LAUNCHER_LOADERS: Record<BuiltInLang, () => Promise<LauncherModule>> = {
  en: () => import('./locales/launcher/en.js'),
  it: () => import('./locales/launcher/it.js'),
  de: () => import('./locales/launcher/de.js'),
  fr: () => import('./locales/launcher/fr.js'),
  es: () => import('./locales/launcher/es.js'),
};

const loaded = new Map<BuiltInLang, Catalogue>();
const launcherLoaded = new Map<BuiltInLang, Catalogue['launcher']>();
const loading = new Map<string, Promise<void>>();

/** The built-in strings of `ns` in `lang` if they have arrived (the launcher's may come alone). */
export function builtInStrings<N extends Namespace>(lang: Lang, ns: N): Catalogue[N] | undefined {
  if (!isBuiltIn(lang)) return undefined;
  return (
    loaded.get(lang)?.[ns] ?? (ns === 'launcher' ? (launcherLoaded.get(lang) as Catalogue[N] | undefined) : undefined)
  );
}

function load<T>(id: string, loader: () => Promise<{ default: T }>, store: (value: T) => void): Promise<void> {
  let pending = loading.get(id);
  if (!pending) {
    pending = loader().then(
      (module) => store(module.default),
      (error: unknown) => {
        // A chunk that failed (offline, a CDN hiccup) is tried again by the next render that needs it.
        loading.delete(id);
        console.warn(`[sportello] the "${id}" strings could not be loaded:`, error);
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

function settle(list: Array<Promise<void>>): Promise<void> | undefined {
  return list.length ? Promise.all(list).then(() => undefined) : undefined;
}

/**
 * Undefined when the built-in catalogues of `langs` are all here (render now, synchronously),
 * else a promise that settles when they have arrived or failed.
 */
export function catalogueReady(langs: readonly Lang[]): Promise<void> | undefined {
  const missing = langs.filter((lang): lang is BuiltInLang => isBuiltIn(lang) && !loaded.has(lang));
  return settle(missing.map((lang) => load(lang, LOADERS[lang], (c) => void loaded.set(lang, c))));
}

/** The same for the launcher's few strings only (what the closed live-chat launcher loads). */
export function launcherStringsReady(langs: readonly Lang[]): Promise<void> | undefined {
  const missing = langs.filter(
    (lang): lang is BuiltInLang => isBuiltIn(lang) && !loaded.has(lang) && !launcherLoaded.has(lang),
  );
  return settle(
    missing.map((lang) => load(`${lang}/launcher`, LAUNCHER_LOADERS[lang], (c) => void launcherLoaded.set(lang, c))),
  );
}

/** Loads every built-in catalogue (tests that check all of them). */
export function loadAllCatalogues(): Promise<void> {
  return catalogueReady(BUILT_IN_LANGS) ?? Promise.resolve();
}

const byLang = new WeakMap<Strings, Map<Lang, CatalogueStrings[]>>();

/** The parts of `strings` that are for `lang` (`de` and `de-CH` alike), in their order. */
export function stringsFor(strings: Strings | undefined, lang: Lang): readonly CatalogueStrings[] {
  if (!strings) return [];
  let index = byLang.get(strings);
  if (!index) {
    index = new Map();
    for (const [tag, value] of Object.entries(strings)) {
      const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
      if (!primary || !value) continue;
      const list = index.get(primary) ?? [];
      // The bare language first: `de-CH` strings count only where `de` has none (one region's wording is a guess for others).
      if (primary === tag.toLowerCase()) list.unshift(value);
      else list.push(value);
      index.set(primary, list);
    }
    byLang.set(strings, index);
  }
  return index.get(lang) ?? [];
}

/**
 * Whether `ns.key` exists (for keys built from a server code, e.g. `status_F`). Every built-in
 * catalogue has the same keys, so any that has arrived can answer.
 */
export function hasKey<N extends Namespace>(ns: N, key: string): key is KeyOf<N> {
  for (const catalogue of loaded.values()) return key in catalogue[ns];
  return false;
}
