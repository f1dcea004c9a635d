import { marked } from 'marked';
import { Bm25 } from './bm25.js';
import { FOLLOW_UP_TOOL, hasTool, substitute, type Agent } from './agents.js';
import { describeAttachments } from './attachments.js';
import type { PendingTool } from './conversations.js';
import { passageLang, passageVisible, type KnowledgeStore, type ScoredPassage } from './kb.js';
import { markdownMix } from './markdown-mix.js';
import { asksForHuman, asksToThink, pickScenario, sentimentOf } from './scenarios.js';
import { fillSchema } from './structured.js';
import { PHRASES } from './phrases.js';
import { detectLang, escapeMarkdown, knowledgeLang, knowledgeQuery, type Lang } from './text.js';
import { cancelOrderResult, trackShipmentResult } from './tools.js';
import type { ChatRequest } from './validate.js';

export interface RagSource {
  document_id: string;
  chunk_id: number | null;
  title: string;
  content_preview: string;
  relevance_score: number;
  metadata: Record<string, unknown>;
  is_visible: boolean;
}

/** Everything one assistant turn says, before it is streamed or sent whole. */
export interface AnswerPlan {
  lang: Lang;
  ragThinking: string[];
  thinking: string[];
  /** Tools run during this turn (streamed as `tool_call` before the text). */
  toolCalls: Array<{ tool_name: string; tool_args: Record<string, unknown> }>;
  /** What the visitor may ask next (the agent's follow-up tool, streamed as a `tool_call` after the text). */
  followUps: string[];
  /** A tool waiting for approval: the turn ends with `tool_approval_required` and no text. */
  approval: PendingTool | null;
  content: string;
  contentFormat: 'markdown' | 'html';
  sources: RagSource[];
  confidence: { score: number; signals: Record<string, unknown>; needsReview: boolean };
  handoff: { requested: boolean; reason: string | null; trigger: string | null };
  isInScope: boolean;
  intent: string | null;
  sentiment: 'positive' | 'neutral' | 'negative';
  /** The error-mid-stream scenario: stop after this share of the text with this error. */
  failure: { afterFraction: number; error: string; code: string } | null;
  chunkChars?: number;
  modelUsed: string;
  promptChars: number;
}

export interface TurnInput {
  req: ChatRequest;
  agent: Agent | null;
  /** The tool waiting for this turn's `tool_approval`, when there is one. */
  approvedTool?: PendingTool;
  history: string[];
}

const OUT_OF_SCOPE = 0.2;

export function planAnswer(kb: KnowledgeStore, input: TurnInput): AnswerPlan {
  const { req, agent } = input;
  // The question's language, or the page's when the words do not tell (the kit sends it as `language`).
  const lang = detectLang(req.message, req.template_vars.language);
  const say = PHRASES[lang];
  const scenario = pickScenario(req.message);
  const prompt = substitute(agent?.system_prompt ?? req.system_prompt ?? '', req.template_vars);
  const plan: AnswerPlan = {
    lang,
    ragThinking: [],
    thinking: [],
    toolCalls: [],
    followUps: [],
    approval: null,
    content: '',
    contentFormat: req.response_format,
    sources: [],
    confidence: { score: 0.9, signals: {}, needsReview: false },
    handoff: { requested: false, reason: null, trigger: null },
    isInScope: true,
    intent: null,
    sentiment: sentimentOf(req.message),
    failure: null,
    modelUsed: agent?.model_name ?? req.model ?? 'sim-small',
    promptChars: prompt.length + input.history.reduce((n, m) => n + m.length, 0) + req.message.length,
  };

  if (scenario.kind === 'bench') {
    plan.content = markdownMix(scenario.bytes);
    if (scenario.chunkChars) plan.chunkChars = scenario.chunkChars;
    plan.intent = 'benchmark';
    return finish(plan, req, null);
  }

  // Retrieval: agent mode with RAG on; direct mode answers from the model's "own" knowledge, uncited.
  const rag = agent?.rag_config as
    { enabled?: boolean; knowledge_base_ids?: string[]; top_k?: number; score_threshold?: number } | undefined;
  const kbIds = rag?.enabled ? (rag.knowledge_base_ids ?? []).map(Number) : kb.bases.map((b) => b.id);
  const topK = rag?.top_k ?? 4;
  const hits = kb.search(knowledgeQuery(req.message, lang), kbIds, { topK, lang: knowledgeLang(lang), minScore: 0.05 });
  const threshold = rag?.score_threshold ?? OUT_OF_SCOPE;
  const relevant = hits.filter((h) => h.score >= threshold);
  const best = relevant[0];
  if (rag?.enabled) {
    plan.ragThinking.push(say.searchingKb(req.message.slice(0, 120)));
    plan.ragThinking.push(say.found(relevant.length));
    plan.sources = relevant.map(toSource);
  }

  const wantsHuman = asksForHuman(req.message);
  if (asksToThink(req.message) || agent?.reasoning_effort) {
    plan.thinking = [
      say.questionIs(req.message.slice(0, 200)),
      best ? say.bestPassage(titleOf(best), best.score) : say.noPassage,
      say.answerHow,
    ];
  }

  switch (scenario.kind) {
    case 'error':
      plan.content = say.interrupted;
      plan.failure = { afterFraction: 0.5, error: say.modelStopped, code: 'model_error' };
      plan.intent = 'simulate_error';
      break;
    case 'cancel-order':
      if (input.approvedTool) {
        plan.toolCalls.push({ tool_name: input.approvedTool.tool_name, tool_args: input.approvedTool.tool_args });
        plan.content = cancelOrderResult(String(input.approvedTool.tool_args.order_id), true, lang);
      } else {
        plan.approval = {
          id: `call_cancel_${scenario.orderId}`,
          tool_name: 'cancel_order',
          tool_args: { order_id: scenario.orderId },
        };
      }
      plan.intent = 'cancel_order';
      break;
    case 'track':
      plan.toolCalls.push({ tool_name: 'track_shipment', tool_args: { tracking_code: scenario.trackingCode } });
      plan.content = trackShipmentResult(scenario.trackingCode, lang);
      plan.intent = 'track_shipment';
      break;
    case 'long':
      plan.content = longAnswer(kb, lang);
      plan.intent = 'long_demo';
      break;
    case 'whoami':
      plan.content = say.whoami(agent?.name ?? plan.modelUsed, prompt);
      plan.intent = 'about_assistant';
      break;
    case 'greeting': {
      const name = req.template_vars.customer_name;
      plan.content = say.greeting(name ? escapeMarkdown(name) : '');
      plan.intent = 'greeting';
      break;
    }
    default:
      if (wantsHuman) {
        plan.content = say.handoff;
        plan.intent = 'human_request';
      } else if (best || (req.skip_scope_check && hits[0])) {
        plan.content = ragAnswer(best ?? hits[0]!, relevant.slice(1), lang, best !== undefined);
        plan.intent = intentOf(best ?? hits[0]!);
        if (best && hasTool(agent, FOLLOW_UP_TOOL)) plan.followUps = followUps(kb, req.message, kbIds, lang, relevant);
      } else {
        plan.isInScope = req.skip_scope_check;
        plan.content = say.outOfScope;
        plan.intent = 'out_of_scope';
      }
  }

  const score =
    scenario.kind === 'rag'
      ? wantsHuman
        ? Math.max(0.3, best?.score ?? 0.3)
        : best
          ? 0.5 + best.score / 2
          : 0.15
      : 0.9;
  plan.confidence = {
    score: Math.round(score * 100) / 100,
    signals: {
      retrieval_score: best?.score ?? 0,
      sources_found: relevant.length,
      in_scope: plan.isInScope,
      language: lang,
    },
    needsReview: score < 0.5,
  };
  const handoffThreshold = Number(
    (agent?.handoff_config as { confidence_threshold?: number } | undefined)?.confidence_threshold ?? 0.35,
  );
  if (!req.skip_handoff) {
    if (req.force_handoff) plan.handoff = { requested: true, reason: 'forced by the caller', trigger: 'force_handoff' };
    else if (wantsHuman && scenario.kind === 'rag')
      plan.handoff = {
        requested: true,
        reason: say.reasonAsked,
        trigger: 'user_request',
      };
    else if (score < handoffThreshold)
      plan.handoff = {
        requested: true,
        reason: say.reasonLowConfidence,
        trigger: 'low_confidence',
      };
  }
  if (req.classification_intents.length) plan.intent = classify(req.message, req.classification_intents);
  if (!plan.approval) {
    const files = describeAttachments(req.files, lang);
    if (files) plan.content = `${plan.content}\n\n${files}`;
  }
  return finish(plan, req, best ?? null);
}

/** Applies the request's output options: max_tokens, llm_response_format, sources flags, html. */
function finish(plan: AnswerPlan, req: ChatRequest, best: ScoredPassage | null): AnswerPlan {
  if (req.max_tokens !== undefined && plan.content.length > req.max_tokens * 4) {
    const cut = plan.content.slice(0, req.max_tokens * 4);
    plan.content = cut.slice(0, Math.max(cut.lastIndexOf(' '), 1));
  }
  if (req.llm_response_format && !plan.approval) {
    const value = fillSchema(req.llm_response_format, {
      answer: plainText(plan.content),
      title: best ? titleOf(best) : '',
      lang: plan.lang,
      confidence: plan.confidence.score,
      inScope: plan.isInScope,
      intent: plan.intent,
      sources: plan.sources.filter((s) => s.is_visible).map((s) => s.title),
    });
    plan.content = JSON.stringify(value);
  } else if (plan.contentFormat === 'html' && plan.content) {
    plan.content = marked.parse(plan.content, { async: false, gfm: true });
  }
  if (!req.include_sources) plan.sources = [];
  else if (!req.include_hidden_sources) plan.sources = plan.sources.filter((s) => s.is_visible);
  return plan;
}

/**
 * Up to three questions of the knowledge base's published FAQs in the visitor's language, the
 * nearest to the question asked first, leaving out the passages the answer already used: what the
 * visitor may ask next. None in a language the FAQs are not written in (a suggestion is a question
 * the visitor would send as it is).
 */
function followUps(kb: KnowledgeStore, question: string, kbIds: number[], lang: Lang, used: ScoredPassage[]): string[] {
  if (lang !== 'it' && lang !== 'en') return [];
  const usedFaqs = new Set(used.flatMap((h) => (h.passage.kind === 'faq' ? [h.passage.faq.id] : [])));
  const asked = question.trim().toLowerCase();
  return kb
    .search(question, kbIds, { topK: 500, lang, alpha: 0.5 })
    .flatMap((h) => (h.passage.kind === 'faq' ? [h.passage.faq] : []))
    .filter((f) => f.lang === lang && f.is_visible && !usedFaqs.has(f.id) && f.question.toLowerCase() !== asked)
    .slice(0, 3)
    .map((f) => f.question);
}

function toSource(h: ScoredPassage): RagSource {
  const p = h.passage;
  if (p.kind === 'chunk') {
    const c = p.chunk;
    return {
      document_id: String(c.doc.id),
      chunk_id: c.id,
      title: `${c.doc.title} — ${c.heading}`,
      content_preview: preview(c.content),
      relevance_score: h.score,
      is_visible: c.doc.is_visible,
      metadata: {
        type: 'document',
        knowledge_base_id: c.doc.knowledge_base_id,
        source_url: c.doc.source_url,
        section: c.heading,
        language: c.doc.lang,
        chunk_index: c.index,
      },
    };
  }
  const f = p.faq;
  return {
    document_id: `faq-${f.id}`,
    chunk_id: null,
    title: f.question,
    content_preview: preview(f.answer),
    relevance_score: h.score,
    is_visible: f.is_visible,
    metadata: { type: 'faq', knowledge_base_id: f.knowledge_base_id, category: f.category, language: f.lang },
  };
}

const preview = (md: string) => {
  const text = plainText(md);
  return text.length > 200 ? `${text.slice(0, 197)}…` : text;
};

const plainText = (md: string) =>
  md
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/^\|?[-:| ]{3,}\|?$/gm, ' ')
    .replace(/[*_`#>|]/g, '')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

const titleOf = (h: ScoredPassage) => (h.passage.kind === 'chunk' ? h.passage.chunk.heading : h.passage.faq.question);

function intentOf(h: ScoredPassage): string {
  return h.passage.kind === 'faq' ? h.passage.faq.category : h.passage.chunk.doc.source_url.split('/').pop()!;
}

/** A line a citation cannot follow on: a code fence (it would not close) or a table row (a cell). */
const BLOCK_END = /^ {0,3}(?:`{3,}|~{3,}|\|)/;

/**
 * A passage with its citation marker after its last words: on the same line after a paragraph, on
 * a line of its own after a code block or a table, which would take it in.
 */
export function withCitation(passage: string, marker: string): string {
  const lastLine = passage.slice(passage.lastIndexOf('\n') + 1);
  return BLOCK_END.test(lastLine) ? `${passage}\n\n${marker}` : `${passage} ${marker}`;
}

/** The answer the simulated model writes from retrieved passages: the best one, then pointers. */
function ragAnswer(best: ScoredPassage, others: ScoredPassage[], lang: Lang, cited: boolean): string {
  const parts = [`### ${titleOf(best)}`];
  // The simulator does not translate: a passage in another language is quoted as written, and said so.
  const written = passageLang(best.passage);
  if (written !== lang) parts.push(PHRASES[lang].quotedIn(written));
  // Cited as an agent instructed to cite does: `[n]` is the n-th of the turn's `sources` (best first).
  const passage = best.passage.kind === 'chunk' ? best.passage.chunk.content : best.passage.faq.answer;
  parts.push(cited ? withCitation(passage, '[1]') : passage);
  const seen = new Set<string>();
  // A FAQ answer is short: the best document passage in the same language adds the details.
  const detail =
    best.passage.kind === 'faq'
      ? others.find(
          (o) => o.passage.kind === 'chunk' && o.passage.chunk.doc.lang === written && o.score >= best.score * 0.5,
        )
      : undefined;
  if (detail?.passage.kind === 'chunk') {
    parts.push(`#### ${detail.passage.chunk.heading}\n\n${detail.passage.chunk.content}`);
    seen.add(detail.passage.chunk.doc.source_url);
  }
  const links = others
    .filter((o) => o.passage.kind === 'chunk' && passageVisible(o.passage))
    .map((o) => (o.passage.kind === 'chunk' ? o.passage.chunk : null)!)
    .filter((c) => c.doc.lang === written && !seen.has(c.doc.source_url) && seen.add(c.doc.source_url))
    .slice(0, 3)
    .map((c) => `- [${c.doc.title}](${c.doc.source_url}) — ${c.heading}`);
  if (links.length) parts.push(`**${PHRASES[lang].seeAlso}**\n${links.join('\n')}`);
  return parts.join('\n\n');
}

/**
 * Every visible document of one language, one after the other: a long answer for demos. In the
 * visitor's words around the knowledge, which is in the language it is written in nearest theirs.
 */
function longAnswer(kb: KnowledgeStore, lang: Lang): string {
  const say = PHRASES[lang];
  const written = knowledgeLang(lang);
  const docs = kb.docs.filter((d) => d.lang === written && d.is_visible);
  const sections = docs.map((d) => {
    const body = kb.chunks
      .filter((c) => c.doc === d)
      .map((c) => `### ${c.heading}\n\n${c.content}`)
      .join('\n\n');
    return `## ${d.title}\n\n${body}`;
  });
  const faqs = kb.faqs
    .filter((f) => f.lang === written && f.is_visible)
    .map((f) => `- **${f.question}**  \n  ${f.answer}`);
  sections.push(`## ${say.faqs}\n\n${faqs.join('\n')}`);
  const intro = written === lang ? say.longIntro : `${say.longIntro}\n\n${say.quotedIn(written)}`;
  return [intro, ...sections].join('\n\n');
}

/** Picks the caller's intent whose name and description best match the message (BM25). */
function classify(message: string, intents: Array<{ name: string; description: string }>): string | null {
  const index = new Bm25<string>();
  for (const i of intents) index.add(i.name, `${i.name.replace(/[_-]/g, ' ')} ${i.description}`);
  return index.search(message, 1)[0]?.item ?? null;
}
