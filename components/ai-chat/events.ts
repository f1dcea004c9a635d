import type { ChatUsage } from '../../src/services/ai.js';

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

/** `sportello-message`: an answer finished (or the visitor sent a question). */
export interface AiMessageDetail {
  role: 'user' | 'assistant';
  text: string;
  conversationId?: number | undefined;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'sportello-handoff': CustomEvent<AiHandoffDetail>;
    'sportello-usage': CustomEvent<ChatUsage>;
    'sportello-ai-message': CustomEvent<AiMessageDetail>;
  }
}

export {};
