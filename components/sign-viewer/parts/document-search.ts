import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { PdfDocument } from '../../../src/pdf/pdfjs.js';
import { fold, searchDocument, type SearchHit } from '../../../src/pdf/search.js';
import type { StringKey } from '../strings.js';

export interface SearchHost extends ReactiveControllerHost {
  readonly pdf: PdfDocument | undefined;
  goToPage(n: number): void;
  pageElement(n: number): HTMLElement | null;
  t(key: StringKey, params?: Record<string, string | number>): string;
}

/**
 * Search in the document's text, for the document view: a search row under the toolbar, every
 * hit counted, Enter to the next one (Shift+Enter back), hits highlighted in the text layer of the
 * pages on screen (the only pages that have one).
 */
export class DocumentSearch implements ReactiveController {
  open = false;
  query = '';
  hits: SearchHit[] = [];
  current = -1;
  private texts = new Map<number, string>();
  private abort: AbortController | undefined;
  private pdf: PdfDocument | undefined;

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

  /** Marks the spans of page `n` holding the query; the `current`-th occurrence gets `current`. */
  highlight(n: number, current = this.hits[this.current]?.page === n ? this.hits[this.current]!.index : -1): void {
    const layer = this.host.pageElement(n)?.querySelector('.textLayer');
    if (!layer) return;
    const q = fold(this.query.trim());
    let seen = 0;
    for (const span of layer.querySelectorAll('span')) {
      const text = fold(span.textContent ?? '');
      let count = 0;
      if (q) for (let at = text.indexOf(q); at >= 0; at = text.indexOf(q, at + q.length)) count++;
      span.classList.toggle('hit', count > 0);
      span.classList.toggle('current', count > 0 && current >= seen && current < seen + count);
      seen += count;
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
    }
  };

  render() {
    if (!this.open) return nothing;
    const t = (k: StringKey, p?: Record<string, string | number>) => this.host.t(k, p);
    const status = !this.query.trim()
      ? ''
      : this.hits.length
        ? t('searchResults', { current: this.current + 1, total: this.hits.length })
        : t('searchNone');
    return html`<div class="search" part="search" role="search">
      <label class="visually-hidden" for="search-input">${t('searchLabel')}</label>
      <input id="search-input" type="search" enterkeyhint="search" .value=${this.query} @keydown=${this.onKeydown} />
      <button type="button" part="button" aria-label=${t('searchPrevious')} title=${t('searchPrevious')} ?disabled=${!this.hits.length} @click=${() => this.step(-1)}>↑</button>
      <button type="button" part="button" aria-label=${t('searchNext')} title=${t('searchNext')} ?disabled=${!this.hits.length} @click=${() => this.step(1)}>↓</button>
      <span class="search-status" role="status">${status}</span>
    </div>`;
  }
}
