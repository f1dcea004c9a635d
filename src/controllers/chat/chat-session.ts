/**
 * The running conversation under the live-chat controller (live-chat-controller.ts, which adds
 * loading, starting, following and ending a chat): its state, the connection as the visitor sees
 * it, sending with delivery states and retries, attachments, the visitor's requests to the service
 * (rating, transcript, contact form) and saving all of it for the next page.
 */
import {
  fieldErrorsOf,
  newId,
  type ChatCategory,
  type ChatClient,
  type FieldError,
  type WidgetConfig,
} from '../../services/chat.js';
import { isServiceError, ServiceError } from '../../transport/errors.js';
import type { StompState } from '../../transport/stomp.js';
import { Transcript, type ChatAttachment } from '../../model/chat/transcript.js';
import type { StoredChat } from '../../storage/chat.js';
import { EchoTimers } from '../../model/chat/echo-timers.js';
import type { ChatRealtime, TabRole } from '../../realtime/shared-realtime.js';
import type { ChatOperator, ChatPhase, ContactInput, UploadItem } from '../../model/chat/chat-types.js';
import type { LiveChatHost } from './live-chat-host.js';
import { ChatUploads, type UploadsOwner } from '../../model/chat/chat-uploads.js';
import { ChatSaver } from '../../storage/chat-saver.js';
import { contactConsentErrors, validateContact } from '../../model/chat/prechat.js';

/** "Reconnecting…" appears only when the connection stays down this long. */
const RECONNECTING_NOTICE_MS = 1500;

export abstract class ChatSession implements UploadsOwner {
  phase: ChatPhase = 'idle';
  config: WidgetConfig | undefined;
  categories: ChatCategory[] = [];
  fieldErrors: FieldError[] = [];
  busy = false;
  error: { operation: string; error: ServiceError | Error } | undefined;
  queuePosition: number | undefined;
  operator: ChatOperator | undefined;
  /** The operator who left the conversation, until another one joins (a transfer, or none). */
  operatorLeft: string | undefined;
  peerTyping: string | undefined;
  connection: StompState | 'idle' = 'idle';
  showReconnecting = false;
  transcript = new Transcript();
  idChat: string | undefined;
  name = '';
  email = '';
  draft = '';

  client: ChatClient | undefined;
  /** The real-time side: this tab's own socket, or the one the leading tab of the site holds. */
  realtime: (ChatRealtime & { role?: TabRole }) | undefined;
  protected tabId = newId();
  protected offClient: Array<() => void> = [];
  protected readonly echoes = new EchoTimers();
  protected reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  protected readonly files = new ChatUploads(this);
  protected readonly saver = new ChatSaver(() => (this.client ? this.snapshot() : undefined));

  constructor(protected readonly host: LiveChatHost) {}

  protected listenToClient(): void {
    if (this.offClient.length || !this.realtime) return;
    const now = this.realtime.state;
    if (now !== 'idle') this.connection = now;
    this.offClient.push(
      this.realtime.onState((s) => this.onConnection(s)),
      this.realtime.onError((e) => this.host.onChatError('connection', e)),
    );
  }

  /** Whether this tab holds the site's socket (`leader`), uses another tab's, or has its own (`solo`). */
  get tabRole(): TabRole | undefined {
    return this.realtime?.role;
  }

  /** Sends again every message the server has not confirmed (it keeps one per clientMessageId). */
  protected resendOutbox(): void {
    if (!this.idChat || this.phase === 'ended' || this.phase === 'rated') return;
    for (const m of this.transcript.outbox)
      if (m.state === 'pending') this.publish(m.clientMessageId!, m.text, m.attachments);
  }

  /** Skips the reconnect backoff (the visitor asked). */
  reconnectNow(): void {
    this.realtime?.reconnectNow();
  }

  protected onConnection(state: StompState): void {
    this.connection = state;
    clearTimeout(this.reconnectTimer);
    if (state === 'open') {
      this.showReconnecting = false;
      // Echo timers restart from now: sends waited in the outbox while we were away.
      for (const m of this.transcript.outbox) if (m.state === 'pending') this.armEchoTimer(m.clientMessageId!);
    } else if (state === 'reconnecting' || state === 'connecting') {
      this.reconnectTimer = setTimeout(() => {
        this.showReconnecting = this.connection !== 'open';
        this.host.requestUpdate();
      }, RECONNECTING_NOTICE_MS);
    }
    this.host.requestUpdate();
  }

  // ---- what the event reducer and the uploads call ----------------------------------------

  incoming(count: number): void {
    this.host.onIncoming?.(count);
  }

  requestUpdate(): void {
    this.host.requestUpdate();
  }

  onUploadError(error: Error): void {
    this.host.onChatError('upload-attachment', error);
  }

  // ---- sending ------------------------------------------------------------------------------

  /** Sends text plus every finished upload. Returns false when there was nothing to send. */
  send(text: string, quickReply?: string): boolean {
    if (!this.idChat || this.phase === 'ended' || this.phase === 'rated') return false;
    const attachments = this.files.finished();
    if (!text.trim() && !attachments.length) return false;
    const clientMessageId = newId();
    this.transcript.addLocal({ clientMessageId, text: text.trim(), attachments });
    this.files.clearDone();
    this.publish(clientMessageId, text.trim(), attachments, quickReply);
    if (!quickReply) this.setDraft('');
    this.changed();
    return true;
  }

  retry(key: string): void {
    const m = this.transcript.messages.find((x) => x.key === key);
    if (!m?.clientMessageId || m.id !== undefined) return;
    this.transcript.setLocalState(m.clientMessageId, 'pending');
    this.publish(m.clientMessageId, m.text, m.attachments);
    if (this.connection !== 'open') this.realtime?.reconnectNow();
    this.changed();
  }

  protected publish(clientMessageId: string, text: string, attachments: ChatAttachment[], quickReply?: string): void {
    this.realtime!.sendMessage(this.idChat!, { clientMessageId, text, attachments, quickReply });
    if (this.connection === 'open') this.armEchoTimer(clientMessageId);
  }

  protected armEchoTimer(clientMessageId: string): void {
    this.echoes.arm(clientMessageId, () => {
      if (this.connection === 'open' && this.transcript.setLocalState(clientMessageId, 'failed')) this.changed();
    });
  }

  clearEchoTimer(clientMessageId: string): void {
    this.echoes.clear(clientMessageId);
  }

  typing(typing: boolean): void {
    if (this.idChat && (this.phase === 'chatting' || this.phase === 'queued'))
      this.realtime?.typing(this.idChat, typing);
  }

  setDraft(value: string): void {
    this.draft = value;
    this.saver.soon();
  }

  // ---- attachments --------------------------------------------------------------------------

  /** The files attached to the next message, with their upload state. */
  get uploads(): UploadItem[] {
    return this.files.items;
  }

  attach(files: File[]): void {
    this.files.attach(files);
  }

  retryUpload(key: string): void {
    this.files.retry(key);
  }

  removeUpload(key: string): void {
    this.files.remove(key);
  }

  /** The operator's avatar as an absolute URL (the service may name it by a path of its own). */
  get operatorAvatar(): string | undefined {
    const avatar = this.operator?.avatar;
    return avatar && this.client ? this.client.serviceImageUrl(avatar) : undefined;
  }

  /** The widget's bot as the window shows it: name and avatar URL from the configuration (the public bot avatar by default). */
  get bot(): { name: string | undefined; avatar: string | undefined } {
    const configured = this.config?.bot;
    return { name: configured?.name, avatar: this.client?.botAvatarUrl(configured?.avatar) };
  }

  attachmentHref(a: ChatAttachment): string {
    return this.client?.downloadUrl(a.uuid) ?? '';
  }

  attachmentThumbnail(a: ChatAttachment): string | undefined {
    const type = a.contentType ?? '';
    // Raster images only: an SVG or HTML "image" could carry script or be misleading.
    return this.client && /^image\/(png|jpe?g|gif|webp|avif|bmp)$/i.test(type)
      ? this.client.imageUrl(a.uuid)
      : undefined;
  }

  // ---- the visitor's requests to the service -----------------------------------------------

  async rate(rating: number, comment: string): Promise<boolean> {
    return this.action(
      'rate-chat',
      () => this.client!.rate(this.idChat!, rating, comment),
      () => this.set({ phase: 'rated' }),
    );
  }

  async requestTranscript(email: string): Promise<boolean> {
    return this.action('send-transcript', () => this.client!.sendTranscript(this.idChat!, email));
  }

  async submitContact(input: ContactInput): Promise<boolean> {
    const o = this.host.chatOptions();
    this.set({ busy: true, fieldErrors: [], error: undefined });
    let errors: FieldError[];
    try {
      errors = [...(await validateContact(this.client!, input, o.language)), ...contactConsentErrors(input)];
    } catch (error) {
      this.fail('contact-request', error);
      this.set({ busy: false });
      return false;
    }
    if (errors.length) {
      this.set({ fieldErrors: errors, busy: false });
      return false;
    }
    return this.action(
      'contact-request',
      () =>
        this.client!.contactRequest(input.channel, {
          name: input.name,
          ...(input.channel === 'email' ? { email: input.email } : { phone: input.phone }),
          message: input.message,
          language: o.language,
        }),
      () => this.set({ phase: 'offline-sent' }),
      true,
    );
  }

  dismissError(): void {
    this.set({ error: undefined });
  }

  // ---- helpers ------------------------------------------------------------------------------

  /** Runs a visitor's action; with `fields`, a 400 naming fields marks them on the form instead of a general error. */
  protected async action(
    operation: string,
    run: () => Promise<unknown>,
    after?: () => void,
    fields = false,
  ): Promise<boolean> {
    this.set({ busy: true, error: undefined });
    try {
      await run();
      after?.();
      return true;
    } catch (error) {
      const fieldErrors = fields ? fieldErrorsOf(error) : undefined;
      if (fieldErrors) this.set({ fieldErrors });
      else this.fail(operation, error);
      return false;
    } finally {
      this.set({ busy: false });
    }
  }

  protected fail(operation: string, error: unknown): void {
    const e =
      isServiceError(error) || error instanceof Error
        ? error
        : new ServiceError({ service: 'chat', kind: 'protocol', message: String(error) });
    this.error = { operation, error: e };
    this.host.onChatError(operation, e);
    this.host.requestUpdate();
  }

  protected set(
    patch: Partial<Pick<ChatSession, 'phase' | 'busy' | 'error' | 'fieldErrors' | 'queuePosition' | 'peerTyping'>>,
  ): void {
    Object.assign(this, patch);
    this.host.requestUpdate();
  }

  changed(): void {
    this.saver.soon();
    this.host.requestUpdate();
  }

  protected snapshot(): StoredChat {
    const phase = this.phase === 'chatting' || this.phase === 'queued' ? this.phase : this.idChat ? 'ended' : undefined;
    return {
      visitorId: this.client?.options.visitorId ?? newId(),
      idChat: this.idChat,
      phase,
      name: this.name,
      email: this.email,
      operator: this.operator,
      transcript: this.idChat ? this.transcript.toJSON() : undefined,
      draft: this.draft,
      writer: this.tabId,
    };
  }

  persist(): void {
    this.saver.save();
  }

  protected flushSave(): void {
    this.saver.flush();
  }

  /** Another tab changed the stored chat: follow the chat it started, or end with it. */
}
