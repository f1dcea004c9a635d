/**
 * The answers' code blocks: a bar with the language and a copy button, and syntax highlighting
 * (highlight.ts, loaded on the first block) once the block is complete. Applied by the markdown
 * view to settled blocks only (`decorate`), so a block is decorated and highlighted once, never
 * per token. The bar carries `md-chrome`, so plain text and transcripts leave it out.
 */
export interface CodeBlockLabels {
  copy: string;
  copied: string;
}

type Highlighter = typeof import('./highlight.js');

let highlighter: Promise<Highlighter | undefined> | undefined;
function loadHighlighter(): Promise<Highlighter | undefined> {
  highlighter ??= import('./highlight.js').catch((error: unknown) => {
    // Offline or a CDN hiccup: the code stays plain, and the next answer tries again.
    highlighter = undefined;
    console.warn('[sportello] the code highlighter could not be loaded:', error);
    return undefined;
  });
  return highlighter;
}

function highlight(module: Highlighter, code: HTMLElement, language: string): void {
  try {
    module.highlightElement(code, language);
  } catch (error) {
    console.warn('[sportello] a code block could not be highlighted:', error);
  }
}

/** Script time one task may spend highlighting: a long answer's many blocks never make a long task. */
const BUDGET_MS = 8;

export class CodeBlocks {
  private queue: Array<{ code: HTMLElement; language: string }> = [];
  private scheduled = false;
  /** The labels the built bars speak (compared on every `relabel`). */
  private built: CodeBlockLabels | undefined;

  constructor(private readonly labels: () => CodeBlockLabels) {}

  /** The markdown view's `decorate`: every `pre` among a settled block's nodes. */
  readonly decorate = (nodes: readonly Node[]): void => {
    for (const node of nodes) {
      if (!(node instanceof Element)) continue;
      if (node.localName === 'pre') this.enhance(node as HTMLElement);
      else for (const pre of Array.from(node.querySelectorAll('pre'))) this.enhance(pre);
    }
  };

  private enhance(pre: HTMLElement): void {
    const doc = pre.ownerDocument;
    const code = pre.querySelector('code');
    const language = /(?:^|\s)language-([\w+#.-]+)/.exec(code?.className ?? '')?.[1];
    const labels = (this.built = this.labels());
    const block = doc.createElement('div');
    block.className = 'code-block md-decorated';
    const bar = doc.createElement('div');
    bar.className = 'code-bar md-chrome';
    const name = doc.createElement('span');
    name.className = 'code-lang';
    name.textContent = language ?? '';
    const copy = doc.createElement('button');
    copy.type = 'button';
    copy.className = 'code-copy';
    copy.textContent = labels.copy;
    copy.addEventListener('click', () => void this.copy(copy, code?.textContent ?? pre.textContent ?? ''));
    bar.append(name, copy);
    pre.replaceWith(block);
    block.append(bar, pre);
    if (code && language) this.highlightLater(code, language);
  }

  /**
   * The bars were built in the language of their time: once the panel speaks another (its `lang`, the
   * page's, its strings), the copy buttons under `roots` say so too. Cheap when nothing changed.
   */
  relabel(roots: Iterable<ParentNode>): void {
    const labels = this.labels();
    if (!this.built || (labels.copy === this.built.copy && labels.copied === this.built.copied)) return;
    this.built = labels;
    for (const root of roots)
      for (const button of Array.from(root.querySelectorAll<HTMLButtonElement>('.code-copy')))
        button.textContent = button.dataset['copied'] ? labels.copied : labels.copy;
  }

  private async copy(button: HTMLButtonElement, text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      button.dataset['copied'] = 'true';
      button.textContent = this.labels().copied;
      setTimeout(() => {
        delete button.dataset['copied'];
        button.textContent = this.labels().copy;
      }, 2000);
    } catch {
      // No clipboard here (an insecure page, a refused permission): the code can still be selected.
      button.textContent = this.labels().copy;
    }
  }

  private highlightLater(code: HTMLElement, language: string): void {
    this.queue.push({ code, language });
    if (this.scheduled) return;
    this.scheduled = true;
    void loadHighlighter().then((module) => this.run(module));
  }

  private run(module: Highlighter | undefined): void {
    if (!module) {
      this.queue = [];
      this.scheduled = false;
      return;
    }
    const deadline = performance.now() + BUDGET_MS;
    while (this.queue.length && performance.now() < deadline) {
      const { code, language } = this.queue.shift()!;
      highlight(module, code, language);
    }
    if (this.queue.length) setTimeout(() => this.run(module), 0);
    else this.scheduled = false;
  }
}
