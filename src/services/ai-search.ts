/**
 * The AI service's search and classification shapes (specs/ai-service.md §4.7, §4.9), as the
 * help-desk form uses them to deflect a question before a request is opened and to suggest its
 * classification. Types only; the calls are AiClient's (`search`, `classify`, `agent`).
 */

/** §4.7 request of POST /search and its variants (`/search/faq`, …). */
export interface SearchRequest {
  query: string;
  knowledge_base_ids: number[];
  top_k?: number;
  min_score?: number;
  use_reranking?: boolean;
  enable_bm25?: boolean;
}

export interface SearchChunk {
  id: number | string;
  document_id?: number | string;
  knowledge_base_id?: number;
  content: string;
  score: number;
  metadata?: Record<string, unknown> & { title?: string; source_url?: string; is_visible?: boolean };
}

export interface SearchFaq {
  id: number | string;
  knowledge_base_id?: number;
  question: string;
  answer: string;
  score: number;
  is_visible?: boolean;
}

/** §4.7 response. */
export interface SearchResponse {
  query: string;
  chunks: SearchChunk[];
  faqs: SearchFaq[];
  total_results?: number;
  search_time_ms?: number;
}

/** §4.7 strategies with the same request and response. */
export type SearchStrategy = 'search' | 'faq' | 'advanced' | 'vector' | 'fulltext';

/** §4.9 POST /analysis/catalogs/classify request. */
export interface ClassifyRequest {
  catalog_id: number;
  texts: string[];
  top_n?: number;
  threshold_override?: number;
}

export interface ClassifyCandidate {
  label_path: string[];
  similarity: number;
  template_id?: number | string;
  template_text?: string;
}

export type Verdict = 'strong' | 'medium' | 'weak' | 'none';

export interface ClassifyResult {
  text: string;
  candidates: ClassifyCandidate[];
  best_label_path: string[] | null;
  best_similarity: number;
  verdict: Verdict;
}

/** §4.9 response (the fields the kit reads). */
export interface ClassifyResponse {
  catalog_id: number;
  catalog_name?: string;
  threshold_used?: number;
  results: ClassifyResult[];
  [key: string]: unknown;
}

/** The part of an agent (§2.1) the form reads: which knowledge bases it searches. */
export interface AgentSearchScope {
  id: number;
  rag_config?: { knowledge_base_ids?: Array<string | number> } | null;
}
