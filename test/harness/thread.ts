/**
 * Reads a conversation shown by the shared `<sportello-message-list>` (the live chat's thread, the
 * AI panel's): its rows as a reader sees them — who wrote, the text, the files, the delivery ticks,
 * the quick replies. The list is windowed: only the rows near the visible part are in the DOM, so
 * `rows()` is what is rendered now and `allRows()` scrolls through the log as a reader does.
 */
import { Harness, nextFrame, pollStep, textOf, until } from './harness.js';

/** One message row as the reader sees it. */
export interface Row {
  /** The row's key (stable while the message is on the page). */
  key: string;
  /** `self` (the visitor's own, on the right), `other` (operator, bot, assistant) or `system` (a line of the widget). */
  role: 'self' | 'other' | 'system';
  /** The author shown above the message ('' for system lines). */
  author: string;
  /** The bubble's text (markup rendered as text), trimmed. */
  text: string;
  /** The delivery state the visitor's own rows show; undefined for others' rows. */
  state: 'pending' | 'sent' | 'read' | 'failed' | undefined;
  /** Names of the attached files (an image's is its alternative text). */
  files: string[];
  /** The labels of the quick-reply buttons. */
  quickReplies: string[];
  element: HTMLElement;
}

const STATES = ['pending', 'sent', 'read', 'failed'] as const;

/** Confirmed by the service: sent, or already read by the other side. */
export const delivered = (row: Pick<Row, 'state'> | undefined): boolean =>
  row?.state === 'sent' || row?.state === 'read';

function readRow(element: HTMLElement): Row {
  const classes = element.classList;
  const role = classes.contains('self') ? 'self' : classes.contains('system') ? 'system' : 'other';
  const bubble = element.querySelector('.bubble');
  return {
    key: element.dataset['key'] ?? '',
    role,
    author: textOf(element.querySelector('.meta .author')),
    text: (bubble?.textContent ?? '').trim(),
    state: STATES.find((s) => classes.contains(s)),
    files: [...element.querySelectorAll('.files > a, .files > span')].map((f) =>
      f.querySelector('img') ? (f.querySelector('img')!.alt ?? '') : (f.textContent ?? ''),
    ),
    quickReplies: [...element.querySelectorAll('.quick button')].map((b) => textOf(b)),
    element,
  };
}

export class ThreadHarness extends Harness<HTMLElement> {
  /** The scrolling log. */
  get log(): HTMLElement | null {
    return this.$('[part~=list]');
  }

  /** The rows in the DOM now, oldest first. */
  rows(): Row[] {
    return this.$$('[part~=message]').map(readRow);
  }

  /** The rendered row showing `text` (exactly), if any. */
  row(text: string): Row | undefined {
    return this.rows().find((r) => r.text === text);
  }

  /**
   * Waits for a row that satisfies `match`: among the rendered rows, and now and then (a reader
   * scrolling back) in the whole conversation — a row may be out of the rendered part, above a
   * tall one or above messages that arrived after it.
   */
  async waitForRow(match: (row: Row) => boolean): Promise<Row> {
    for (let poll = 1; ; poll++) {
      const shown = this.rows().find(match);
      if (shown) return shown;
      if (poll % 25 === 0) {
        const anywhere = (await this.allRows()).find(match);
        if (anywhere) return anywhere;
      }
      await pollStep(20);
    }
  }

  /** Waits for a rendered row with exactly `text` (and, for the visitor's own, confirmed by the service). */
  waitForDelivered(text: string): Promise<Row> {
    return this.waitForRow((r) => r.text === text && (r.role !== 'self' || delivered(r)));
  }

  /**
   * Every row of the conversation, oldest first: scrolls the log from its top to its end like a
   * reader (a wheel turn, then the scroll), collecting the rows each position renders, and leaves
   * the log at its end again (where it follows new messages).
   */
  async allRows(): Promise<Row[]> {
    const log = await until(() => this.log);
    const seen = new Map<string, Row>();
    const order: string[] = [];
    const collect = () => {
      for (const row of this.rows()) {
        if (!seen.has(row.key)) order.push(row.key);
        seen.set(row.key, row);
      }
    };
    const scrollTo = async (top: number) => {
      log.dispatchEvent(new WheelEvent('wheel', { deltaY: top - log.scrollTop, bubbles: true }));
      log.scrollTop = top;
      // The list renders the rows of the new position on the frame after the scroll event.
      await nextFrame();
      await nextFrame();
      await this.settled();
    };
    await scrollTo(0);
    collect();
    while (log.scrollTop + log.clientHeight < log.scrollHeight - 1) {
      const before = log.scrollTop;
      await scrollTo(before + Math.max(1, log.clientHeight - 20));
      collect();
      if (log.scrollTop === before) break;
    }
    await scrollTo(log.scrollHeight);
    collect();
    return order.map((key) => seen.get(key)!);
  }

  /** The text of every row of the conversation, oldest first (see `allRows`). */
  async allTexts(): Promise<string[]> {
    return (await this.allRows()).map((r) => r.text);
  }
}
