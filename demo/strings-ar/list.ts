import type { Catalogue } from '../../src/i18n/catalogue-types.js';

/** The message list shared by the live chat and the assistant. */
export const list: Catalogue['list'] = {
  log: 'المحادثة',
  pending: 'جارٍ الإرسال…',
  sent: 'أُرسلت',
  read: 'قُرئت',
  failed: 'لم تُرسل',
  retry: 'إعادة المحاولة',
  you: 'أنت',
  newMessages: 'رسائل جديدة',
};
