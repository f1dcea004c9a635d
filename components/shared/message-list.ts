import { html, nothing, render as renderInto, type RootPart } from 'lit';
import { property, query } from 'lit/decorators.js';
import { SportelloElement } from './sportello-element.js';
import { translator } from '../../src/i18n/translate.js';
import { tokens } from './tokens.styles.js';
import { messageListStyles } from './message-list.styles.js';
import { dayKey, dayLabel } from './day-label.js';
import { RowHeights, type RowRange } from './chat-window-range.js';
import { MessageRowContent, type ChatListItem, type MessageListLabels } from './message-row.js';
import './chat-events.js';

export type { ChatListAttachment, ChatListItem, MessageListLabels } from './message-row.js';

/** A row of the window on the page: its element, what it was last rendered from, and Lit's part in it. */
interface RowElement {
  el: HTMLElement;
  item: ChatListItem;
  quick: boolean;
  /** The day label above it ("Yesterday"), or undefined: depends on the previous row too. */
  day: string | undefined;
  generation: number;
  part: RootPart;
}

/** The defaults of `labels`: the `list` namespace of the kit's catalogue, in the list's language. */
const listText = translator('list');
const LABEL_KEYS = ['log', 'pending', 'sent', 'read', 'failed', 'retry', 'you', 'newMessages'] as const;
function defaultLabels(host: SportelloMessageList): MessageListLabels {
  return Object.fromEntries(LABEL_KEYS.map((key) => [key, listText(host, key)])) as unknown as MessageListLabels;
}

/** How many recent arrivals the hidden announcer keeps. */
const ANNOUNCE_KEEP = 3;

/** Rows rendered beyond each edge of the viewport: about a screenful at the list's usual height, enough for a fling. */
const OVERSCAN_PX = 400;
/** Within this of the end, the reader is at the bottom (and the list follows new messages again). */
const AT_END_PX = 48;

/** A scroll this soon after the reader's own scrolling input is theirs (not the list's own). */
const READER_INPUT_MS = 1000;
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/**
 * A chat transcript that stays fast at any length. Rows are windowed for a chat log (bottom
 * anchored): only the rows within a screenful of the viewport are in the DOM, between two spacers
 * sized from a cache of measured row heights (`chat-window-range.ts`). While the reader is at the
 * bottom the list follows new messages (one scroll write per append, after its layout); once they
 * scroll up it leaves what they read in place (native scroll anchoring absorbs rows above that
 * change size) and offers a "new messages" button.
 *
 * Accessibility: the list is a `log`. Windowing adds and removes rows while scrolling, which a
 * live log would re-announce, so the visible list has `aria-live="off"` and a separate, hidden
 * polite log announces only messages that arrive from others.
 *
 * Every string is rendered as text; links are made clickable through the shared URL allow-list.
 * A host may render bodies itself (`renderBody`, e.g. the AI panel's markdown).
 *
 * @summary Windowed chat transcript with delivery states, retries and quick replies.
 * @event {CustomEvent<MessageActionDetail>} sportello-message-retry - `{ key }` the user wants to re-send a failed message.
 * @event {CustomEvent<MessageActionDetail>} sportello-quick-reply - `{ key, value, label }` a bot quick reply was chosen.
 * @csspart list - The scrolling log.
 * @csspart message - One message row.
 * @csspart bubble - A message's text bubble.
 * @csspart new-messages - The "new messages" button shown while the reader is scrolled up.
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
  /**
   * What a screen reader hears of a new message from others (the hidden polite log): its text as
   * read, without markup. Defaults to the item's text; a host that renders bodies (markdown) gives
   * their plain text, at once or once its renderer has arrived (announced in arrival order).
   */
  @property({ attribute: false }) spokenText?: (item: ChatListItem) => string | Promise<string>;
  /** Quick replies are shown only on the last message (older choices are past). */
  @property({ type: Boolean, attribute: 'quick-replies-last-only' }) quickRepliesLastOnly = true;

  // Cached: both are rendered once and kept, and they are read on every append and scroll.
  @query('.scroller', true) private scroller?: HTMLElement;
  @query('.announcer', true) private announcer?: HTMLElement;

  /** Following the end: appends keep the newest message in view (until the reader scrolls up). */
  private stuckToBottom = true;
  /** When the reader last used a scrolling input (wheel, touch, keys, scrollbar). */
  private readerInputAt = -Infinity;
  /** Messages that arrived while the reader was scrolled up (shown as the "new messages" button). */
  private unseen = 0;
  /** The last message grew while the reader was scrolled up (a streamed answer, an image): the button shows too. */
  private grewBelow = false;
  private announcedUpTo = 0;
  /** The announcements on their way (a body's plain text may arrive later): they keep their order. */
  private announcing: Promise<void> = Promise.resolve();
  /** How many announcements wait for their text (a body's plain text that had to load). */
  private waiting = 0;
  /** Row heights (measured or estimated) and offsets: what the spacers and the window are sized from. */
  private heights = new RowHeights();
  /** The rows in the DOM; the window for the next render is computed from the scroll state. */
  private rendered: RowRange = { start: 0, end: 0 };
  /** Heights of the rows before and after the window, for the two spacers. */
  private spacers = { above: 0, below: 0 };
  /** The scroller's last known scrollTop and height (read on scroll and resize, never per append). */
  private lastScrollTop = 0;
  private viewport = 600;
  /** Measures the scroller and every row element while it is in the window. */
  private resizeObserver = new ResizeObserver((entries) => this.onResize(entries));
  private measureFrame = 0;
  /** The spacers' heights as last written (not read back from CSSOM on every update). */
  private spacerPx = { above: -1, below: -1 };
  /** The row elements in the window, by key (see `syncRows`). */
  private rowEls = new Map<string, RowElement>();
  /** The window's items, as the last render computed them: `syncRows` puts them on the page. */
  private windowItems: readonly ChatListItem[] = [];
  /** Bumped when what every row shows depends on changes (language, labels, body renderer). */
  private rowsGeneration = 0;
  /** The time day labels are worked out from (set when the day changes, with the rows' generation). */
  private rowsNow = Date.now();
  private rowsFor?: {
    lang: string;
    labels: Partial<MessageListLabels>;
    body: ((item: ChatListItem) => unknown) | undefined;
    today: number;
  };
  private textCache?: { from: Partial<MessageListLabels>; lang: string; strings: unknown; text: MessageListLabels };
  /** The language for this render: resolving it walks up the DOM, so once per update, not per row. */
  private renderLang = '';

  private get text(): MessageListLabels {
    const lang = this.renderLang || this.language;
    let cached = this.textCache;
    if (cached?.from !== this.labels || cached.lang !== lang || cached.strings !== this.strings) {
      cached = this.textCache = {
        from: this.labels,
        lang,
        strings: this.strings,
        text: { ...defaultLabels(this), ...this.labels },
      };
    }
    return cached.text;
  }

  /** Scrolls to the newest message (and follows new ones again). */
  async scrollToEnd(): Promise<void> {
    this.stuckToBottom = true;
    this.readerInputAt = -Infinity;
    this.unseen = 0;
    this.grewBelow = false;
    this.requestUpdate();
    await this.updateComplete;
    this.pinToEnd();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Rows are measured once they are laid out; the scroller's own size sets the window's height.
    // (Rows re-observe themselves when Lit reconnects their directives; before the first render
    // there is no scroller yet: `firstUpdated` observes it.)
    if (this.hasUpdated && this.scroller) this.resizeObserver.observe(this.scroller);
    for (const row of this.rowEls.values()) {
      this.resizeObserver.observe(row.el, { box: 'border-box' });
      row.part.setConnected(true);
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const row of this.rowEls.values()) row.part.setConnected(false);
    this.resizeObserver.disconnect();
    cancelAnimationFrame(this.measureFrame);
    this.measureFrame = 0;
  }

  /**
   * One scroll write to the end. Called from the ResizeObserver callback, which runs after the
   * frame's layout: reading scrollHeight there is free and writing scrollTop dirties no layout
   * (and from `scrollToEnd`, where one forced layout does not matter).
   */
  private pinToEnd(): void {
    const s = this.scroller;
    if (!s || !this.stuckToBottom) return;
    s.scrollTop = s.scrollHeight;
    this.lastScrollTop = s.scrollTop;
  }

  /**
   * Scroll events are listened to only from the reader's first scrolling input until the list
   * follows the end again with no input for a while: while it follows, each append's own scroll to
   * the end would dispatch an event that changes nothing (~0.15 ms of an append's frame). Following
   * stops only on the reader's input anyway, and that input attaches the listener before the
   * scroll it causes is dispatched.
   */
  private scrollListening = false;
  private listenToScroll(on: boolean): void {
    const s = this.scroller;
    if (!s || on === this.scrollListening) return;
    this.scrollListening = on;
    if (on) s.addEventListener('scroll', this.onScrollEvent, { passive: true });
    else s.removeEventListener('scroll', this.onScrollEvent);
  }
  private onScrollEvent = (): void => this.onScroll();

  /**
   * Only a scroll the reader started (wheel, touch, keys, scrollbar) may stop the following; any
   * scroll that reaches the end resumes it. Scrolled up, the window moves with the scroll position.
   */
  private onScroll(): void {
    const s = this.scroller;
    if (!s) return;
    this.lastScrollTop = s.scrollTop;
    const atEnd = s.scrollHeight - s.scrollTop - s.clientHeight < AT_END_PX;
    if (atEnd) {
      if (!this.stuckToBottom || this.unseen || this.grewBelow) {
        this.grewBelow = false;
        this.stuckToBottom = true;
        this.unseen = 0;
        this.requestUpdate();
      }
    } else if (performance.now() - this.readerInputAt < READER_INPUT_MS) {
      this.stuckToBottom = false;
    }
    if (!this.stuckToBottom) this.updateIfWindowMoved();
    else if (atEnd && performance.now() - this.readerInputAt >= READER_INPUT_MS) this.listenToScroll(false);
  }

  /** Re-renders only when the rows the scroll position needs differ from the rendered ones. */
  private updateIfWindowMoved(): void {
    const next = this.windowRange();
    if (next.start !== this.rendered.start || next.end !== this.rendered.end) this.requestUpdate();
  }

  private windowRange(): RowRange {
    return this.heights.range({
      scrollTop: this.lastScrollTop,
      viewport: this.viewport,
      overscan: OVERSCAN_PX,
      follow: this.stuckToBottom,
    });
  }

  /**
   * Measurements land in the height cache; the rows already laid out do not move (the spacers only
   * depend on rows outside the window), so a new render is needed only when the window itself
   * changes — on the next frame, not inside the observer's delivery (that would loop).
   * While following, a new row (every append brings one) or a row that grew (an image loaded) has
   * pushed the end out of view: this is where the list scrolls back to it, once per frame.
   */
  private onResize(entries: ResizeObserverEntry[]): void {
    let changed = false;
    for (const entry of entries) {
      const target = entry.target as HTMLElement;
      const height = entry.borderBoxSize?.[0]?.blockSize ?? target.getBoundingClientRect().height;
      if (target === this.scroller) {
        this.viewport = height;
        changed = true;
        continue;
      }
      const key = target.dataset['key'];
      if (key !== undefined && target.isConnected && this.heights.measure(key, height)) {
        changed = true;
        if (!this.stuckToBottom && !this.grewBelow && key === this.items.at(-1)?.key) {
          this.grewBelow = true;
          this.requestUpdate();
        }
      }
    }
    if (!changed) return;
    this.heights.settleEstimate();
    const s = this.scroller;
    if (this.stuckToBottom && s && s.scrollHeight - s.scrollTop - s.clientHeight > 1) this.pinToEnd();
    // Following, the next append recomputes the window anyway: re-render only if the rows rendered
    // no longer fill the viewport (otherwise every append would cost two renders, or a frame callback).
    if (this.stuckToBottom && this.heights.total - this.heights.offsetOf(this.rendered.start) >= this.viewport) return;
    if (!this.measureFrame) {
      this.measureFrame = requestAnimationFrame(() => {
        this.measureFrame = 0;
        this.updateIfWindowMoved();
      });
    }
  }

  /** Passive: listening must not make the browser wait for script before scrolling. */
  private onReaderInput = {
    handleEvent: (e: Event): void => {
      if (e.type === 'keydown' && !SCROLL_KEYS.has((e as KeyboardEvent).key)) return;
      // Pointer down on the scroller itself (its scrollbar), not on a row's buttons.
      if (e.type === 'pointerdown' && e.target !== this.scroller) return;
      this.readerInputAt = performance.now();
      this.listenToScroll(true);
    },
    passive: true,
  };

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('items')) {
      const before = this.heights.count;
      this.heights.sync(this.items);
      if (!this.stuckToBottom && this.items.length > before && before > 0) this.unseen += this.items.length - before;
    }
  }

  protected override firstUpdated(): void {
    if (this.scroller) this.resizeObserver.observe(this.scroller);
  }

  protected override updated(changed: Map<string, unknown>): void {
    this.syncRows();
    this.sizeSpacers();
    // Following the end needs no scroll here: the new rows are observed (`syncRows`), and the ResizeObserver
    // callback (after this frame's layout, before its paint) pins the end without forcing a layout.
    if (changed.has('items')) this.announce(changed.get('items') as readonly ChatListItem[] | undefined);
  }

  private sizeSpacers(): void {
    const s = this.scroller;
    if (!s) return;
    const above = s.firstElementChild as HTMLElement | null;
    const below = s.lastElementChild as HTMLElement | null;
    const { above: a, below: b } = this.spacers;
    if (above && a !== this.spacerPx.above) above.style.height = `${(this.spacerPx.above = a)}px`;
    if (below && b !== this.spacerPx.below) below.style.height = `${(this.spacerPx.below = b)}px`;
  }

  private newMessagesLabel(): string {
    return this.text.newMessages;
  }

  /** Puts new messages from others into the hidden polite log (never the whole history on first render). */
  private announce(previous: readonly ChatListItem[] | undefined): void {
    const region = this.announcer;
    if (!region) return;
    if (previous === undefined || previous.length === 0) {
      this.announcedUpTo = this.items.length;
      return;
    }
    const fresh = this.items
      .slice(Math.min(this.announcedUpTo, this.items.length))
      .filter((i) => i.role !== 'self' && i.text);
    this.announcedUpTo = this.items.length;
    const spoken = this.spokenText;
    for (const item of fresh) {
      const text = spoken ? spoken(item) : item.text;
      const say = (words: string) => {
        const line = document.createElement('p');
        line.textContent = item.author ? `${item.author}: ${words}` : words;
        region.append(line);
        while (region.childElementCount > ANNOUNCE_KEEP) region.firstElementChild!.remove();
      };
      // Said at once when nothing is on its way; a text on its way (or one behind it) waits its turn.
      if (typeof text === 'string' && !this.waiting) {
        say(text);
        continue;
      }
      this.waiting++;
      this.announcing = this.announcing
        .then(() => text)
        .then(say, () => say(item.text))
        .finally(() => this.waiting--);
    }
  }

  /** The label of a new day above the row at `index` (see day-label.ts), from its time and the previous row's. */
  private dayAt(index: number): string | undefined {
    const time = this.items[index]?.time;
    if (!time) return undefined;
    const previous = index > 0 ? this.items[index - 1]?.time : undefined;
    return dayLabel(Date.parse(time), previous ? Date.parse(previous) : undefined, this.rowsNow, this.renderLang);
  }

  /** Whether a row shows its quick replies (with its day label, what of a row depends on its position). */
  private showsQuick(item: ChatListItem, index: number): boolean {
    return !!item.quickReplies?.length && (!this.quickRepliesLastOnly || index === this.items.length - 1);
  }

  /**
   * Puts the window's rows on the page, between the two spacers. Each row is an element of its own
   * whose content Lit renders (`render` into the element), kept by key while it stays in the
   * window: an append creates one element and removes the one that left at the top, and a row is
   * rendered again only when its item object, its quick replies or the language/labels change.
   *
   * Not Lit's `repeat`: since lit-html 3.3.1 its removal of an item leaves the item's end marker
   * (a comment node) behind (lit/lit#5298). A list that follows the end removes a row per append,
   * so the scroller gained a comment per message, for good, and every append's style pass walked
   * more of them (measured: ~0.3 → ~0.9 ms after 2,500 appends).
   */
  private syncRows(): void {
    const scroller = this.scroller;
    const above = scroller?.firstElementChild;
    if (!scroller || !above) return;
    const items = this.windowItems;
    const start = this.rendered.start;
    // A control focused in a row (a link, Retry, a quick reply) that this sync removes or moves.
    const focused = this.shadowRoot?.activeElement as HTMLElement | null | undefined;
    if (this.rowEls.size) {
      const wanted = new Set<string>();
      for (const item of items) wanted.add(item.key);
      for (const [key, row] of this.rowEls) {
        if (wanted.has(key)) continue;
        row.part.setConnected(false);
        this.resizeObserver.unobserve(row.el);
        row.el.remove();
        this.rowEls.delete(key);
      }
    }
    let cursor = above.nextElementSibling;
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      const quick = this.showsQuick(item, start + i);
      const day = this.dayAt(start + i);
      let row = this.rowEls.get(item.key);
      if (!row) {
        const el = scroller.ownerDocument.createElement('div');
        el.setAttribute('part', 'message');
        el.dataset['key'] = item.key;
        row = { el, item, quick, day, generation: this.rowsGeneration, part: this.renderRow(el, item, quick, day) };
        this.rowEls.set(item.key, row);
        this.resizeObserver.observe(el, { box: 'border-box' });
      } else if (
        row.item !== item ||
        row.quick !== quick ||
        row.day !== day ||
        row.generation !== this.rowsGeneration
      ) {
        row.item = item;
        row.quick = quick;
        row.day = day;
        row.generation = this.rowsGeneration;
        row.part = this.renderRow(row.el, item, quick, day);
      }
      if (row.el === cursor) cursor = cursor.nextElementSibling;
      else scroller.insertBefore(row.el, cursor);
    }
    // Its row left the window, or the control left its row (Retry pressed): the focus would fall to
    // the page's body, and the keys that scrolled the log would scroll the page. It stays in the log.
    if (focused && focused !== scroller && this.shadowRoot!.activeElement !== focused) {
      (focused.isConnected ? focused : scroller).focus({ preventScroll: true });
    }
  }

  private renderRow(el: HTMLElement, item: ChatListItem, quick: boolean, day: string | undefined): RootPart {
    el.className = `item ${item.role} ${item.state ?? ''}`;
    const content = this.rows.content(item, quick, day, {
      text: this.text,
      lang: this.renderLang || this.language,
      renderBody: this.renderBody,
    });
    return renderInto(content, el, { host: this, isConnected: this.isConnected });
  }

  /** What one row shows (message-row.ts); its memo tables live as long as the list. */
  private readonly rows = new MessageRowContent({
    retry: (key) => this.emit('sportello-message-retry', { key }),
    quickReply: (key, value, label) => this.emit('sportello-quick-reply', { key, value, label }),
  });

  override render() {
    const lang = this.language;
    const rowsFor = this.rowsFor;
    const now = Date.now();
    const today = dayKey(now);
    if (
      !rowsFor ||
      lang !== rowsFor.lang ||
      this.labels !== rowsFor.labels ||
      this.renderBody !== rowsFor.body ||
      today !== rowsFor.today
    ) {
      // Rows show formatted times, labels, bodies and day names ("Today"): a new language, new
      // labels, a new body renderer or a new day render every row again.
      this.rowsFor = { lang, labels: this.labels, body: this.renderBody, today };
      this.rowsNow = now;
      this.renderLang = lang;
      this.rowsGeneration++;
    }
    const range = this.windowRange();
    this.rendered = range;
    this.windowItems = this.items.slice(range.start, range.end);
    // Spacers stand for the rows outside the window, sized from the height cache.
    // (Sized in `updated` through CSSOM: a style attribute is an inline style a strict CSP blocks.)
    this.spacers = {
      above: this.heights.offsetOf(range.start),
      below: this.heights.total - this.heights.offsetOf(range.end),
    };
    // The rows go between the spacers (`syncRows`, after this render): no whitespace there.
    return html`<div
        class="scroller"
        part="list"
        role="log"
        aria-live="off"
        aria-label=${this.text.log}
        tabindex="0"
        @wheel=${this.onReaderInput}
        @touchstart=${this.onReaderInput}
        @keydown=${this.onReaderInput}
        @pointerdown=${this.onReaderInput}
      ><div class="spacer above"></div><div class="spacer below"></div></div>
      ${
        this.unseen > 0 || this.grewBelow
          ? html`<button type="button" class="new-messages" part="new-messages" @click=${() => void this.scrollToEnd()}>
            ${this.newMessagesLabel()}${this.unseen > 0 ? ` (${this.unseen})` : ''} ↓
          </button>`
          : nothing
      }
      <div class="announcer visually-hidden" role="log" aria-live="polite" aria-relevant="additions"></div>`;
  }
}

SportelloElement.define('sportello-message-list', SportelloMessageList);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-message-list': SportelloMessageList;
  }
}
