import { decodeEntities } from './entities.js';

/** Schemes a link may use. Everything else (javascript:, data:, vbscript:, file:, blob:...) is dropped. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * What CommonMark leaves as is: letters, digits, `;/?:@&=+$,-_.!~*'()#` and `%` starting an escape.
 * Anything else is encoded; a surrogate pair is one character (a lone half becomes U+FFFD).
 */
const UNSAFE = /%(?![0-9a-fA-F]{2})|[\ud800-\udbff][\udc00-\udfff]|[^\w;/?:@&=+$,\-.!~*'()#%]/g;

/**
 * A link destination as CommonMark writes it into `href`: character references decoded, then
 * every character that is not allowed as is in a URL percent-encoded (spaces, backslashes,
 * brackets, non-ASCII), escapes already there kept. What the URL parser itself drops is dropped
 * first (tabs and newlines anywhere, controls and spaces at the ends), so `java\tscript:` is seen as
 * it will run. Encoding can only turn a scheme into a path: the allow-list below still decides.
 */
export function encodeUrl(raw: string): string {
  const cleaned = decodeEntities(raw)
    .replace(/[\t\n\r]/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  return cleaned.replace(UNSAFE, (match) =>
    match === '%' ? '%25' : encodeURIComponent(match.length === 1 && /[\ud800-\udfff]/.test(match) ? '\ufffd' : match),
  );
}

/**
 * URLs that resolve the same with or without a base: `http(s)://…` (a special scheme with its
 * authority; `https:foo` without the slashes would be relative to a page on https) and the
 * non-special schemes links may use.
 */
const ABSOLUTE = /^(?:https?:\/\/|mailto:|tel:)/i;

function baseUrl(): string {
  return typeof document !== 'undefined' ? document.baseURI : 'http://localhost/';
}

/**
 * The href to put on a link, or null if the link must render as plain text.
 * Relative references resolve against the page (so they inherit its http/https scheme);
 * the returned value is the resolved absolute URL, so what is checked is what is used.
 */
export function safeLinkUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const cleaned = encodeUrl(raw);
  if (!cleaned) return null;
  let url: URL;
  try {
    // An absolute URL needs no base: parsing the page's address for every link of a long answer
    // (and reading document.baseURI, which is computed) cost as much as the links' own parsing.
    url = ABSOLUTE.test(cleaned) ? new URL(cleaned) : new URL(cleaned, baseUrl());
  } catch {
    return null;
  }
  return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
}

/** Where a link with an empty destination goes: the page itself (`href=""` in HTML). */
export function pageLinkUrl(): string | null {
  return safeLinkUrl(baseUrl());
}

/**
 * The src of an image, or null: only complete absolute http(s) URLs with a host. A half-streamed
 * `![x](https://exa` never gets here as an image token; a relative or data: URL never loads.
 */
export function safeImageUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const cleaned = encodeUrl(raw);
  if (!/^https?:\/\//i.test(cleaned)) return null;
  try {
    const url = new URL(cleaned);
    return IMAGE_PROTOCOLS.has(url.protocol) && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}
