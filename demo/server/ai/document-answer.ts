import { Bm25 } from './bm25.js';
import type { AnswerPlan, RagSource } from './answers.js';
import type { DocumentAgent } from './analyses.js';
import type { PdfPassage } from './pdf-text.js';
import { PHRASES } from './phrases.js';
import { detectLang, escapeMarkdown } from './text.js';
import type { ChatRequest } from './validate.js';

/** Below this share of the best reachable score, a passage does not answer the question. */
const RELEVANT = 0.15;
const PREVIEW_CHARS = 200;

/**
 * The source of one passage of the document (README "Analyses": where the spec is silent, the page
 * is `metadata.page`, 1-based, and `metadata.quote` is the passage's text as printed, for a viewer
 * that highlights it). One function, so the shape is changed in one place.
 */
export function pageSource(agent: DocumentAgent, index: number, passage: PdfPassage, score: number): RagSource {
  const text = passage.text;
  return {
    document_id: `analysis-${agent.analysisId}`,
    chunk_id: index,
    title: passage.heading ? `${passage.heading} (p. ${passage.page})` : `${agent.filename} (p. ${passage.page})`,
    content_preview: text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 3)}…` : text,
    relevance_score: Math.round(score * 1000) / 1000,
    is_visible: true,
    metadata: {
      type: 'pdf_page',
      filename: agent.filename,
      page: passage.page,
      section: passage.heading,
      quote: text,
    },
  };
}

/**
 * A document agent's answer: BM25 over the PDF's passages (heading and text), the best one quoted
 * with its page and cited `[1]`, up to two more pointed to and cited; nothing found → it says so
 * and cites nothing. In the question's language (the quote stays in the document's).
 */
export function planDocumentAnswer(agent: DocumentAgent, req: ChatRequest, history: string[]): AnswerPlan {
  const lang = detectLang(req.message, req.template_vars.language);
  const say = PHRASES[lang];
  const index = new Bm25<number>();
  agent.text.passages.forEach((p, i) => index.add(i, `${p.heading} ${p.heading} ${p.text}`));
  const hits = index.search(req.message, 3).filter((h) => h.normalized >= RELEVANT);
  const sources = hits.map((h) => pageSource(agent, h.item, agent.text.passages[h.item]!, h.normalized));
  const best = hits[0] ? agent.text.passages[hits[0].item]! : undefined;
  let content: string;
  if (!best) {
    content = say.notInDocument(escapeMarkdown(agent.filename));
  } else {
    const where = say.onPage(best.page);
    const heading = best.heading ? `, «${escapeMarkdown(best.heading)}»` : '';
    const parts = [`${where}${heading}, ${say.documentSays}:`];
    parts.push(`> ${escapeMarkdown(best.text)} [1]`);
    const more = hits.slice(1).map((h, i) => {
      const p = agent.text.passages[h.item]!;
      return `- ${escapeMarkdown(p.heading || agent.filename)}, ${say.page} ${p.page} [${i + 2}]`;
    });
    if (more.length) parts.push(`${say.seeAlso}\n${more.join('\n')}`);
    content = parts.join('\n\n');
  }
  const score = best ? 0.5 + hits[0]!.normalized / 2 : 0.2;
  return {
    lang,
    ragThinking: [say.searching(agent.filename), say.found(hits.length)],
    thinking: [],
    toolCalls: [],
    followUps: [],
    approval: null,
    content,
    contentFormat: 'markdown',
    sources: req.include_sources ? sources : [],
    confidence: {
      score: Math.round(score * 100) / 100,
      signals: { retrieval_score: hits[0]?.normalized ?? 0, sources_found: hits.length, language: lang },
      needsReview: score < 0.5,
    },
    handoff: { requested: false, reason: null, trigger: null },
    isInScope: !!best,
    intent: best ? 'document_question' : 'out_of_scope',
    sentiment: 'neutral',
    failure: null,
    modelUsed: agent.agent.model_name,
    promptChars: agent.agent.system_prompt.length + history.reduce((n, m) => n + m.length, 0) + req.message.length,
  };
}
