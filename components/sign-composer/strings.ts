import { translator } from '../../src/i18n/translate.js';
import type { KeyOf } from '../../src/i18n/catalogue-types.js';

/** The composer's strings: the `compose` namespace, a module apart (src/i18n/locales/compose). */
export type StringKey = KeyOf<'compose'>;
export const t = translator('compose');
