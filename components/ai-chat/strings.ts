import { translator } from '../../src/i18n/translate.js';
import type { KeyOf } from '../../src/i18n/catalogue-types.js';

/** The assistant panel's strings: the `ai` namespace of the kit's catalogue (src/i18n/locales). */
export type AiChatStringKey = KeyOf<'ai'>;
export const t = translator('ai');
