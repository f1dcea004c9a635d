import type { ChatUsage } from '../../src/services/ai.js';
import type { CitedSource } from '../../src/model/ai/messages.js';
import type { AssistantMessage } from '../../src/model/ai/messages.js';

/** `sportello-handoff`: the visitor should talk to a person (service decision or their request). */
export interface AiHandoffDetail {
  /** One or two sentences for the operator: the reason and the visitor's last question. */
  summary: string;
  /** "Visitor: …\nAssistant: …" of the last exchanges. */
  transcript: string;
  conversationId?: number | undefined;
  reason?: string | undefined;
  /** `user_request`, `low_confidence`, `button`, … */
  trigger?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
}

/** `sportello-citation`: the visitor activated an answer's citation marker `[n]`. */
export interface AiCitationDetail {
  /** The marker's number: the n-th of the answer's sources. */
  citation: number;
  /** The cited source as the service sent it (`metadata` included: a document's page, for example). */
  source: CitedSource;
}

/** `sportello-ai-message`: an answer finished (or the visitor sent a question). */
export interface AiMessageDetail {
  role: 'user' | 'assistant';
  text: string;
  conversationId?: number | undefined;
  /** An answer's classification of the question, as the service returns it (usage / §2.2 `intent`). */
  intent?: string | undefined;
  /** The visitor's sentiment as the service judged it (`sentiment`), when it sends one. */
  sentiment?: unknown;
  /** The answer's confidence (0–1) and whether the service wants it reviewed. */
  confidence?: number | undefined;
  needsReview?: boolean | undefined;
}

/**
 * `sportello-feedback`: the visitor rated an answer (thumbs up or down, or took the rating back),
 * then, if they choose, said why (`reason`, `comment`) in a second event for the same answer. The AI
 * service shows no feedback endpoint in its spec: the page records it where it wants.
 */
export interface AiFeedbackDetail {
  /** `up`, `down`, or `null` when the visitor took the rating back. */
  rating: 'up' | 'down' | null;
  /** The service's id of the answer (`usage.message_id`), when it sent one. */
  messageId?: number | undefined;
  conversationId?: number | undefined;
  /** The answer as received (markdown or html source) and the question it answered. */
  answer: string;
  question?: string | undefined;
  /**
   * Why, when the visitor says so in the form after rating (a second event for the same answer):
   * `incorrect`, `incomplete`, `unclear`, `outdated` or `other` after thumbs down; `accurate`,
   * `clear`, `complete` or `other` after thumbs up.
   */
  reason?: string | undefined;
  /** The visitor's comment (at most 1000 characters), with or without a reason. */
  comment?: string | undefined;
}

/** `sportello-ai-message` of a finished answer: its text and what the service said of it. */
export function answerDetail(message: AssistantMessage, conversationId: number | undefined): AiMessageDetail {
  return {
    role: 'assistant',
    text: message.text,
    conversationId,
    ...(message.intent !== undefined ? { intent: message.intent } : {}),
    ...(message.sentiment !== undefined ? { sentiment: message.sentiment } : {}),
    ...(message.confidence
      ? { confidence: message.confidence.score, needsReview: message.confidence.needsReview }
      : {}),
  };
}

declare global {
  interface GlobalEventHandlersEventMap {
    'sportello-handoff': CustomEvent<AiHandoffDetail>;
    'sportello-usage': CustomEvent<ChatUsage>;
    'sportello-ai-message': CustomEvent<AiMessageDetail>;
    'sportello-feedback': CustomEvent<AiFeedbackDetail>;
  }
}
