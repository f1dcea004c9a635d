/**
 * The live-chat service simulator (`/chat`): public REST for the visitor widget, authenticated
 * REST for operators, and STOMP 1.2 over WebSocket at `/chat/websocket`. See ./README.md.
 */
import { Router } from '../core/http-kit.js';
import type { ServiceModule, SimContext } from '../core/service.js';
import { AttachmentStore } from './attachment-store.js';
import { ChatAutomation, timingFromPace, type Timing } from './chat-automation.js';
import { errorBody, RateLimit } from './chat-http.js';
import { ChatStore } from './chat-store.js';
import { mountOperatorApi, resetNicknames } from './operator-api.js';
import { OperatorPresence } from './operator-presence.js';
import { resetWidgetConfigurations } from './widget-configuration.js';
import { mountPublicApi, type Outbox } from './public-api.js';
import { StompServer } from './stomp-server.js';
import { authenticate, chatTopic, OPERATORS_TOPIC, VisitorProtocol, type Principal } from './visitor-protocol.js';

export const WEBSOCKET_PATH = '/chat/websocket';

export interface ChatServiceOptions {
  /** CONNECTED `heart-beat` the server offers: [sends every ms, wants every ms]. Default 10 s both. */
  heartbeat?: [number, number];
  /** Scripted operator and bot timing; default derived from `ctx.paceMs`. */
  timing?: Partial<Timing>;
}

export function createChatService(
  ctx: SimContext,
  options: ChatServiceOptions = {},
): ServiceModule & { outbox: Outbox } {
  const heartbeat = options.heartbeat ?? [10_000, 10_000];
  let stomp: StompServer<Principal> | undefined;

  const store = new ChatStore({
    chatEvent: (chat, event, exceptSession) => stomp?.publish(chatTopic(chat.idChat), event, exceptSession),
    operatorsEvent: (event) => stomp?.publish(OPERATORS_TOPIC, event),
  });
  const attachments = new AttachmentStore();
  let automation: ChatAutomation | undefined;
  const presence = new OperatorPresence(() => automation?.reconsider());
  automation = new ChatAutomation(store, presence, { ...timingFromPace(ctx.paceMs), ...options.timing });
  const protocol = new VisitorProtocol(store, automation, attachments, () => stomp!);

  stomp = new StompServer<Principal>({
    path: WEBSOCKET_PATH,
    heartbeat,
    authenticate,
    authorizeSubscribe: (session, destination) => protocol.authorizeSubscribe(session, destination),
    subscribed: (session, destination) => protocol.subscribed(session, destination),
    send: (session, destination, body) => protocol.send(session, destination, body),
    connected: (session) => session.principal.kind === 'operator' && presence.connected(session.principal.user.idUser),
    disconnected: (session) =>
      session.principal.kind === 'operator' && presence.disconnected(session.principal.user.idUser),
    malformNext: () => ctx.faults.take('malformed-stomp', WEBSOCKET_PATH) !== undefined,
  });

  const outbox: Outbox = { transcripts: [], contactRequests: [] };
  const limits = { transcripts: new RateLimit(3, 60_000), contacts: new RateLimit(3, 60_000) };
  const router = new Router('/chat');
  mountPublicApi(router, { store, attachments, outbox, heartbeat, limits });
  mountOperatorApi(router, { store, automation, presence });

  ctx.onReset(() => {
    automation!.reset();
    store.reset();
    attachments.reset();
    presence.reset();
    resetNicknames();
    resetWidgetConfigurations();
    limits.transcripts.reset();
    limits.contacts.reset();
    outbox.transcripts.length = 0;
    outbox.contactRequests.length = 0;
  });

  return {
    name: 'chat',
    router,
    outbox,
    errorAnswer: (status, message) => ({ status, body: errorBody(status, message) }),
    upgrade: (req, socket, head) => stomp!.upgrade(req, socket, head),
    dropSockets: () => stomp!.dropAll(),
    control: (method, action) => {
      // `GET /__sim/chat/attachments`: the uploaded files the service holds now.
      if (method === 'GET' && action === 'attachments') return { status: 200, body: attachments.list() };
      // `POST /__sim/chat/leave/{idChat}`: the operator leaves without anyone taking over (the
      // simulator's own operators never do; a real service's may).
      const leave = /^leave\/(\d+)$/.exec(action);
      if (method !== 'POST' || !leave) return undefined;
      const chat = store.get(Number(leave[1]));
      if (!chat?.operator) return { status: 404, body: { error: 'no operator in that chat' } };
      store.leave(chat);
      return { status: 204, body: undefined };
    },
    sockets: () =>
      stomp!.connectedSessions().map(({ id, principal: p, subscriptions }) => {
        // What the session listens to: a client is ready for a chat once it subscribed to it.
        const destinations = [...subscriptions.values()];
        return p.kind === 'visitor'
          ? {
              service: 'chat' as const,
              id,
              kind: 'visitor',
              visitorId: p.visitorId,
              widgetKey: p.widgetKey,
              destinations,
            }
          : { service: 'chat' as const, id, kind: 'operator', username: p.user.username, destinations };
      }),
    close: () => {
      automation!.reset();
      stomp!.close();
    },
  };
}
