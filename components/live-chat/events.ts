/** Events of `<sportello-live-chat>`. */
import type { WidgetLook } from '../../src/model/chat/widget-look.js';
export interface ChatIdDetail {
  idChat: string;
}
export interface ChatIncomingDetail {
  count: number;
  /** The newest of them, for the preview above the closed launcher: who wrote it and its plain text. */
  preview?: { from: string; text: string } | undefined;
}
/** The widget's look from the service's configuration, with readable text colours (src/model/chat/widget-look.ts). */
export type ChatLookDetail = WidgetLook;

/** The chat hands over to a desk form (`desk-target`): what it passes. */
export interface ChatDeskHandoffDetail {
  /** id of the `<sportello-desk-form>`. */
  target: string;
  subject: string;
  transcript: string;
  name: string;
  email: string;
}

/** An answer from the AI service's knowledge solved the visitor's problem before a chat (`answers-kb` / `answers-agent`). */
export interface ChatDeflectedDetail {
  /** The question as the visitor wrote it. */
  question: string;
  /** The FAQ's (or passage's) id in the knowledge base. */
  answerId: string;
  kind: 'faq' | 'chunk';
  title: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    /** The chat window opened. */
    'sportello-chat-open': CustomEvent<Record<string, never>>;
    /** The chat window closed (the chat itself may go on). */
    'sportello-chat-close': CustomEvent<Record<string, never>>;
    /** A conversation started. */
    'sportello-chat-started': CustomEvent<ChatIdDetail>;
    /** A conversation ended (either side closed it). */
    'sportello-chat-ended': CustomEvent<ChatIdDetail>;
    /** Internal: the window asks its launcher to close. */
    'sportello-chat-close-request': CustomEvent<Record<string, never>>;
    /** Internal: messages from others arrived (for the unread badge). */
    'sportello-chat-incoming': CustomEvent<ChatIncomingDetail>;
    /** Internal: the widget's configuration arrived (colours, position) for the launcher. */
    'sportello-chat-look': CustomEvent<ChatLookDetail>;
    /** An answer before a chat solved the visitor's problem: no chat was started. */
    'sportello-chat-deflected': CustomEvent<ChatDeflectedDetail>;
    /** "Open a request instead": the chat hands over to the page's desk form. Cancelable. */
    'sportello-chat-desk-handoff': CustomEvent<ChatDeskHandoffDetail>;
  }
}
export {};
