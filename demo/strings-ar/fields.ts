import type { Catalogue } from '../../src/i18n/catalogue-types.js';

/** A form field's expected format (the desk form and the live chat). */
export const fields: Catalogue['fields'] = {
  formatHint: 'استخدم {chars} فقط.',
  formatHintLength: 'استخدم {chars} فقط ({length}).',
  chars_upper: 'الأحرف اللاتينية الكبيرة',
  chars_lower: 'الأحرف اللاتينية الصغيرة',
  chars_digits: 'الأرقام',
  chars_space: 'المسافات',
  chars_other: 'الرموز {list}',
  lengthRange: 'عدد الأحرف من {min} إلى {max}',
  lengthExact: '{n, plural, zero {لا أحرف} one {حرف واحد} two {حرفان} few {# أحرف} many {# حرفًا} other {# حرف}}',
  lengthMin:
    '{n, plural, zero {أي عدد من الأحرف} one {حرف واحد على الأقل} two {حرفان على الأقل} few {# أحرف على الأقل} many {# حرفًا على الأقل} other {# حرف على الأقل}}',
  listComma: '{a}، {b}',
  listAnd: '{a} و{b}',
  badFormat: 'الصيغة غير صحيحة. {hint}',
};
