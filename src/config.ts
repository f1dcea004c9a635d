import type { TokenProvider } from './transport/auth.js';
import type { Strings } from './i18n/catalogue.js';

export type { TokenProvider };

/**
 * Shared defaults for every element on a page. Precedence: the element's own property, then the
 * nearest `<sportello-config>` ancestor (across shadow roots), then `configure()`.
 */
export interface SportelloConfig {
  endpoint?: string | undefined;
  tokenProvider?: TokenProvider | undefined;
  lang?: string | undefined;
  /** Integrator strings by language: override any built-in string, or bring a whole language (src/i18n). */
  strings?: Strings | undefined;
  /** Per-service endpoints for a page that hosts several elements: `{ ai: '...', sign: '...' }`. */
  endpoints?: Partial<Record<'ai' | 'sign' | 'desk' | 'chat', string>> | undefined;
}

let globalDefaults: SportelloConfig = {};

/** Sets page-wide defaults; later calls merge over earlier ones. */
export function configure(defaults: SportelloConfig): void {
  globalDefaults = { ...globalDefaults, ...defaults };
}

/** The page-wide defaults as `configure()` left them (a copy). */
export function configured(): SportelloConfig {
  return { ...globalDefaults, endpoints: { ...globalDefaults.endpoints } };
}

/** What an ancestor `<sportello-config>` exposes; duck-typed so two bundles interoperate. */
interface ConfigProvider extends Element {
  sportelloConfig?: SportelloConfig;
}

/** The nearest `<sportello-config>` above `start`, crossing shadow roots. */
export function closestConfigElement(start: Element): ConfigProvider | null {
  let node: Node | null = start.parentNode;
  while (node) {
    if (node instanceof Element && node.localName === 'sportello-config') return node as ConfigProvider;
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return null;
}

function definedOnly(config: SportelloConfig): SportelloConfig {
  return Object.fromEntries(
    Object.entries(config).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as SportelloConfig;
}

export function resolveConfig(element: Element, own: SportelloConfig): SportelloConfig {
  const provided = closestConfigElement(element)?.sportelloConfig ?? {};
  return { ...definedOnly(globalDefaults), ...definedOnly(provided), ...definedOnly(own) };
}
