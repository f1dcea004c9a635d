import type { Lang } from '../../src/i18n/lang.js';

/** The few strings the closed launcher needs, kept apart so the loader stays tiny. */
const strings = {
  en: { open: 'Open chat', close: 'Close chat', unread: '{n} unread', dialog: 'Chat' },
  it: { open: 'Apri la chat', close: 'Chiudi la chat', unread: '{n} non letti', dialog: 'Chat' },
} as const;

export function launcherText(lang: Lang, key: keyof (typeof strings)['en'], n = 0): string {
  return (strings[lang] ?? strings.en)[key].replace('{n}', String(n));
}
