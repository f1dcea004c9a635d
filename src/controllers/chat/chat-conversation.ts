/**
 * The running conversation as the visitor sees it: its phase, the thread, who answers, the draft;
 * sending with delivery states, the outbox and retries; the files attached to the next message;
 * and the service's pictures and links for the people and files in it. The chat's server events
 * change it through the event reducer, whose target it is.
 */
import { newId, type ChatClient, type WidgetConfig } from '../../services/chat.js';
import { Transcript, type ChatAttachment } from '../../model/chat/transcript.js';
import type { StoredChat } from '../../storage/chat.js';
import { EchoTimers } from '../../model/chat/echo-timers.js';
import type { ChatRealtime } from '../../realtime/shared-realtime.js';
import type { ChatOperator, ChatPhase, UploadItem } from '../../model/chat/chat-types.js';
import type { ChatEventTarget } from '../../model/chat/chat-event-reducer.js';
import { ChatUploads } from '../../model/chat/chat-uploads.js';

/** What the conversation needs from the controller that holds it. */
export interface ConversationOwner {
  client(): ChatClient | undefined;
  /** The real-time side the messages go through. */
  realtime(): ChatRealtime | undefined;
  config(): WidgetConfig | undefined;
  /** Whether the connection is open now: an echo is waited for only then. */
  connected(): boolean;
  requestUpdate(): void;
  /** Save within the batch (the visitor is typing, a message went). */
  saveSoon(): void;
  /** Save now (who answers, the phase changed). */
  saveNow(): void;
  /** New messages from others. */
  incoming(count: number): void;
  /** The chat ended (the server said so): the controller closes it. */
  ended(): void;
  onUploadError(error: Error): void;
}

export class ChatConversation implements ChatEventTarget {
  phase: ChatPhase = 'idle';
  idChat: string | undefined;
  transcript = new Transcript();
  queuePosition: number | undefined;
  operator: ChatOperator | undefined;
  /** The operator who left the conversation, until another one joins (a transfer, or none). */
  operatorLeft: string | undefined;
  peerTyping: string | undefined;
  name = '';
  email = '';
  draft = '';

  private readonly echoes = new EchoTimers();
  private readonly files: ChatUploads;

  constructor(private readonly owner: ConversationOwner) {
    const idChat = (): string | undefined => this.idChat;
    this.files = new ChatUploads({
      get client() {
        return owner.client();
      },
      get idChat() {
        return idChat();
      },
      get config() {
        return owner.config();
      },
      requestUpdate: () => owner.requestUpdate(),
      onUploadError: (error) => owner.onUploadError(error),
    });
  }

  /** Whether the conversation is over (ended, and perhaps rated). */
  get over(): boolean {
    return this.phase === 'ended' || this.phase === 'rated';
  }

  update(patch: Partial<Pick<ChatConversation, 'phase' | 'queuePosition' | 'peerTyping'>>): void {
    Object.assign(this, patch);
    this.owner.requestUpdate();
  }

  /** A new conversation: nothing of the last one's thread or operator stays. */
  clear(): void {
    this.transcript = new Transcript();
    this.operator = undefined;
    this.operatorLeft = undefined;
  }

  // ---- sending ------------------------------------------------------------------------------

  /** Sends text plus every finished upload. Returns false when there was nothing to send. */
  send(text: string, quickReply?: string): boolean {
    if (!this.idChat || this.over) return false;
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
    if (!this.owner.connected()) this.owner.realtime()?.reconnectNow();
    this.changed();
  }

  /** Sends again every message the server has not confirmed (it keeps one per clientMessageId). */
  resendOutbox(): void {
    if (!this.idChat || this.over) return;
    for (const m of this.transcript.outbox)
      if (m.state === 'pending') this.publish(m.clientMessageId!, m.text, m.attachments);
  }

  /** The connection is open again: echo timers restart from now (sends waited in the outbox meanwhile). */
  connectionOpened(): void {
    for (const m of this.transcript.outbox) if (m.state === 'pending') this.armEchoTimer(m.clientMessageId!);
  }

  private publish(clientMessageId: string, text: string, attachments: ChatAttachment[], quickReply?: string): void {
    this.owner.realtime()!.sendMessage(this.idChat!, { clientMessageId, text, attachments, quickReply });
    if (this.owner.connected()) this.armEchoTimer(clientMessageId);
  }

  private armEchoTimer(clientMessageId: string): void {
    this.echoes.arm(clientMessageId, () => {
      if (this.owner.connected() && this.transcript.setLocalState(clientMessageId, 'failed')) this.changed();
    });
  }

  clearEchoTimer(clientMessageId: string): void {
    this.echoes.clear(clientMessageId);
  }

  /** No echo is waited for any more (the chat ended, or the element let go of it). */
  stopWaiting(): void {
    this.echoes.clearAll();
  }

  typing(typing: boolean): void {
    if (this.idChat && (this.phase === 'chatting' || this.phase === 'queued'))
      this.owner.realtime()?.typing(this.idChat, typing);
  }

  setDraft(value: string): void {
    this.draft = value;
    this.owner.saveSoon();
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

  /** Takes back every attachment of the next message (a new conversation starts). */
  clearUploads(): void {
    this.files.clear();
  }

  /** Stops the uploads under way (the element let go of the chat). */
  abortUploads(): void {
    this.files.abortAll();
  }

  // ---- the service's pictures and links -----------------------------------------------------

  /** The operator's avatar as an absolute URL (the service may name it by a path of its own). */
  get operatorAvatar(): string | undefined {
    const avatar = this.operator?.avatar;
    const client = this.owner.client();
    return avatar && client ? client.serviceImageUrl(avatar) : undefined;
  }

  /** The widget's bot as the window shows it: name and avatar URL from the configuration (the public bot avatar by default). */
  get bot(): { name: string | undefined; avatar: string | undefined } {
    const configured = this.owner.config()?.bot;
    return { name: configured?.name, avatar: this.owner.client()?.botAvatarUrl(configured?.avatar) };
  }

  attachmentHref(a: ChatAttachment): string {
    return this.owner.client()?.downloadUrl(a.uuid) ?? '';
  }

  attachmentThumbnail(a: ChatAttachment): string | undefined {
    const type = a.contentType ?? '';
    const client = this.owner.client();
    // Raster images only: an SVG or HTML "image" could carry script or be misleading.
    return client && /^image\/(png|jpe?g|gif|webp|avif|bmp)$/i.test(type) ? client.imageUrl(a.uuid) : undefined;
  }

  // ---- what the event reducer calls ---------------------------------------------------------

  incoming(count: number): void {
    this.owner.incoming(count);
  }

  requestUpdate(): void {
    this.owner.requestUpdate();
  }

  changed(): void {
    this.owner.saveSoon();
    this.owner.requestUpdate();
  }

  persist(): void {
    this.owner.saveNow();
  }

  ended(): void {
    this.owner.ended();
  }

  // ---- saving -------------------------------------------------------------------------------

  /** The conversation as kept for the next page and the site's other tabs. */
  stored(visitorId: string, writer: string): StoredChat {
    const phase = this.phase === 'chatting' || this.phase === 'queued' ? this.phase : this.idChat ? 'ended' : undefined;
    return {
      visitorId,
      idChat: this.idChat,
      phase,
      name: this.name,
      email: this.email,
      operator: this.operator,
      transcript: this.idChat ? this.transcript.toJSON() : undefined,
      draft: this.draft,
      writer,
    };
  }
}
