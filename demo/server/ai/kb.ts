import { Bm25, trigramCosine } from './bm25.js';
import type { KbLang } from './text.js';
import { readSeed } from '../core/seed-data.js';

/** A document of the seed (data/kb-<lang>.json): its markdown body one line per array item. */
export interface SeedDoc {
  title: string;
  slug: string;
  body: string[];
  hidden?: boolean;
}
export interface SeedFaq {
  question: string;
  answer: string;
  category: string;
  variants: string[];
  hidden?: boolean;
}

/** One language's knowledge of the fictional company Borgo Servizi. */
interface SeedKnowledge {
  docs: SeedDoc[];
  faqs: SeedFaq[];
}
const seedKnowledge = (lang: KbLang) => readSeed<SeedKnowledge>(new URL(`./data/kb-${lang}.json`, import.meta.url));

export interface KnowledgeBase {
  id: number;
  name: string;
  description: string;
  languages: KbLang[];
}
export interface Doc {
  id: number;
  knowledge_base_id: number;
  title: string;
  source_url: string;
  is_visible: boolean;
  lang: KbLang;
}
export interface Chunk {
  id: number;
  doc: Doc;
  index: number;
  heading: string;
  content: string;
}
export interface Faq {
  id: number;
  knowledge_base_id: number;
  question: string;
  answer: string;
  category: string;
  variants: string[];
  is_visible: boolean;
  lang: KbLang;
}

/** One retrievable thing: a document chunk or a FAQ. */
export type Passage = { kind: 'chunk'; chunk: Chunk } | { kind: 'faq'; faq: Faq };

export interface ScoredPassage {
  passage: Passage;
  score: number;
}

/**
 * The seeded, read-only knowledge: two knowledge bases (Italian, English) of documents split into
 * chunks at `## ` headings, plus FAQs. Both are indexed by BM25; search mixes BM25 with trigram
 * similarity as the spec's hybrid search does with vectors.
 */
export class KnowledgeStore {
  readonly bases: KnowledgeBase[] = [
    { id: 1, name: 'Sportello — Italiano', description: 'FAQ e documenti di Borgo Servizi', languages: ['it'] },
    { id: 2, name: 'Sportello — English', description: 'Borgo Servizi FAQs and documents', languages: ['en'] },
  ];
  readonly docs: Doc[] = [];
  readonly chunks: Chunk[] = [];
  readonly faqs: Faq[] = [];
  private index = new Bm25<Passage>();

  constructor() {
    let docId = 100;
    let chunkId = 1000;
    let faqId = 1;
    const load = (kb: number, lang: KbLang, docs: SeedDoc[], faqs: SeedFaq[]) => {
      for (const seed of docs) {
        const doc: Doc = {
          id: ++docId,
          knowledge_base_id: kb,
          title: seed.title,
          source_url: `https://help.example.com/${lang}/${seed.slug}`,
          is_visible: !seed.hidden,
          lang,
        };
        this.docs.push(doc);
        const body = seed.body.join('\n');
        body
          .split(/^(?=## )/m)
          .map((s) => s.trim())
          .filter(Boolean)
          .forEach((section, index) => {
            const heading = /^## (.+)$/m.exec(section)?.[1] ?? seed.title;
            const chunk: Chunk = {
              id: ++chunkId,
              doc,
              index,
              heading,
              content: section.replace(/^## .+\n/, '').trim(),
            };
            this.chunks.push(chunk);
            this.add({ kind: 'chunk', chunk }, `${seed.title} ${section}`);
          });
      }
      for (const seed of faqs) {
        const faq: Faq = {
          id: faqId++,
          knowledge_base_id: kb,
          question: seed.question,
          answer: seed.answer,
          category: seed.category,
          variants: seed.variants,
          is_visible: !seed.hidden,
          lang,
        };
        this.faqs.push(faq);
        // The question and its variants weigh double: they are what people type.
        this.add(
          { kind: 'faq', faq },
          `${seed.question} ${seed.variants.join(' ')} ${seed.question} ${seed.variants.join(' ')} ${seed.answer}`,
        );
      }
    };
    for (const [kb, lang] of [
      [1, 'it'],
      [2, 'en'],
    ] as const) {
      const { docs, faqs } = seedKnowledge(lang);
      load(kb, lang, docs, faqs);
    }
  }

  base(id: number): KnowledgeBase | undefined {
    return this.bases.find((b) => b.id === id);
  }

  /**
   * Ranks passages of the given knowledge bases. `alpha` weighs BM25 against trigram similarity
   * (1 = BM25 only, 0 = trigram only); scores are 0..1.
   */
  search(
    query: string,
    kbIds: number[],
    opts: { topK: number; minScore?: number; alpha?: number; lang?: KbLang },
  ): ScoredPassage[] {
    const alpha = opts.alpha ?? 0.8;
    const inScope = (p: Passage) => {
      const kb = p.kind === 'chunk' ? p.chunk.doc.knowledge_base_id : p.faq.knowledge_base_id;
      return kbIds.includes(kb);
    };
    const bm25 = new Map(this.index.search(query, 200, inScope).map((h) => [h.item, h.normalized] as const));
    const scored: ScoredPassage[] = [];
    for (const passage of this.all().filter(inScope)) {
      const lexical = bm25.get(passage) ?? 0;
      const fuzzy = alpha < 1 ? trigramCosine(query, passageText(passage)) : 0;
      let score = alpha * lexical + (1 - alpha) * fuzzy;
      // Prefer the question's language: a translated twin ranks just below.
      if (opts.lang && passageLang(passage) !== opts.lang) score *= 0.6;
      if (score > 0 && score >= (opts.minScore ?? 0)) scored.push({ passage, score: Math.round(score * 1000) / 1000 });
    }
    return scored.sort((a, b) => b.score - a.score).slice(0, opts.topK);
  }

  /** Every passage, the same objects the index holds (scores are joined by identity). */
  private readonly passages: Passage[] = [];
  private all(): Passage[] {
    return this.passages;
  }

  private add(passage: Passage, text: string): void {
    this.passages.push(passage);
    this.index.add(passage, text);
  }
}

export const passageLang = (p: Passage): KbLang => (p.kind === 'chunk' ? p.chunk.doc.lang : p.faq.lang);
export const passageVisible = (p: Passage): boolean => (p.kind === 'chunk' ? p.chunk.doc.is_visible : p.faq.is_visible);
export const passageText = (p: Passage): string =>
  p.kind === 'chunk'
    ? `${p.chunk.doc.title} ${p.chunk.heading} ${p.chunk.content}`
    : `${p.faq.question} ${p.faq.variants.join(' ')} ${p.faq.answer}`;
