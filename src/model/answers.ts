/**
 * Answers from the AI service's knowledge for a visitor's question (§4.7 `/search/faq`, `/search`):
 * what text to ask about, and which answers are worth showing. The desk form's deflection and the
 * live chat's answers before a chat. Pure: no I/O.
 */
import type { SearchResponse, Verdict } from '../services/ai-search.js';

/** Below this many characters a question is too short to search or classify usefully. */
export const MIN_QUERY_LENGTH = 12;
/** §8: a search query is 1-2000 characters. */
export const MAX_QUERY_LENGTH = 2000;

/** The customer's question: subject and description, trimmed, whitespace collapsed, bounded. */
export function questionOf(subject: string, description: string): string {
  const text = [subject, description]
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('. ');
  return text.length > MAX_QUERY_LENGTH ? text.slice(0, MAX_QUERY_LENGTH) : text;
}

/** One answer the form may show: a FAQ, or a passage of a document (`/search`). */
export interface Answer {
  kind: 'faq' | 'chunk';
  id: string;
  title: string;
  /** Markdown as the knowledge base holds it; rendered through the one sanitising renderer. */
  body: string;
  score: number;
  url?: string | undefined;
}

/**
 * Up to `max` visible answers at or above `minScore`, best first: FAQs before passages at equal
 * score (a FAQ is written to answer). Hidden ones (`is_visible: false`) are never shown to a customer.
 */
export function pickAnswers(response: SearchResponse, max = 3, minScore = 0): Answer[] {
  const faqs: Answer[] = (response.faqs ?? [])
    .filter((f) => f.is_visible !== false && f.score >= minScore)
    .map((f) => ({ kind: 'faq', id: String(f.id), title: f.question, body: f.answer, score: f.score }));
  const chunks: Answer[] = (response.chunks ?? [])
    .filter((c) => c.metadata?.is_visible !== false && c.score >= minScore)
    .map((c) => ({
      kind: 'chunk',
      id: String(c.id),
      title: typeof c.metadata?.title === 'string' ? c.metadata.title : '',
      body: c.content,
      score: c.score,
      url: typeof c.metadata?.source_url === 'string' ? c.metadata.source_url : undefined,
    }));
  return [...faqs, ...chunks]
    .sort((a, b) => b.score - a.score || (a.kind === 'faq' ? -1 : 1))
    .slice(0, Math.max(0, max));
}

/** A classification's verdicts worth showing, strongest first; `none` never is. */
export const SHOWN_VERDICTS: readonly Verdict[] = ['strong', 'medium', 'weak'];
