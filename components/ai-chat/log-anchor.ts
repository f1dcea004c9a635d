import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** The part of the panel the anchoring reads: its log, the log's content box, and where to look for blocks. */
export interface AnchoredLogHost extends ReactiveControllerHost {
  readonly shadowRoot: ShadowRoot | null;
}

/**
 * Scroll anchoring of the panel's bottom-anchored log (`flex-direction: column-reverse`: at
 * scrollTop 0 it follows new content by itself). A visitor who scrolls up keeps their place while
 * an answer grows below, within a pixel: the block they read is put back where it was after each
 * resize. `awayFromBottom` drives the "jump to latest" button.
 */
export class LogAnchor implements ReactiveController {
  awayFromBottom = false;
  private resizeObserver: ResizeObserver | undefined;
  private observed: Element | undefined;
  private lastScroll = { distance: 0, height: 0 };
  /** Scroll range (scrollHeight - clientHeight) of the log at the last resize. */
  private observedRange = 0;
  /** What a visitor reading back has at the top of the view, and where it was (viewport px). */
  private anchor: { el: Element; top: number } | undefined;
  /** The scrollTop the panel itself set last (its scroll event is not the visitor's). */
  private ownScrollTop: number | undefined;

  constructor(private readonly host: AnchoredLogHost) {
    host.addController(this);
  }

  private get log(): HTMLElement | undefined {
    return (this.host.shadowRoot?.querySelector('.log') as HTMLElement | null) ?? undefined;
  }

  hostDisconnected(): void {
    this.resizeObserver?.disconnect();
    this.resizeObserver = undefined;
    this.observed = undefined;
  }

  hostUpdated(): void {
    // The observer keeps the place of a visitor who scrolled up (see followBottom) and brings back
    // a view left a few pixels above the bottom.
    const log = this.log;
    const content = log?.querySelector('.log-content') ?? undefined;
    if (content === this.observed) return;
    this.resizeObserver ??= new ResizeObserver(() => this.followBottom());
    this.resizeObserver.disconnect();
    this.observed = content;
    // Growth is counted from the range as it is now, not from before a reconnect or a new content box.
    this.observedRange = log ? log.scrollHeight - log.clientHeight : 0;
    if (content && log) {
      this.resizeObserver.observe(content);
      this.resizeObserver.observe(log);
    }
  }

  /** The log's scroll listener. */
  readonly onScroll = (): void => {
    const log = this.log;
    if (!log) return;
    // Column-reverse log: scrollTop is 0 at the bottom and negative above it.
    const distance = -log.scrollTop;
    const nearBottom = distance <= 32;
    // Only a move away from the bottom while the content did not shrink counts as "the visitor is
    // reading back" (a new conversation empties the log and moves the view).
    const movedUp = distance > this.lastScroll.distance + 2 && log.scrollHeight >= this.lastScroll.height;
    this.lastScroll = { distance, height: log.scrollHeight };
    const away = nearBottom ? false : movedUp ? true : this.awayFromBottom;
    if (away !== this.awayFromBottom) {
      this.awayFromBottom = away;
      this.host.requestUpdate();
    }
    // The panel's own correction (followBottom) keeps the anchor and where it belongs: picking it
    // again there would take in the correction's rounding, a fraction of a pixel each time, and
    // what the visitor reads would creep up over a long answer.
    const own = this.ownScrollTop !== undefined && Math.abs(log.scrollTop - this.ownScrollTop) < 1;
    this.ownScrollTop = undefined;
    if (own && this.anchor?.el.isConnected) return;
    this.anchor = this.awayFromBottom ? this.pickAnchor(log) : undefined;
  };

  /** Back to the newest text (and following it again). */
  toBottom(): void {
    if (this.awayFromBottom) {
      this.awayFromBottom = false;
      this.host.requestUpdate();
    }
    const log = this.log;
    if (log) log.scrollTop = 0;
  }

  /**
   * The block the visitor reads near the top of the view: the smallest unit whose top stays put
   * while text is added (a paragraph, list or table of an answer, or a whole message).
   */
  private pickAnchor(log: HTMLElement): { el: Element; top: number } | undefined {
    const box = log.getBoundingClientRect();
    const y = box.top + Math.min(60, box.height / 3);
    let el = this.host.shadowRoot?.elementFromPoint(box.left + box.width / 2, y) ?? null;
    const isBlock = (e: Element) =>
      !e.classList.contains('md-group') &&
      !!e.parentElement &&
      (e.parentElement.classList.contains('md-group') || e.parentElement.classList.contains('md'));
    while (el && el !== log && !isBlock(el) && !el.classList.contains('msg')) el = el.parentElement;
    if (!el || el === log) return undefined;
    // A point between blocks hits their container (a message, its text, a group of blocks), whose
    // top stays while a block in it above the point changes size: go down to the block at the point.
    for (let container: Element | undefined = el; container && !isBlock(container);) {
      const next: Element | undefined = [...container.children].find((c) => c.getBoundingClientRect().bottom >= y);
      if (!next) break;
      el = next;
      container =
        next.classList.contains('md') || next.classList.contains('md-group') || next.children.length ? next : undefined;
    }
    return { el, top: el.getBoundingClientRect().top };
  }

  /**
   * After the content resized (layout is done, so reading sizes is cheap). Following: back to the
   * very bottom if the view is not quite there. Reading back: the log measures scroll from the
   * bottom, so text added below pushes what the visitor reads up; put the block they read back
   * where it was. Measuring that block, not the growth of the whole log, also holds when something
   * above it changes size (a block skipped by content-visibility getting its real height, which
   * leaves the block in place in a bottom-anchored log) and was off by one line or more then.
   */
  private followBottom(): void {
    const log = this.log;
    if (!log) return;
    // The scroll range: it grows with the content and shrinks as the log gets taller (the stop bar
    // below it goes away at the end of an answer).
    const range = log.scrollHeight - log.clientHeight;
    const grown = range - this.observedRange;
    this.observedRange = range;
    if (this.awayFromBottom) {
      const anchor = this.anchor;
      if (anchor?.el.isConnected) {
        const moved = anchor.el.getBoundingClientRect().top - anchor.top;
        if (moved) this.scrollLogTo(log, log.scrollTop + moved);
      } else {
        // The block was replaced (the open end of an answer is rebuilt): fall back on the growth.
        if (grown) this.scrollLogTo(log, log.scrollTop - grown);
        this.anchor = this.pickAnchor(log);
      }
    } else if (log.scrollTop !== 0) {
      log.scrollTop = 0;
    }
  }

  private scrollLogTo(log: HTMLElement, top: number): void {
    log.scrollTop = top;
    this.ownScrollTop = log.scrollTop;
  }
}
