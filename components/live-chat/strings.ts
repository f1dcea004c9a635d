import { translator } from '../../src/i18n/translate.js';
import type { KeyOf } from '../../src/i18n/catalogue-types.js';

/** The chat window's strings: the `chat` namespace of the kit's catalogue; the widget's server labels override them by key. */
export type ChatKey = KeyOf<'chat'>;
export const t = translator('chat');
