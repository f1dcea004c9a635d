/**
 * Refuses request targets whose meaning could differ between the gateway and the service behind
 * it. The allow-list matches decoded paths; a target that a service (or a proxy in between) might
 * normalise differently — `..`, encoded slashes or backslashes, doubled slashes, segments ending
 * in a dot, control characters — is refused before any route is matched, so no trick turns an
 * allowed path into another one upstream. Pure.
 */

export type PathVerdict = { ok: true; path: string; query: string } | { ok: false; reason: string };

/** Headers with which some frameworks let a POST act as another method. */
export const METHOD_OVERRIDE_HEADERS = ['x-http-method-override', 'x-http-method', 'x-method-override'] as const;

/** Query keys with the same effect in some frameworks (`_method=DELETE`). */
const METHOD_OVERRIDE_QUERY = /(^|&)_method=/i;

/**
 * A target of letters, digits, `-`, `_`, `~`, `/`, `?`, `=` and `&` only: no dot, percent sign,
 * backslash or `;`, so no dot segment, encoded separator or path parameter can be in it.
 */
const PLAIN_TARGET = /^\/[A-Za-z0-9\-_~/?=&]*$/;

export function checkTarget(rawUrl: string): PathVerdict {
  // Nearly every request the elements make is plain; the same verdict as checkTargetInFull, sooner.
  if (rawUrl.length <= 4096 && PLAIN_TARGET.test(rawUrl)) {
    const q = rawUrl.indexOf('?');
    const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
    const query = q === -1 ? '' : rawUrl.slice(q + 1);
    if (!path.includes('//') && !METHOD_OVERRIDE_QUERY.test(query)) return { ok: true, path, query };
  }
  return checkTargetInFull(rawUrl);
}

/** Every check, in order, for any target. */
export function checkTargetInFull(rawUrl: string): PathVerdict {
  if (!rawUrl.startsWith('/')) return { ok: false, reason: 'target is not an absolute path' };
  if (rawUrl.length > 4096) return { ok: false, reason: 'target too long' };
  const q = rawUrl.indexOf('?');
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const query = q === -1 ? '' : rawUrl.slice(q + 1);
  // Only printable ASCII: no spaces, controls, raw unicode or backslashes.
  if (!/^[\x21-\x7e]*$/.test(rawUrl)) return { ok: false, reason: 'unexpected character in target' };
  if (path.includes('\\')) return { ok: false, reason: 'backslash in path' };
  if (path.includes('//')) return { ok: false, reason: 'empty path segment' };
  // Encoded slash, backslash, dot, percent or NUL: a segment must mean what it shows.
  if (/%(2f|5c|2e|25|00)/i.test(path)) return { ok: false, reason: 'encoded separator in path' };
  if (/[;]/.test(path)) return { ok: false, reason: 'path parameters are not accepted' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { ok: false, reason: 'malformed percent-encoding' };
  }
  for (const segment of decoded.split('/').slice(1)) {
    if (segment === '.' || segment === '..') return { ok: false, reason: 'dot segment' };
    // `files.` or `1001.`: some servers strip a trailing dot, so the gateway and the service
    // would not agree on the resource.
    if (segment.endsWith('.')) return { ok: false, reason: 'segment ending in a dot' };
  }
  if (METHOD_OVERRIDE_QUERY.test(query)) return { ok: false, reason: 'method override in query' };
  return { ok: true, path, query };
}

export function hasMethodOverride(headers: Record<string, unknown>): boolean {
  return METHOD_OVERRIDE_HEADERS.some((h) => headers[h] !== undefined);
}
