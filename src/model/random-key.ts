/**
 * Keys that must not repeat: an Idempotency-Key for every write, the identity of an attachment.
 * (Kept out of any one area: writes in every controller use it.)
 */
let counter = 0;
/** A random UUID where available (secure contexts), else a time+random fallback good enough for keys. */
export function randomKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  c?.getRandomValues?.(bytes);
  return `k-${Date.now().toString(36)}-${(counter++).toString(36)}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
