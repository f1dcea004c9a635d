// `sportello/ai-chat.js` (and `cdn/ai-chat.js`): defines <sportello-ai-chat>, the whole panel at once.
export * from '../components/ai-chat/index.js';
