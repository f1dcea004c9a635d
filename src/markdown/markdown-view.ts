import { BlockScanner } from './blocks.js';
import { appendMarkdownBlock, type BuildOptions, type BuiltBlock } from './dom-builder.js';
import type { Definition } from './lexer.js';
import { completeOpenTail } from './incomplete.js';
import { loadHtmlSanitiser, loadedHtmlSanitiser } from './html-loader.js';

export type ContentFormat = 'markdown' | 'html';

export interface MarkdownViewOptions extends BuildOptions {
  format?: ContentFormat;
  /**
   * Called with the nodes of each settled block once it is built (never for the open tail, which is
   * rebuilt while text arrives): a host adds its own controls there, e.g. a code block's copy button
   * and highlighting, once per block. What it adds should carry class `md-chrome` (plain text skips it).
   */
  decorate?: (nodes: readonly Node[]) => void;
  /** How a render is deferred (default: the next animation frame). */
  schedule?: (callback: () => void) => void;
  /**
   * How building a backlog of blocks goes on between frames (default: a zero-delay timer; with a
   * custom `schedule` and no `scheduleTask`, `schedule` is used for both).
   */
  scheduleTask?: (callback: () => void) => void;
  /**
   * Least time between two renders started by new text while streaming (default 0: every frame).
   * Each render costs the page a layout and paint; a panel may trade a little smoothness for less.
   */
  minIntervalMs?: number | ((textLength: number) => number);
  /**
   * Script time one scheduled render may spend on settled blocks (default 8 ms). When text arrives
   * faster than that (a fast model, or a proxy flushing a buffered answer), the blocks left over
   * are rendered in the following frames, so no frame turns into a long task.
   */
  frameBudgetMs?: number;
  /**
   * Script time one `append` may spend building the settled blocks it completes (default: the
   * frame budget). Blocks are built as their text arrives, in the task that brought it, into
   * nodes that are not on the page yet; the next render only puts them in (at the end of what is
   * on the page, before the tail) and re-renders the tail. So a fast stream does not leave its
   * blocks to be built later, a frame budget at a time: that backlog cost one frame (style, layout,
   * paint) per budget's worth of blocks. Blocks left over (a huge read) are built by the renders.
   */
  appendBudgetMs?: number;
  /**
   * Least new text (characters) before an `append` looks for completed blocks (default 2048).
   * Looking reads the text from the last block boundary, and a text grown by `+=` is copied into
   * one piece to be read: doing it for every tiny chunk would copy a long answer once per chunk.
   */
  appendScanChars?: number;
  /**
   * Settled blocks are put in `<div class="md-group">` containers of this many blocks (default 0:
   * no groups, blocks are children of the root). A page that skips the rendering of off-screen
   * content (`content-visibility`) then toggles tens of groups instead of hundreds of blocks, and
   * each frame's style, layout and visibility pass walks that many children. The grouping depends
   * only on the block order, so a streamed and a one-shot rendering still give the same DOM.
   */
  groupSize?: number;
}

/** A settled block whose text used a reference label that no definition answered when it was built. */
interface WaitingBlock {
  source: string;
  /** Its top-level nodes where they are now (on the page or built for it). */
  nodes: Node[];
  unresolved: Set<string>;
}

/**
 * The rendering of one growing text. Blocks that are complete (blocks.ts) are rendered once,
 * appended to `root` and never touched again; only the open tail block is re-rendered, at most
 * once per scheduled frame however many chunks arrived. Blocks are built off the page as their
 * text arrives (within a budget per append; a backlog is built in later tasks, a budget at a
 * time, not in frames) and a render only puts them in and re-renders the tail: a frame costs the
 * browser style, layout and paint, so a fast stream should not need more of them than the text
 * needs renders. `finish()` settles the tail at once; `complete()` does the same without a long
 * task.
 *
 * HTML answers (format `html`) have no block structure we can trust mid-stream: the whole text is
 * sanitised again on each frame while streaming. Their sanitiser (DOMPurify) is loaded on demand.
 */
export class MarkdownView {
  readonly root: HTMLElement;
  /** Resolves when the view can render its format (at once for markdown; html loads DOMPurify). */
  readonly ready: Promise<void>;
  private source = '';
  /**
   * The text after the blocks built so far (on the page, or built and waiting for the next
   * render): what the scanner reads and the tail is rendered from. The scanner and `pendingEnds`
   * count from its start. Kept apart from `source` because a text grown by `+=` is a chain of
   * pieces that is copied into one string when it is read: reading the whole answer to find each
   * block copied a 100 KB answer about fifty times; this copies only what is not built yet.
   */
  private open = '';
  private scanner = new BlockScanner();
  /** Ends (in `open`) of blocks found complete but not built yet (a backlog beyond the budgets). */
  private pendingEnds: number[] = [];
  private tailNodes: Node[] = [];
  /**
   * Link reference definitions of the settled blocks (the first of a label wins). Definitions hold
   * for the whole text, wherever they stand: each block is lexed with those known so far.
   */
  private definitions = new Map<string, Definition>();
  /** Settled blocks that used a reference nobody defined yet: built again when its definition arrives. */
  private waiting: WaitingBlock[] = [];
  /** The last block group (groupSize) and how many blocks it holds. */
  private group: HTMLElement | null = null;
  private groupCount = 0;
  /** Whether `group` is on the page (blocks built for it then wait in `groupBuilt`). */
  private groupAttached = false;
  /** Built blocks not on the page yet: new top-level nodes (groups or blocks)… */
  private built: DocumentFragment;
  /** …and blocks for a group that is already on the page. */
  private groupBuilt: { group: HTMLElement; blocks: DocumentFragment } | null = null;
  private renderedTail: string | null = null;
  /** Text length when `append` last looked for completed blocks. */
  private scannedLength = 0;
  private scheduled = false;
  /** The wait of `minIntervalMs` before the next render is scheduled (a timer), if one is running. */
  private intervalTimer: ReturnType<typeof setTimeout> | undefined;
  private finished = false;
  private completing: Array<() => void> = [];
  private lastRender = -Infinity;
  /** The html sanitiser could not be loaded: the answer shows as text. */
  private htmlUnavailable = false;
  private readonly format: ContentFormat;
  private readonly schedule: (callback: () => void) => void;
  private readonly scheduleTask: (callback: () => void) => void;
  private buildScheduled = false;

  constructor(private readonly options: MarkdownViewOptions = {}) {
    const doc = options.document ?? document;
    this.root = doc.createElement('div');
    this.root.className = 'md';
    // An answer reads in its own direction (a Latin answer in an Arabic page keeps its punctuation).
    this.root.dir = 'auto';
    this.format = options.format ?? 'markdown';
    this.schedule = options.schedule ?? ((callback) => requestAnimationFrame(callback));
    this.scheduleTask = options.scheduleTask ?? options.schedule ?? ((callback) => setTimeout(callback, 0));
    this.built = doc.createDocumentFragment();
    this.ready =
      this.format === 'html' && !loadedHtmlSanitiser()
        ? loadHtmlSanitiser().then((sanitiser) => {
            this.htmlUnavailable = !sanitiser;
            // Text that arrived while the sanitiser loaded is shown now.
            if (this.source) this.render(false);
          })
        : Promise.resolve();
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
    if (this.finished) this.finished = false; // more text after finish: a new tail after what is settled
    this.source += chunk;
    if (this.format === 'markdown') this.open += chunk;
    if (this.format === 'markdown') this.buildArrived();
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
    this.render(false);
    for (const resolve of this.completing.splice(0)) resolve();
  }

  /**
   * The text is complete: renders what is left frame by frame (within the frame budget) and
   * resolves once the view is finished. `finish()` meanwhile ends it at once.
   */
  complete(): Promise<void> {
    if (this.finished) return Promise.resolve();
    // A hidden page runs no animation frames: nobody is watching, so render it all now.
    if (this.root.ownerDocument.visibilityState === 'hidden') {
      this.finish();
      return this.ready;
    }
    const done = new Promise<void>((resolve) => this.completing.push(resolve));
    // The interval spaces out renders of a text still arriving; the last one need not wait for it
    // (it used to: the end of a long answer showed up to 4 × render-interval after it arrived).
    this.cancelIntervalWait();
    this.scheduleFrame();
    return done;
  }

  /** Renders pending text now (e.g. before measuring or before a test compares DOM). */
  flush(): void {
    this.render(false);
  }

  private reset(): void {
    this.root.replaceChildren();
    this.source = '';
    this.open = '';
    this.scanner = new BlockScanner();
    this.pendingEnds = [];
    this.tailNodes = [];
    this.definitions = new Map();
    this.waiting = [];
    this.renderedTail = null;
    this.finished = false;
    this.group = null;
    this.groupCount = 0;
    this.groupAttached = false;
    this.built = this.root.ownerDocument.createDocumentFragment();
    this.groupBuilt = null;
    this.scannedLength = 0;
  }

  private requestRender(): void {
    if (this.scheduled) return;
    const interval = this.options.minIntervalMs;
    const wait =
      this.lastRender +
      (typeof interval === 'function' ? interval(this.source.length) : (interval ?? 0)) -
      performance.now();
    if (wait > 1) {
      this.scheduled = true;
      this.intervalTimer = setTimeout(() => {
        this.intervalTimer = undefined;
        this.scheduled = false;
        this.scheduleFrame();
      }, wait);
      return;
    }
    this.scheduleFrame();
  }

  /** Drops a pending `minIntervalMs` wait (the render it was waiting for happens now or next frame). */
  private cancelIntervalWait(): void {
    if (this.intervalTimer === undefined) return;
    clearTimeout(this.intervalTimer);
    this.intervalTimer = undefined;
    this.scheduled = false;
  }

  private scheduleFrame(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      if (!this.scheduled) return; // rendered meanwhile (flush, finish)
      this.render(true);
    });
  }

  private render(budgeted: boolean): void {
    // A render now serves whatever a pending interval wait was for: its timer would only ask for
    // another frame with nothing new to show.
    this.cancelIntervalWait();
    this.scheduled = false;
    this.lastRender = performance.now();
    if (this.format === 'html') {
      this.renderHtml();
    } else {
      const finalPass = this.finished || (budgeted && this.completing.length > 0);
      this.renderMarkdown(budgeted ? this.lastRender + (this.options.frameBudgetMs ?? 8) : Infinity, finalPass);
    }
    if (!this.finished && this.completing.length && !this.scheduled) {
      // All of the text is on the page (html renders the whole text; markdown its tail after the blocks).
      const shown = this.format === 'html' ? this.source : this.pendingEnds.length === 0 ? this.open : null;
      if (shown !== null && this.renderedTail === shown) this.finish();
    }
  }

  /** Builds the blocks that text just appended completed, within the append budget. */
  private buildArrived(): void {
    const budget = this.options.appendBudgetMs ?? this.options.frameBudgetMs ?? 8;
    if (budget <= 0 || this.source.length - this.scannedLength < (this.options.appendScanChars ?? 2048)) return;
    this.scannedLength = this.source.length;
    for (const end of this.scanner.scan(this.open, false)) this.pendingEnds.push(end);
    if (this.pendingEnds.length) this.buildBlocks(performance.now() + budget, false);
    if (this.pendingEnds.length) this.scheduleBuild();
  }

  /** Goes on building a backlog of blocks in a later task (one budget's worth per task). */
  private scheduleBuild(): void {
    if (this.buildScheduled) return;
    this.buildScheduled = true;
    this.scheduleTask(() => {
      this.buildScheduled = false;
      if (!this.pendingEnds.length) return; // built meanwhile (a render, finish)
      this.buildBlocks(performance.now() + (this.options.frameBudgetMs ?? 8), true);
      if (this.pendingEnds.length) this.scheduleBuild();
      // All built: a completing view renders it now; a streaming one at its next render.
      else if (this.completing.length) this.scheduleFrame();
      else this.requestRender();
    });
  }

  /**
   * Builds pending blocks (off the page) until `deadline`; with `atLeastOne`, one even past it.
   * Each block is built once, in order, into the group it belongs to.
   */
  private buildBlocks(deadline: number, atLeastOne: boolean): void {
    const doc = this.root.ownerDocument;
    const groupSize = this.options.groupSize ?? 0;
    let count = 0;
    let start = 0;
    while (count < this.pendingEnds.length && ((atLeastOne && count === 0) || performance.now() < deadline)) {
      const end = this.pendingEnds[count++]!;
      let parent: Node = this.built;
      if (groupSize > 0) {
        if (!this.group || this.groupCount >= groupSize) {
          this.group = doc.createElement('div');
          this.group.className = 'md-group';
          this.groupCount = 0;
          this.groupAttached = false;
          this.built.appendChild(this.group);
        }
        this.groupCount++;
        parent = this.groupAttached
          ? (this.groupBuilt ??= { group: this.group, blocks: doc.createDocumentFragment() }).blocks
          : this.group;
      }
      const source = this.open.slice(start, end);
      const after = parent.lastChild;
      const built = appendMarkdownBlock(parent, source, this.options, this.definitions);
      this.settle(source, built, parent, after, null);
      start = end;
    }
    this.pendingEnds.splice(0, count);
    if (!start) return;
    // What is built leaves the open text; offsets into it move back by as much.
    this.open = this.open.slice(start);
    this.scanner.rebase(start);
    for (let i = 0; i < this.pendingEnds.length; i++) this.pendingEnds[i]! -= start;
  }

  /**
   * A block just built: decorated, kept if it waits for a definition, and its own definitions
   * known from now on, which builds again the blocks before it that waited for them.
   */
  private settle(source: string, built: BuiltBlock, parent: Node, after: Node | null, before: Node | null): void {
    this.options.decorate?.(built.nodes);
    if (built.unresolved.size) {
      // What the block is on the page once decorated (a host may wrap a node): what lies between.
      const nodes: Node[] = [];
      for (let node = after ? after.nextSibling : parent.firstChild; node && node !== before; node = node.nextSibling)
        nodes.push(node);
      this.waiting.push({ source, nodes, unresolved: built.unresolved });
    }
    if (!built.defined.size) return;
    for (const [key, definition] of built.defined) this.definitions.set(key, definition);
    for (const block of this.waiting.slice()) {
      if ([...block.unresolved].some((key) => built.defined.has(key))) this.rebuild(block);
    }
  }

  /** Builds a waiting block again, in its place, with the definitions known now. */
  private rebuild(block: WaitingBlock): void {
    this.waiting.splice(this.waiting.indexOf(block), 1);
    const first = block.nodes[0];
    const parent = first?.parentNode;
    if (!first || !parent) return; // a block that shows nothing has nothing to change
    const after = first.previousSibling;
    const before = block.nodes.at(-1)!.nextSibling;
    for (const node of block.nodes) parent.removeChild(node);
    this.settle(
      block.source,
      appendMarkdownBlock(parent, block.source, this.options, this.definitions, before),
      parent,
      after,
      before,
    );
  }

  /** Puts the built blocks on the page, after what is there (the tail is taken out first). */
  private attachBuilt(): void {
    if (!this.built.hasChildNodes() && !this.groupBuilt) return;
    this.removeTail();
    if (this.groupBuilt) this.groupBuilt.group.appendChild(this.groupBuilt.blocks);
    this.groupBuilt = null;
    if (this.built.hasChildNodes()) this.root.appendChild(this.built);
    this.groupAttached = this.group !== null;
  }

  private renderMarkdown(deadline: number, final: boolean): void {
    for (const end of this.scanner.scan(this.open, final)) this.pendingEnds.push(end);
    // At least one block per frame, then as many as the budget allows.
    if (this.pendingEnds.length) this.buildBlocks(deadline, true);
    this.attachBuilt();
    if (this.pendingEnds.length) {
      // A backlog: the tail waits until the blocks before it are on the page; the blocks are built
      // between frames, then a frame puts them in.
      this.removeTail();
      this.scheduleBuild();
      return;
    }
    const tail = this.open;
    if (tail === this.renderedTail) return;
    this.removeTail();
    this.renderedTail = tail;
    // The open end is shown with its unfinished syntax completed or held back (incomplete.ts); it is
    // built again from the text itself once it settles.
    const shown = tail && completeOpenTail(tail);
    if (shown)
      this.tailNodes = appendMarkdownBlock(
        this.root,
        shown,
        { ...this.options, openTail: shown },
        this.definitions,
      ).nodes;
  }

  private renderHtml(): void {
    if (this.renderedTail === this.source) return;
    const sanitise = loadedHtmlSanitiser();
    if (!sanitise) {
      // Still loading: `ready` renders when it arrives. A failed load shows the answer as text.
      if (this.htmlUnavailable) this.showAsText();
      return;
    }
    this.renderedTail = this.source;
    const fragment = sanitise(this.source, this.root.ownerDocument);
    if (fragment) this.root.replaceChildren(fragment);
    else this.showAsText(); // no DOM parser here, or Trusted Types refused
  }

  private showAsText(): void {
    this.renderedTail = this.source;
    this.root.replaceChildren(this.root.ownerDocument.createTextNode(this.source));
  }

  private removeTail(): void {
    for (const node of this.tailNodes) node.parentNode?.removeChild(node);
    this.tailNodes = [];
    this.renderedTail = null;
  }
}

/**
 * One-shot render of a finished text: the same DOM a streamed render of it ends with. For `html`
 * the sanitiser must be loaded first (`await loadHtmlSanitiser()`, or import the renderer's index.ts);
 * otherwise the text is returned as plain text.
 */
export function renderMarkdown(text: string, options: Omit<MarkdownViewOptions, 'schedule'> = {}): DocumentFragment {
  const view = new MarkdownView({ ...options, schedule: () => undefined });
  if (options.format === 'html' && !loadedHtmlSanitiser()) {
    const fragment = view.root.ownerDocument.createDocumentFragment();
    fragment.append(view.root.ownerDocument.createTextNode(text));
    return fragment;
  }
  view.append(text);
  view.finish();
  const fragment = view.root.ownerDocument.createDocumentFragment();
  fragment.append(...Array.from(view.root.childNodes));
  return fragment;
}
