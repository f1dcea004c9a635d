/**
 * What the chat controller needs from the real-time side, whether this tab holds the socket or
 * uses another tab's (shared-realtime.ts).
 */
import type { ServiceError } from '../transport/errors.js';
import type { StompState } from '../transport/stomp.js';
import type { ChatClient, ChatEvent, StartChatInput } from '../services/chat.js';

/** `solo`: own socket, no sharing; `leader`: holds the site's socket; `follower`: uses the leader's. */
export type TabRole = 'solo' | 'leader' | 'follower';
export type RealtimeState = StompState | 'idle';

/** What the chat controller needs from the real-time side, whether it holds the socket or not. */
export interface ChatRealtime {
  readonly state: RealtimeState;
  onState(listener: (s: StompState) => void): () => void;
  onError(listener: (e: ServiceError) => void): () => void;
  startChat(input: StartChatInput): Promise<string>;
  watchChat(
    idChat: string,
    onEvent: (e: ChatEvent) => void,
    lastServerId: () => string | undefined,
  ): Promise<() => void>;
  sendMessage(idChat: string, message: OutgoingMessage): void;
  typing(idChat: string, typing: boolean): void;
  closeChat(idChat: string): void;
  reconnectNow(): void;
  stop(): Promise<void>;
}

export type OutgoingMessage = Parameters<ChatClient['sendMessage']>[1];
