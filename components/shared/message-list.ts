import { html, nothing, type TemplateResult } from 'lit';
import { property, query } from 'lit/decorators.js';
import '@lit-labs/virtualizer';
import type { LitVirtualizer } from '@lit-labs/virtualizer';
import { FlowLayout } from '@lit-labs/virtualizer/layouts/flow.js';
import { SportelloElement } from './sportello-element.js';
import { tokens } from './tokens.styles.js';
import { messageListStyles } from './message-list.styles.js';
import { linkify } from './linkify.js';
import { safeImageUrl, safeLinkUrl } from '../../src/markdown/safe-url.js';
import './chat-events.js';

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
}

const defaultLabels: MessageListLabels = {
  log: 'Conversation',
  pending: 'Sending…',
  sent: 'Sent',
  read: 'Read',
  failed: 'Not sent',
  retry: 'Retry',
  you: 'You',
};

/** How many recent arrivals the hidden announcer keeps. */
const ANNOUNCE_KEEP = 3;

/**
 * The virtualizer's flow layout keeps 1000 px of rows rendered beyond each edge of the viewport:
 * at a chat list's height that is ~40 rows, every one re-rendered and re-positioned on each new
 * message. 400 px (about a screenful at the list's usual height) still covers a fling.
 */
const OVERHANG_PX = 400;
class ChatFlowLayout extends FlowLayout {
  constructor(...args: ConstructorParameters<typeof FlowLayout>) {
    super(...args);
    this._overhang = OVERHANG_PX;
  }
}
const chatLayout = { type: ChatFlowLayout };

/** A scroll this soon after the reader's own scrolling input is theirs (not the virtualizer's). */
const READER_INPUT_MS = 1000;
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

const frames = (n: number): Promise<void> =>
  new Promise((resolve) => {
    const step = () => (--n <= 0 ? resolve() : requestAnimationFrame(step));
    requestAnimationFrame(step);
  });

/** Bounds for the per-list memo tables (a long chat must not grow them without limit). */
const MEMO_MAX = 2000;

/**
 * A chat transcript that stays fast at any length: rows are windowed by `@lit-labs/virtualizer`
 * (only what is on screen is in the DOM), it follows new messages while the reader is at the
 * bottom and leaves them alone when they scrolled up.
 *
 * Accessibility: the list is a `log`. Windowing adds and removes rows while scrolling, which a
 * live log would re-announce, so the visible list has `aria-live="off"` and a separate, hidden
 * polite log announces only messages that arrive from others.
 *
 * Every string is rendered as text; links are made clickable through the shared URL allow-list.
 * A host may render bodies itself (`renderBody`, e.g. the AI panel's markdown).
 *
 * @summary Windowed chat transcript with delivery states, retries and quick replies.
 * @event sportello-message-retry - `{ key }` the user wants to re-send a failed message.
 * @event sportello-quick-reply - `{ key, value, label }` a bot quick reply was chosen.
 * @csspart list - The scrolling log.
 * @csspart message - One message row.
 * @csspart bubble - A message's text bubble.
 */
export class SportelloMessageList extends SportelloElement {
  static override styles = [tokens, messageListStyles];

  /**
   * The messages, oldest first. Treat them as immutable: a message that changes (delivery state,
   * text) must be a new object — rows are rendered once per item object and reused while scrolling
   * and appending. A new array per change is fine (and expected).
   */
  @property({ attribute: false }) items: readonly ChatListItem[] = [];
  @property({ attribute: false }) labels: Partial<MessageListLabels> = {};
  /** Custom body renderer; defaults to linkified plain text. */
  @property({ attribute: false }) renderBody?: (item: ChatListItem) => unknown;
  /** Quick replies are shown only on the last message (older choices are past). */
  @property({ type: Boolean, attribute: 'quick-replies-last-only' }) quickRepliesLastOnly = true;

  @query('lit-virtualizer') private virtualizer?: LitVirtualizer;
  @query('.announcer') private announcer?: HTMLElement;

  private stuckToBottom = true;
  /** When the reader last used a scrolling input (wheel, touch, keys, scrollbar). */
  private readerInputAt = -Infinity;
  private announcedUpTo = 0;
  private time?: Intl.DateTimeFormat;
  private timeLang?: string;
  /** Formatted clock times by ISO stamp, for `timeLang` (formatting is the costliest part of a row). */
  private times = new Map<string, string>();
  /** Linkified bodies by text: a row is re-rendered whenever the window scrolls or a message arrives. */
  private bodies = new Map<string, ReturnType<typeof linkify>>();
  /** A row's template by item, reused while the item, the labels and the language are the same. */
  private rows = new WeakMap<ChatListItem, { result: TemplateResult; last: boolean }>();
  private textCache?: { from: Partial<MessageListLabels>; text: MessageListLabels };
  /** The language for this render: resolving it walks up the DOM, so once per update, not per row. */
  private renderLang = '';

  private get text(): MessageListLabels {
    if (this.textCache?.from !== this.labels) this.textCache = { from: this.labels, text: { ...defaultLabels, ...this.labels } };
    return this.textCache.text;
  }

  /** Scrolls to the newest message. */
  async scrollToEnd(): Promise<void> {
    this.stuckToBottom = true;
    this.readerInputAt = -Infinity;
    await this.followEnd();
  }

  /**
   * Keeps the newest message in view, once the virtualizer has laid the new rows out, by scrolling
   * the scroller to its end — not with the virtualizer's `element(i).scrollIntoView()`: for a row
   * out of range that *pins* the layout, and lit-virtualizer keeps a pin (re-flowing on every pass
   * and holding that row in place against later appends) until the reader scrolls. The end it
   * scrolls to is estimated until the last rows are measured, so it repeats (a few times at most).
   */
  private async followEnd(): Promise<void> {
    const v = this.virtualizer;
    if (!v || !this.items.length) return;
    const started = performance.now();
    try {
      for (let i = 0; i < 4 && this.stuckToBottom; i++) {
        // layoutComplete waits for the next layout: with none pending (scrollToEnd on a settled
        // list) it would wait for ever, so a couple of frames at most.
        await Promise.race([v.layoutComplete, frames(2)]);
        // The reader took the wheel meanwhile: leave the list where they are taking it.
        if (this.readerInputAt >= started) return;
        // The list may have been removed while we waited: the virtualizer then has no layout.
        if (!v.isConnected) return;
        const end = v.scrollHeight - v.clientHeight;
        if (Math.abs(end - v.scrollTop) <= 1) return;
        const before = v.scrollTop;
        v.scrollTop = end;
        // Nothing moved (already as far as it goes): no new layout will come to wait for.
        if (Math.abs(v.scrollTop - before) < 1) return;
      }
    } catch {
      // Following the end is a nicety; a detached or re-laid-out list must not throw into the page.
    }
  }

  /**
   * The virtualizer scrolls the list itself while it corrects its size estimates, and those scroll
   * events can pass through positions away from the end: only a scroll the reader started (wheel,
   * touch, keys, scrollbar) may stop the following, any scroll that reaches the end resumes it.
   */
  private onScroll(): void {
    const v = this.virtualizer;
    if (!v) return;
    if (v.scrollHeight - v.scrollTop - v.clientHeight < 48) this.stuckToBottom = true;
    else if (performance.now() - this.readerInputAt < READER_INPUT_MS) this.stuckToBottom = false;
  }

  /** Passive: listening must not make the browser wait for script before scrolling. */
  private onReaderInput = {
    handleEvent: (e: Event): void => {
      if (e.type === 'keydown' && !SCROLL_KEYS.has((e as KeyboardEvent).key)) return;
      // Pointer down on the scroller itself (its scrollbar), not on a row's buttons.
      if (e.type === 'pointerdown' && e.target !== this.virtualizer) return;
      this.readerInputAt = performance.now();
    },
    passive: true,
  };

  protected override updated(changed: Map<string, unknown>): void {
    if (changed.has('items')) {
      this.announce(changed.get('items') as readonly ChatListItem[] | undefined);
      if (this.stuckToBottom) void this.followEnd();
    }
  }

  /** Puts new messages from others into the hidden polite log (never the whole history on first render). */
  private announce(previous: readonly ChatListItem[] | undefined): void {
    const region = this.announcer;
    if (!region) return;
    if (previous === undefined || previous.length === 0) {
      this.announcedUpTo = this.items.length;
      return;
    }
    const fresh = this.items.slice(Math.min(this.announcedUpTo, this.items.length)).filter((i) => i.role !== 'self');
    this.announcedUpTo = this.items.length;
    for (const item of fresh) {
      const line = document.createElement('p');
      line.textContent = item.author ? `${item.author}: ${item.text}` : item.text;
      region.append(line);
    }
    while (region.childElementCount > ANNOUNCE_KEEP) region.firstElementChild!.remove();
  }

  private formatTime(iso: string | undefined): string {
    if (!iso) return '';
    if (!this.time || this.timeLang !== this.renderLang) {
      this.timeLang = this.renderLang;
      this.time = new Intl.DateTimeFormat(this.renderLang || undefined, { hour: '2-digit', minute: '2-digit' });
      this.times.clear();
    }
    let text = this.times.get(iso);
    if (text === undefined) {
      const d = new Date(iso);
      text = Number.isNaN(d.getTime()) ? '' : this.time.format(d);
      if (this.times.size >= MEMO_MAX) this.times.clear();
      this.times.set(iso, text);
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
          return html`<a href=${href} target="_blank" rel="noopener noreferrer"><img src=${thumb} alt=${a.name} loading="lazy" /></a>`;
        }
        return href ? html`<a href=${href} target="_blank" rel="noopener noreferrer" download=${a.name}>${a.name}</a>` : html`<span>${a.name}</span>`;
      })}
    </div>`;
  }

  private renderStatus(item: ChatListItem) {
    if (item.role !== 'self' || !item.state) return nothing;
    const t = this.text;
    return html`<div class="status">
      <span>${t[item.state]}${item.state === 'read' ? ' ✓✓' : item.state === 'sent' ? ' ✓' : ''}</span>
      ${item.state === 'failed'
        ? html`<button type="button" @click=${() => this.emit('sportello-message-retry', { key: item.key })}>${t.retry}</button>`
        : nothing}
    </div>`;
  }

  private renderQuick(item: ChatListItem, index: number) {
    if (!item.quickReplies?.length) return nothing;
    if (this.quickRepliesLastOnly && index !== this.items.length - 1) return nothing;
    return html`<div class="quick" role="group" aria-label=${item.author ?? ''}>
      ${item.quickReplies.map(
        (q) => html`<button type="button" @click=${() => this.emit('sportello-quick-reply', { key: item.key, value: q.value, label: q.label })}>${q.label}</button>`,
      )}
    </div>`;
  }

  /**
   * The virtualizer calls this for every row in range on each update and scroll step; a row whose
   * item object is unchanged gets its previous template back (Lit then finds nothing to commit).
   */
  private renderItem = (item: ChatListItem, index: number): TemplateResult => {
    // Only quick replies depend on the position (shown on the last message only).
    const last = index === this.items.length - 1;
    const cached = this.rows.get(item);
    if (cached && (cached.last === last || !item.quickReplies?.length)) return cached.result;
    const result = this.buildRow(item, index);
    this.rows.set(item, { result, last });
    return result;
  };

  private buildRow(item: ChatListItem, index: number): TemplateResult {
    const t = this.text;
    const avatar = safeImageUrl(item.avatar);
    const author = item.role === 'self' ? t.you : item.author;
    return html`<div class="item ${item.role} ${item.state ?? ''}" part="message" data-key=${item.key}>
      ${item.role === 'system'
        ? nothing
        : html`<div class="meta">
            ${avatar ? html`<img class="avatar" src=${avatar} alt="" />` : nothing}
            ${author ? html`<span class="author">${author}</span>` : nothing}
            <time datetime=${item.time ?? nothing}>${this.formatTime(item.time)}</time>
          </div>`}
      ${item.text || !item.attachments?.length
        ? html`<div class="bubble" part="bubble">${this.renderBody ? this.renderBody(item) : this.linkified(item.text)}</div>`
        : nothing}
      ${this.renderAttachments(item)} ${this.renderStatus(item)} ${this.renderQuick(item, index)}
    </div>`;
  }

  private keyOf = (item: ChatListItem): string => item.key;

  override render() {
    return html`<lit-virtualizer
        part="list"
        scroller
        role="log"
        aria-live="off"
        aria-label=${this.text.log}
        tabindex="0"
        .items=${this.items as ChatListItem[]}
        .layout=${chatLayout}
        .keyFunction=${this.keyOf}
        .renderItem=${this.renderItem}
        @scroll=${this.onScroll}
        @wheel=${this.onReaderInput}
        @touchstart=${this.onReaderInput}
        @keydown=${this.onReaderInput}
        @pointerdown=${this.onReaderInput}
      ></lit-virtualizer>
      <div class="announcer visually-hidden" role="log" aria-live="polite" aria-relevant="additions"></div>`;
  }
}

SportelloElement.define('sportello-message-list', SportelloMessageList);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-message-list': SportelloMessageList;
  }
}
