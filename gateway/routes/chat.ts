/**
 * Live chat (specs/desk-and-chat-services.md §4.3 "public"): the widget-facing API the live chat
 * uses, as the service publishes it. No operator API, no exports, no administration. When a
 * visitor token is present its `name` / `email` are the chat's verified identity: they replace
 * what the page sent in a contact request (and in the STOMP `chat.start` frame: ws-proxy.ts).
 */
import type { Call } from '../call.js';
import type { AllowedRoute } from './types.js';

const pass = (method: AllowedRoute['method'], path: string, options: { upload?: boolean } = {}): AllowedRoute => ({
  service: 'chat',
  method,
  path,
  access: 'public',
  handle: (call) =>
    call.forward(
      path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(call.param(name))),
      options.upload
        ? { body: call.cappedStream() }
        : method === 'POST'
          ? { body: call.cappedStream(call.config.limits.maxJsonBytes) }
          : {},
    ),
});

/** A contact request from a signed-in visitor carries the token's name and e-mail. */
function verifiedContact(path: string): AllowedRoute {
  return {
    service: 'chat',
    method: 'GET',
    path,
    access: 'public',
    handle(call: Call) {
      const query = call.query();
      if (call.visitor.kind === 'token') {
        if (call.visitor.name) query.set('name', call.visitor.name);
        if (call.visitor.email && path.endsWith('-email/')) query.set('email', call.visitor.email);
      }
      return call.forward(path, { query });
    },
  };
}

export const chatRoutes: AllowedRoute[] = [
  pass('GET', '/public/api/widget'),
  pass('GET', '/public/api/chat/categories'),
  pass('GET', '/public/api/chat/queue-position/'),
  {
    // A signed-in visitor's transcript goes to the token's address, not to one the page typed.
    service: 'chat',
    method: 'GET',
    path: '/public/api/chat/transcription/',
    access: 'public',
    handle(call: Call) {
      const query = call.query();
      if (call.visitor.kind === 'token' && call.visitor.email) query.set('email', call.visitor.email);
      return call.forward('/public/api/chat/transcription/', { query });
    },
  },
  verifiedContact('/public/api/chat/contact-request-email/'),
  verifiedContact('/public/api/chat/contact-request-phone/'),
  pass('POST', '/public/api/chat/rating/'),
  pass('POST', '/public/api/chat/add-navigation-page'),
  pass('POST', '/public/api/chat/input/validate'),
  pass('POST', '/public/api/attachments/upload', { upload: true }),
  pass('DELETE', '/public/api/attachments/{uuid}'),
  pass('GET', '/public/api/attachments/download'),
  pass('GET', '/public/api/attachments/image'),
  pass('GET', '/public/api/bot/avatar'),
];
