/**
 * The AI conversation as the panel holds it: questions, answers with everything around them (steps,
 * reasoning, sources, tools, approvals, confidence), and where answers are shown. State only: the
 * controller changes it, the element renders it.
 */
import type { AiFile, ChatRequest, PendingToolCall, RagSource } from '../../services/ai.js';
import type { ServiceError } from '../../transport/errors.js';

/** How an answer's text is written: markdown (the default) or html (sanitised when shown). */
export type ContentFormat = 'markdown' | 'html';

/**
 * Where answers are shown. The element owns the DOM (one view per answer); the controller only
 * tells it what arrived, so it holds state and no nodes.
 */
export interface AnswerDisplay {
  /** A new answer, or one started again (retry): whatever shows `id` starts empty. */
  start(id: string, format: ContentFormat): void;
  append(id: string, text: string): void;
  /** All of the text has arrived: resolves once all of it is shown (the display may pace it). */
  complete(id: string): Promise<void>;
  /** Show what arrived, now (stopped, failed, restored). */
  finish(id: string): void;
}

/** A source with its position in the service's list (1-based): what `[n]` markers in the answer cite. */
export type CitedSource = RagSource & { citation: number };

export type AssistantStatus = 'waiting' | 'streaming' | 'done' | 'stopped' | 'error' | 'approval';

/** A tool call's state: running until the answer goes on, waiting for the visitor, or its outcome. */
export type ToolState = 'running' | 'done' | 'approval' | 'denied' | 'error';

export interface ToolActivity {
  name: string;
  args?: Record<string, unknown> | undefined;
  state: ToolState;
  /** What the tool returned, where the service sends it (the spec's `tool_call` has no result field). */
  result?: unknown;
}

export interface ApprovalRequest {
  pendingMessageId: number;
  calls: PendingToolCall[];
  decision?: 'approved' | 'denied' | undefined;
}

export interface UserMessage {
  id: string;
  role: 'user';
  text: string;
  files: string[];
  /** The pictures among the files, as sent (for thumbnails; not kept on the device). */
  images?: AiFile[] | undefined;
}

/** A reason (a code of the panel's list) and a comment, either or both. */
export interface AnswerFeedback {
  reason?: string | undefined;
  comment?: string | undefined;
}

export interface AssistantMessage {
  id: string;
  role: 'assistant';
  status: AssistantStatus;
  /** The answer's text as received (markdown or html source). */
  text: string;
  format: ContentFormat;
  /** The retrieval steps (`rag_thinking`: one event per step). */
  ragSteps: string[];
  /** The model's reasoning (`thinking`: streamed in pieces). */
  thinking: string;
  /** When the reasoning began and how long it took (ms, set when the answer itself starts). */
  thinkingStartedAt?: number | undefined;
  thoughtMs?: number | undefined;
  sources: CitedSource[];
  tools: ToolActivity[];
  approval?: ApprovalRequest | undefined;
  confidence?: { score: number; needsReview: boolean; signals?: Record<string, unknown> | undefined } | undefined;
  /** The service's id of this answer (`usage.message_id`), for feedback the page records. */
  serviceMessageId?: number | undefined;
  /** What the service suggests asking next (its follow-up tool call, follow-ups.ts); none when it gave none. */
  followUps?: string[] | undefined;
  /** The visitor's rating of the answer (kept on this device only: the spec has no feedback endpoint). */
  rating?: 'up' | 'down' | undefined;
  /** What the visitor said of the answer beyond the rating, once sent (`sportello-feedback`). */
  feedback?: AnswerFeedback | undefined;
  /** The classification of the question, from the answer's usage (§4.2) or whole answer (§2.2). */
  intent?: string | undefined;
  sentiment?: unknown;
  handoff?: { requested: boolean; reason?: string | undefined; trigger?: string | undefined } | undefined;
  error?: ServiceError | undefined;
  /** What to send again on retry. */
  request: ChatRequest;
}

export type ChatMessage = UserMessage | AssistantMessage;

let counter = 0;
/** A message id unique on this page (the service's own ids come later, and not for questions). */
export const nextId = (): string => `m${Date.now().toString(36)}${(counter++).toString(36)}`;
