/**
 * The kit's catalogues: one per language for every element, English the source of the keys.
 * A built-in language is a module of its own, imported the first time an element shows it, so a
 * page pays only for the languages it shows. The closed live-chat launcher's four strings are a
 * tiny module apart (`locales/launcher/*.ts`), so the launcher never fetches a whole catalogue.
 * The signing composer's strings are modules apart too (`locales/compose/*.ts`), loaded by the
 * composer alone: a page without it downloads none of them.
 */
import type {
  AllCatalogues,
  Catalogue,
  CatalogueStrings,
  ComposeCatalogue,
  KeyOf,
  Namespace,
  Strings,
} from './catalogue-types.js';
import { BUILT_IN_LANGS, isBuiltIn, type BuiltInLang, type Lang } from './lang.js';

// The shapes live apart (catalogue-types.ts) so the languages and the configuration can name them
// without importing these loaders; a caller that uses the loaders gets the shapes here too.
export type { Catalogue, CatalogueStrings, ComposeCatalogue, KeyOf, Namespace, Strings } from './catalogue-types.js';

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

type ComposeModule = { default: ComposeCatalogue };
const COMPOSE_LOADERS: Record<BuiltInLang, () => Promise<ComposeModule>> = {
  en: () => import('./locales/compose/en.js'),
  it: () => import('./locales/compose/it.js'),
  de: () => import('./locales/compose/de.js'),
  fr: () => import('./locales/compose/fr.js'),
  es: () => import('./locales/compose/es.js'),
};

const loaded = new Map<BuiltInLang, Catalogue>();
const launcherLoaded = new Map<BuiltInLang, Catalogue['launcher']>();
const composeLoaded = new Map<BuiltInLang, ComposeCatalogue>();
const loading = new Map<string, Promise<void>>();

/** The built-in strings of `ns` in `lang` if they have arrived (the launcher's may come alone). */
export function builtInStrings<N extends Namespace>(lang: Lang, ns: N): AllCatalogues[N] | undefined {
  if (!isBuiltIn(lang)) return undefined;
  if (ns === 'compose') return composeLoaded.get(lang) as AllCatalogues[N] | undefined;
  const core = ns as keyof Catalogue;
  return (loaded.get(lang)?.[core] ?? (ns === 'launcher' ? launcherLoaded.get(lang) : undefined)) as
    AllCatalogues[N] | undefined;
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

/** The same for the composer's strings (what `<sportello-sign-composer>` loads beside its language's catalogue). */
export function composeStringsReady(langs: readonly Lang[]): Promise<void> | undefined {
  const missing = langs.filter((lang): lang is BuiltInLang => isBuiltIn(lang) && !composeLoaded.has(lang));
  return settle(
    missing.map((lang) => load(`${lang}/compose`, COMPOSE_LOADERS[lang], (c) => void composeLoaded.set(lang, c))),
  );
}

/** Loads every built-in catalogue (tests that check all of them), the composer's included. */
export function loadAllCatalogues(): Promise<void> {
  const pending = [catalogueReady(BUILT_IN_LANGS), composeStringsReady(BUILT_IN_LANGS)].filter(
    (p): p is Promise<void> => p !== undefined,
  );
  return Promise.all(pending).then(() => undefined);
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
  if (ns === 'compose') {
    for (const catalogue of composeLoaded.values()) return key in catalogue;
    return false;
  }
  for (const catalogue of loaded.values()) return key in catalogue[ns as keyof Catalogue];
  return false;
}
