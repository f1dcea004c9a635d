/**
 * The live-chat service as a visitor's widget uses it: the public REST API (spec §4.3, no auth)
 * here, and the real-time visitor protocol over STOMP in chat-realtime.ts (design.md
 * "Assumptions" → Live chat), which the client extends. No DOM, no UI: the controller in
 * src/controllers/chat/ turns this into element state.
 */
import { HttpClient } from '../transport/http.js';
import { bearer, chatToken, none, type AuthStrategy } from '../transport/auth.js';
import type { ChatAttachment, QuickReply } from './chat-types.js';
import { ChatRealtime, type ChatRealtimeOptions } from './chat-realtime.js';
import { fieldErrorsOf, normaliseFieldErrors, type FieldError } from './chat-field-errors.js';
import type { Localised } from '../i18n/localised.js';

// What moved beside this module, for the importers of the chat service.
export {
  ChatRealtime,
  DEFAULT_DESTINATIONS,
  newId,
  StartRejected,
  type ChatDestinations,
  type ChatEvent,
  type ChatRealtimeOptions,
  type StartChatInput,
  type VisitorEvent,
} from './chat-realtime.js';
export { fieldErrorsOf, type FieldError } from './chat-field-errors.js';

export interface WidgetConfig {
  title?: string;
  subtitle?: string;
  welcomeMessage?: string;
  offlineMessage?: string;
  active?: boolean;
  /** False outside business hours or with no operator: the widget offers a contact request. */
  online?: boolean;
  /** Language labels: by key, or by language then key. */
  labels?: Record<string, string> | Record<string, Record<string, string>>;
  /** Privacy notice (text per language; it may contain a link). */
  privacy?: { required?: boolean; text?: string | Record<string, string> };
  attachments?: { maxBytes?: number; maxFilesPerMessage?: number; contentTypes?: string[] };
  maxMessageLength?: number;
  contactRequest?: { email?: boolean; phone?: boolean };
  /** The widget's bot: its display name and avatar (a path of the service or an absolute URL). */
  bot?: { name?: string; avatar?: string };
  /** The widget's look from its configuration. */
  colors?: {
    primary?: string;
    primaryText?: string;
    background?: string;
    visitorBubble?: string;
    operatorBubble?: string;
  };
  position?: string;
  /** Fields the widget asks before a chat, beside name and e-mail. */
  prechatFields?: PrechatFieldConfig[];
  /** A message shown above the closed launcher (after some seconds on a page, or on some paths). */
  greeting?: { id: string; text: Localised; delaySeconds?: number; paths?: string[] } | null;
  [key: string]: unknown;
}

/**
 * A custom pre-chat field of the widget's configuration. Its labels are the owner's: one string (in
 * the language the configuration answered in) or one per language (src/i18n/localised.ts).
 */
export interface PrechatFieldConfig {
  name: string;
  type: 'text' | 'select' | 'checkbox';
  label: Localised;
  required?: boolean;
  maxLength?: number;
  pattern?: string;
  options?: Array<{ value: string; label: Localised }>;
}

export interface ChatCategory {
  idChatCategory: number | string;
  title: string;
  description?: string;
  /** A bot answers first (with quick replies). */
  bot?: boolean;
  opened?: boolean;
  online?: boolean;
  [key: string]: unknown;
}

export interface ChatClientOptions extends ChatRealtimeOptions {
  /** Only for a back-office page; a visitor widget needs no token. */
  token?: string | undefined;
}

/**
 * The answer header in which the gateway (or the service behind it) says whether it verified the
 * visitor token: `verified`, else `anonymous` or absent. The page shows a visitor as verified only then.
 */
export const VISITOR_VERDICT_HEADER = 'X-Sportello-Visitor';

export { type QuickReply, type ChatAttachment };

/**
 * The widget's public configuration alone (`GET /public/api/widget`), without a client: what a
 * closed launcher reads when the page asks for a proactive greeting.
 */
export function fetchWidgetConfig(
  endpoint: string,
  widgetKey: string,
  language: string,
  signal?: AbortSignal,
): Promise<WidgetConfig> {
  return new HttpClient({ service: 'chat', baseUrl: endpoint, auth: none }).json<WidgetConfig>('/public/api/widget', {
    query: { widgetKey, language },
    signal,
  });
}

function absolute(url: string): string {
  try {
    return new URL(url, typeof document !== 'undefined' ? document.baseURI : undefined).href;
  } catch {
    return url;
  }
}

/**
 * `idChat` as a JSON body carries it: the spec's type is int64, so a number when the string we
 * keep is an exact one. We keep ids as strings because a JS number loses digits beyond 2^53; such
 * an id (or one that is not decimal) stays a string rather than reach the server altered.
 */
export function jsonId(id: string | number): string | number {
  if (typeof id === 'number' || !/^(0|-?[1-9]\d*)$/.test(id)) return id;
  const n = Number(id);
  return Number.isSafeInteger(n) ? n : id;
}

/** The client a visitor's widget holds: the public REST API here, the real-time protocol from {@link ChatRealtime}. */
export class ChatClient extends ChatRealtime {
  readonly http: HttpClient;

  constructor(override readonly options: ChatClientOptions) {
    super(options);
    const auth: AuthStrategy = options.token
      ? chatToken(options.token)
      : options.tokenProvider
        ? bearer(options.tokenProvider)
        : none;
    this.http = new HttpClient({ service: 'chat', baseUrl: options.endpoint, auth });
  }

  /** Whether the last widget answer said the visitor token was verified (VISITOR_VERDICT_HEADER). */
  visitorVerified = false;

  // ---- public REST -------------------------------------------------------------------------

  async widget(language: string, signal?: AbortSignal): Promise<WidgetConfig> {
    const response = await this.http.response('/public/api/widget', {
      query: { widgetKey: this.options.widgetKey, language },
      signal,
    });
    this.visitorVerified = response.headers.get(VISITOR_VERDICT_HEADER) === 'verified';
    return (await response.json()) as WidgetConfig;
  }

  /**
   * A verified visitor's ended chats on any device: the Sportello gateway's own route (the chat
   * service's public API cannot list a visitor's chats), answered for a verified visitor token only.
   * Raw as the gateway sends them (src/storage/past-chats.ts reads them).
   */
  async pastChats(signal?: AbortSignal): Promise<unknown[]> {
    const body = await this.http.json<{ chats?: unknown }>('/sportello/past-chats', { signal });
    return Array.isArray(body?.chats) ? body.chats : [];
  }

  async categories(language: string, signal?: AbortSignal): Promise<ChatCategory[]> {
    const body = await this.http.json<ChatCategory[] | { content?: ChatCategory[] }>('/public/api/chat/categories', {
      query: { widgetKey: this.options.widgetKey, language },
      signal,
    });
    return Array.isArray(body) ? body : (body?.content ?? []);
  }

  /** Server-side validation of the pre-chat form: [] when valid. */
  async validate(input: Record<string, unknown>, signal?: AbortSignal): Promise<FieldError[]> {
    try {
      const body = await this.http.json<
        { valid?: boolean; errors?: FieldError[] | Record<string, string> } | undefined
      >('/public/api/chat/input/validate', {
        method: 'POST',
        json: { widgetKey: this.options.widgetKey, ...input },
        signal,
      });
      return normaliseFieldErrors(body?.errors);
    } catch (error) {
      // A 400 with field errors is an answer, not a failure.
      const errors = fieldErrorsOf(error);
      if (errors) return errors;
      throw error;
    }
  }

  async queuePosition(idChat: string | number, signal?: AbortSignal): Promise<number | undefined> {
    const body = await this.http.json<{ position?: number | null } | number>('/public/api/chat/queue-position/', {
      query: { idChat, visitorId: this.options.visitorId },
      signal,
    });
    return typeof body === 'number' ? body : (body?.position ?? undefined);
  }

  rate(idChat: string | number, rating: number, comment?: string): Promise<unknown> {
    return this.http.json('/public/api/chat/rating/', {
      method: 'POST',
      query: { visitorId: this.options.visitorId },
      json: { idChat: jsonId(idChat), rating, comment },
    });
  }

  // The calls that name a chat carry the visitor id: through the gateway, an anonymous visitor's
  // chats are theirs by it (the gateway takes it off before the service).
  //
  // The transcript and the contact requests are GETs that send an e-mail or file a request. A
  // GET is retried on a timeout or a 5xx, but one that timed out after the server acted would
  // act twice: these are sent once, and a failure is the visitor's to retry.

  sendTranscript(idChat: string | number, email: string): Promise<unknown> {
    return this.http.json('/public/api/chat/transcription/', {
      query: { idChat, email, visitorId: this.options.visitorId },
      retry: false,
    });
  }

  contactRequest(
    kind: 'email' | 'phone',
    input: {
      name: string;
      email?: string;
      phone?: string;
      message: string;
      idChatCategory?: string | number;
      language: string;
    },
  ): Promise<unknown> {
    return this.http.json(`/public/api/chat/contact-request-${kind}/`, {
      query: { widgetKey: this.options.widgetKey, ...input },
      retry: false,
    });
  }

  addNavigationPage(idChat: string | number, url: string, title: string): Promise<unknown> {
    return this.http.json('/public/api/chat/add-navigation-page', {
      method: 'POST',
      query: { visitorId: this.options.visitorId },
      json: { idChat: jsonId(idChat), url, title },
    });
  }

  async upload(
    idChat: string | number,
    file: File,
    onProgress?: (loaded: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<ChatAttachment> {
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('idChat', String(idChat));
    form.append('visitorId', this.options.visitorId);
    const body = await this.http.json<Partial<ChatAttachment> & { uuid: string }>('/public/api/attachments/upload', {
      method: 'POST',
      form,
      signal,
      onUploadProgress: onProgress,
      timeoutMs: 0,
    });
    return {
      uuid: body.uuid,
      name: body.name ?? file.name,
      size: body.size ?? file.size,
      contentType: body.contentType ?? file.type,
    };
  }

  /**
   * Removes a file uploaded but no longer wanted. The visitor id goes along because the server
   * lets only the visitor who uploaded a file delete it (the upload sends the same id).
   */
  async deleteAttachment(uuid: string, signal?: AbortSignal): Promise<void> {
    await this.http.json(`/public/api/attachments/${encodeURIComponent(uuid)}`, {
      method: 'DELETE',
      query: { visitorId: this.options.visitorId },
      signal,
    });
  }

  downloadUrl(uuid: string): string {
    return this.http.url('/public/api/attachments/download', { uuid });
  }

  /** Absolute, so that an endpoint given as a same-origin path (a proxy) still yields an image URL the page can check. */
  imageUrl(uuid: string): string {
    return absolute(this.http.url('/public/api/attachments/image', { uuid }));
  }

  /** The bot's avatar: the configuration's own (a service path or a URL), else the public bot avatar. */
  botAvatarUrl(configured?: string): string {
    if (configured && /^https?:\/\//i.test(configured)) return configured;
    return absolute(
      this.http.url(configured?.startsWith('/') ? configured : '/public/api/bot/avatar', {
        widgetKey: this.options.widgetKey,
      }),
    );
  }

  /** An image the service names (an operator's avatar): a path is the service's, a URL stays as it is. */
  serviceImageUrl(pathOrUrl: string): string {
    return absolute(this.http.url(pathOrUrl));
  }
}
