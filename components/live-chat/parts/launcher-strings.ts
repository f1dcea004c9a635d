/**
 * The closed launcher's three labels in the five built-in languages, inside the launcher module
 * itself. Measured with `npm run bench` (chat.loader, 4x throttle): fetching them per language,
 * even as a 200-byte module, cost the closed launcher about 3 ms of script and 10-30 ms of main
 * thread before its button had a name. These ~400 bytes gzip are cheaper. They are copies of
 * `src/i18n/locales/launcher/*.ts` (launcher-labels.test.ts checks they are the same); everything
 * else — the unread count's plurals, integrator strings, other languages — comes with the kit's
 * full rule (src/i18n/launcher.ts), lazily.
 */
export interface BuiltInLauncherLabels {
  open: string;
  close: string;
  dialog: string;
}

export const BUILT_IN_LAUNCHER_LABELS: Readonly<Record<string, BuiltInLauncherLabels>> = {
  it: { open: 'Apri la chat', close: 'Chiudi la finestra della chat', dialog: 'Chat' },
  en: { open: 'Open chat', close: 'Close chat window', dialog: 'Chat' },
  de: { open: 'Chat öffnen', close: 'Chatfenster schließen', dialog: 'Chat' },
  fr: { open: 'Ouvrir le chat', close: 'Fermer la fenêtre de chat', dialog: 'Chat' },
  es: { open: 'Abrir el chat', close: 'Cerrar la ventana del chat', dialog: 'Chat' },
};
