/**
 * Live chat (specs/desk-and-chat-services.md §4.3 "public"): the widget-facing API the live chat
 * uses, as the service publishes it. No operator API, no exports, no administration. When a
 * visitor token is present its `name` / `email` are the chat's verified identity: they replace
 * what the page sent in a contact request (and in the STOMP `chat.start` frame: ws-proxy.ts).
 * A call that names a chat (queue position, rating, transcript, navigation pages) is served only
 * to the chat's owner (chat-scope.ts: the visitor token, the gateway's session, or the page's
 * `visitorId` of an anonymous visitor); any other chat reads as one that does not exist.
 */
import { Refused, type Call } from '../call.js';
import { chatId, chatOwner } from '../chat-scope.js';
import type { AllowedRoute } from './types.js';

/** The service's own answer for a chat that does not exist: a foreign chat gets exactly this. */
export const CHAT_NOT_FOUND = 'Chat not found';

/** The query keys a chat route passes on, each once; anything else (the page's `visitorId`) stays here. */
function onlyKeys(call: Call, keys: string[]): URLSearchParams {
  const given = call.query();
  const out = new URLSearchParams();
  for (const key of keys) {
    const values = given.getAll(key);
    // One meaning per key: `idChat=mine&idChat=yours` would be read one way here, another there.
    if (values.length > 1) throw new Refused(400, `${key} may be given once`);
    if (values.length === 1) out.set(key, values[0]!);
  }
  return out;
}

/** The chat `raw` names when the caller owns it; otherwise refused as the service refuses a missing chat. */
async function ownChat(call: Call, raw: unknown): Promise<string> {
  const id = chatId(raw);
  const owner = chatOwner(call.visitor, call.query().get('visitorId') ?? undefined);
  if (id === undefined || owner === undefined || (await call.store.owner('chat', id)) !== owner)
    throw new Refused(404, CHAT_NOT_FOUND);
  return id;
}

/** A read of one of the visitor's chats (GET, `idChat` in the query). */
const chatRead = (path: string): AllowedRoute => ({
  service: 'chat',
  method: 'GET',
  path,
  access: 'public',
  async handle(call) {
    const query = onlyKeys(call, ['idChat']);
    await ownChat(call, query.get('idChat'));
    return call.forward(path, { query });
  },
});

/** A write to one of the visitor's chats (POST, `idChat` in the JSON body). */
const chatWrite = (path: string): AllowedRoute => ({
  service: 'chat',
  method: 'POST',
  path,
  access: 'public',
  async handle(call) {
    const body = await call.jsonObject();
    await ownChat(call, body.idChat);
    return call.forward(path, { json: body, query: undefined });
  },
});

const pass = (method: AllowedRoute['method'], path: string, options: { upload?: boolean } = {}): AllowedRoute => ({
  service: 'chat',
  method,
  path,
  access: 'public',
  handle(call) {
    if (options.upload) call.holdUploadSlot();
    return call.forward(
      path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(call.param(name))),
      options.upload
        ? { body: call.cappedStream(), upload: true }
        : method === 'POST'
          ? { body: call.cappedStream(call.config.limits.maxJsonBytes) }
          : {},
    );
  },
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
  chatRead('/public/api/chat/queue-position/'),
  {
    // The transcript goes to the chat's own address (the token's, or the one it started with),
    // never to one the page asks for: a chat's content is mailed to nobody else.
    service: 'chat',
    method: 'GET',
    path: '/public/api/chat/transcription/',
    access: 'public',
    async handle(call: Call) {
      const query = onlyKeys(call, ['idChat']);
      const id = await ownChat(call, query.get('idChat'));
      const email = await call.store.owner('chat-email', id);
      if (!email) throw new Refused(400, 'This chat has no e-mail address to send its transcript to');
      query.set('email', email);
      return call.forward('/public/api/chat/transcription/', { query });
    },
  },
  verifiedContact('/public/api/chat/contact-request-email/'),
  verifiedContact('/public/api/chat/contact-request-phone/'),
  chatWrite('/public/api/chat/rating/'),
  chatWrite('/public/api/chat/add-navigation-page'),
  pass('POST', '/public/api/chat/input/validate'),
  pass('POST', '/public/api/attachments/upload', { upload: true }),
  pass('DELETE', '/public/api/attachments/{uuid}'),
  pass('GET', '/public/api/attachments/download'),
  pass('GET', '/public/api/attachments/image'),
  pass('GET', '/public/api/bot/avatar'),
];
