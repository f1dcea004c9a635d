/**
 * The conversation as the window shows it: the waiting and "now chatting with" status (one live
 * region), the thread, the offer of desktop notifications, who is typing, and the composer (or,
 * once ended, the rating).
 */
import { html, nothing } from 'lit';
import type { ComposerAttachment } from '../../shared/composer.js';
import type { AttachmentOpenDetail } from '../../shared/chat-events.js';
import type { ChatListItem } from '../../shared/message-list.js';
import { errorSentence } from '../../shared/error-text.js';
import type { Speaker } from '../../../src/i18n/translate.js';
import type { UploadItem } from '../../../src/controllers/chat/live-chat-controller.js';
import type { ChatKey } from '../strings.js';
import { notificationsAskable } from './tab-notices.js';
import type { WindowContext } from './window-context.js';

/** How the window words an upload refused for what the file is (codes from the controller). */
const UPLOAD_REFUSALS: Record<string, ChatKey> = {
  'too-large': 'fileTooLarge',
  'too-many': 'fileTooMany',
  'unsupported-type': 'fileType',
  'type-mismatch': 'fileMismatch',
  empty: 'fileEmpty',
  refused: 'fileRefused',
};

/** What the view takes from the window beyond its context. */
export interface ConversationParts {
  /** The thread's rows now (system lines and day labels included). */
  rows(): ChatListItem[];
  openAttachment(e: CustomEvent<AttachmentOpenDetail>): void;
  /** The ended view (rating, transcript, new chat). */
  ended(): unknown;
  /** Whether the page offers desktop notifications. */
  notifications(): boolean;
  askNotifications(): void;
}

export class ConversationView {
  constructor(
    private readonly ctx: WindowContext & Speaker,
    private readonly parts: ConversationParts,
  ) {}

  render() {
    const c = this.ctx.chat.conversation;
    const { config } = this.ctx.chat;
    const tr = this.ctx.labels.tr;
    const ended = c.phase === 'ended' || c.phase === 'rated';
    const uploadError = (u: UploadItem): string | undefined => {
      if (u.failure) return errorSentence(this.ctx, u.failure);
      return u.error ? tr(UPLOAD_REFUSALS[u.error] ?? 'fileRefused') : undefined;
    };
    const uploads: ComposerAttachment[] = c.uploads.map((u) => ({
      key: u.key,
      name: u.name,
      progress: u.progress,
      state: u.state,
      error: uploadError(u),
      retryable: !!u.failure,
    }));
    // Waiting for a person: queued from the start, or handed over by the bot (the chat was already
    // under way, and the queue's positions arrive while no operator has joined yet).
    const position = c.queuePosition && c.queuePosition > 0 ? c.queuePosition : undefined;
    const handedOver = c.phase === 'chatting' && !c.operator?.name && position !== undefined;
    const waiting =
      c.phase === 'starting'
        ? tr('starting')
        : c.phase === 'queued' || handedOver
          ? position
            ? tr('queue', { position })
            : tr('queueWaiting')
          : '';
    // One live region that stays in place from the queue to the operator's arrival: a region
    // inserted with its text, or removed when the operator joins, is often not read at all.
    const left =
      c.phase === 'chatting' && !c.operator?.name && c.operatorLeft ? tr('operatorLeft', { name: c.operatorLeft }) : '';
    const status =
      waiting ||
      left ||
      (c.phase === 'chatting' && c.operator?.name ? tr('nowChattingWith', { name: c.operator.name }) : '');
    return html`<div class="conversation">
      <p class="visually-hidden" role="status">${status}</p>
      ${waiting || left ? html`<div class="notice" aria-hidden="true">${waiting || left}</div>` : nothing}
      <sportello-message-list
        .items=${this.parts.rows()}
        .labels=${this.ctx.labels.list('conversation')}
        .renderBody=${this.ctx.bodies.render}
        .spokenText=${this.ctx.bodies.spoken}
        @sportello-attachment-open=${this.parts.openAttachment}
        @sportello-message-retry=${(e: CustomEvent<{ key: string }>) => c.retry(e.detail.key)}
        @sportello-quick-reply=${(e: CustomEvent<{ value?: string; label?: string }>) => c.send(e.detail.label ?? e.detail.value ?? '', e.detail.value)}
      ></sportello-message-list>
      ${
        this.parts.notifications() && notificationsAskable() && !ended
          ? html`<button type="button" class="link notify" @click=${this.parts.askNotifications}>${tr('notifyOffer')}</button>`
          : nothing
      }
      <div class="typing" aria-live="polite">${c.peerTyping !== undefined ? (c.peerTyping ? tr('typing', { name: c.peerTyping }) : tr('someoneTyping')) : ''}</div>
      ${
        ended
          ? this.parts.ended()
          : html`<sportello-composer
            part="composer"
            exportparts="form: composer-form, input: composer-input, send: composer-send, attach: composer-attach, attachment: composer-attachment, emoji: composer-emoji"
            allow-attachments
            allow-emoji
            accept=${config?.attachments?.contentTypes?.join(',') ?? ''}
            maxlength=${config?.maxMessageLength ?? 4000}
            .value=${c.draft}
            ?disabled=${c.phase === 'starting'}
            .attachments=${uploads}
            .labels=${this.ctx.labels.composerLabels()}
            .emojiLabels=${this.ctx.labels.emojiLabels()}
            @sportello-composer-send=${(e: CustomEvent<{ text: string }>) => {
              if (!c.send(e.detail.text)) e.preventDefault();
            }}
            @sportello-composer-input=${(e: CustomEvent<{ value: string }>) => c.setDraft(e.detail.value)}
            @sportello-composer-typing=${(e: CustomEvent<{ typing: boolean }>) => c.typing(e.detail.typing)}
            @sportello-composer-attach=${(e: CustomEvent<{ files: File[] }>) => c.attach(e.detail.files)}
            @sportello-composer-remove=${(e: CustomEvent<{ key: string }>) => c.removeUpload(e.detail.key)}
            @sportello-composer-retry-upload=${(e: CustomEvent<{ key: string }>) => c.retryUpload(e.detail.key)}
          ></sportello-composer>`
      }
    </div>`;
  }
}
