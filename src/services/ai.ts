/**
 * Typed client of the AI service chat (specs/ai-service.md §4.2, §2.2, §5). No DOM, no UI: the
 * request goes through the shared transport (auth headers, error normalising) and a streamed
 * answer comes back as typed events. A chat POST is never retried automatically (it would ask
 * the model twice) except on 429, which the transport retries for any method.
 */
import { HttpClient } from '../transport/http.js';
import type {
  AgentSearchScope,
  ClassifyRequest,
  ClassifyResponse,
  SearchRequest,
  SearchResponse,
  SearchStrategy,
} from './ai-search.js';
import { aiApiKey, bearer, none, type AuthStrategy, type SourceApp, type TokenProvider } from '../transport/auth.js';
import { isServiceError } from '../transport/errors.js';
import { openEventBatches, openEventStream, type SseMessage, type SseOptions } from '../transport/sse.js';

/** A conversation as the service describes it (§2.3): what the panel reads of it. */
export interface AiConversation {
  id: number;
  title?: string | null;
  status?: string;
  external_id?: string | null;
  created_at?: string;
  updated_at?: string;
}

export interface AiClientOptions {
  /** `{ai_base_url}/api/v2` or a proxy serving the same paths. */
  endpoint: string;
  /** Development only: `X-Api-Key` (the transport warns off localhost). */
  apiKey?: string | undefined;
  sourceApp?: SourceApp | undefined;
  externalId?: string | undefined;
  /** Bearer token source when the page holds no key (its acceptance by the service: spec §5, not shown). */
  tokenProvider?: TokenProvider | undefined;
  timeoutMs?: number | undefined;
}

export interface AiFile {
  filename: string;
  content_type: string;
  /** Base64, no `data:` prefix. */
  data: string;
}

export interface ClassificationIntent {
  name: string;
  description: string;
}

/** §4.2 request body (the fields this kit sends). */
export interface ChatRequest {
  message: string;
  agent_id?: number | null;
  conversation_id?: number;
  external_conversation_id?: string;
  stream?: boolean;
  model?: string;
  system_prompt?: string;
  files?: AiFile[];
  include_sources?: boolean;
  include_hidden_sources?: boolean;
  template_vars?: Record<string, string>;
  classification_intents?: ClassificationIntent[];
  force_handoff?: boolean;
  skip_handoff?: boolean;
  response_format?: 'markdown' | 'html';
  tool_approval?: { approved: boolean; pending_message_id: number };
  metadata?: Record<string, unknown>;
}

export interface RagSource {
  document_id: string;
  chunk_id?: string | number;
  title: string;
  content_preview?: string;
  relevance_score?: number;
  metadata?: Record<string, unknown> & { url?: string };
  is_visible?: boolean;
}

/**
 * An analysis job (§2.6) as the gateway shows it. A pdf job's `result.response` is the summary; with
 * `create_kb_agent`, `result.agent_id` is the temporary agent for chatting with the document (the
 * spec is silent on that field: the simulator's README says what is assumed).
 */
export interface AnalysisJob {
  id: number;
  type?: string;
  status: 'pending' | 'running' | 'completed' | 'failed';
  result?: { response?: string | null; agent_id?: number | null; pages?: number; language?: string } | null;
  error_message?: string | null;
}

export interface PendingToolCall {
  tool_name?: string;
  name?: string;
  tool_args?: Record<string, unknown>;
  arguments?: Record<string, unknown>;
  description?: string;
  [key: string]: unknown;
}

export interface ChatUsage {
  message_id?: number;
  conversation_id?: number;
  model_used?: string;
  tokens_input?: number;
  tokens_output?: number;
  latency_ms?: number;
  [key: string]: unknown;
}

/** How a stream is handed to the caller. */
export interface StreamReadOptions {
  /**
   * Least time between two batches when the stream is read off the main thread (at least 16 ms):
   * a consumer that renders every 50 ms gains nothing from more, and each batch costs it a task.
   */
  batchIntervalMs?: number;
  /**
   * Longest silence of the stream once it began (ms; 0 or absent: none): after it the request is
   * dropped and the stream ends with a cut of code `stream_stalled` (transport/sse.ts).
   */
  idleTimeoutMs?: number;
}

/** §4.2 stream events, by `type`. */
export type ChatStreamEvent =
  | { type: 'rag_thinking' | 'thinking'; content: string }
  | { type: 'delta' | 'content'; content: string }
  | { type: 'sources'; sources: RagSource[] }
  | { type: 'tool_call'; tool_name: string; tool_args?: Record<string, unknown> }
  | { type: 'tool_approval_required'; pending_tool_calls: PendingToolCall[]; pending_message_id: number }
  | { type: 'confidence'; confidence_score: number; confidence_signals?: unknown; needs_review?: boolean }
  | { type: 'handoff_decision'; handoff_requested: boolean; handoff_reason?: string; handoff_trigger?: string }
  | { type: 'usage'; usage: ChatUsage }
  | { type: 'done' }
  | { type: 'error'; error: string; code?: string };

/** §2.2 whole (non-streaming) answer. */
export interface ChatMessageResponse {
  message_id: number;
  conversation_id: number;
  external_conversation_id?: string | null;
  content: string;
  thinking_content?: string | null;
  content_format?: 'markdown' | 'html';
  model_used?: string;
  tokens_input?: number;
  tokens_output?: number;
  latency_ms?: number;
  rag_sources?: RagSource[];
  confidence_score?: number | null;
  needs_review?: boolean;
  handoff_requested?: boolean;
  handoff_reason?: string | null;
  intent?: string | null;
  tool_calls_count?: number;
  tools_used?: string[];
  pending_tool_approval?: { pending_message_id: number; pending_tool_calls: PendingToolCall[] } | null;
  [key: string]: unknown;
}

function authFor(options: AiClientOptions): AuthStrategy {
  if (options.apiKey) return aiApiKey(options.apiKey, options.sourceApp ?? 'api_direct', options.externalId);
  if (options.tokenProvider) {
    const token = bearer(options.tokenProvider);
    // The service identifies the caller by X-Source-App on every request (§5), token or not.
    return {
      kind: 'bearer',
      headers: async () => ({ ...(await token.headers()), 'X-Source-App': options.sourceApp ?? 'api_direct' }),
      refresh: token.refresh?.bind(token),
    };
  }
  if (options.sourceApp) return { kind: 'none', headers: async () => ({ 'X-Source-App': options.sourceApp! }) };
  return none;
}

export class AiClient {
  private readonly http: HttpClient;

  constructor(options: AiClientOptions) {
    this.http = new HttpClient({
      service: 'ai',
      baseUrl: options.endpoint,
      auth: authFor(options),
      timeoutMs: options.timeoutMs,
    });
  }

  /** POST /chat with `stream: true`: the events in order; the last item is `done`, `error` or a cut. */
  streamChat(request: ChatRequest, signal?: AbortSignal): AsyncGenerator<SseMessage<ChatStreamEvent>> {
    return openEventStream<ChatStreamEvent>(this.http, '/chat', this.streamOptions(request, signal));
  }

  /**
   * The same stream as `streamChat`, one array per network read: a fast answer brings hundreds of
   * `delta` events per read, which a consumer can apply as one piece of text.
   */
  async *streamChatBatches(
    request: ChatRequest,
    signal?: AbortSignal,
    options?: StreamReadOptions,
  ): AsyncGenerator<Array<SseMessage<ChatStreamEvent>>> {
    try {
      yield* openEventBatches<ChatStreamEvent>(this.http, '/chat', this.streamOptions(request, signal, options));
    } catch (error) {
      // Some proxies buffer a stream into the whole answer (§2.2 JSON for `stream: true`): the
      // answer is there, so it is handed over as the events a stream of it would have carried.
      const whole = isServiceError(error) && error.code === 'not_event_stream' ? wholeAnswer(error.body) : undefined;
      if (!whole) throw error;
      yield wholeAnswerEvents(whole).map((data) => ({ kind: 'event', event: 'message', data }));
    }
  }

  private streamOptions(
    request: ChatRequest,
    signal: AbortSignal | undefined,
    options: StreamReadOptions = {},
  ): SseOptions<ChatStreamEvent> {
    return {
      method: 'POST',
      json: { ...request, stream: true },
      signal,
      // Thousands of events per answer: read and parsed in the stream worker when the page allows
      // one. Text deltas only append (the controller joins a batch's deltas too): the worker may
      // send a run of them as one.
      offThread: {
        join: { field: 'type', values: ['delta', 'content'], text: 'content' },
        ...(options.batchIntervalMs !== undefined ? { deliveryIntervalMs: options.batchIntervalMs } : {}),
      },
      ...(options.idleTimeoutMs ? { idleTimeoutMs: options.idleTimeoutMs } : {}),
      // An `error` event ends the answer as surely as `done` does.
      isTerminal: (data) => data?.type === 'done' || data?.type === 'error',
    };
  }

  /** POST /chat with `stream: false`: the whole answer (§2.2). */
  /** POST /search, or a variant with the same shapes (`/search/faq` …), §4.7. Safe to retry. */
  search(request: SearchRequest, strategy: SearchStrategy = 'search', signal?: AbortSignal): Promise<SearchResponse> {
    const path = strategy === 'search' ? '/search' : `/search/${strategy}`;
    return this.http.json<SearchResponse>(path, { method: 'POST', json: request, signal, retry: true });
  }

  /** POST /analysis/catalogs/classify, §4.9. */
  classify(request: ClassifyRequest, signal?: AbortSignal): Promise<ClassifyResponse> {
    return this.http.json<ClassifyResponse>('/analysis/catalogs/classify', {
      method: 'POST',
      json: request,
      signal,
      retry: true,
    });
  }

  /**
   * The gateway's form of POST /analysis/pdf (§4.8) for a signing document: the page names the
   * document and the summary's language; the gateway reads the PDF and sends it itself, with
   * `create_kb_agent`. Answers the job (202 pending, or 200 when the analysis is already there).
   */
  analyseSigningDocument(idDocument: number, language: string, signal?: AbortSignal): Promise<AnalysisJob> {
    return this.http.json<AnalysisJob>('/analysis/pdf', {
      method: 'POST',
      json: { idDocument, language },
      signal,
      retry: true,
    });
  }

  /** GET /analysis/{id}: an analysis job and, once `completed`, its result (§2.6). */
  analysis(id: number, signal?: AbortSignal): Promise<AnalysisJob> {
    return this.http.json<AnalysisJob>(`/analysis/${encodeURIComponent(String(id))}`, { signal, retry: true });
  }

  /** GET /agents/{agent_id}: which knowledge bases the agent searches (§2.1 `rag_config`). */
  agent(agentId: number, signal?: AbortSignal): Promise<AgentSearchScope> {
    return this.http.json<AgentSearchScope>(`/agents/${encodeURIComponent(String(agentId))}`, { signal });
  }

  /** GET /conversations/{conversation_id}: a conversation's detail (§2.3), without its messages (the spec shows no endpoint for them). */
  conversation(conversationId: number, signal?: AbortSignal): Promise<AiConversation> {
    return this.http.json<AiConversation>(`/conversations/${encodeURIComponent(String(conversationId))}`, { signal });
  }

  chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatMessageResponse> {
    return this.http.json<ChatMessageResponse>('/chat', {
      method: 'POST',
      json: { ...request, stream: false },
      signal,
      retry: false,
    });
  }
}

/** A §2.2 answer in an error body (a JSON answer to a streamed request), or undefined. */
function wholeAnswer(body: unknown): ChatMessageResponse | undefined {
  const answer = body as Partial<ChatMessageResponse> | null | undefined;
  return answer && typeof answer === 'object' && typeof answer.content === 'string'
    ? (answer as ChatMessageResponse)
    : undefined;
}

/** The stream events (§4.2) a whole answer (§2.2) stands for, in stream order, ending with `done`. */
export function wholeAnswerEvents(answer: ChatMessageResponse): ChatStreamEvent[] {
  const events: ChatStreamEvent[] = [];
  if (answer.thinking_content) events.push({ type: 'thinking', content: answer.thinking_content });
  for (const name of answer.tools_used ?? []) events.push({ type: 'tool_call', tool_name: name });
  const pending = answer.pending_tool_approval;
  if (pending)
    events.push({
      type: 'tool_approval_required',
      pending_tool_calls: pending.pending_tool_calls ?? [],
      pending_message_id: pending.pending_message_id,
    });
  if (answer.content) events.push({ type: 'delta', content: answer.content });
  if (answer.rag_sources?.length) events.push({ type: 'sources', sources: answer.rag_sources });
  if (typeof answer.confidence_score === 'number')
    events.push({
      type: 'confidence',
      confidence_score: answer.confidence_score,
      needs_review: Boolean(answer.needs_review),
    });
  if (answer.handoff_requested !== undefined)
    events.push({
      type: 'handoff_decision',
      handoff_requested: Boolean(answer.handoff_requested),
      ...(answer.handoff_reason ? { handoff_reason: answer.handoff_reason } : {}),
    });
  events.push({
    type: 'usage',
    usage: {
      message_id: answer.message_id,
      conversation_id: answer.conversation_id,
      model_used: answer.model_used,
      tokens_input: answer.tokens_input,
      tokens_output: answer.tokens_output,
      latency_ms: answer.latency_ms,
      intent: answer.intent,
      sentiment: answer.sentiment,
    },
  });
  events.push({ type: 'done' });
  return events;
}

/** Reads a File as the spec's `files` item (Base64 without the data: prefix). */
export async function fileToAiFile(file: File): Promise<AiFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) binary += String.fromCharCode(...bytes.subarray(i, i + step));
  return { filename: file.name, content_type: file.type || 'application/octet-stream', data: btoa(binary) };
}
