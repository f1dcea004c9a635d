import { LitElement, html, css, type PropertyValues } from 'lit';
import { property, state, query } from 'lit/decorators.js';
import { tokens } from '../../shared/tokens.styles.js';
import { cssProps } from '../../shared/css-props.js';
import type { Lang } from '../../../src/i18n/lang.js';
import type { PdfDocument, PdfPage } from '../../../src/pdf/pdfjs.js';
import type { PlacedArea } from '../../../src/pdf/areas.js';
import { fitScale, pagesToRender, stepZoom } from '../../../src/pdf/geometry.js';
import { paintCanvas, paintTextLayer, type PaintedPage } from '../../../src/pdf/render.js';
import { MARK_FIRST_PAGE, markDocument } from '../../../src/controllers/sign/document-controller.js';
import { codeKey, translate } from '../strings.js';

export type ZoomMode = 'fit-width' | 'fit-page' | number;

interface LivePage {
  canvas: HTMLCanvasElement;
  tasks: PaintedPage[];
  scale: number;
  /** pdf.js' page once it arrived: it keeps what a paint needs (operator list, images) until cleaned up. */
  page?: PdfPage;
}

/** Gap around pages inside the scroller, in CSS px (matches the styles below). */
const PAD = 16;

/**
 * One PDF on screen: continuous scroll of pages rendered lazily as they come into view. Only the
 * visible pages and one on each side hold a canvas and a text layer; the rest are empty boxes of
 * the right size. Zoom (fit width, fit page, steps), page n / N, keyboard navigation, and the
 * practice's areas drawn over the pages. Internal part of `<sportello-sign-viewer>`.
 */
export class SignDocumentView extends LitElement {
  static override styles = [
    tokens,
    css`
      :host {
        display: flex;
        flex-direction: column;
        min-height: 0;
        height: 100%;
      }
      .toolbar {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: calc(var(--_space) * 0.75);
        padding: calc(var(--_space) * 0.75) var(--_space);
        border-bottom: 1px solid var(--_border);
        background: var(--_surface);
      }
      .toolbar .group {
        display: inline-flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 4px;
      }
      .toolbar button {
        white-space: nowrap;
        min-width: 36px;
        min-height: 36px;
        padding: 4px 10px;
        border: 1px solid var(--_border);
        border-radius: var(--_radius-small);
        background: var(--_surface);
        color: var(--_text);
      }
      .toolbar button[aria-pressed='true'] {
        background: var(--_accent);
        color: var(--_accent-contrast);
        border-color: var(--_accent);
      }
      .toolbar button:disabled {
        opacity: 0.5;
        cursor: default;
      }
      .toolbar input {
        width: 4.5em;
        min-height: 36px;
        font: inherit;
        padding: 4px 6px;
        border: 1px solid var(--_border);
        border-radius: var(--_radius-small);
        text-align: right;
      }
      .zoom-level {
        min-width: 4.5em;
        text-align: center;
        color: var(--_text-muted);
      }
      .scroller {
        position: relative;
        flex: 1;
        min-height: 0;
        overflow: auto;
        background: var(--sportello-sign-page-gutter, #e6e9ef);
        padding: ${PAD}px;
      }
      .pages {
        display: flex;
        flex-direction: column;
        align-items: center;
        gap: ${PAD}px;
        width: max-content;
        min-width: 100%;
      }
      .page {
        position: relative;
        flex: none;
        background: #fff;
        box-shadow: 0 1px 4px rgb(16 24 40 / 0.2);
        --scale-round-x: 1px;
        --scale-round-y: 1px;
      }
      .page canvas {
        position: absolute;
        inset: 0;
        width: 100%;
        height: 100%;
      }
      .page-number {
        position: absolute;
        right: 6px;
        bottom: 4px;
        font-size: 12px;
        color: var(--_text-muted);
      }
      /* pdf.js text layer (from pdf_viewer.css, reduced to what selection and reading need). */
      .textLayer {
        position: absolute;
        text-align: initial;
        inset: 0;
        overflow: clip;
        opacity: 1;
        line-height: 1;
        text-size-adjust: none;
        forced-color-adjust: none;
        transform-origin: 0 0;
        caret-color: CanvasText;
        z-index: 0;
        --min-font-size: 1;
        --text-scale-factor: calc(var(--total-scale-factor) * var(--min-font-size));
        --min-font-size-inv: calc(1 / var(--min-font-size));
      }
      .textLayer :is(span, br) {
        color: transparent;
        position: absolute;
        white-space: pre;
        cursor: text;
        transform-origin: 0% 0%;
      }
      .textLayer > :not(.markedContent),
      .textLayer .markedContent span:not(.markedContent) {
        z-index: 1;
        --font-height: 0;
        font-size: calc(var(--text-scale-factor) * var(--font-height));
        --scale-x: 1;
        --rotate: 0deg;
        transform: rotate(var(--rotate)) scaleX(var(--scale-x)) scale(var(--min-font-size-inv));
      }
      .textLayer .markedContent {
        display: contents;
      }
      .textLayer ::selection {
        background: rgb(0 0 255 / 0.25);
      }
      .textLayer br::selection {
        background: transparent;
      }
      .textLayer .endOfContent {
        display: block;
        position: absolute;
        inset: 100% 0 0;
        z-index: 0;
        cursor: default;
        user-select: none;
      }
      .area {
        position: absolute;
        z-index: 2;
        pointer-events: none;
        border: 2px dashed var(--sportello-sign-area-color, #6b7280);
        background: rgb(107 114 128 / 0.08);
        border-radius: 3px;
      }
      .area.placeholder {
        border-style: dotted;
      }
      .area.mine {
        border: 2px solid var(--sportello-sign-mine-color, var(--_accent));
        background: rgb(36 87 214 / 0.12);
      }
      .area .label {
        position: absolute;
        /* Inside the box's top edge: a label above it would cover the document's own text. */
        left: 0;
        top: 0;
        max-width: 100%;
        padding: 1px 6px;
        font-size: 11px;
        line-height: 1.4;
        white-space: nowrap;
        overflow: hidden;
        text-overflow: ellipsis;
        color: #fff;
        background: var(--sportello-sign-area-color, #4b5563);
        border-radius: 0 0 3px 0;
      }
      .area.mine .label {
        background: var(--sportello-sign-mine-color, var(--_accent));
      }
    `,
  ];

  @property({ attribute: false }) pdf: PdfDocument | undefined;
  @property({ attribute: false }) areas: PlacedArea[] = [];
  @property({ attribute: false }) signerEmail: string | undefined;
  @property({ attribute: false }) language: Lang = 'en';
  @property({ attribute: false }) documentName = '';

  @state() zoom: ZoomMode = 'fit-width';
  @state() scale = 1;
  @state() currentPage = 1;
  /** Page sizes in PDF points (scale 1), index = page - 1; unknown pages borrow page 1's size. */
  @state() private sizes: Array<{ w: number; h: number }> = [];

  @query('.scroller') private scroller!: HTMLElement;

  private live = new Map<number, LivePage>();
  private visible = new Set<number>();
  private io: IntersectionObserver | undefined;
  private ro: ResizeObserver | undefined;
  private painted = false;
  private scrollFrame = 0;
  private syncFrame = 0;
  /** Page to bring back into view after a zoom. */
  private anchorPage: number | undefined;

  /** How many pages hold a canvas now (tests and the bench read it). */
  get liveCanvasCount(): number {
    return this.renderRoot.querySelectorAll('canvas').length;
  }

  get pageCount(): number {
    return this.pdf?.numPages ?? 0;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.releaseAll();
    this.io?.disconnect();
    this.io = undefined;
    this.ro?.disconnect();
    this.ro = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('pdf')) {
      this.releaseAll();
      this.visible.clear();
      this.sizes = [];
      this.currentPage = 1;
      this.painted = false;
      if (this.pdf) void this.measure(this.pdf);
    }
  }

  protected override updated(changed: PropertyValues): void {
    if (!this.ro && this.scroller) {
      this.ro = new ResizeObserver(() => this.fit());
      this.ro.observe(this.scroller);
    }
    if (changed.has('pdf') && this.scroller) this.scroller.scrollTop = 0;
    if (changed.has('sizes') || changed.has('pdf')) this.observePages();
    if (changed.has('scale')) {
      // Pages painted at the old scale are repainted; the page in view stays in view.
      for (const n of [...this.live.keys()]) this.release(n);
      if (this.anchorPage) this.scrollToPage(this.anchorPage, 'auto');
      this.anchorPage = undefined;
      this.scheduleSync();
    }
  }

  private async measure(pdf: PdfDocument): Promise<void> {
    try {
      const first = await pdf.getPage(1);
      if (this.pdf !== pdf) return;
      const vp = first.getViewport({ scale: 1 });
      this.sizes = Array.from({ length: pdf.numPages }, () => ({ w: vp.width, h: vp.height }));
      this.fit();
    } catch {
      // A document whose first page cannot be read shows no pages; the viewer's error covers it.
    }
  }

  /** Scale for the current zoom mode and scroller size. */
  private fit(): void {
    const first = this.sizes[0];
    if (!first || !this.scroller) return;
    let next: number;
    if (typeof this.zoom === 'number') next = this.zoom;
    else {
      const width = this.scroller.clientWidth - 2 * PAD;
      const height = this.scroller.clientHeight - 2 * PAD;
      const widest = Math.max(...this.sizes.map((s) => s.w));
      next = fitScale(this.zoom, widest, first.h, width, height);
    }
    next = Math.round(Math.max(0.1, Math.min(next, 6)) * 1000) / 1000;
    if (Math.abs(next - this.scale) > 0.001) {
      this.anchorPage = this.currentPage;
      this.scale = next;
    } else if (!this.live.size) this.scheduleSync();
  }

  private observePages(): void {
    this.io?.disconnect();
    if (!this.scroller) return;
    this.io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const n = Number((e.target as HTMLElement).dataset.page);
          // Edge-adjacent counts as intersecting for IntersectionObserver; a page needs real pixels in view.
          if (e.isIntersecting && e.intersectionRect.height > 0 && e.intersectionRect.width > 0) this.visible.add(n);
          else this.visible.delete(n);
        }
        this.scheduleSync();
      },
      { root: this.scroller, threshold: 0 },
    );
    for (const el of this.renderRoot.querySelectorAll<HTMLElement>('.page')) this.io.observe(el);
  }

  private scheduleSync(): void {
    if (this.syncFrame) return;
    this.syncFrame = requestAnimationFrame(() => {
      this.syncFrame = 0;
      this.sync();
    });
  }

  /** Paints the pages that should be live and releases the others. */
  private sync(): void {
    if (!this.pdf || !this.sizes.length) return;
    const wanted = new Set(pagesToRender(this.visible, this.pdf.numPages));
    for (const n of [...this.live.keys()]) if (!wanted.has(n)) this.release(n, true);
    for (const n of wanted) if (!this.live.has(n)) this.paint(n);
  }

  private pageElement(n: number): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>(`.page[data-page="${n}"]`);
  }

  private paint(n: number): void {
    const pdf = this.pdf;
    const host = this.pageElement(n);
    if (!pdf || !host) return;
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    const entry: LivePage = { canvas, tasks: [], scale: this.scale };
    this.live.set(n, entry);
    host.prepend(canvas);
    const textLayer = host.querySelector<HTMLElement>('.textLayer')!;
    void pdf
      .getPage(n)
      .then((page) => {
        if (this.live.get(n) !== entry) return;
        entry.page = page;
        const vp = page.getViewport({ scale: 1 });
        const known = this.sizes[n - 1];
        if (known && (Math.abs(known.w - vp.width) > 0.5 || Math.abs(known.h - vp.height) > 0.5)) {
          this.sizes = this.sizes.map((s, i) => (i === n - 1 ? { w: vp.width, h: vp.height } : s));
        }
        const canvasTask = paintCanvas(page, canvas, entry.scale);
        textLayer.replaceChildren();
        const textTask = paintTextLayer(page, textLayer, entry.scale);
        entry.tasks.push(canvasTask, textTask);
        canvasTask.done.then(
          () => {
            if (this.live.get(n) !== entry) return;
            canvas.dataset.painted = 'true';
            if (!this.painted) {
              this.painted = true;
              markDocument(MARK_FIRST_PAGE);
              this.dispatchEvent(new Event('sign-document-painted'));
            }
          },
          () => undefined,
        );
        textTask.done.catch(() => undefined);
      })
      .catch(() => {
        // A page that cannot be read stays an empty box; the others still render.
      });
  }

  /**
   * Takes page `n`'s canvas and text away. `forget` (the page scrolled out of reach) also lets
   * pdf.js drop the page's operator list and images, which it otherwise keeps until the document
   * is destroyed: reading a 100-page document top to bottom held 1.4 MB more on the main thread.
   * Not on a zoom, which paints the same page again at once.
   */
  private release(n: number, forget = false): void {
    const entry = this.live.get(n);
    if (!entry) return;
    this.live.delete(n);
    for (const t of entry.tasks) t.cancel();
    // A paint still cancelling makes pdf.js wait for it and clean up then.
    if (forget) entry.page?.cleanup();
    // Zero-size before removal frees the backing store at once instead of at garbage collection.
    entry.canvas.width = 0;
    entry.canvas.height = 0;
    entry.canvas.remove();
    this.pageElement(n)?.querySelector('.textLayer')?.replaceChildren();
  }

  private releaseAll(): void {
    for (const n of [...this.live.keys()]) this.release(n);
  }

  private onScroll(): void {
    if (this.scrollFrame) return;
    this.scrollFrame = requestAnimationFrame(() => {
      this.scrollFrame = 0;
      const probe = this.scroller.scrollTop + this.scroller.clientHeight * 0.3;
      let current = 1;
      for (const el of this.renderRoot.querySelectorAll<HTMLElement>('.page')) {
        if (el.offsetTop <= probe) current = Number(el.dataset.page);
        else break;
      }
      if (current !== this.currentPage) this.currentPage = current;
    });
  }

  /** Scrolls page `n` (1-based, clamped) to the top of the view. */
  goToPage(n: number, behavior: ScrollBehavior = 'auto'): void {
    const target = Math.min(Math.max(1, Math.round(n) || 1), this.pageCount || 1);
    this.currentPage = target;
    this.scrollToPage(target, behavior);
  }

  private scrollToPage(n: number, behavior: ScrollBehavior): void {
    const el = this.pageElement(n);
    if (el && this.scroller) this.scroller.scrollTo({ top: el.offsetTop - PAD, behavior });
  }

  setZoom(zoom: ZoomMode): void {
    this.anchorPage = this.currentPage;
    this.zoom = zoom;
    this.fit();
  }

  zoomBy(dir: 1 | -1): void {
    this.setZoom(stepZoom(this.scale, dir));
  }

  private onKeydown(e: KeyboardEvent): void {
    if (e.altKey || e.metaKey) return;
    const handled = (() => {
      switch (e.key) {
        case 'PageDown':
          this.goToPage(this.currentPage + 1);
          return true;
        case 'PageUp':
          this.goToPage(this.currentPage - 1);
          return true;
        case 'Home':
          if (e.ctrlKey || e.target === this.scroller) this.goToPage(1);
          return e.ctrlKey || e.target === this.scroller;
        case 'End':
          if (e.ctrlKey || e.target === this.scroller) this.goToPage(this.pageCount);
          return e.ctrlKey || e.target === this.scroller;
        case '+':
        case '=':
          this.zoomBy(1);
          return true;
        case '-':
          this.zoomBy(-1);
          return true;
        default:
          return false;
      }
    })();
    if (handled) e.preventDefault();
  }

  private onPageInput(e: Event): void {
    const input = e.target as HTMLInputElement;
    this.goToPage(Number(input.value));
    input.value = String(this.currentPage);
  }

  private areaLabel(a: PlacedArea): { text: string; mine: boolean } {
    const t = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) =>
      translate(this.language, k, p);
    const mine =
      !!this.signerEmail && !!a.spec.signerEmail && a.spec.signerEmail.toLowerCase() === this.signerEmail.toLowerCase();
    const signer = (a.spec.signerName ?? t('nobody')) + (mine ? t('areaYou') : '');
    if (a.spec.kind === 'signature') {
      const key = codeKey('action_', a.spec.code);
      return { text: t('areaSignature', { kind: key ? t(key) : a.spec.code, signer }), mine };
    }
    const ph = codeKey('ph_', a.spec.code);
    return { text: t('areaPlaceholder', { kind: ph ? t(ph) : a.spec.code, signer }), mine };
  }

  protected override render() {
    const t = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) =>
      translate(this.language, k, p);
    const total = this.pageCount;
    const zoomPercent = Math.round(this.scale * 100);
    const byPage = new Map<number, PlacedArea[]>();
    for (const a of this.areas) byPage.set(a.page, [...(byPage.get(a.page) ?? []), a]);
    return html`
      <div class="toolbar" part="toolbar" role="toolbar" aria-label=${t('toolbar')}>
        <span class="group">
          <button type="button" part="button" aria-label=${t('previousPage')} title=${t('previousPage')} ?disabled=${this.currentPage <= 1} @click=${() => this.goToPage(this.currentPage - 1)}>‹</button>
          <label class="visually-hidden" for="page-input">${t('pageInput')}</label>
          <input id="page-input" type="number" inputmode="numeric" min="1" max=${total} .value=${String(this.currentPage)} @change=${this.onPageInput} />
          <span aria-hidden="true">${t('ofTotal', { total })}</span>
          <button type="button" part="button" aria-label=${t('nextPage')} title=${t('nextPage')} ?disabled=${this.currentPage >= total} @click=${() => this.goToPage(this.currentPage + 1)}>›</button>
        </span>
        <span class="visually-hidden" role="status">${t('pageOf', { n: this.currentPage, total })}</span>
        <span class="group">
          <button type="button" part="button" aria-label=${t('zoomOut')} title=${t('zoomOut')} @click=${() => this.zoomBy(-1)}>−</button>
          <span class="zoom-level" aria-label=${t('zoomLevel', { percent: zoomPercent })}>${zoomPercent}%</span>
          <button type="button" part="button" aria-label=${t('zoomIn')} title=${t('zoomIn')} @click=${() => this.zoomBy(1)}>+</button>
          <button type="button" part="button" aria-pressed=${this.zoom === 'fit-width' ? 'true' : 'false'} @click=${() => this.setZoom('fit-width')}>${t('fitWidth')}</button>
          <button type="button" part="button" aria-pressed=${this.zoom === 'fit-page' ? 'true' : 'false'} @click=${() => this.setZoom('fit-page')}>${t('fitPage')}</button>
        </span>
      </div>
      <div
        class="scroller"
        part="pages"
        tabindex="0"
        role="region"
        aria-label=${this.documentName ? `${t('pages')}: ${this.documentName}` : t('pages')}
        @scroll=${this.onScroll}
        @keydown=${this.onKeydown}
      >
        <div class="pages">
          ${this.sizes.map((size, i) => {
            const n = i + 1;
            const style = {
              width: `${Math.floor(size.w * this.scale)}px`,
              height: `${Math.floor(size.h * this.scale)}px`,
              '--scale-factor': String(this.scale),
              '--total-scale-factor': String(this.scale),
            };
            return html`<div class="page" part="page" data-page=${n} role="group" aria-label=${t('pageOf', { n, total })} ${cssProps(style)}>
              <div class="textLayer"></div>
              ${(byPage.get(n) ?? []).map((a) => {
                const { text, mine } = this.areaLabel(a);
                const box = {
                  left: `${a.box.x * 100}%`,
                  top: `${a.box.y * 100}%`,
                  width: `${a.box.width * 100}%`,
                  height: `${a.box.height * 100}%`,
                };
                return html`<div class="area ${a.spec.kind} ${mine ? 'mine' : ''}" part=${mine ? 'area area-mine' : 'area'} data-area=${a.spec.id} data-signer=${a.spec.signerEmail ?? ''} role="note" aria-label=${text} ${cssProps(box)}>
                  <span class="label" aria-hidden="true">${text}</span>
                </div>`;
              })}
            </div>`;
          })}
        </div>
      </div>
    `;
  }
}

if (!customElements.get('sportello-sign-document')) customElements.define('sportello-sign-document', SignDocumentView);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-sign-document': SignDocumentView;
  }
}
