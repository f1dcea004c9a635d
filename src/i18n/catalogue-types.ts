/**
 * The shapes of the kit's catalogues, apart from their loaders (catalogue.ts). Types only: the
 * language modules, the configuration and the elements name these shapes without importing the
 * module that imports the languages, so no import points back up. English is the source of the keys.
 */
import type en from './locales/en.js';
import type composeEn from './locales/compose/en.js';

type CoreSource = typeof en;
/** Namespaces kept out of the language modules, each loaded by the one element that shows it. */
type ApartSource = { compose: typeof composeEn };
type Source = CoreSource & ApartSource;
type Strings_<S> = { readonly [N in keyof S]: { readonly [K in keyof S[N]]: string } };

/**
 * Every catalogue has exactly English's namespaces and keys: a built-in catalogue declared
 * `const de: Catalogue = { … }` with a key missing (or one too many) fails the type check.
 */
export type Catalogue = Strings_<CoreSource>;
/** The composer's strings of one language (`locales/compose/<lang>.ts`), keyed as English's. */
export type ComposeCatalogue = Strings_<ApartSource>['compose'];
/** Every namespace's strings, the composer's included. */
export type AllCatalogues = Strings_<Source>;
export type Namespace = keyof AllCatalogues;
export type KeyOf<N extends Namespace> = keyof AllCatalogues[N] & string;

/** Part of a catalogue: what an integrator overrides, or a whole language they bring. */
export type CatalogueStrings = { readonly [N in Namespace]?: Partial<AllCatalogues[N]> };

/**
 * Integrator strings by language tag (`{ de: { chat: { title: '…' } }, ar: { … } }`); a tag with a
 * region counts for its language (`'pt-BR'` → `pt`).
 */
export type Strings = Readonly<Record<string, CatalogueStrings | undefined>>;
