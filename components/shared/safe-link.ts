/**
 * URL allow-list for the chat parts: the same rule as the markdown renderer's `safeLinkUrl` /
 * `safeImageUrl` (src/markdown/safe-url.ts) — links may be http, https, mailto or tel; images only
 * absolute http(s). Kept here so the chat loader does not depend on the markdown module.
 */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** Browsers ignore controls and whitespace inside URLs, so `java\tscript:` must be judged without them. */
function clean(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g, '');
}

export function safeLinkUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const cleaned = clean(raw);
  if (!cleaned) return null;
  try {
    const url = new URL(cleaned, typeof document !== 'undefined' ? document.baseURI : 'http://localhost/');
    return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

export function safeImageUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const cleaned = clean(raw);
  if (!/^https?:\/\//i.test(cleaned)) return null;
  try {
    const url = new URL(cleaned);
    return url.hostname ? url.href : null;
  } catch {
    return null;
  }
}
