import { SOURCE_APPS } from './auth-headers.js';

/** A rejected body: 400 for missing / out-of-range values (spec §7), 422 for wrong JSON types. */
export class Invalid extends Error {
  constructor(
    readonly status: 400 | 413 | 422,
    message: string,
  ) {
    super(message);
  }
}

export interface Attachment {
  filename: string;
  content_type: string;
  bytes: Buffer;
}

export interface ChatRequest {
  message: string;
  agent_id: number | null;
  conversation_id?: number;
  external_conversation_id?: string;
  stream: boolean;
  model?: string;
  system_prompt?: string;
  temperature?: number;
  max_tokens?: number;
  files: Attachment[];
  include_sources: boolean;
  include_hidden_sources: boolean;
  template_vars: Record<string, string>;
  classification_intents: Array<{ name: string; description: string }>;
  force_handoff: boolean;
  skip_handoff: boolean;
  skip_scope_check: boolean;
  response_format: 'markdown' | 'html';
  llm_response_format?: Record<string, unknown>;
  metadata: Record<string, unknown>;
  tool_approval?: { approved: boolean; pending_message_id: number };
  external_id?: string;
  source_app?: string;
}

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_FILES = 10;
// A flat character class (no repeated group): linear on multi-megabyte strings.
const BASE64_CHARS = /^[A-Za-z0-9+/]*={0,2}$/;
const isBase64 = (s: string) => s.length % 4 === 0 && BASE64_CHARS.test(s);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function typed<T>(
  body: Json,
  key: string,
  type: 'string' | 'number' | 'boolean' | 'object' | 'array' | 'integer',
): T | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  const ok =
    type === 'array'
      ? Array.isArray(v)
      : type === 'object'
        ? isObject(v)
        : type === 'integer'
          ? Number.isInteger(v)
          : typeof v === type;
  if (!ok) throw new Invalid(422, `${key}: expected ${type}`);
  return v as T;
}

function range(key: string, v: number | undefined, min: number, max: number): void {
  if (v !== undefined && (v < min || v > max)) throw new Invalid(400, `${key} must be between ${min} and ${max}`);
}

/** Checks a POST /chat body against spec §4.2. */
export function parseChatRequest(body: unknown): ChatRequest {
  if (!isObject(body)) throw new Invalid(422, 'Request body must be a JSON object');
  const message = typed<string>(body, 'message', 'string');
  if (message === undefined) throw new Invalid(400, 'message is required');
  if (message.length < 1 || message.length > 32000)
    throw new Invalid(400, 'message must be between 1 and 32000 characters');

  const agent_id = typed<number>(body, 'agent_id', 'integer') ?? null;
  const model = typed<string>(body, 'model', 'string');
  const system_prompt = typed<string>(body, 'system_prompt', 'string');
  if (agent_id === null && (!model || !system_prompt))
    throw new Invalid(400, 'Direct mode (no agent_id) requires model and system_prompt');

  const temperature = typed<number>(body, 'temperature', 'number');
  range('temperature', temperature, 0, 2);
  const max_tokens = typed<number>(body, 'max_tokens', 'integer');
  range('max_tokens', max_tokens, 1, 128000);

  const response_format = typed<string>(body, 'response_format', 'string') ?? 'markdown';
  if (response_format !== 'markdown' && response_format !== 'html')
    throw new Invalid(400, 'response_format must be markdown or html');

  const template_vars = typed<Json>(body, 'template_vars', 'object') ?? {};
  for (const [k, v] of Object.entries(template_vars))
    if (typeof v !== 'string') throw new Invalid(422, `template_vars.${k}: expected string`);

  const intents = typed<unknown[]>(body, 'classification_intents', 'array') ?? [];
  const classification_intents = intents.map((item, i) => {
    if (!isObject(item) || typeof item.name !== 'string' || !item.name)
      throw new Invalid(400, `classification_intents[${i}].name is required`);
    if (item.description !== undefined && typeof item.description !== 'string')
      throw new Invalid(422, `classification_intents[${i}].description: expected string`);
    return { name: item.name, description: (item.description as string | undefined) ?? '' };
  });

  const rawFiles = typed<unknown[]>(body, 'files', 'array') ?? [];
  if (rawFiles.length > MAX_FILES) throw new Invalid(400, `At most ${MAX_FILES} files per message`);
  const files = rawFiles.map((item, i) => parseFile(item, i));

  let tool_approval: ChatRequest['tool_approval'];
  const approval = typed<Json>(body, 'tool_approval', 'object');
  if (approval) {
    if (typeof approval.approved !== 'boolean') throw new Invalid(422, 'tool_approval.approved: expected boolean');
    if (!Number.isInteger(approval.pending_message_id))
      throw new Invalid(422, 'tool_approval.pending_message_id: expected integer');
    tool_approval = { approved: approval.approved, pending_message_id: approval.pending_message_id as number };
  }

  const external_id = typed<string>(body, 'external_id', 'string');
  if (external_id !== undefined && external_id.length > 255)
    throw new Invalid(400, 'external_id must be at most 255 characters');
  const source_app = typed<string>(body, 'source_app', 'string');
  if (source_app !== undefined && (source_app.length > 50 || !SOURCE_APPS.includes(source_app as never))) {
    throw new Invalid(400, `source_app must be one of ${SOURCE_APPS.join(', ')}`);
  }
  const external_conversation_id = typed<string>(body, 'external_conversation_id', 'string');
  if (
    external_conversation_id !== undefined &&
    (external_conversation_id.length < 1 || external_conversation_id.length > 255)
  ) {
    throw new Invalid(400, 'external_conversation_id must be 1-255 characters');
  }
  const mcp = typed<Json>(body, 'mcp_auth', 'object') ?? {};
  for (const [k, v] of Object.entries(mcp))
    if (typeof v !== 'string') throw new Invalid(422, `mcp_auth.${k}: expected string`);

  const bool = (key: string, fallback: boolean) => typed<boolean>(body, key, 'boolean') ?? fallback;
  const conversation_id = typed<number>(body, 'conversation_id', 'integer');
  return {
    message,
    agent_id,
    model,
    system_prompt,
    temperature,
    max_tokens,
    files,
    response_format,
    template_vars: template_vars as Record<string, string>,
    classification_intents,
    tool_approval,
    external_id,
    source_app,
    external_conversation_id,
    conversation_id,
    stream: bool('stream', false),
    include_sources: bool('include_sources', true),
    include_hidden_sources: bool('include_hidden_sources', false),
    force_handoff: bool('force_handoff', false),
    skip_handoff: bool('skip_handoff', false),
    skip_scope_check: bool('skip_scope_check', false),
    llm_response_format: typed<Json>(body, 'llm_response_format', 'object'),
    metadata: typed<Json>(body, 'metadata', 'object') ?? {},
  };
}

function parseFile(item: unknown, i: number): Attachment {
  if (!isObject(item)) throw new Invalid(422, `files[${i}]: expected object`);
  const { filename, content_type, data } = item;
  if (typeof filename !== 'string' || !filename || filename.length > 255)
    throw new Invalid(400, `files[${i}].filename is required (1-255 characters)`);
  if (typeof content_type !== 'string' || !/^[\w.+-]+\/[\w.+-]+$/.test(content_type))
    throw new Invalid(400, `files[${i}].content_type must be a MIME type`);
  if (typeof data !== 'string' || data.length === 0) throw new Invalid(400, `files[${i}].data is required (Base64)`);
  if ((data.length / 4) * 3 > MAX_FILE_BYTES + 2)
    throw new Invalid(413, `files[${i}] is larger than the ${MAX_FILE_BYTES / 1048576} MB upload limit`);
  if (!isBase64(data)) throw new Invalid(400, `files[${i}].data is not valid Base64`);
  return { filename, content_type, bytes: Buffer.from(data, 'base64') };
}

export interface SearchRequest {
  query: string;
  knowledge_base_ids: number[];
  top_k: number;
  min_score: number;
  use_reranking: boolean;
  enable_bm25: boolean;
}

/** Checks a POST /search body against spec §4.7. */
export function parseSearchRequest(body: unknown): SearchRequest {
  if (!isObject(body)) throw new Invalid(422, 'Request body must be a JSON object');
  const query = typed<string>(body, 'query', 'string');
  if (query === undefined) throw new Invalid(400, 'query is required');
  if (query.length < 1 || query.length > 2000) throw new Invalid(400, 'query must be between 1 and 2000 characters');
  const ids = typed<unknown[]>(body, 'knowledge_base_ids', 'array');
  if (!ids || ids.length === 0) throw new Invalid(400, 'knowledge_base_ids must hold at least one id');
  if (!ids.every((id) => Number.isInteger(id))) throw new Invalid(422, 'knowledge_base_ids: expected integers');
  const top_k = typed<number>(body, 'top_k', 'integer') ?? 10;
  range('top_k', top_k, 1, 100);
  const min_score = typed<number>(body, 'min_score', 'number') ?? 0;
  range('min_score', min_score, 0, 1);
  return {
    query,
    knowledge_base_ids: ids as number[],
    top_k,
    min_score,
    use_reranking: typed<boolean>(body, 'use_reranking', 'boolean') ?? false,
    enable_bm25: typed<boolean>(body, 'enable_bm25', 'boolean') ?? true,
  };
}
