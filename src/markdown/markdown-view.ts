import { blockEnds } from './blocks.js';
import { appendMarkdownBlock, type BuildOptions } from './dom-builder.js';
import { sanitiseHtml } from './html-format.js';

export type ContentFormat = 'markdown' | 'html';

export interface MarkdownViewOptions extends BuildOptions {
  format?: ContentFormat;
  /** How a render is deferred (default: the next animation frame). */
  schedule?: (callback: () => void) => void;
  /**
   * Least time between two renders of the tail while streaming (default 0: every frame). Each
   * render costs the page a layout and paint of the whole answer; a long answer streamed at 60 fps
   * spends most of its time there, so a panel may trade a little smoothness for much less work.
   */
  minIntervalMs?: number | ((textLength: number) => number);
}

/**
 * The rendering of one growing text. Blocks that are complete (blocks.ts) are rendered once,
 * appended to `root` and never touched again; only the open tail block is re-rendered, at most
 * once per scheduled frame however many chunks arrived. `finish()` settles the tail.
 *
 * HTML answers (format `html`) have no block structure we can trust mid-stream: the whole text is
 * sanitised again on each frame while streaming.
 */
export class MarkdownView {
  readonly root: HTMLElement;
  private source = '';
  private settledEnd = 0;
  private tailNodes: Node[] = [];
  private renderedTail: string | null = null;
  private scheduled = false;
  private finished = false;
  private lastRender = -Infinity;
  private readonly format: ContentFormat;
  private readonly schedule: (callback: () => void) => void;

  constructor(private readonly options: MarkdownViewOptions = {}) {
    const doc = options.document ?? document;
    this.root = doc.createElement('div');
    this.root.className = 'md';
    this.format = options.format ?? 'markdown';
    this.schedule = options.schedule ?? ((callback) => requestAnimationFrame(callback));
  }

  /** The text received so far. */
  get text(): string {
    return this.source;
  }

  get isFinished(): boolean {
    return this.finished;
  }

  append(chunk: string): void {
    if (!chunk) return;
    if (this.finished) this.reopen();
    this.source += chunk;
    this.requestRender();
  }

  /** Replaces the text: a continuation of the current text is treated as an append. */
  setText(text: string): void {
    if (text.startsWith(this.source) && !this.finished) {
      this.append(text.slice(this.source.length));
      return;
    }
    this.reset();
    this.append(text);
  }

  /** The text is complete: renders everything now, synchronously. */
  finish(): void {
    this.finished = true;
    this.render();
  }

  /** Renders pending text now (e.g. before measuring or before a test compares DOM). */
  flush(): void {
    this.render();
  }

  private reopen(): void {
    // More text after finish: what was rendered stays settled; the new text starts a new tail.
    this.finished = false;
  }

  private reset(): void {
    this.root.replaceChildren();
    this.source = '';
    this.settledEnd = 0;
    this.tailNodes = [];
    this.renderedTail = null;
    this.finished = false;
  }

  private requestRender(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const run = () => {
      if (!this.scheduled) return;
      const interval = this.options.minIntervalMs;
      const wait = this.lastRender + (typeof interval === 'function' ? interval(this.source.length) : interval ?? 0) - performance.now();
      if (wait > 1) {
        setTimeout(() => this.schedule(run), wait);
        return;
      }
      this.render();
    };
    this.schedule(run);
  }

  private render(): void {
    this.scheduled = false;
    this.lastRender = performance.now();
    if (this.format === 'html') {
      this.renderHtml();
      return;
    }
    const ends = blockEnds(this.source, this.settledEnd, this.finished);
    if (ends.length) {
      this.removeTail();
      for (const end of ends) {
        appendMarkdownBlock(this.root, this.source.slice(this.settledEnd, end), this.options);
        this.settledEnd = end;
      }
    }
    const tail = this.source.slice(this.settledEnd);
    if (tail === this.renderedTail) return;
    this.removeTail();
    this.renderedTail = tail;
    if (tail) this.tailNodes = appendMarkdownBlock(this.root, tail, { ...this.options, openTail: tail });
  }

  private renderHtml(): void {
    if (this.renderedTail === this.source) return;
    this.renderedTail = this.source;
    const fragment = sanitiseHtml(this.source, this.root.ownerDocument);
    if (fragment) {
      this.root.replaceChildren(fragment);
    } else {
      // No sanitiser available here (no DOM parser or Trusted Types refused): show it as text.
      this.root.replaceChildren(this.root.ownerDocument.createTextNode(this.source));
    }
  }

  private removeTail(): void {
    for (const node of this.tailNodes) node.parentNode?.removeChild(node);
    this.tailNodes = [];
    this.renderedTail = null;
  }
}

/** One-shot render of a finished text: the same DOM a streamed render of it ends with. */
export function renderMarkdown(text: string, options: Omit<MarkdownViewOptions, 'schedule'> = {}): DocumentFragment {
  const view = new MarkdownView({ ...options, schedule: () => undefined });
  view.append(text);
  view.finish();
  const fragment = view.root.ownerDocument.createDocumentFragment();
  fragment.append(...Array.from(view.root.childNodes));
  return fragment;
}
