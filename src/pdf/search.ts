/**
 * Search in a document's text: every occurrence of a phrase, page by page, as pdf.js reads the
 * text (the same runs the text layer shows). Case- and accent-insensitive; runs are joined as they
 * flow, so a phrase split across runs is found.
 */
import type { PdfDocument } from './pdfjs.js';

export interface SearchHit {
  /** 1-based page. */
  page: number;
  /** Which occurrence on that page (0-based). */
  index: number;
}

/** Lower case without accents, for matching ("città" matches "citta"). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** How many times `query` occurs in `text` (non-overlapping, folded). */
export function countMatches(text: string, query: string): number {
  const q = fold(query.trim());
  if (!q) return 0;
  const t = fold(text);
  let n = 0;
  for (let at = t.indexOf(q); at >= 0; at = t.indexOf(q, at + q.length)) n++;
  return n;
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
      text = content.items.map((i) => ('str' in i ? i.str : '')).join('');
      cache.set(page, text);
    }
    const n = countMatches(text, query);
    for (let index = 0; index < n; index++) hits.push({ page, index });
  }
  return hits;
}
