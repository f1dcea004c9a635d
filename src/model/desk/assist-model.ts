/**
 * Pure pieces of the form's AI help: what text to ask about, which answers are worth showing, and
 * how a similarity catalog's label path maps onto the desk catalogue's selects. No I/O.
 */
import type { SearchResponse, Verdict } from '../../services/ai-search.js';
import { findEntry, keyOf, requestTypesFor, type Catalog, type CatalogItem } from './catalog.js';

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

/** The form's selects a suggestion would set (option keys as the form holds them). */
export interface SuggestedSelection {
  servizio: string;
  assetRoot: string;
  assetFiglio: string;
  tipoRichiesta: string;
  /** The path in the catalogue's own names, for the customer. */
  names: string[];
}

const match = <T extends CatalogItem>(items: readonly T[], label: string): T | undefined =>
  findEntry(items, label) ?? items.find((i) => i.name.toLowerCase() === label.toLowerCase());

/**
 * Maps a label path (service first, request type last, assets between — by code, id or name) onto
 * the catalogue. Undefined when the service or the request type is not in this catalogue: a
 * suggestion the customer could not apply is not shown.
 */
export function selectionFromLabelPath(
  catalog: Catalog | undefined,
  path: readonly string[],
): SuggestedSelection | undefined {
  if (!catalog || path.length < 2) return undefined;
  const service = match(catalog.services, path[0]!);
  if (!service) return undefined;
  const middle = path.slice(1, -1);
  const asset = middle[0] !== undefined ? match(service.assets, middle[0]) : undefined;
  const child = asset && middle[1] !== undefined ? match(asset.children, middle[1]) : undefined;
  const type = match(requestTypesFor(service, asset), path[path.length - 1]!);
  if (!type) return undefined;
  return {
    servizio: keyOf(service),
    assetRoot: asset ? keyOf(asset) : '',
    assetFiglio: child ? keyOf(child) : '',
    tipoRichiesta: keyOf(type),
    names: [service, asset, child, type].filter((x): x is CatalogItem => !!x).map((x) => x.name),
  };
}

/** Verdicts worth showing, strongest first; `none` never is. */
export const SHOWN_VERDICTS: readonly Verdict[] = ['strong', 'medium', 'weak'];
