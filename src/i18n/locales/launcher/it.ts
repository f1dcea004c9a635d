import type { Catalogue } from '../../catalogue-types.js';

const launcher: Catalogue['launcher'] = {
  open: 'Apri la chat',
  close: 'Chiudi la finestra della chat',
  unread: '{n, plural, one {# messaggio non letto} other {# messaggi non letti}}',
  dialog: 'Chat',
  dismissGreeting: 'Chiudi il messaggio',
  preview: 'Nuovo messaggio da {name}: {text}',
};

export default launcher;
