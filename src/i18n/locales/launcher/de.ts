import type { Catalogue } from '../../catalogue-types.js';

const launcher: Catalogue['launcher'] = {
  open: 'Chat öffnen',
  close: 'Chatfenster schließen',
  unread: '{n, plural, one {# ungelesene Nachricht} other {# ungelesene Nachrichten}}',
  dialog: 'Chat',
  dismissGreeting: 'Nachricht schließen',
  preview: 'Neue Nachricht von {name}: {text}',
};

export default launcher;
