import type { Lang } from './lang.js';

export type Catalogue<K extends string> = Record<K, string>;

/**
 * A translator over built-in catalogues. `{name}` placeholders are replaced by `params`;
 * `overrides` (e.g. a server's language labels) win over the built-in strings.
 */
export function createTranslator<K extends string>(catalogues: Record<Lang, Catalogue<K>>) {
  return (
    lang: Lang,
    key: K,
    params: Record<string, string | number> = {},
    overrides?: Partial<Record<K, string>>,
  ): string => {
    const template = overrides?.[key] ?? catalogues[lang]?.[key] ?? catalogues.en[key] ?? key;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}
