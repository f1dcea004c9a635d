/**
 * Tokens already verified, by their exact string, until they expire. A page sends the same token
 * with every call, and checking its signature again each time (twice, counting the try as an
 * anonymous session first) was the largest share of the gateway's CPU per scoped request.
 *
 * Nothing is weakened: only a token that verified is kept — a refused one is checked afresh every
 * time — and never past its `exp` (jose itself allows a few seconds of skew beyond it), so a
 * cached answer is one a new check would give too (`iat`, `nbf` and the longest lifetime only get
 * easier to meet as time passes). It is kept at most MAX_AGE_MS, so a key the site withdraws from
 * its JWKS stops working here at most that much later than without the cache. Bounded: the least
 * recently used token leaves first (used: to the second; moving a token to the back of the queue
 * on every request of a busy page showed in the CPU profile). The visitor handed out is frozen,
 * being shared by requests.
 */
import { decodeJwt } from 'jose';

/** What a check of a token answers (visitor.ts's VerifyResult): the visitor it names, or a refusal. */
type Checked = { ok: true; visitor: object } | { ok: false };

const MAX_AGE_MS = 60_000;
const MAX_TOKENS = 10_000;

export function cachedVerify<R extends Checked>(
  verify: (token: string) => Promise<R>,
  now: () => number,
  maxTokens = MAX_TOKENS,
): (token: string) => Promise<R> {
  const verified = new Map<string, { result: R; until: number; used: number }>();
  return async (token) => {
    const hit = verified.get(token);
    if (hit) {
      const at = now();
      if (hit.until > at) {
        if (at - hit.used >= 1_000) {
          // Out and back in: a Map iterates in insertion order, so the first key is the least recently used.
          verified.delete(token);
          verified.set(token, hit);
          hit.used = at;
        }
        return hit.result;
      }
      verified.delete(token);
    }
    const result = await verify(token);
    const checked: Checked = result;
    if (!checked.ok) return result;
    const { exp } = decodeJwt(token); // both kinds of token require `exp`, so a verified one has it
    const until = Math.min((exp ?? 0) * 1000, now() + MAX_AGE_MS);
    if (until > now()) {
      // The verifier made this result for this call alone: frozen in place, it is shared from now on.
      deepFreeze(checked.visitor);
      verified.set(token, { result, until, used: now() });
      if (verified.size > maxTokens) verified.delete(verified.keys().next().value as string);
    }
    return result;
  };
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  for (const inner of Object.values(value)) deepFreeze(inner);
  Object.freeze(value);
}
