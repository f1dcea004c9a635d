/**
 * The authenticated REST endpoints (`/api/...`, header `X-ChatToken`) a widget or the demo's
 * operator page uses: chat detail and history, list, join, close, the pending lists, categories and
 * operator availability.
 */
import type { IncomingMessage } from 'node:http';
import { queryInt, readJson, sendJson, type Handler, type Router, type SimRequest } from '../core/http-kit.js';
import type { ChatAutomation } from './chat-automation.js';
import { fail } from './chat-http.js';
import { chatResource, operatorRef, type Chat, type ChatStore } from './chat-store.js';
import type { Availability, OperatorPresence } from './operator-presence.js';
import { CATEGORIES, pickLanguage, SCRIPT_OPERATOR, USERS } from './seed.js';
import { LIMITS, parseId } from './validation.js';
import {
  setWidgetConfiguration,
  prechatPatternProblem,
  widgetConfiguration,
  WIDGET_IDS,
  type WidgetConfiguration,
} from './widget-configuration.js';

export const CHAT_TOKEN = 'demo-chat-token';

export interface OperatorApiDeps {
  store: ChatStore;
  automation: ChatAutomation;
  presence: OperatorPresence;
}

/** Wraps a handler with the X-ChatToken check (401 missing or wrong). */
const authed =
  (handler: Handler): Handler =>
  (r) => {
    const token = r.req.headers['x-chattoken'];
    if (token === undefined || token === '') return fail(r.res, 401, 'Missing X-ChatToken header');
    if (token !== CHAT_TOKEN) return fail(r.res, 401, 'Invalid X-ChatToken');
    return handler(r);
  };

const SEEDED_NICKNAMES = new Map(USERS.map((u) => [u.idUser, u.nickname]));

/** Gives the seeded users their nicknames back (`POST /__sim/reset`). */
export function resetNicknames(): void {
  for (const user of USERS) user.nickname = SEEDED_NICKNAMES.get(user.idUser) ?? user.nickname;
}

export function mountOperatorApi(router: Router, deps: OperatorApiDeps): void {
  const { store, automation, presence } = deps;
  const resource = (chat: Chat) => chatResource(chat, store);

  /** Finds the chat of a path parameter, or answers 400/404 and returns undefined. */
  const chatParam = ({ res, params }: SimRequest): Chat | undefined => {
    const id = parseId(params.idChat);
    if (!id) {
      fail(res, 400, 'idChat must be a positive integer', { idChat: 'invalid' });
      return undefined;
    }
    const chat = store.get(id);
    if (!chat) fail(res, 404, `Chat ${id} not found`);
    return chat;
  };

  router.get(
    '/api/chat/categories/',
    authed(({ res, query }) => {
      const language = pickLanguage(query.get('language') ?? 'it');
      sendJson(
        res,
        200,
        CATEGORIES.map((c) => ({
          idChatCategory: c.idChatCategory,
          code: c.code,
          title: c.title[language],
          description: c.description[language],
          active: c.active,
          opened: c.opened,
          priority: c.priority,
          color: c.color,
          lang: language,
          ...(query.get('counters') === 'true'
            ? { pending: store.pending().filter((p) => p.category === c).length }
            : {}),
        })),
      );
    }),
  );

  router.get(
    '/api/chat/pending/categories/',
    authed(({ res }) => {
      sendJson(
        res,
        200,
        CATEGORIES.map((c) => ({
          idChatCategory: c.idChatCategory,
          code: c.code,
          title: c.title.it,
          pending: store.pending().filter((p) => p.category === c).length,
        })),
      );
    }),
  );

  router.get(
    '/api/chat/pending/operator/{idUser}/count',
    authed((r) => {
      if (!operatorParam(r)) return;
      sendJson(r.res, 200, { count: store.pending().length });
    }),
  );
  router.get(
    '/api/chat/pending/operator/{idUser}/top/{top}',
    authed((r) => {
      if (!operatorParam(r)) return;
      const top = parseId(r.params.top);
      if (!top) return fail(r.res, 400, 'top must be a positive integer', { top: 'invalid' });
      sendJson(r.res, 200, store.pending().slice(0, top).map(resource));
    }),
  );
  router.get(
    '/api/chat/pending/operator/{idUser}',
    authed((r) => {
      if (!operatorParam(r)) return;
      sendJson(r.res, 200, store.pending().map(resource));
    }),
  );
  router.get(
    '/api/chat/pending/connections/{priority}',
    authed((r) => {
      const priority = priorityParam(r);
      if (priority === undefined) return;
      sendJson(r.res, 200, { priority, count: store.pending().filter((c) => c.category.priority === priority).length });
    }),
  );
  router.get(
    '/api/chat/pending/{priority}',
    authed((r) => {
      const priority = priorityParam(r);
      if (priority === undefined) return;
      sendJson(
        r.res,
        200,
        store
          .pending()
          .filter((c) => c.category.priority === priority)
          .map(resource),
      );
    }),
  );
  router.get(
    '/api/chat/joined/{idUser}',
    authed((r) => {
      const user = operatorParam(r);
      if (!user) return;
      sendJson(
        r.res,
        200,
        store
          .all()
          .filter((c) => c.status === 'assigned' && c.operator?.idUser === user.idUser)
          .map(resource),
      );
    }),
  );

  router.post(
    '/api/chat/join',
    authed(async ({ req, res }) => {
      const found = await openChatAndOperator(req, res, store);
      if (!found) return;
      const { chat, user } = found;
      if (chat.operator?.kind === 'real' && chat.operator.idUser !== user.idUser)
        return fail(res, 403, `Chat ${chat.idChat} is already taken by ${chat.operator.username}`);
      automation.stop(chat);
      store.join(chat, operatorRef(user, 'real'));
      sendJson(res, 200, { idUser: user.idUser, username: user.username, nickname: user.nickname });
    }),
  );

  // The spec lists PUT /api/chat/assign ("assign or reassign") without a body: here `{ idChat, idUser }`.
  // Unlike join, it may take a chat from another real operator (a transfer); the visitor gets one
  // `{type:"transferred", from, operator}` event.
  router.put(
    '/api/chat/assign',
    authed(async ({ req, res }) => {
      const found = await openChatAndOperator(req, res, store);
      if (!found) return;
      const { chat, user } = found;
      automation.stop(chat);
      store.assign(chat, operatorRef(user, user.idUser === SCRIPT_OPERATOR.idUser ? 'script' : 'real'));
      sendJson(res, 200, { idUser: user.idUser, username: user.username, nickname: user.nickname });
    }),
  );

  router.put(
    '/api/chat/close/{idChat}',
    authed((r) => {
      const chat = chatParam(r);
      if (!chat) return;
      automation.stop(chat);
      store.close(chat, 'operator');
      sendJson(r.res, 200, resource(chat));
    }),
  );

  router.get(
    '/api/chat/history/{idChat}',
    authed((r) => {
      const chat = chatParam(r);
      if (!chat) return;
      sendJson(r.res, 200, {
        idChat: chat.idChat,
        messages: chat.messages,
        events: chat.events,
        state: store.state(chat),
      });
    }),
  );

  router.get(
    '/api/chat/export/{idChat}',
    authed((r) => {
      const chat = chatParam(r);
      if (!chat) return;
      const lines = chat.messages.map(
        (m) =>
          `[${m.ts}] ${m.author?.name ?? (m.from === 'visitor' ? chat.name : m.from)}: ${m.text}${m.attachments.length ? ` (${m.attachments.map((a) => a.name).join(', ')})` : ''}`,
      );
      const text = `Chat ${chat.idChat} — ${chat.category.title[chat.language]}\n${lines.join('\n')}\n`;
      r.res.writeHead(200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename="chat-${chat.idChat}.txt"`,
      });
      r.res.end(text);
    }),
  );

  router.get(
    '/api/chat/{idChat}',
    authed((r) => {
      const chat = chatParam(r);
      if (chat) sendJson(r.res, 200, resource(chat));
    }),
  );

  router.get(
    '/api/chat/',
    authed(({ res, query }) => {
      const size = queryInt(query, 'size', queryInt(query, 'pageSize', 20));
      const page = queryInt(query, 'page', queryInt(query, 'pageNumber', 0));
      if (!Number.isInteger(size) || size < 1 || size > 200 || !Number.isInteger(page) || page < 0)
        return fail(res, 400, 'Invalid paging', {
          ...(Number.isInteger(size) && size >= 1 && size <= 200 ? {} : { size: 'invalid' }),
          ...(Number.isInteger(page) && page >= 0 ? {} : { page: 'invalid' }),
        });
      const active = query.get('active');
      const categories = query
        .getAll('categories')
        .flatMap((v) => v.split(','))
        .map(Number)
        .filter(Number.isInteger);
      const text = (query.get('query') ?? '').toLowerCase();
      const sortDesc = (query.get('sort') ?? 'tsIns,desc').endsWith('desc');
      const matching = store
        .all()
        .filter((c) => active === null || (active === 'true') === (c.status !== 'closed'))
        .filter((c) => categories.length === 0 || categories.includes(c.category.idChatCategory))
        .filter(
          (c) =>
            !text || c.name.toLowerCase().includes(text) || c.messages.some((m) => m.text.toLowerCase().includes(text)),
        )
        .sort((a, b) => (sortDesc ? b.idChat - a.idChat : a.idChat - b.idChat));
      sendJson(res, 200, {
        content: matching.slice(page * size, page * size + size).map(resource),
        totalElements: matching.length,
        number: page,
        size,
        totalPages: Math.ceil(matching.length / size),
      });
    }),
  );

  // The spec lists POST /api/users/change-nickname without a body: here `{ idUser, nickname }`.
  // The nickname is what visitors see as the operator's name (tests give it hostile values).
  router.post(
    '/api/users/change-nickname',
    authed(async ({ req, res }) => {
      const body = await readObject(req);
      if (!body) return fail(res, 400, 'A JSON object body is required');
      const idUser = parseId(body.idUser);
      const nickname = typeof body.nickname === 'string' ? body.nickname.trim() : '';
      if (!idUser || !nickname || nickname.length > LIMITS.name)
        return fail(res, 400, 'idUser and a nickname of 1-100 characters are required', {
          ...(idUser ? {} : { idUser: 'required' }),
          ...(nickname && nickname.length <= LIMITS.name ? {} : { nickname: nickname ? 'too-long' : 'required' }),
        });
      const user = USERS.find((u) => u.idUser === idUser);
      if (!user) return fail(res, 404, `User ${idUser} not found`);
      user.nickname = nickname;
      sendJson(res, 200, { idUser: user.idUser, username: user.username, nickname: user.nickname });
    }),
  );

  router.get(
    '/api/users/operators',
    authed(({ res }) => {
      sendJson(
        res,
        200,
        USERS.filter((u) => u.operator).map((u) => ({
          idUser: u.idUser,
          username: u.username,
          nickname: u.nickname,
          status: u.idUser === 900 ? 'online' : presence.get(u.idUser),
        })),
      );
    }),
  );
  for (const state of ['online', 'away', 'busy', 'offline'] as Availability[]) {
    router.put(
      `/api/users/${state}/{idUser}`,
      authed((r) => {
        const user = operatorParam(r);
        if (!user) return;
        presence.set(user.idUser, state);
        sendJson(r.res, 200, { idUser: user.idUser, username: user.username, status: presence.get(user.idUser) });
      }),
    );
  }

  // Widgets (spec §4.3 /api/widget/): their `configuration` is a JSON string.
  const widgetResource = (key: string) => ({
    idChatWidget: WIDGET_IDS[key],
    widgetKey: key,
    title: key,
    description: '',
    active: true,
    configuration: JSON.stringify(widgetConfiguration(key)),
    customCss: '',
  });
  const widgetKeyOf = (id: unknown) => Object.keys(WIDGET_IDS).find((key) => WIDGET_IDS[key] === parseId(id));
  router.get(
    '/api/widget/',
    authed(({ res }) => sendJson(res, 200, Object.keys(WIDGET_IDS).map(widgetResource))),
  );
  router.get(
    '/api/widget/{idChatWidget}',
    authed(({ res, params }) => {
      const key = widgetKeyOf(params.idChatWidget);
      if (!key) return fail(res, 404, 'Widget not found');
      sendJson(res, 200, widgetResource(key));
    }),
  );
  router.put(
    '/api/widget/',
    authed(async ({ req, res }) => {
      const body = await readObject(req);
      if (!body) return fail(res, 400, 'A JSON object body is required');
      const key = widgetKeyOf(body.idChatWidget);
      if (!key)
        return fail(res, body.idChatWidget === undefined ? 400 : 404, 'Widget not found', { idChatWidget: 'required' });
      if (body.configuration !== undefined) {
        let configuration: unknown;
        try {
          configuration = typeof body.configuration === 'string' ? JSON.parse(body.configuration) : undefined;
        } catch {
          configuration = undefined;
        }
        if (!configuration || typeof configuration !== 'object' || Array.isArray(configuration))
          return fail(res, 400, 'configuration must be a JSON object as a string', { configuration: 'invalid' });
        const patternProblem = prechatPatternProblem(configuration as WidgetConfiguration);
        if (patternProblem) return fail(res, 400, patternProblem, { configuration: 'invalid' });
        setWidgetConfiguration(key, configuration as WidgetConfiguration);
      }
      sendJson(res, 200, widgetResource(key));
    }),
  );
}

function operatorParam({ res, params }: SimRequest) {
  const id = parseId(params.idUser);
  if (!id) {
    fail(res, 400, 'idUser must be a positive integer', { idUser: 'invalid' });
    return undefined;
  }
  const user = USERS.find((u) => u.idUser === id);
  if (!user) {
    fail(res, 404, `User ${id} not found`);
    return undefined;
  }
  if (!user.operator) {
    fail(res, 403, `User ${user.username} is not an operator`);
    return undefined;
  }
  return user;
}

/**
 * The `{ idChat, idUser }` body of join and assign: an operator and an open chat, or the failure
 * already answered (400 for a missing or malformed field, 404 for an unknown one, 403 for a user
 * who is not an operator, 400 for a closed chat).
 */
async function openChatAndOperator(
  req: IncomingMessage,
  res: SimRequest['res'],
  store: ChatStore,
): Promise<{ chat: Chat; user: (typeof USERS)[number] } | undefined> {
  const body = await readObject(req);
  if (!body) return void fail(res, 400, 'A JSON object body is required');
  const idChat = parseId(body.idChat);
  const idUser = parseId(body.idUser);
  if (!idChat || !idUser)
    return void fail(res, 400, 'idChat and idUser are required', {
      ...(idChat ? {} : { idChat: 'required' }),
      ...(idUser ? {} : { idUser: 'required' }),
    });
  const user = USERS.find((u) => u.idUser === idUser);
  if (!user) return void fail(res, 404, `User ${idUser} not found`);
  if (!user.operator) return void fail(res, 403, `User ${user.username} is not an operator`);
  const chat = store.get(idChat);
  if (!chat) return void fail(res, 404, `Chat ${idChat} not found`);
  if (chat.status === 'closed') return void fail(res, 400, `Chat ${idChat} is closed`, { idChat: 'closed' });
  return { chat, user };
}

function priorityParam({ res, params }: SimRequest): number | undefined {
  const priority = Number(params.priority);
  if (!/^\d{1,3}$/.test(params.priority ?? '')) {
    fail(res, 400, 'priority must be a non-negative integer', { priority: 'invalid' });
    return undefined;
  }
  return priority;
}

async function readObject(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const body = await readJson(req);
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}
