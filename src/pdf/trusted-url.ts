/**
 * Trusted Types for the one script URL the kit creates: pdf.js' worker. Under
 * `require-trusted-types-for 'script'` a plain string passed to `new Worker()` is refused, so we
 * ask for a policy named `sportello` (the name the kit documents for `trusted-types`) that only
 * lets through URLs this module was told about. Without Trusted Types the string is used as is.
 */
interface TrustedTypePolicyLike {
  createScriptURL(input: string): unknown;
}
interface TrustedTypesLike {
  createPolicy(name: string, rules: { createScriptURL(input: string): string }): TrustedTypePolicyLike;
}

const allowed = new Set<string>();
let policy: TrustedTypePolicyLike | null | undefined;

function getPolicy(): TrustedTypePolicyLike | null {
  if (policy !== undefined) return policy;
  const tt = (globalThis as { trustedTypes?: TrustedTypesLike }).trustedTypes;
  try {
    policy = tt
      ? tt.createPolicy('sportello', {
          createScriptURL(input: string): string {
            if (!allowed.has(input)) throw new TypeError(`[sportello] refused script URL ${input}`);
            return input;
          },
        })
      : null;
  } catch {
    // The name is taken (another copy of the kit) or not allowed by the page's CSP: fall back to
    // the plain string, which works whenever Trusted Types are not enforced.
    policy = null;
  }
  return policy;
}

/** A value `new Worker()` accepts under Trusted Types for exactly this URL. */
export function trustedScriptUrl(url: string): string | URL {
  allowed.add(url);
  const p = getPolicy();
  return p ? (p.createScriptURL(url) as string) : url;
}
