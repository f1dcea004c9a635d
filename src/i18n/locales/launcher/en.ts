/** The closed live-chat launcher's strings: all it needs before the window loads. */
const launcher = {
  open: 'Open chat',
  close: 'Close chat window',
  unread: '{n, plural, one {# unread message} other {# unread messages}}',
  dialog: 'Chat',
  dismissGreeting: 'Dismiss the message',
  preview: 'New message from {name}: {text}',
};

export default launcher;
