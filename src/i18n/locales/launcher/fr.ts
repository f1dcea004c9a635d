import type { Catalogue } from '../../catalogue-types.js';

const launcher: Catalogue['launcher'] = {
  open: 'Ouvrir le chat',
  close: 'Fermer la fenêtre de chat',
  unread: '{n, plural, one {# message non lu} other {# messages non lus}}',
  dialog: 'Chat',
  dismissGreeting: 'Fermer le message',
  preview: 'Nouveau message de {name} : {text}',
};

export default launcher;
