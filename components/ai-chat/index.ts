// Entry for <sportello-ai-chat>: importing it defines the element.
import { SportelloAiChat } from './ai-chat.js';

SportelloAiChat.define('sportello-ai-chat', SportelloAiChat);

export { SportelloAiChat };
export type { AiCitationDetail, AiHandoffDetail, AiMessageDetail } from './events.js';
