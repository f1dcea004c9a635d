/**
 * The kit's one Trusted Types policy, named `sportello` (the name integrators list in
 * `trusted-types`). A CSP without 'allow-duplicates' lets a name be created once per page, so the
 * policy and its rules' state live on a global symbol that every copy of the kit (a CMS plugin
 * and a portal bundle on one page) shares.
 *
 * The policy launders nothing on its own:
 * - script URLs pass only if this kit registered that exact URL (pdf.js' worker);
 * - HTML passes only while `parseHtmlWithPolicy` runs, i.e. into DOMPurify's inert parse, whose
 *   sanitised DOM is what reaches the page.
 */
interface PolicyLike {
  createHTML(input: string): unknown;
  createScriptURL(input: string): unknown;
}
interface TrustedTypesFactory {
  createPolicy(
    name: string,
    rules: { createHTML(input: string): string; createScriptURL(input: string): string },
  ): PolicyLike;
}
interface SharedState {
  policy: PolicyLike | null;
  scriptUrls: Set<string>;
  htmlParsing: number;
}

const KEY = Symbol.for('sportello.trusted-types');

function shared(): SharedState {
  const holder = globalThis as unknown as Record<symbol, SharedState | undefined>;
  const existing = holder[KEY];
  if (existing) return existing;
  const state: SharedState = { policy: null, scriptUrls: new Set(), htmlParsing: 0 };
  holder[KEY] = state;
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (factory) {
    try {
      state.policy = factory.createPolicy('sportello', {
        createHTML(input) {
          if (state.htmlParsing === 0) throw new TypeError('[sportello] HTML is only parsed through the sanitiser');
          return input;
        },
        createScriptURL(input) {
          if (!state.scriptUrls.has(input)) throw new TypeError(`[sportello] refused script URL ${input}`);
          return input;
        },
      });
    } catch {
      // The page's CSP does not list `sportello` (or a foreign script took the name): plain strings
      // are used, which work wherever Trusted Types are not enforced.
      state.policy = null;
    }
  }
  return state;
}

/** A value `new Worker()` accepts under Trusted Types for exactly this URL. */
export function trustedScriptUrl(url: string): string {
  const state = shared();
  state.scriptUrls.add(url);
  return state.policy ? (state.policy.createScriptURL(url) as string) : url;
}

/**
 * Runs a sanitiser's parse with the policy it needs (`undefined` where Trusted Types are absent or
 * the policy could not be created). The policy accepts HTML only for the duration of `parse`.
 */
export function parseHtmlWithPolicy<T>(parse: (policy: PolicyLike | undefined) => T): T {
  const state = shared();
  state.htmlParsing += 1;
  try {
    return parse(state.policy ?? undefined);
  } finally {
    state.htmlParsing -= 1;
  }
}
