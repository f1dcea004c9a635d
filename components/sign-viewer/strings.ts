import { translator } from '../../src/i18n/translate.js';
import { hasKey, type KeyOf } from '../../src/i18n/catalogue.js';

/** The signing viewer's strings: the `sign` namespace of the kit's catalogue (src/i18n/locales). */
export type StringKey = KeyOf<'sign'>;
export const t = translator('sign');

/** Keys looked up from a server code, e.g. `status_F`, with the raw code as fallback. */
export function codeKey(
  prefix: 'status_' | 'action_' | 'signerStatus_' | 'event_' | 'ph_',
  code: string | undefined,
): StringKey | undefined {
  const key = `${prefix}${code ?? ''}`;
  return hasKey('sign', key) ? key : undefined;
}
