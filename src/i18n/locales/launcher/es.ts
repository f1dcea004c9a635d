import type { Catalogue } from '../../catalogue-types.js';

const launcher: Catalogue['launcher'] = {
  open: 'Abrir el chat',
  close: 'Cerrar la ventana del chat',
  unread: '{n, plural, one {# mensaje sin leer} other {# mensajes sin leer}}',
  dialog: 'Chat',
  dismissGreeting: 'Cerrar el mensaje',
  preview: 'Nuevo mensaje de {name}: {text}',
};

export default launcher;
