/**
 * The shapes the live-chat controller shares with its parts (event reducer, uploads, pre-chat,
 * persistence) and with the element that renders it. No behaviour here. What the controller asks of
 * its element is controllers/chat/live-chat-host.ts.
 */
import type { ChatAttachment } from './transcript.js';

export type ChatPhase =
  | 'idle'
  | 'loading'
  | 'error'
  | 'prechat'
  | 'offline'
  | 'offline-sent'
  | 'starting'
  | 'queued'
  | 'chatting'
  | 'ended'
  | 'rated';

export interface UploadItem {
  key: string;
  name: string;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  /** Why it was refused, as a code the window words: the widget's limits, or the service's reason for a 400 (no retry). */
  error?: string | undefined;
  /** A failure with no reason about the file (network, 5xx, 429…), worded by kind; a retry may work. */
  failure?: Error | undefined;
  file: File;
  attachment?: ChatAttachment | undefined;
  abort?: AbortController | undefined;
}

export interface PrechatInput {
  name: string;
  email: string;
  idChatCategory?: string | undefined;
  message: string;
  consent: boolean;
  /** Said before the visitor's own message (a conversation handed over by the AI panel). */
  context?: string | undefined;
  /** The widget's custom pre-chat fields (its configuration's `prechatFields`), by name. */
  fields?: Record<string, string | boolean> | undefined;
}

export interface ContactInput {
  name: string;
  channel: 'email' | 'phone';
  email: string;
  phone: string;
  message: string;
  consent: boolean;
}

/** The operator answering, as the window shows them. */
export interface ChatOperator {
  name?: string | undefined;
  avatar?: string | undefined;
  /** The service's `idUser`, where it says: two operators may share a nickname. */
  id?: number | undefined;
}
