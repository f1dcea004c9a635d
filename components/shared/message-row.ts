/**
 * What one row of the shared message list shows — day label, avatar, author and time, the body as
 * linkified text (or the host's own rendering), attachments, the delivery state with Retry, quick
 * replies — and the types a host gives the list. Apart from the list (message-list.ts), which
 * decides which rows are on the page and keeps the reader's place. Every string is rendered as
 * text; links and images go through the shared URL allow-list.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { dateTimeFormat } from '../../src/i18n/format.js';
import { safeImageUrl, safeLinkUrl } from '../../src/markdown/safe-url.js';
import { linkify } from './linkify.js';

export interface ChatListAttachment {
  name: string;
  /** Download link (http/https only; anything else renders the name as text). */
  href?: string | undefined;
  /** Raster thumbnail URL for images; never used for SVG/HTML. */
  thumbnail?: string | undefined;
}

/** One row of the list: what the live chat and the AI panel both have. */
export interface ChatListItem {
  key: string;
  /** `self` = the person using the widget (right), `other` = operator/bot/assistant, `system` = notices. */
  role: 'self' | 'other' | 'system';
  author?: string | undefined;
  avatar?: string | undefined;
  text: string;
  /** ISO time. */
  time?: string | undefined;
  state?: 'pending' | 'sent' | 'read' | 'failed' | undefined;
  attachments?: ChatListAttachment[] | undefined;
  quickReplies?: Array<{ label: string; value: string }> | undefined;
}

export interface MessageListLabels {
  log: string;
  pending: string;
  sent: string;
  read: string;
  failed: string;
  retry: string;
  you: string;
  /** The button that brings the reader back to the end when messages arrived while they read above. */
  newMessages: string;
}

/** What a row's rendering depends on besides its item: the labels, the language, the host's body renderer. */
export interface RowContext {
  text: MessageListLabels;
  lang: string;
  renderBody?: ((item: ChatListItem) => unknown) | undefined;
}

/** What a row's controls ask of the list (it emits them as `sportello-*` events). */
export interface RowActions {
  retry(key: string): void;
  quickReply(key: string, value: string, label: string): void;
}

/** Bounds for the memo tables (a long chat must not grow them without limit). */
const MEMO_MAX = 2000;

export class MessageRowContent {
  private time?: Intl.DateTimeFormat;
  private timeLang?: string;
  /** Formatted clock times by minute since the epoch, for `timeLang` (formatting is the costliest part of a row). */
  private readonly times = new Map<number, string>();
  /** Linkified bodies by text: a row is re-rendered whenever the window scrolls or a message arrives. */
  private readonly bodies = new Map<string, ReturnType<typeof linkify>>();

  constructor(private readonly o: RowActions) {}

  /** The content of one row: day label, author and time, the body, attachments, delivery state, quick replies. */
  content(item: ChatListItem, quick: boolean, day: string | undefined, ctx: RowContext): TemplateResult {
    const t = ctx.text;
    const avatar = safeImageUrl(item.avatar);
    const author = item.role === 'self' ? t.you : item.author;
    return html`${day ? html`<div class="day" part="day">${day}</div>` : nothing}${
      item.role === 'system'
        ? nothing
        : html`<div class="meta">
            ${avatar ? html`<img class="avatar" src=${avatar} alt="" />` : nothing}
            ${author ? html`<span class="author">${author}</span>` : nothing}
            <time datetime=${item.time ?? nothing}>${this.formatTime(item.time, ctx.lang)}</time>
          </div>`
    }
      ${
        item.text || !item.attachments?.length
          ? html`<div class="bubble" part="bubble" dir="auto">${ctx.renderBody ? ctx.renderBody(item) : this.linkified(item.text)}</div>`
          : nothing
      }
      ${this.renderAttachments(item)} ${this.renderStatus(item, t)} ${this.renderQuick(item, quick)}`;
  }

  private formatTime(iso: string | undefined, lang: string): string {
    if (!iso) return '';
    if (!this.time || this.timeLang !== lang) {
      this.timeLang = lang;
      // The kit's one language-to-locale rule (src/i18n/format.ts): English times are 24-hour, as in the rest of the kit.
      this.time = dateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' });
      this.times.clear();
    }
    // Keyed by the minute, not the stamp: every message has its own stamp, but a chat's messages
    // share a few minutes, and formatting is the costly part of a new row.
    const ms = Date.parse(iso);
    if (Number.isNaN(ms)) return '';
    const minute = Math.floor(ms / 60000);
    let text = this.times.get(minute);
    if (text === undefined) {
      text = this.time.format(ms);
      if (this.times.size >= MEMO_MAX) this.times.clear();
      this.times.set(minute, text);
    }
    return text;
  }

  private linkified(text: string): ReturnType<typeof linkify> {
    let body = this.bodies.get(text);
    if (!body) {
      body = linkify(text);
      if (this.bodies.size >= MEMO_MAX) this.bodies.clear();
      this.bodies.set(text, body);
    }
    return body;
  }

  private renderAttachments(item: ChatListItem) {
    if (!item.attachments?.length) return nothing;
    return html`<div class="files">
      ${item.attachments.map((a) => {
        const href = safeLinkUrl(a.href);
        const thumb = safeImageUrl(a.thumbnail);
        if (thumb && href) {
          // A host may show the image itself (the live chat's viewer): it cancels the event.
          const open = (e: MouseEvent) => {
            const event = new CustomEvent('sportello-attachment-open', {
              detail: { name: a.name, image: thumb, href },
              bubbles: true,
              composed: true,
              cancelable: true,
            });
            // From the link itself: the host learns which control to give the focus back to.
            if (!(e.currentTarget as HTMLElement).dispatchEvent(event)) e.preventDefault();
          };
          return html`<a href=${href} target="_blank" rel="noopener noreferrer" @click=${open}><img src=${thumb} alt=${a.name} loading="lazy" /></a>`;
        }
        return href
          ? html`<a href=${href} target="_blank" rel="noopener noreferrer" download=${a.name}>${a.name}</a>`
          : html`<span>${a.name}</span>`;
      })}
    </div>`;
  }

  private renderStatus(item: ChatListItem, t: MessageListLabels) {
    if (item.role !== 'self' || !item.state) return nothing;
    return html`<div class="status">
      <span>${t[item.state]}${item.state === 'read' ? ' ✓✓' : item.state === 'sent' ? ' ✓' : ''}</span>
      ${
        item.state === 'failed'
          ? html`<button type="button" @click=${() => this.o.retry(item.key)}>${t.retry}</button>`
          : nothing
      }
    </div>`;
  }

  private renderQuick(item: ChatListItem, quick: boolean) {
    if (!quick || !item.quickReplies?.length) return nothing;
    return html`<div class="quick" role="group" aria-label=${item.author ?? ''}>
      ${item.quickReplies.map(
        (q) =>
          html`<button type="button" @click=${() => this.o.quickReply(item.key, q.value, q.label)}>${q.label}</button>`,
      )}
    </div>`;
  }
}
