/**
 * The widget-facing REST endpoints of spec §4.3 (`/public/api/...`, no auth). Operations the spec
 * lists as GET but which carry parameters (transcript, contact requests) take query parameters.
 */
import type busboy from 'busboy';
import { multipartParser } from '../core/multipart-parser.js';
import type { IncomingMessage } from 'node:http';
import { checkPrechatFields, publicConfiguration } from './widget-configuration.js';
import { readJson, sendEmpty, sendJson, type Router, type SimRequest } from '../core/http-kit.js';
import { AttachmentStore, checkUpload, describeFile, isRasterImage } from './attachment-store.js';
import { circlePng } from './bot-avatar.js';
import { fail, RateLimit } from './chat-http.js';
import { chatResource, type ChatStore } from './chat-store.js';
import {
  ATTACHMENT_LIMITS,
  BOT_AUTHOR,
  BOTH_CONTACT_CHANNELS,
  CATEGORIES,
  isOnline,
  LABELS,
  LANGUAGES,
  pickLanguage,
  PRIVACY,
  WIDGETS,
} from './seed.js';
import { checkEmail, checkHttpUrl, checkPhone, checkText, collect, LIMITS, parseId, VISITOR_ID } from './validation.js';
import { visitorIdentity } from './visitor-protocol.js';

export const VERSION = { name: 'sportello-chat-simulator', version: '1.0.0', stomp: '1.2' };

/** Where outgoing e-mail (transcripts, contact requests) would go; kept for inspection. */
export interface Outbox {
  transcripts: Array<{ idChat: number; email: string; ts: string }>;
  contactRequests: Array<{
    id: number;
    channel: 'email' | 'phone';
    name: string;
    email?: string;
    phone?: string;
    message: string;
    language: string;
    ts: string;
  }>;
}

export interface PublicApiDeps {
  store: ChatStore;
  attachments: AttachmentStore;
  outbox: Outbox;
  heartbeat: [number, number];
  limits: { transcripts: RateLimit; contacts: RateLimit };
}

export function mountPublicApi(router: Router, deps: PublicApiDeps): void {
  const { store, attachments, outbox, limits } = deps;

  router.get('/public/api/health', ({ res }) => sendJson(res, 200, { status: 'UP' }));
  router.get('/public/api/version', ({ res }) => sendJson(res, 200, VERSION));

  const avatar = circlePng(64, CATEGORIES.find((c) => c.routing === 'bot')!.color);
  router.get('/public/api/bot/avatar', ({ res, method }) => {
    res.writeHead(200, {
      'Content-Type': 'image/png',
      'Content-Length': avatar.length,
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(method === 'HEAD' ? undefined : avatar);
  });

  router.get('/public/api/widget', ({ req, res, query }) => {
    const key = query.get('widgetKey');
    if (!key) return fail(res, 400, 'widgetKey is required', { widgetKey: 'required' });
    const widget = WIDGETS.find((w) => w.key === key);
    if (!widget) return fail(res, 404, `No widget with key ${key}`);
    const language = pickLanguage(query.get('language') ?? 'it');
    const online = isOnline(widget);
    const { privacyRequired, ...look } = publicConfiguration(widget.key);
    sendJson(
      res,
      200,
      {
        widgetKey: widget.key,
        active: true,
        online,
        language,
        languages: LANGUAGES,
        title: LABELS[language].title,
        subtitle: LABELS[language].subtitle,
        welcomeMessage: LABELS[language].welcome,
        offlineMessage: LABELS[language].offline,
        // Look, custom pre-chat fields and greeting: the widget's `configuration` (see widget-configuration.ts).
        ...look,
        labels: LABELS,
        privacy: { required: privacyRequired, text: PRIVACY },
        businessHours: widget.businessHours,
        attachments: ATTACHMENT_LIMITS,
        maxMessageLength: LIMITS.chatText,
        contactRequest: widget.contactRequest ?? BOTH_CONTACT_CHANNELS,
        categories: CATEGORIES.filter((c) => c.active).map((c) => c.idChatCategory),
        bot: { name: BOT_AUTHOR.name, avatar: '/public/api/bot/avatar' },
        websocket: { path: '/websocket', sendPrefix: '/app', topicPrefix: '/topic', heartbeat: deps.heartbeat },
      },
      {
        // The verdict on the visitor token the widget sends (`Authorization: Bearer`): the service
        // takes the identity a token names, as it does on the socket (visitor-protocol.ts), and says so.
        'X-Sportello-Visitor': visitorIdentity(/^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1])
          ? 'verified'
          : 'anonymous',
      },
    );
  });

  router.get('/public/api/chat/categories', ({ res, query }) => {
    const language = pickLanguage(query.get('language') ?? 'it');
    sendJson(
      res,
      200,
      CATEGORIES.filter((c) => c.active).map((c) => ({
        idChatCategory: c.idChatCategory,
        code: c.code,
        title: c.title[language],
        description: c.description[language],
        color: c.color,
        priority: c.priority,
        opened: c.opened,
        bot: c.routing === 'bot',
      })),
    );
  });

  router.get('/public/api/chat/queue-position/', ({ res, query }) => {
    const chat = chatFromQuery(store, query.get('idChat'));
    if (typeof chat === 'string')
      return fail(
        res,
        chat === 'invalid' ? 400 : 404,
        chat === 'invalid' ? 'idChat must be a positive integer' : 'Chat not found',
        chat === 'invalid' ? { idChat: 'invalid' } : undefined,
      );
    const position = store.queuePosition(chat);
    sendJson(res, 200, {
      idChat: chat.idChat,
      status: chat.status,
      position,
      estimatedWaitSeconds: position === null ? null : position * 30,
    });
  });

  router.post('/public/api/chat/rating/', async ({ req, res }) => {
    const body = await readObject(req);
    if (!body) return fail(res, 400, 'A JSON object body is required');
    const idChat = parseId(body.idChat);
    const rating = body.rating;
    const errors = collect({
      idChat: idChat ? null : body.idChat === undefined ? 'required' : 'invalid',
      rating:
        rating === undefined
          ? 'required'
          : Number.isInteger(rating) && (rating as number) >= 1 && (rating as number) <= 5
            ? null
            : 'invalid',
      comment: checkText(body.comment, LIMITS.message, false),
    });
    if (Object.keys(errors).length) return fail(res, 400, 'Invalid rating', errors);
    const chat = store.get(idChat!);
    if (!chat) return fail(res, 404, 'Chat not found');
    chat.rating = rating as number;
    chat.ratingComment = typeof body.comment === 'string' ? body.comment : null;
    sendJson(res, 200, { idChat: chat.idChat, rating: chat.rating, comment: chat.ratingComment });
  });

  router.get('/public/api/chat/transcription/', ({ res, query }) => {
    const idChat = parseId(query.get('idChat'));
    const email = query.get('email');
    const errors = collect({
      idChat: idChat ? null : query.get('idChat') ? 'invalid' : 'required',
      email: checkEmail(email, true),
    });
    if (Object.keys(errors).length) return fail(res, 400, 'Invalid transcript request', errors);
    const chat = store.get(idChat!);
    if (!chat) return fail(res, 404, 'Chat not found');
    const wait = limits.transcripts.hit(String(chat.idChat));
    if (wait)
      return fail(res, 429, 'Too many transcript requests for this chat', undefined, { 'Retry-After': String(wait) });
    outbox.transcripts.push({ idChat: chat.idChat, email: email!.trim(), ts: new Date().toISOString() });
    sendJson(res, 200, { idChat: chat.idChat, email: email!.trim(), sent: true, messages: chat.messages.length });
  });

  const contact =
    (channel: 'email' | 'phone') =>
    ({ res, query }: SimRequest) => {
      const widget = WIDGETS.find((w) => w.key === query.get('widgetKey'));
      if ((widget?.contactRequest ?? BOTH_CONTACT_CHANNELS)[channel] === false) {
        return fail(res, 400, `This widget takes no contact requests by ${channel}`, { channel: 'not-offered' });
      }
      const name = query.get('name');
      const email = query.get('email');
      const phone = query.get('phone');
      const message = query.get('message');
      const errors = collect({
        name: checkText(name, LIMITS.name, true),
        email: checkEmail(email, channel === 'email'),
        phone: checkPhone(phone, channel === 'phone'),
        message: checkText(message, LIMITS.message, channel === 'email'),
      });
      if (Object.keys(errors).length) return fail(res, 400, 'Invalid contact request', errors);
      const wait = limits.contacts.hit(`${channel}:${(channel === 'email' ? email : phone)!.trim().toLowerCase()}`);
      if (wait) return fail(res, 429, 'Too many contact requests', undefined, { 'Retry-After': String(wait) });
      const request = {
        id: outbox.contactRequests.length + 1,
        channel,
        name: name!.trim(),
        ...(email ? { email: email.trim() } : {}),
        ...(phone ? { phone: phone.trim() } : {}),
        message: message?.trim() ?? '',
        language: pickLanguage(query.get('language') ?? 'it'),
        ts: new Date().toISOString(),
      };
      outbox.contactRequests.push(request);
      sendJson(res, 200, { idContactRequest: request.id, channel, received: true });
    };
  router.get('/public/api/chat/contact-request-email/', contact('email'));
  router.get('/public/api/chat/contact-request-phone/', contact('phone'));

  router.post('/public/api/chat/add-navigation-page', async ({ req, res }) => {
    const body = await readObject(req);
    if (!body) return fail(res, 400, 'A JSON object body is required');
    const idChat = parseId(body.idChat);
    const errors = collect({
      idChat: idChat ? null : body.idChat === undefined ? 'required' : 'invalid',
      url: checkHttpUrl(body.url, true),
      title: checkText(body.title, 300, false),
    });
    if (Object.keys(errors).length) return fail(res, 400, 'Invalid navigation page', errors);
    const chat = store.get(idChat!);
    if (!chat) return fail(res, 404, 'Chat not found');
    chat.navigationPages.push({
      url: body.url as string,
      title: typeof body.title === 'string' ? body.title : '',
      ts: new Date().toISOString(),
    });
    sendJson(res, 200, { idChat: chat.idChat, navigationPages: chatResource(chat, store).navigationPages.length });
  });

  router.post('/public/api/chat/input/validate', async ({ req, res }) => {
    const body = await readObject(req);
    if (!body) return fail(res, 400, 'A JSON object body is required');
    // Only the fields present are checked; `required` lists those the form makes mandatory.
    const required = new Set(
      Array.isArray(body.required) ? body.required.filter((f): f is string => typeof f === 'string') : [],
    );
    const has = (f: string) => f in body || required.has(f);
    const key = typeof body.widgetKey === 'string' ? body.widgetKey : '';
    const errors = collect({
      ...(body.fields !== undefined ? checkPrechatFields(key, body.fields) : {}),
      ...(has('name') ? { name: checkText(body.name, LIMITS.name, required.has('name')) } : {}),
      ...(has('email') ? { email: checkEmail(body.email, required.has('email')) } : {}),
      ...(has('phone') ? { phone: checkPhone(body.phone, required.has('phone')) } : {}),
      ...(has('message') ? { message: checkText(body.message, LIMITS.message, required.has('message')) } : {}),
    });
    sendJson(res, 200, { valid: Object.keys(errors).length === 0, errors });
  });

  router.post('/public/api/attachments/upload', async ({ req, res }) => {
    const upload = await readUpload(req);
    if (upload === 'visitor-invalid')
      return fail(res, 400, 'visitorId is not a valid visitor id (letters, digits, . _ -; at most 100)', {
        visitorId: 'invalid',
      });
    if (typeof upload === 'string') return fail(res, 400, uploadMessage(upload), { file: upload });
    const problem = checkUpload(upload.contentType, upload.data);
    if (problem) return fail(res, 400, uploadMessage(problem), { file: problem });
    const file = attachments.add(upload.name, upload.contentType, upload.data, upload.visitorId);
    sendJson(res, 201, describeFile(file));
  });

  const fileFromQuery = ({ res, query }: SimRequest) => {
    const uuid = query.get('uuid');
    if (!uuid) {
      fail(res, 400, 'uuid is required', { uuid: 'required' });
      return undefined;
    }
    const file = attachments.get(uuid);
    if (!file) fail(res, 404, 'Attachment not found');
    return file;
  };
  router.get('/public/api/attachments/', (r) => {
    const file = fileFromQuery(r);
    if (file)
      sendJson(r.res, 200, {
        ...describeFile(file),
        uploadedAt: file.uploadedAt,
        image: isRasterImage(file.contentType),
      });
  });
  router.get('/public/api/attachments/download', (r) => {
    const file = fileFromQuery(r);
    if (!file) return;
    r.res.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Length': file.size,
      'Content-Disposition': `attachment; filename="${file.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
    r.res.end(r.method === 'HEAD' ? undefined : file.data);
  });
  router.get('/public/api/attachments/image', (r) => {
    const file = fileFromQuery(r);
    if (!file) return;
    if (!isRasterImage(file.contentType))
      return fail(r.res, 400, 'Not an image: use /download', { uuid: 'not-an-image' });
    r.res.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Length': file.size,
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, max-age=3600',
    });
    r.res.end(r.method === 'HEAD' ? undefined : file.data);
  });
  router.delete('/public/api/attachments/{uuid}', ({ res, params, query }) => {
    const file = attachments.get(params.uuid!);
    if (!file) return fail(res, 404, 'Attachment not found');
    if (file.visitorId && query.get('visitorId') !== file.visitorId)
      return fail(res, 403, 'Only the visitor who uploaded the file may delete it');
    attachments.delete(file.uuid);
    sendEmpty(res, 204);
  });
}

function chatFromQuery(store: ChatStore, raw: string | null) {
  const id = parseId(raw);
  if (!id) return 'invalid' as const;
  return store.get(id) ?? ('missing' as const);
}

async function readObject(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const body = await readJson(req);
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}

function uploadMessage(code: string): string {
  switch (code) {
    case 'too-large':
      return `The file is larger than ${ATTACHMENT_LIMITS.maxBytes} bytes`;
    case 'type-not-allowed':
      return `Allowed types: ${ATTACHMENT_LIMITS.contentTypes.join(', ')}`;
    case 'type-mismatch':
      return 'The file content does not match its declared type';
    case 'empty':
      return 'The file is empty';
    case 'not-multipart':
      return 'Send multipart/form-data with a `file` part';
    default:
      return 'A `file` part is required';
  }
}

interface Upload {
  name: string;
  contentType: string;
  data: Buffer;
  visitorId: string | null;
}

/**
 * Reads the multipart body: one `file` part (plus an optional `visitorId` field). A malformed
 * visitorId is refused, not dropped: dropping it would leave the file deletable by anyone.
 */
function readUpload(req: IncomingMessage): Promise<Upload | string> {
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = multipartParser(req.headers, { fileSize: ATTACHMENT_LIMITS.maxBytes, files: 1, fields: 5 });
    } catch {
      req.resume();
      resolve('not-multipart');
      return;
    }
    let upload: Upload | undefined;
    let problem: string | undefined;
    let visitorId: string | null = null;
    parser.on('field', (name, value) => {
      if (name !== 'visitorId') return;
      if (VISITOR_ID.test(value)) visitorId = value;
      else problem ??= 'visitor-invalid';
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => (problem = 'too-large'));
      stream.on('end', () => {
        upload = {
          name: info.filename ?? '',
          contentType: info.mimeType.toLowerCase(),
          data: Buffer.concat(chunks),
          visitorId: null,
        };
      });
    });
    parser.on('close', () => {
      if (problem) resolve(problem);
      else if (!upload) resolve('required');
      else resolve({ ...upload, visitorId });
    });
    parser.on('error', () => resolve('not-multipart'));
    req.pipe(parser);
  });
}
