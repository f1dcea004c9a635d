import { createApp } from 'vue';
import 'sportello/ai-chat.js'; // defines <sportello-ai-chat>
import 'sportello/live-chat.js'; // defines <sportello-live-chat>: a light launcher, its window fetched on intent
import App from './App.vue';

createApp(App).mount('#app');
