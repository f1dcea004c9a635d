// Entry for <sportello-live-chat>: importing it defines the launcher; the chat window (and STOMP)
// load from a separate chunk when the visitor interacts or the browser is idle.
import './live-chat.js';

export { SportelloLiveChat } from './live-chat.js';
export type { HandoffInput, ChatPrefill } from './parts/chat-window.js';
export type { ChatIdDetail } from './events.js';
