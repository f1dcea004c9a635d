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
    /** "Open a request instead": the chat hands over to the page's desk form. Cancelable. */
    'sportello-chat-desk-handoff': CustomEvent<ChatDeskHandoffDetail>;
  }
}
export {};
