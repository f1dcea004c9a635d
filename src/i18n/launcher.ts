/**
 * The closed live-chat launcher's strings. The launcher is one small module with no static
 * imports (its budget: bench `chat.loader`); it carries its three labels in the five built-in
 * languages and imports this module only when they may not be the last word (the page configured
 * the kit, a language the kit does not ship, an unread count, the window opened). This module
 * resolves the language with the kit's one rule and loads only the launcher's strings of that
 * language (a few hundred bytes), not the whole catalogue.
 */
import type { Strings } from './catalogue-types.js';
import type { Lang } from './lang.js';
import { languageOf, stringsReady, template, translator } from './translate.js';

const t = translator('launcher');

export interface LauncherLabels {
  lang: Lang;
  open: string;
  close: string;
  dialog: string;
  /** The unread message's template (to compare labels without formatting a number). */
  unreadMessage: string;
  /** "3 unread messages", formatted (Intl plural rules) only when there are some. */
  unread(n: number): string;
}

/** The launcher's labels in the language `element` speaks, once they have arrived. */
export async function launcherLabels(element: Element & { strings?: Strings | undefined }): Promise<LauncherLabels> {
  const lang = languageOf(element);
  await stringsReady(lang, element, 'launcher');
  const speaker = { language: lang, strings: element.strings, context: element };
  return {
    lang,
    open: t(speaker, 'open'),
    close: t(speaker, 'close'),
    dialog: t(speaker, 'dialog'),
    unreadMessage: template(speaker, 'launcher', 'unread'),
    unread: (n) => t(speaker, 'unread', { n }),
  };
}
