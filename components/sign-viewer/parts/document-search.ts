import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { PdfDocument } from '../../../src/pdf/pdfjs.js';
import {
  matchPieces,
  searchDocument,
  type MatchPart,
  type SearchHit,
  type TextPiece,
} from '../../../src/pdf/search.js';
import type { StringKey } from '../strings.js';

export interface SearchHost extends ReactiveControllerHost {
  readonly pdf: PdfDocument | undefined;
  goToPage(n: number): void;
  pageElement(n: number): HTMLElement | null;
  /** Brings `target` (the current hit's first piece) into view, whichever element scrolls. */
  reveal(target: Element): void;
  t(key: StringKey, params?: Record<string, string | number>): string;
  /** The row closed with Escape: the host puts the focus back where the visitor was. */
  searchClosed(): void;
}

/**
 * Search in the document's text, for the document view: a search row under the toolbar, every
 * hit counted, Enter to the next one (Shift+Enter back), hits highlighted in the text layer of the
 * pages on screen (the only pages that have one). A hit that crosses spans (a phrase wrapping onto
 * the next line, a change of font) is marked piece by piece, each piece a `<mark>` in its span.
 */
export class DocumentSearch implements ReactiveController {
  open = false;
  query = '';
  hits: SearchHit[] = [];
  current = -1;
  private texts = new Map<number, string>();
  private abort: AbortController | undefined;
  private pdf: PdfDocument | undefined;
  /** The current hit is to be brought into view once its page's text layer is there. */
  private revealPending = false;

  constructor(private readonly host: SearchHost) {
    host.addController(this);
  }

  hostUpdated(): void {
    if (this.host.pdf !== this.pdf) {
      // Another document: its own texts and hits.
      this.pdf = this.host.pdf;
      this.texts = new Map();
      this.abort?.abort();
      this.hits = [];
      this.current = -1;
    }
  }

  hostDisconnected(): void {
    this.abort?.abort();
  }

  toggle(): void {
    this.open = !this.open;
    if (!this.open) this.clear();
    this.host.requestUpdate();
  }

  private clear(): void {
    this.abort?.abort();
    this.query = '';
    this.hits = [];
    this.current = -1;
    this.highlightAll();
  }

  private async run(query: string): Promise<void> {
    const pdf = this.host.pdf;
    this.abort?.abort();
    this.query = query;
    if (!pdf || !query.trim()) {
      this.hits = [];
      this.current = -1;
      this.highlightAll();
      this.host.requestUpdate();
      return;
    }
    const abort = (this.abort = new AbortController());
    const hits = await searchDocument(pdf, query, this.texts, abort.signal).catch(() => [] as SearchHit[]);
    if (abort.signal.aborted) return;
    this.hits = hits;
    this.current = -1;
    this.host.requestUpdate();
    this.step(1);
  }

  /** To the next (1) or previous (-1) hit, wrapping around. */
  step(dir: 1 | -1): void {
    if (!this.hits.length) return;
    this.current = (this.current + dir + this.hits.length) % this.hits.length;
    const hit = this.hits[this.current]!;
    this.revealPending = true;
    this.host.goToPage(hit.page);
    this.highlightAll();
    this.host.requestUpdate();
  }

  /** Marks the hits in every page's text layer shown now (called again when a text layer is painted). */
  highlightAll(): void {
    const hit = this.hits[this.current];
    for (let n = 1; n <= (this.host.pdf?.numPages ?? 0); n++) {
      const layer = this.host.pageElement(n)?.querySelector('.textLayer');
      if (layer?.childElementCount) this.highlight(n, hit?.page === n ? hit.index : -1);
    }
  }

  /**
   * Marks every piece of every hit on page `n` (a `<mark>` inside each span it covers); the pieces
   * of the `current`-th get `current`, and are brought into view if a step asked for it.
   */
  highlight(n: number, current = this.hits[this.current]?.page === n ? this.hits[this.current]!.index : -1): void {
    const layer = this.host.pageElement(n)?.querySelector('.textLayer');
    if (!layer) return;
    // The layer's pieces in reading order, as pdf.js made them: one span per run, a <br> per line's end.
    const nodes = [...layer.querySelectorAll<HTMLElement>('span[role="presentation"], br')];
    const pieces: TextPiece[] = nodes.map((node) =>
      node.tagName === 'BR' ? { str: '', eol: true } : { str: node.textContent ?? '', eol: false },
    );
    const byNode = new Map<number, Array<MatchPart & { current: boolean }>>();
    matchPieces(pieces, this.query).forEach((parts, k) => {
      for (const part of parts) {
        const list = byNode.get(part.piece) ?? [];
        list.push({ ...part, current: k === current });
        byNode.set(part.piece, list);
      }
    });
    nodes.forEach((node, i) => {
      if (node.tagName !== 'BR') markPieces(node, byNode.get(i) ?? []);
    });
    if (this.revealPending && current >= 0) {
      const first = layer.querySelector('mark.current');
      if (first) {
        this.revealPending = false;
        this.host.reveal(first);
      }
    }
  }

  // An arrow: Lit calls listeners with `this` as the rendering element, not this controller.
  private readonly onKeydown = (e: KeyboardEvent): void => {
    if (e.key === 'Enter') {
      e.preventDefault();
      const value = (e.target as HTMLInputElement).value;
      if (value !== this.query) void this.run(value);
      else this.step(e.shiftKey ? -1 : 1);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      this.toggle();
      this.host.searchClosed();
    }
  };

  render() {
    if (!this.open) return nothing;
    const words = (k: StringKey, p?: Record<string, string | number>) => this.host.t(k, p);
    const status = !this.query.trim()
      ? ''
      : this.hits.length
        ? words('searchResults', { current: this.current + 1, total: this.hits.length })
        : words('searchNone');
    return html`<div class="search" part="search" role="search">
      <label class="visually-hidden" for="search-input">${words('searchLabel')}</label>
      <input id="search-input" type="search" dir="auto" enterkeyhint="search" .value=${this.query} @keydown=${this.onKeydown} />
      <button type="button" part="button" aria-label=${words('searchPrevious')} title=${words('searchPrevious')} ?disabled=${!this.hits.length} @click=${() => this.step(-1)}>↑</button>
      <button type="button" part="button" aria-label=${words('searchNext')} title=${words('searchNext')} ?disabled=${!this.hits.length} @click=${() => this.step(1)}>↓</button>
      <span class="search-status" role="status">${status}</span>
    </div>`;
  }
}

/** Puts `parts` of `span`'s text in `<mark>`s (or takes the marks away), its text unchanged. */
function markPieces(span: HTMLElement, parts: Array<MatchPart & { current: boolean }>): void {
  const text = span.textContent ?? '';
  span.classList.toggle('hit', parts.length > 0);
  span.classList.toggle(
    'current',
    parts.some((p) => p.current),
  );
  if (!parts.length) {
    if (span.firstElementChild) span.textContent = text;
    return;
  }
  const children: Node[] = [];
  let at = 0;
  for (const part of [...parts].sort((a, b) => a.from - b.from)) {
    if (part.from > at) children.push(document.createTextNode(text.slice(at, part.from)));
    const mark = document.createElement('mark');
    mark.className = part.current ? 'hit current' : 'hit';
    mark.textContent = text.slice(part.from, part.to);
    children.push(mark);
    at = part.to;
  }
  if (at < text.length) children.push(document.createTextNode(text.slice(at)));
  span.replaceChildren(...children);
}
