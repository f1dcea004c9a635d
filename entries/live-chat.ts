// `sportello/live-chat.js` (and `cdn/live-chat.js`): defines <sportello-live-chat>, whose closed launcher is
// light; the chat window (and STOMP) load from a separate chunk when the visitor interacts or the browser is idle.
export * from '../components/live-chat/index.js';
