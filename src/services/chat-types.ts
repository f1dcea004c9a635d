/**
 * What the live-chat service sends and takes, as data: the models its client (src/services/chat.ts)
 * and the controllers above it (the transcript) share. UI-free, imported downwards by both.
 */

export type Sender = 'visitor' | 'operator' | 'bot' | 'system';

export interface ChatAttachment {
  /** Server id (uuid) of the uploaded file. */
  uuid: string;
  name: string;
  size?: number | undefined;
  contentType?: string | undefined;
}

export interface QuickReply {
  label: string;
  /** What is sent when chosen; the label when the server gives no separate value. */
  value: string;
}

/** A message as the server sends it on the chat topic or in a history event. */
export interface ServerMessage {
  id: string | number;
  clientMessageId?: string | null | undefined;
  from: Sender;
  /** A name, or the simulator's `{ idUser?, name }`. */
  author?: string | { idUser?: number | undefined; name?: string | undefined } | null | undefined;
  text?: string | null | undefined;
  attachments?: ChatAttachment[] | null | undefined;
  quickReplies?: QuickReply[] | null | undefined;
  ts?: string | undefined;
  read?: boolean | undefined;
}
