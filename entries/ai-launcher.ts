// `sportello/ai-launcher.js` (and `cdn/ai-launcher.js`): the AI panel's small loader. It paints every
// <sportello-ai-chat mode="launcher"> as a closed bubble and imports the panel's own entry (`ai-chat.js`)
// on the first sign of intent, so a page that also loads `ai-chat.js` fetches the panel once.
import { watchAiChats } from '../components/ai-chat/parts/launcher.js';

export { BUILT_IN_BUBBLE_LABELS, loadPanel } from '../components/ai-chat/parts/launcher.js';

watchAiChats({ load: () => import('./ai-chat.js'), files: '__SPORTELLO_PRELOAD:entries/ai-chat.ts__' });
