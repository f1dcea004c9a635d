import { createApp } from 'vue';
import 'sportello/ai-chat.js'; // defines <sportello-ai-chat>
import App from './App.vue';

createApp(App).mount('#app');
