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
 * recently used token leaves first. The visitor handed out is frozen, being shared by requests.
 */
import { decodeJwt } from 'jose';
import type { VerifyResult, Visitor } from './visitor.js';

const MAX_AGE_MS = 60_000;
const MAX_TOKENS = 10_000;

export function cachedVerify(
  verify: (token: string) => Promise<VerifyResult>,
  now: () => number,
  maxTokens = MAX_TOKENS,
): (token: string) => Promise<VerifyResult> {
  const verified = new Map<string, { result: VerifyResult; until: number }>();
  return async (token) => {
    const hit = verified.get(token);
    if (hit) {
      // Out and back in: a Map iterates in insertion order, so the first key is the least recently used.
      verified.delete(token);
      if (hit.until > now()) {
        verified.set(token, hit);
        return hit.result;
      }
    }
    const result = await verify(token);
    if (!result.ok) return result;
    const { exp } = decodeJwt(token); // both kinds of token require `exp`, so a verified one has it
    const until = Math.min((exp ?? 0) * 1000, now() + MAX_AGE_MS);
    if (until > now()) {
      verified.set(token, { result: { ok: true, visitor: frozen(result.visitor) }, until });
      if (verified.size > maxTokens) verified.delete(verified.keys().next().value as string);
    }
    return result;
  };
}

function frozen(visitor: Visitor): Visitor {
  const deep = (v: unknown) => {
    if (typeof v !== 'object' || v === null) return;
    for (const inner of Object.values(v)) deep(inner);
    Object.freeze(v);
  };
  deep(visitor);
  return visitor;
}
