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
import { chatId, chatOwner, isVerifiedOwner } from '../chat-scope.js';
import { MESSAGES } from '../errors.js';
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

/** The messages of a past chat a visitor gets back (the newest), as on the device that kept it. */
const PAST_CHAT_MESSAGES = 200;

interface ServiceMessage {
  id?: unknown;
  from?: unknown;
  text?: unknown;
  ts?: unknown;
  author?: { name?: unknown } | null;
  attachments?: Array<{ uuid?: unknown; name?: unknown; size?: unknown; contentType?: unknown }>;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A message as the visitor saw it: who, what, when, the files' names (nothing of the operator's side). */
function visitorMessage(m: ServiceMessage) {
  const from = text(m.from);
  if (from !== 'visitor' && from !== 'operator' && from !== 'bot' && from !== 'system') return undefined;
  if (typeof m.id !== 'number' && typeof m.id !== 'string') return undefined;
  return {
    id: m.id,
    from,
    text: text(m.text) ?? '',
    ts: text(m.ts),
    author: from === 'visitor' ? undefined : text(m.author?.name),
    attachments: (m.attachments ?? []).flatMap((a) =>
      text(a.uuid) && text(a.name)
        ? [
            {
              uuid: a.uuid,
              name: a.name,
              size: typeof a.size === 'number' ? a.size : undefined,
              contentType: text(a.contentType),
            },
          ]
        : [],
    ),
  };
}

/** One of the visitor's ended chats, read from the service with the gateway's chat token; undefined when not ended. */
async function pastChat(call: Call, idChat: string) {
  const [detail, history] = await Promise.all([
    call.upstreamJson({ path: `/api/chat/${idChat}` }),
    call.upstreamJson({ path: `/api/chat/history/${idChat}` }),
  ]);
  const chat = detail.body as { closed?: unknown; tsIns?: unknown } | undefined;
  const record = history.body as { messages?: unknown; events?: Array<{ type?: unknown; ts?: unknown }> } | undefined;
  // The running chat is the device's own (it follows the visitor from page to page already).
  if (detail.status !== 200 || history.status !== 200 || chat?.closed !== true) return undefined;
  const messages = (Array.isArray(record?.messages) ? (record.messages as ServiceMessage[]) : [])
    .map(visitorMessage)
    .filter((m) => m !== undefined)
    .slice(-PAST_CHAT_MESSAGES);
  if (!messages.length) return undefined;
  const closed = [...(record?.events ?? [])].reverse().find((e) => e.type === 'closed');
  return {
    idChat,
    startedAt: text(chat.tsIns) ?? messages[0]!.ts,
    endedAt: text(closed?.ts) ?? messages.at(-1)!.ts,
    operator: messages.find((m) => m.from === 'operator' && m.author)?.author,
    messages,
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
  {
    // The gateway's own (not the chat service's): a verified visitor's ended chats, on any device —
    // those started under the same token `sub` (recorded by ws-proxy.ts as they start). The service's
    // public API cannot list a visitor's chats; its operator API can, with the gateway's chat token
    // (`SPORTELLO_GATEWAY_CHAT_TOKEN`): without one there is nothing to serve, and the widget keeps
    // past chats on the device only. Each chat is checked to be the caller's before it is read.
    service: 'chat',
    method: 'GET',
    path: '/sportello/past-chats',
    access: 'token',
    async handle(call: Call) {
      if (!call.config.chat.token) throw new Refused(404, MESSAGES.notAllowed);
      await call.limit('past-chats', 'rate_past_chats', 10, 60);
      const owner = chatOwner(call.visitor, undefined);
      if (!owner || !isVerifiedOwner(owner)) throw new Refused(401, MESSAGES.needsToken);
      const ids = await call.store.recall('chats-of', owner);
      const mine = await Promise.all(
        ids.map(async (id) => ((await call.store.owner('chat', id)) === owner ? id : undefined)),
      );
      const chats = await Promise.all(mine.filter((id) => id !== undefined).map((id) => pastChat(call, id)));
      return call.reply
        .header('content-type', 'application/json')
        .send(JSON.stringify({ chats: chats.filter((c) => c !== undefined) }));
    },
  },
];
