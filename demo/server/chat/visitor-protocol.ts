/**
 * The chat protocol on top of STOMP (design.md "Assumptions" → Live chat; details in README.md):
 * who may connect, subscribe and send where, and what each `/app/...` destination does.
 */
import { checkPrechatFields, keptPrechatFields } from './widget-configuration.js';
import { describeFile, type AttachmentStore } from './attachment-store.js';
import type { ChatAutomation } from './chat-automation.js';
import { findCategory, type Attachment, type Chat, type ChatStore } from './chat-store.js';
import { ATTACHMENT_LIMITS, isOnline, pickLanguage, USERS, WIDGETS, type User } from './seed.js';
import { StompProtocolError, type StompServer, type StompSession } from './stomp-server.js';
import { checkEmail, checkText, collect, LIMITS, VISITOR_ID } from './validation.js';

export type Principal =
  | { kind: 'visitor'; visitorId: string; widgetKey: string; identity?: { name: string; email: string } | undefined }
  | { kind: 'operator'; user: User };

/**
 * The name and e-mail a `visitor-token` CONNECT header (the gateway's visitor token, a JWT) names.
 * The signature is the gateway's to check (it sits between public pages and the service); the
 * simulator trusts what reaches it, as the service behind a gateway does. Expired: ignored.
 */
export function visitorIdentity(token: string | undefined): { name: string; email: string } | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return undefined;
    if (typeof claims.name !== 'string' || typeof claims.email !== 'string') return undefined;
    return { name: claims.name, email: claims.email };
  } catch {
    return undefined;
  }
}
type Session = StompSession<Principal>;

const CHAT_DESTINATION = /^\/app\/chat\.(\d{1,15})\.(message|typing|close|sync|read)$/;

export const visitorTopic = (visitorId: string) => `/topic/visitor.${visitorId}`;
export const chatTopic = (idChat: number) => `/topic/chat.${idChat}`;
export const OPERATORS_TOPIC = '/topic/operators';

export function authenticate(headers: Record<string, string>): Principal | { error: string } {
  const user = headers['CHAT_WS_USER'];
  if (user !== undefined || headers['CHAT_WS_PASSWORD'] !== undefined) {
    const found = USERS.find(
      (u) => u.username === user && u.password !== undefined && u.password === headers['CHAT_WS_PASSWORD'],
    );
    if (!found) return { error: 'bad credentials' };
    if (!found.operator) return { error: 'user is not an operator' };
    return { kind: 'operator', user: found };
  }
  const widgetKey = headers['widget-key'];
  if (widgetKey === undefined)
    return { error: 'missing widget-key (visitors) or CHAT_WS_USER/CHAT_WS_PASSWORD (operators)' };
  if (!WIDGETS.some((w) => w.key === widgetKey)) return { error: 'unknown widget-key' };
  const visitorId = headers['visitor-id'];
  if (!visitorId || !VISITOR_ID.test(visitorId)) return { error: 'missing or invalid visitor-id' };
  return { kind: 'visitor', visitorId, widgetKey, identity: visitorIdentity(headers['visitor-token']) };
}

export class VisitorProtocol {
  constructor(
    private readonly store: ChatStore,
    private readonly automation: ChatAutomation,
    private readonly attachments: AttachmentStore,
    private readonly server: () => StompServer<Principal>,
  ) {}

  authorizeSubscribe(session: Session, destination: string): true | string {
    const p = session.principal;
    if (destination === OPERATORS_TOPIC) return p.kind === 'operator' ? true : 'forbidden';
    const visitor = /^\/topic\/visitor\.(.+)$/.exec(destination);
    if (visitor) return p.kind === 'visitor' && p.visitorId === visitor[1] ? true : 'forbidden';
    const chat = /^\/topic\/chat\.(\d{1,15})$/.exec(destination);
    if (chat) {
      if (p.kind === 'operator') return true;
      const found = this.store.get(Number(chat[1]));
      // An unknown chat (e.g. after a simulator reset) is allowed: `subscribed` tells it is gone.
      return !found || found.visitorId === p.visitorId ? true : 'forbidden';
    }
    return 'unknown destination';
  }

  subscribed(session: Session, destination: string): void {
    const chat = /^\/topic\/chat\.(\d{1,15})$/.exec(destination);
    if (!chat) return;
    const found = this.store.get(Number(chat[1]));
    if (!found) return this.gone(session, Number(chat[1]));
    // The first queue event may have gone out before this subscription: give the current one.
    const position = this.store.queuePosition(found);
    if (position !== null)
      this.server().sendTo(session.id, destination, { type: 'queue', position, estimatedWaitSeconds: position * 30 });
  }

  send(session: Session, destination: string, raw: Buffer): void {
    const body = parseBody(raw);
    if (destination === '/app/chat.start') return this.start(session, body);
    const m = CHAT_DESTINATION.exec(destination);
    if (!m) throw new StompProtocolError('unknown destination', destination);
    const chat = this.store.get(Number(m[1]));
    if (!chat) return this.gone(session, Number(m[1]));
    const p = session.principal;
    if (p.kind === 'visitor' && chat.visitorId !== p.visitorId)
      throw new StompProtocolError('forbidden', `chat ${chat.idChat}`, 1008);
    switch (m[2]) {
      case 'message':
        return this.message(session, chat, body);
      case 'typing':
        if (chat.status !== 'closed')
          this.store.typing(
            chat,
            p.kind === 'visitor' ? 'visitor' : 'operator',
            body.typing === true,
            p.kind === 'operator' ? { name: p.user.nickname } : undefined,
            session.id,
          );
        return;
      case 'close':
        this.store.close(chat, p.kind === 'visitor' ? 'visitor' : 'operator');
        this.automation.stop(chat);
        return;
      case 'sync': {
        const afterId = body.afterId === undefined || body.afterId === null ? 0 : Number(body.afterId);
        if (!Number.isInteger(afterId) || afterId < 0)
          throw new StompProtocolError('afterId must be a non-negative integer');
        this.reply(session, chat, this.store.history(chat, afterId));
        return;
      }
      case 'read':
        // Read receipts go from the operator side to the visitor only.
        if (p.kind === 'operator' && Number.isInteger(body.upToId)) this.store.read(chat, body.upToId as number);
        return;
    }
  }

  private start(session: Session, body: Record<string, unknown>): void {
    const p = session.principal;
    if (p.kind !== 'visitor') throw new StompProtocolError('only visitors start chats');
    const clientRequestId = body.clientRequestId;
    if (typeof clientRequestId !== 'string' || clientRequestId.length === 0 || clientRequestId.length > 100)
      throw new StompProtocolError('clientRequestId must be a string of 1-100 characters');
    if (body.visitorId !== undefined && body.visitorId !== p.visitorId)
      throw new StompProtocolError("visitorId differs from the connection's visitor-id", '', 1008);
    const topic = visitorTopic(p.visitorId);
    const existing = this.store.findByRequest(p.visitorId, clientRequestId);
    if (existing) {
      this.server().publish(topic, { type: 'started', idChat: existing.idChat, clientRequestId });
      return;
    }
    const widget = WIDGETS.find((w) => w.key === p.widgetKey)!;
    if (!isOnline(widget)) {
      this.server().publish(topic, { type: 'rejected', clientRequestId, reason: 'offline' });
      return;
    }
    const category = findCategory(body.idChatCategory);
    const errors = collect({
      idChatCategory: category && category.active ? null : body.idChatCategory === undefined ? 'required' : 'unknown',
      name: checkText(body.name, LIMITS.name, false),
      email: checkEmail(body.email, false),
      startingPage: checkText(body.startingPage, LIMITS.url, false),
      startingPageTitle: checkText(body.startingPageTitle, 300, false),
      ...checkPrechatFields(p.widgetKey, body.fields),
    });
    if (Object.keys(errors).length > 0 || !category) {
      this.server().publish(topic, { type: 'rejected', clientRequestId, reason: 'invalid', errors });
      return;
    }
    const language = pickLanguage(body.language);
    const { chat } = this.store.start({
      visitorId: p.visitorId,
      clientRequestId,
      category,
      // A verified visitor is who the token says, whatever the page sent.
      name:
        p.identity?.name ??
        (typeof body.name === 'string' && body.name.trim()
          ? body.name.trim()
          : language === 'it'
            ? 'Visitatore'
            : 'Visitor'),
      email: p.identity?.email ?? (typeof body.email === 'string' ? body.email.trim() : ''),
      language,
      startingPage: typeof body.startingPage === 'string' ? body.startingPage : '',
      startingPageTitle: typeof body.startingPageTitle === 'string' ? body.startingPageTitle : '',
      fields: keptPrechatFields(p.widgetKey, body.fields),
      verified: !!p.identity,
      widgetKey: p.widgetKey,
    });
    this.server().publish(topic, { type: 'started', idChat: chat.idChat, clientRequestId });
    this.automation.started(chat);
  }

  private message(session: Session, chat: Chat, body: Record<string, unknown>): void {
    const p = session.principal;
    const clientMessageId = body.clientMessageId;
    if (typeof clientMessageId !== 'string' || clientMessageId.length === 0 || clientMessageId.length > 100)
      throw new StompProtocolError('clientMessageId must be a string of 1-100 characters');
    const from = p.kind === 'visitor' ? 'visitor' : 'operator';
    // A resend (outbox replay after a reconnect) echoes the original, even if the chat closed since.
    const original = chat.byClientId.get(`${from}:${clientMessageId}`);
    if (original) return this.store.echo(chat, original);

    const reject = (reason: string) => this.reply(session, chat, { type: 'rejected', clientMessageId, reason });
    if (chat.status === 'closed') return reject('chat-closed');
    const text = body.text ?? '';
    if (typeof text !== 'string') throw new StompProtocolError('text must be a string');
    if (text.length > LIMITS.chatText) return reject('too-long');
    const attachments = this.resolveAttachments(body.attachments);
    if (attachments === 'invalid') return reject('unknown-attachment');
    if (text.trim() === '' && attachments.length === 0) return reject('empty');
    const quickReply = typeof body.quickReply === 'string' ? body.quickReply : undefined;

    const { message } = this.store.post(chat, {
      clientMessageId,
      from,
      text,
      attachments,
      ...(p.kind === 'operator' ? { author: { idUser: p.user.idUser, name: p.user.nickname } } : {}),
    });
    if (from === 'visitor') this.automation.visitorMessage(chat, message, quickReply);
  }

  /** Attachments by uuid (strings or `{uuid}` objects), described from the store. */
  private resolveAttachments(raw: unknown): Attachment[] | 'invalid' {
    if (raw === undefined || raw === null) return [];
    if (!Array.isArray(raw) || raw.length > ATTACHMENT_LIMITS.maxFilesPerMessage) return 'invalid';
    const out: Attachment[] = [];
    for (const item of raw) {
      const uuid =
        typeof item === 'string'
          ? item
          : typeof item === 'object' && item !== null
            ? (item as { uuid?: unknown }).uuid
            : undefined;
      const file = typeof uuid === 'string' ? this.attachments.get(uuid) : undefined;
      if (!file) return 'invalid';
      out.push(describeFile(file));
    }
    return out;
  }

  /** A reply meant for one session only: on its chat subscription, else its visitor topic. */
  private reply(session: Session, chat: Chat, event: Record<string, unknown>): void {
    if (this.server().sendTo(session.id, chatTopic(chat.idChat), event)) return;
    if (session.principal.kind === 'visitor')
      this.server().sendTo(session.id, visitorTopic(session.principal.visitorId), event);
  }

  /** The chat does not exist (any more): tell this session it is closed. */
  private gone(session: Session, idChat: number): void {
    const event = { type: 'closed', idChat, by: 'system', reason: 'not-found' };
    if (this.server().sendTo(session.id, chatTopic(idChat), event)) return;
    if (session.principal.kind === 'visitor')
      this.server().sendTo(session.id, visitorTopic(session.principal.visitorId), event);
  }
}

function parseBody(raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new StompProtocolError('body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new StompProtocolError('body must be a JSON object');
  return parsed as Record<string, unknown>;
}
