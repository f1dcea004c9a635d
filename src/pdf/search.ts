/**
 * Search in a document's text: every occurrence of a phrase, page by page, as pdf.js reads the
 * text (the same runs the text layer shows, one span each). Case- and accent-insensitive; runs are
 * joined as they flow with a line's end read as a space, and any run of spaces in the text matches
 * a space of the phrase, so a phrase that wraps onto the next line, or crosses from one run to
 * another, is found — and each of its pieces can be marked in its own span.
 */
import type { PdfDocument } from './pdfjs.js';

export interface SearchHit {
  /** 1-based page. */
  page: number;
  /** Which occurrence on that page (0-based). */
  index: number;
}

/** One run of a page's text (a text-layer span), or a line's end (`str` empty, `eol`). */
export interface TextPiece {
  str: string;
  eol: boolean;
}

/** The part of one piece a match covers: `piece` index, `[from, to)` in its `str`. */
export interface MatchPart {
  piece: number;
  from: number;
  to: number;
}

/** Lower case without accents, for matching ("città" matches "citta"). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** `fold`, character by character, keeping every offset: a character whose fold would change the length stays as it is. */
function foldInPlace(text: string): string {
  let out = '';
  for (const ch of text) {
    const f = fold(ch);
    out += f.length === ch.length ? f : ch;
  }
  return out;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pieces joined as they flow (a line's end is a newline), and where each piece starts. */
export function joinPieces(pieces: readonly TextPiece[]): { text: string; starts: number[] } {
  let text = '';
  const starts: number[] = [];
  for (const p of pieces) {
    starts.push(text.length);
    text += p.str;
    if (p.eol) text += '\n';
  }
  return { text, starts };
}

/** Every occurrence of `query` in `text` as `[start, end)`, in order, not overlapping. */
export function findMatches(text: string, query: string): Array<[number, number]> {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const pattern = new RegExp(words.map(escapeRegExp).join('\\s+'), 'g');
  return [...foldInPlace(text).matchAll(pattern)].map((m) => [m.index, m.index + m[0].length]);
}

/** How many times `query` occurs in `text` (non-overlapping, folded). */
export function countMatches(text: string, query: string): number {
  return findMatches(text, query).length;
}

/** Every occurrence of `query` across `pieces`, each as the parts of the pieces it covers (line ends hold none). */
export function matchPieces(pieces: readonly TextPiece[], query: string): MatchPart[][] {
  const { text, starts } = joinPieces(pieces);
  return findMatches(text, query).map(([start, end]) => {
    const parts: MatchPart[] = [];
    pieces.forEach((p, piece) => {
      const from = Math.max(start, starts[piece]!) - starts[piece]!;
      const to = Math.min(end, starts[piece]! + p.str.length) - starts[piece]!;
      if (from < to) parts.push({ piece, from, to });
    });
    return parts;
  });
}

/** A page's text as pdf.js gives it, in the pieces its text layer shows. */
export function itemPieces(items: ReadonlyArray<object>): TextPiece[] {
  return items
    .filter((i): i is { str: string; hasEOL?: boolean } => 'str' in i)
    .map((i) => ({ str: i.str, eol: !!i.hasEOL }));
}

/** Every occurrence of `query` in `pdf`, in page order. Page texts are read once and kept in `cache`. */
export async function searchDocument(
  pdf: PdfDocument,
  query: string,
  cache: Map<number, string>,
  signal?: AbortSignal,
): Promise<SearchHit[]> {
  const hits: SearchHit[] = [];
  if (!query.trim()) return hits;
  for (let page = 1; page <= pdf.numPages; page++) {
    if (signal?.aborted) return hits;
    let text = cache.get(page);
    if (text === undefined) {
      const content = await (await pdf.getPage(page)).getTextContent();
      text = joinPieces(itemPieces(content.items)).text;
      cache.set(page, text);
    }
    const n = countMatches(text, query);
    for (let index = 0; index < n; index++) hits.push({ page, index });
  }
  return hits;
}
