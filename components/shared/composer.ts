import { html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { SportelloElement } from './sportello-element.js';
import { tokens } from './tokens.styles.js';
import { composerStyles } from './composer.styles.js';
import './chat-events.js';
import { paperclipIcon, smileIcon } from './chat-icons.js';
import type { EmojiPickerLabels } from './emoji-picker.js';
import './image-thumb.js';

/** An attachment shown in the composer's tray while it uploads (the host owns the upload). */
export interface ComposerAttachment {
  key: string;
  name: string;
  /** 0..1 while uploading. */
  progress?: number | undefined;
  state: 'uploading' | 'done' | 'failed';
  error?: string | undefined;
  /** Whether a failed upload is worth trying again (default true); a file refused for what it is is not. */
  retryable?: boolean | undefined;
  /** An image to show as a thumbnail beside the name (a picked, dropped or pasted picture). */
  preview?: Blob | undefined;
}

export interface ComposerLabels {
  input: string;
  placeholder: string;
  send: string;
  attach: string;
  remove: string;
  retry: string;
  uploading: string;
  uploaded: string;
  failed: string;
  /** The emoji button's name (only with `allow-emoji`). */
  emoji?: string;
}

const defaultLabels: Required<ComposerLabels> = {
  input: 'Message',
  placeholder: 'Write a message…',
  send: 'Send',
  attach: 'Attach a file',
  remove: 'Remove {name}',
  retry: 'Retry upload of {name}',
  uploading: 'Uploading {name}',
  uploaded: '{name} uploaded',
  failed: '{name} failed to upload',
  emoji: 'Insert an emoji',
};

const TYPING_REPEAT_MS = 3000;
const TYPING_IDLE_MS = 4000;

const fill = (template: string, name: string) => template.replace('{name}', name);

/**
 * The chat composer shared by the live chat and the AI panel: a draft that grows with its text,
 * Enter to send (Shift+Enter for a new line), files by picker, drag-and-drop or paste, and typing
 * notifications. It never uploads or sends anything itself: it reports what the user did.
 *
 * @summary Chat message composer with attachments and typing notifications.
 * @event {CustomEvent<ComposerSendDetail>} sportello-composer-send - `{ text }` when the user sends; cancel to keep the draft.
 * @event {CustomEvent<ComposerAttachDetail>} sportello-composer-attach - `{ files }` chosen by picker, drop or paste.
 * @event {CustomEvent<ComposerKeyDetail>} sportello-composer-remove - `{ key }` of an attachment to remove.
 * @event {CustomEvent<ComposerKeyDetail>} sportello-composer-retry-upload - `{ key }` of a failed attachment to upload again.
 * @event {CustomEvent<ComposerTypingDetail>} sportello-composer-typing - `{ typing }` started / stopped.
 * @event {CustomEvent<ComposerInputDetail>} sportello-composer-input - `{ value }` whenever the draft changes.
 * @csspart form - The composer's form.
 * @csspart input - The text area.
 * @csspart send - The send button.
 * @csspart attach - The attach button.
 * @csspart emoji - The emoji button (with `allow-emoji`).
 * @csspart attachment - One attachment in the tray.
 * @csspart attachment-preview - An image attachment's thumbnail (decorative: its name is beside it).
 */
export class SportelloComposer extends SportelloElement {
  static override styles = [tokens, composerStyles];

  /** The draft. */
  @property() value = '';
  @property({ type: Boolean, reflect: true }) disabled = false;
  /** Shows the attach button and accepts dropped / pasted files. */
  @property({ type: Boolean, attribute: 'allow-attachments' }) allowAttachments = false;
  /** `accept` of the file picker. */
  @property() accept = '';
  /** Attachments the host is uploading or has uploaded for the next message. */
  @property({ attribute: false }) attachments: ComposerAttachment[] = [];
  @property({ attribute: false }) labels: Partial<ComposerLabels> = {};
  /** Shows the emoji button; its picker is a chunk of its own, loaded when first opened. */
  @property({ type: Boolean, attribute: 'allow-emoji' }) allowEmoji = false;
  /** The emoji picker's words (its search field, categories, messages). */
  @property({ attribute: false }) emojiLabels: Partial<EmojiPickerLabels> = {};
  /** Maximum characters of the draft. */
  @property({ type: Number }) maxlength = 4000;

  @state() private dragging = false;
  @state() private emojiOpen = false;
  @query('.emoji-button') private emojiButton?: HTMLButtonElement;
  @query('sportello-emoji-picker') private emojiPicker?: HTMLElement;
  @query('textarea') private textarea!: HTMLTextAreaElement;
  @query('input[type=file]') private fileInput!: HTMLInputElement;

  private typing = false;
  private lastTypingSent = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  private get text(): Required<ComposerLabels> {
    return { ...defaultLabels, ...this.labels };
  }

  /** Moves focus to the text area. */
  override focus(): void {
    this.textarea?.focus();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.idleTimer);
    document.removeEventListener('pointerdown', this.onOutsidePointer, true);
  }

  // ---- emoji ----------------------------------------------------------------------------------

  private async toggleEmoji(): Promise<void> {
    if (this.emojiOpen) return this.closeEmoji(true);
    // The picker's code and its words come only now, the first time a visitor wants them. If its
    // file cannot be fetched (offline), the button stays as it was and a later press tries again.
    try {
      await import('./emoji-picker.js');
    } catch {
      return;
    }
    this.emojiOpen = true;
    document.addEventListener('pointerdown', this.onOutsidePointer, true);
    await this.updateComplete;
    this.emojiPicker?.focus();
  }

  private closeEmoji(focusButton: boolean): void {
    if (!this.emojiOpen) return;
    this.emojiOpen = false;
    document.removeEventListener('pointerdown', this.onOutsidePointer, true);
    if (focusButton) this.emojiButton?.focus();
  }

  /** A press anywhere outside the picker and its button closes it, focus staying where the press puts it. */
  private onOutsidePointer = (e: PointerEvent): void => {
    const path = e.composedPath();
    if (!path.includes(this.emojiPicker as EventTarget) && !path.includes(this.emojiButton as EventTarget))
      this.closeEmoji(false);
  };

  /** Focus left the picker for something else than its button (Tab to the message field, say): it closes. */
  private onPickerFocusout(e: FocusEvent): void {
    const to = e.relatedTarget as Node | null;
    if (to && to !== this.emojiButton && !this.emojiPicker?.contains(to) && !this.emojiPicker?.shadowRoot?.contains(to))
      this.closeEmoji(false);
  }

  /** Puts the emoji where the caret was (over a selection, if any), then gives the field its focus back. */
  private async insertEmoji(emoji: string): Promise<void> {
    const field = this.textarea;
    const start = Math.min(field?.selectionStart ?? this.value.length, this.value.length);
    const end = Math.max(start, Math.min(field?.selectionEnd ?? start, this.value.length));
    const value = this.value.slice(0, start) + emoji + this.value.slice(end);
    this.closeEmoji(false);
    if (value.length <= this.maxlength) {
      this.value = value;
      this.emit('sportello-composer-input', { value });
      this.noteTyping();
    }
    await this.updateComplete;
    field?.focus();
    const caret = value.length <= this.maxlength ? start + emoji.length : end;
    field?.setSelectionRange(caret, caret);
  }

  private renderEmoji() {
    if (!this.allowEmoji) return nothing;
    const label = this.text.emoji;
    return html`<button
        type="button"
        class="emoji-button"
        part="emoji"
        aria-label=${label}
        title=${label}
        aria-haspopup="dialog"
        aria-expanded=${this.emojiOpen ? 'true' : 'false'}
        ?disabled=${this.disabled}
        @click=${() => void this.toggleEmoji()}
      >
        ${smileIcon()}
      </button>
      ${
        this.emojiOpen
          ? html`<sportello-emoji-picker
              class="emoji-picker"
              .labels=${this.emojiLabels}
              @focusout=${this.onPickerFocusout}
              @sportello-emoji-pick=${(e: CustomEvent<{ emoji: string }>) => void this.insertEmoji(e.detail.emoji)}
              @sportello-emoji-close=${() => this.closeEmoji(true)}
            ></sportello-emoji-picker>`
          : nothing
      }`;
  }

  private get canSend(): boolean {
    const uploading = this.attachments.some((a) => a.state === 'uploading');
    const ready = this.attachments.some((a) => a.state === 'done');
    return !this.disabled && !uploading && (this.value.trim() !== '' || ready);
  }

  private onInput(e: Event): void {
    this.value = (e.target as HTMLTextAreaElement).value;
    this.emit('sportello-composer-input', { value: this.value });
    this.noteTyping();
  }

  private noteTyping(): void {
    const now = Date.now();
    if (this.value.trim() === '') {
      this.stopTyping();
      return;
    }
    if (!this.typing || now - this.lastTypingSent > TYPING_REPEAT_MS) {
      this.typing = true;
      this.lastTypingSent = now;
      this.emit('sportello-composer-typing', { typing: true });
    }
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stopTyping(), TYPING_IDLE_MS);
  }

  private stopTyping(): void {
    clearTimeout(this.idleTimer);
    if (!this.typing) return;
    this.typing = false;
    this.emit('sportello-composer-typing', { typing: false });
  }

  private onKeydown(e: KeyboardEvent): void {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      this.send();
    }
  }

  private send(e?: Event): void {
    e?.preventDefault();
    if (!this.canSend) return;
    const text = this.value.trim();
    this.stopTyping();
    if (this.emit('sportello-composer-send', { text }, { cancelable: true })) {
      this.value = '';
      this.emit('sportello-composer-input', { value: '' });
    }
    this.textarea?.focus();
  }

  private addFiles(files: Iterable<File>): void {
    const list = [...files];
    if (list.length && this.allowAttachments && !this.disabled) this.emit('sportello-composer-attach', { files: list });
  }

  private onPaste(e: ClipboardEvent): void {
    const files = [...(e.clipboardData?.files ?? [])];
    if (files.length && this.allowAttachments) {
      e.preventDefault();
      this.addFiles(files);
    }
  }

  private onDragOver(e: DragEvent): void {
    if (!this.allowAttachments || !e.dataTransfer?.types.includes('Files')) return;
    e.preventDefault();
    this.dragging = true;
  }

  private onDrop(e: DragEvent): void {
    this.dragging = false;
    if (!this.allowAttachments) return;
    e.preventDefault();
    this.addFiles(e.dataTransfer?.files ?? []);
  }

  private onPick(): void {
    this.addFiles(this.fileInput.files ?? []);
    this.fileInput.value = '';
  }

  private renderAttachment(a: ComposerAttachment) {
    const t = this.text;
    const status =
      a.state === 'uploading'
        ? fill(t.uploading, a.name)
        : a.state === 'done'
          ? fill(t.uploaded, a.name)
          : fill(t.failed, a.name);
    return html`<li class=${a.state} part="attachment">
      ${a.preview ? html`<sportello-image-thumb part="attachment-preview" .source=${a.preview}></sportello-image-thumb>` : nothing}
      <span class="name" title=${a.name}>${a.name}</span>
      ${
        a.state === 'uploading'
          ? html`<progress max="1" .value=${a.progress ?? 0} aria-label=${status}></progress>`
          : html`<span class="visually-hidden">${status}</span>`
      }
      ${a.state === 'failed' && a.error ? html`<span class="error">${a.error}</span>` : nothing}
      ${
        a.state === 'failed' && a.retryable !== false
          ? html`<button type="button" aria-label=${fill(t.retry, a.name)} @click=${() => this.emit('sportello-composer-retry-upload', { key: a.key })}>↻</button>`
          : nothing
      }
      <button type="button" aria-label=${fill(t.remove, a.name)} @click=${() => this.emit('sportello-composer-remove', { key: a.key })}>×</button>
    </li>`;
  }

  override render() {
    const t = this.text;
    return html`<form
      part="form"
      class=${this.dragging ? 'dragging' : ''}
      @submit=${this.send}
      @dragover=${this.onDragOver}
      @dragleave=${() => (this.dragging = false)}
      @drop=${this.onDrop}
    >
      ${this.attachments.length ? html`<ul aria-label=${t.attach}>${this.attachments.map((a) => this.renderAttachment(a))}</ul>` : nothing}
      <div class="row">
        ${
          this.allowAttachments
            ? html`<button type="button" part="attach" aria-label=${t.attach} title=${t.attach} ?disabled=${this.disabled} @click=${() => this.fileInput.click()}>
                ${paperclipIcon()}
              </button>
              <input type="file" multiple accept=${this.accept || nothing} tabindex="-1" aria-hidden="true" @change=${this.onPick} />`
            : nothing
        }
        ${this.renderEmoji()}
        <textarea
          part="input"
          rows="1"
          aria-label=${t.input}
          placeholder=${t.placeholder}
          maxlength=${this.maxlength}
          .value=${this.value}
          ?disabled=${this.disabled}
          @input=${this.onInput}
          @keydown=${this.onKeydown}
          @paste=${this.onPaste}
          @blur=${() => this.stopTyping()}
        ></textarea>
        <button type="submit" class="send" part="send" ?disabled=${!this.canSend}>${t.send}</button>
      </div>
    </form>`;
  }
}

SportelloElement.define('sportello-composer', SportelloComposer);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-composer': SportelloComposer;
  }
}
