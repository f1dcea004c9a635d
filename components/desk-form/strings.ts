import { translator } from '../../src/i18n/translate.js';
import type { KeyOf } from '../../src/i18n/catalogue-types.js';

/** The help-desk form's strings: the `desk` namespace of the kit's catalogue (src/i18n/locales). */
export type DeskStringKey = KeyOf<'desk'>;
export const t = translator('desk');
