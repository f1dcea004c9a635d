import type { TokenProvider } from './transport/auth.js';

export type { TokenProvider };

/**
 * Shared defaults for every element on a page. Precedence: the element's own property, then the
 * nearest `<sportello-config>` ancestor (across shadow roots), then `configure()`.
 */
export interface SportelloConfig {
  endpoint?: string | undefined;
  tokenProvider?: TokenProvider | undefined;
  lang?: string | undefined;
  /** Per-service endpoints for a page that hosts several elements: `{ ai: '...', sign: '...' }`. */
  endpoints?: Partial<Record<'ai' | 'sign' | 'desk' | 'chat', string>> | undefined;
}

let globalDefaults: SportelloConfig = {};

/** Sets page-wide defaults; later calls merge over earlier ones. */
export function configure(defaults: SportelloConfig): void {
  globalDefaults = { ...globalDefaults, ...defaults };
}

/** What an ancestor `<sportello-config>` exposes; duck-typed so two bundles interoperate. */
interface ConfigProvider extends Element {
  sportelloConfig?: SportelloConfig;
}

function closestProvider(start: Element): ConfigProvider | null {
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
  const provided = closestProvider(element)?.sportelloConfig ?? {};
  return { ...definedOnly(globalDefaults), ...definedOnly(provided), ...definedOnly(own) };
}
