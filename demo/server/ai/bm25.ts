import { terms } from './text.js';

export interface Hit<T> {
  item: T;
  /** Raw BM25 score. */
  score: number;
  /** Share of the best score this query could reach (0..1): comparable across queries. */
  normalized: number;
}

interface Entry<T> {
  item: T;
  tf: Map<string, number>;
  length: number;
}

/**
 * Okapi BM25 over short documents (k1 = 1.2, b = 0.75, the Lucene idf that never goes negative).
 * `normalized` divides by the score of an ideal document holding every query term, so words the
 * corpus has never seen pull it down: that is how an out-of-scope question shows up.
 */
export class Bm25<T> {
  private entries: Entry<T>[] = [];
  private df = new Map<string, number>();
  private totalLength = 0;

  constructor(
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {}

  add(item: T, text: string): void {
    const tf = new Map<string, number>();
    const ts = terms(text);
    for (const t of ts) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
    this.entries.push({ item, tf, length: ts.length });
    this.totalLength += ts.length;
  }

  get size(): number {
    return this.entries.length;
  }

  idf(term: string): number {
    const n = this.entries.length;
    const df = this.df.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  search(query: string, topK = 10, filter: (item: T) => boolean = () => true): Hit<T>[] {
    const qTerms = [...new Set(terms(query))];
    if (qTerms.length === 0 || this.entries.length === 0) return [];
    const avg = this.totalLength / this.entries.length;
    const ideal = qTerms.reduce((sum, t) => sum + this.idf(t) * (this.k1 + 1), 0);
    const hits: Hit<T>[] = [];
    for (const e of this.entries) {
      if (!filter(e.item)) continue;
      let score = 0;
      for (const t of qTerms) {
        const f = e.tf.get(t);
        if (!f) continue;
        score += (this.idf(t) * f * (this.k1 + 1)) / (f + this.k1 * (1 - this.b + (this.b * e.length) / avg));
      }
      if (score > 0) hits.push({ item: e.item, score, normalized: Math.min(1, score / ideal) });
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, topK);
  }
}

/** Character-trigram cosine similarity: the "vector" side of hybrid search, no model needed. */
export function trigramCosine(a: string, b: string): number {
  const va = trigrams(a);
  const vb = trigrams(b);
  let dot = 0;
  for (const [g, n] of va) dot += n * (vb.get(g) ?? 0);
  const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, n) => s + n * n, 0));
  const d = norm(va) * norm(vb);
  return d === 0 ? 0 : dot / d;
}

function trigrams(text: string): Map<string, number> {
  const v = new Map<string, number>();
  for (const word of terms(text)) {
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const g = padded.slice(i, i + 3);
      v.set(g, (v.get(g) ?? 0) + 1);
    }
  }
  return v;
}
