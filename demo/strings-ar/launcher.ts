import type { Catalogue } from '../../src/i18n/catalogue-types.js';

export const launcher: Catalogue['launcher'] = {
  open: 'فتح المحادثة',
  close: 'إغلاق نافذة المحادثة',
  unread:
    '{n, plural, zero {لا رسائل غير مقروءة} one {رسالة واحدة غير مقروءة} two {رسالتان غير مقروءتين} few {# رسائل غير مقروءة} many {# رسالة غير مقروءة} other {# رسالة غير مقروءة}}',
  dialog: 'المحادثة',
  dismissGreeting: 'إخفاء الرسالة',
  preview: 'رسالة جديدة من {name}: {text}',
};
