import type { Lang } from '../../src/i18n/lang.js';

/** The few strings the closed launcher needs, kept apart so the loader stays tiny. */
const strings = {
  en: { open: 'Open chat', close: 'Close chat window', unread: '{n} unread', dialog: 'Chat' },
  it: { open: 'Apri la chat', close: 'Chiudi la finestra della chat', unread: '{n} non letti', dialog: 'Chat' },
} as const;

export function launcherText(lang: Lang, key: keyof (typeof strings)['en'], n = 0): string {
  return (strings[lang] ?? strings.en)[key].replace('{n}', String(n));
}

/**
 * `resolveLang` of src/i18n/lang.ts, line for line, for the closed launcher only: that module is
 * shared by every entry, so the bundler puts it in a chunk of its own, and importing it costs the
 * launcher a second module request before it can paint (about 5-9 ms of main thread at 4x CPU
 * throttle in the chat.loader A/B). launcher-strings.test.ts checks that both give the same answer.
 */
export function launcherLang(element: Element): Lang {
  let node: Node | null = element;
  while (node) {
    if (node instanceof Element && node.hasAttribute('lang')) {
      const found = normalise(node.getAttribute('lang'));
      if (found) return found;
    }
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return normalise(document.documentElement.lang) ?? normalise(navigator.language) ?? 'en';
}

function normalise(tag: string | null | undefined): Lang | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'it' || primary === 'en') return primary;
  return undefined;
}
