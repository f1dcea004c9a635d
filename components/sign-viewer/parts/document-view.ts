import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state, query } from 'lit/decorators.js';
import { tokens } from '../../shared/tokens.styles.js';
import { cssProps } from '../../shared/css-props.js';
import type { Lang } from '../../../src/i18n/lang.js';
import type { Strings } from '../../../src/i18n/catalogue.js';
import type { PdfDocument, PdfPage } from '../../../src/pdf/pdfjs.js';
import { inReadingOrder, type PlacedArea } from '../../../src/pdf/areas.js';
import { fitScale, pagesToRender, roundScale, stepZoom } from '../../../src/pdf/geometry.js';
import { measurePages, type PageSize } from '../../../src/pdf/page-sizes.js';
import type { SignerStep } from '../../../src/model/sign/signer-view.js';
import { MARK_FIRST_PAGE, markDocument } from '../../../src/controllers/sign/document-controller.js';
import { t, type StringKey } from '../strings.js';
import { documentViewStyles, NARROW_WIDTH, PAGE_GAP } from './document-view.styles.js';
import { textLayerStyles } from './text-layer.styles.js';
import { PagePainter } from './page-painter.js';
import { PageVisibility } from './page-visibility.js';
import { renderAreas } from './area-overlay.js';
import { PageLinks } from './link-layer.js';
import { DocumentSearch } from './document-search.js';
import { Thumbnails } from './thumbnails.js';
import { MoreTools } from './more-tools.js';
import { pageKey, renderToolbar, type ZoomMode } from './document-toolbar.js';

export type { ZoomMode } from './document-toolbar.js';

/**
 * One PDF on screen: continuous scroll of pages rendered lazily as they come into view. Only the
 * visible pages and one on each side hold a canvas and a text layer; the rest are empty boxes of
 * the right size. Zoom (fit width, fit page, steps), page n / N, keyboard navigation, and the
 * practice's areas drawn over the pages. Internal part of `<sportello-sign-viewer>`.
 */
export class SignDocumentView extends LitElement {
  static override styles = [tokens, documentViewStyles, textLayerStyles];

  @property({ attribute: false }) pdf: PdfDocument | undefined;
  @property({ attribute: false }) areas: PlacedArea[] = [];
  @property({ attribute: false }) signerEmail: string | undefined;
  /** Each signer's step by lower-cased e-mail: signed areas look signed. */
  @property({ attribute: false }) steps: ReadonlyMap<string, SignerStep> = new Map();
  @property({ attribute: false }) language: Lang = 'en';
  /** The viewer's integrator strings (its `strings` property), over the catalogue. */
  @property({ attribute: false }) strings?: Strings | undefined;
  @property({ attribute: false }) documentName = '';

  @state() zoom: ZoomMode = 'fit-width';
  /** The scale of every page in the zoom modes with one scale (fit page, a percentage). */
  @state() scale = 1;
  /**
   * Fit width: the width (CSS px) each page is fitted to on its own, as pdf.js' viewer fits
   * "page-width": a landscape page among portrait ones no longer shrinks them all to its width.
   * 0 in the other modes.
   */
  @state() private fitRoom = 0;
  @state() currentPage = 1;
  /** Page sizes at scale 1 as shown, index = page - 1 (page 1's until all pages are read). */
  @state() private sizes: PageSize[] = [];
  /**
   * A phone's width (the toolbar's compact row): the thumbnails are a strip in the sticky head,
   * under the toolbar, so they stay on screen when the page around is what scrolls.
   */
  @state() narrow = false;
  /** Pages pdf.js could not read or paint (a damaged file): each says so instead of staying blank. */
  @state() private unreadable: ReadonlySet<number> = new Set();
  /** Which area the "next area" control focused last (1-based in reading order; 0: none yet). */
  @state() private areaShown = 0;
  /** Not even page 1 can be read: the view says the document cannot be shown. */
  @state() private unreadableDocument = false;

  @query('.scroller') private scroller!: HTMLElement;

  private readonly painter = new PagePainter({
    pageElement: (n) => this.pageElement(n),
    pageReady: (n, page) => this.links.show(n, page),
    textReady: (n) => this.search.highlight(n),
    painted: () => {
      if (this.painted) return;
      this.painted = true;
      markDocument(MARK_FIRST_PAGE);
      this.dispatchEvent(new Event('sign-document-painted'));
      this.scheduleSync(); // now the neighbours
    },
    failed: (n) => {
      if (!this.unreadable.has(n)) this.unreadable = new Set(this.unreadable).add(n);
    },
  });
  // Once the document shows, in the observer's own callback, not a frame later: the callback
  // already comes once a frame, after layout, and waiting one more kept the canvases of pages
  // scrolled away a frame longer (on a slow machine, one page beyond "visible ± 1" in every fast
  // scroll of the bench). Before the first picture, or with a new scale on its way, the next frame.
  private readonly visibility = new PageVisibility(() =>
    this.painted && !this.isUpdatePending ? this.syncNow() : this.scheduleSync(),
  );
  private readonly search = new DocumentSearch(this);
  private readonly thumbnails = new Thumbnails(this);
  private readonly more = new MoreTools(this);
  private ro: ResizeObserver | undefined;
  private measuring: AbortController | undefined;
  private painted = false;
  /** Pages whose links are in place (they stay: a few anchors per page, no pixels). */
  /** The pages' links (annotation layer), once per page and document. */
  private readonly links = new PageLinks({
    pdf: () => this.pdf,
    rotation: (n) => this.sizes[n - 1]?.rotation ?? 0,
    layer: (n) => this.pageElement(n)?.querySelector<HTMLElement>('.links'),
    t: (k, p) => this.t(k, p),
    goToPage: (n) => this.goToPage(n),
  });
  private syncFrame = 0;
  private positionFrame = 0;
  /** Page to bring back into view after a zoom. */
  private anchorPage: number | undefined;
  private readonly onWindowScroll = () => this.schedulePosition();
  /** The page a jump (`goToPage`) went to, held as the current page until it is seen on screen. */
  private jumpTarget = 0;
  /** A hand on the wheel, screen or scroller takes over from a jump still settling. */
  private readonly onHandScroll = {
    handleEvent: () => {
      this.jumpTarget = 0;
    },
    passive: true,
  };

  /** How many pages hold a canvas now, thumbnails included (tests and the bench read it). */
  get liveCanvasCount(): number {
    return this.renderRoot.querySelectorAll('canvas').length;
  }

  /** How many thumbnails hold a canvas now. */
  get liveThumbnailCount(): number {
    return this.thumbnails.liveCanvasCount;
  }

  /** Shows or hides the thumbnail strip. */
  toggleThumbnails(): void {
    this.thumbnails.toggle();
  }

  get pageCount(): number {
    return this.pdf?.numPages ?? 0;
  }

  /** Pages with pixels on screen now (tests read it). */
  get visiblePages(): number[] {
    return [...this.visibility.visible].sort((a, b) => a - b);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The page itself may be what scrolls (a narrow layout grows the view to the document).
    window.addEventListener('scroll', this.onWindowScroll, { passive: true, capture: true });
    if (this.hasUpdated) this.observePages();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('scroll', this.onWindowScroll, { capture: true });
    this.painter.releaseAll(true);
    this.visibility.disconnect();
    this.ro?.disconnect();
    this.ro = undefined;
    cancelAnimationFrame(this.resizeFrame);
    this.resizeFrame = 0;
    this.measuring?.abort();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('pdf')) {
      this.areaShown = 0;
      this.painter.releaseAll();
      this.visibility.disconnect();
      this.sizes = [];
      this.currentPage = 1;
      this.painted = false;
      this.unreadable = new Set();
      this.unreadableDocument = false;
      this.links.reset();
      this.measuring?.abort();
      if (this.pdf) this.measure(this.pdf);
    }
    // A document's first sizes are laid out at their fitted scale in this same render. Laid out at
    // the previous scale first and refitted in `updated`, the 100 page boxes of a long document were
    // rendered and laid out twice before the first picture (5-13 ms of a cold first page). `updated`
    // still refits: if the pages' scrollbar took width from the view, the scale is corrected there,
    // before anything is painted.
    const sizesBefore = (changed as PropertyValues).get('sizes') as PageSize[] | undefined;
    // As a refit does: the current page (1, or the page kept across a document switch) in view.
    if ((changed as PropertyValues).has('sizes') && !sizesBefore?.length) this.applyFit(false);
  }

  protected override updated(changed: PropertyValues): void {
    if (!this.ro && this.scroller) {
      // In the next frame: a new scale (and the head's margin) changes the layout, and in a view
      // grown to the document the scroller's own size with it — inside the observer's round that
      // is a ResizeObserver loop.
      this.ro = new ResizeObserver(() => {
        if (this.resizeFrame) return;
        this.resizeFrame = requestAnimationFrame(() => {
          this.resizeFrame = 0;
          this.narrow = this.clientWidth <= NARROW_WIDTH;
          // The panel belongs to the phone's row; at a wider size its tools are back in the row.
          if (!this.narrow && this.more.open) this.more.close();
          this.measureHead();
          this.fit();
        });
      });
      this.ro.observe(this.scroller);
      this.ro.observe(this);
      const head = this.renderRoot.querySelector('.head');
      if (head) this.ro.observe(head);
    }
    if (changed.has('pdf') && this.scroller) this.scroller.scrollTop = 0;
    if (changed.has('sizes')) {
      // New sizes (the real ones after page 1's guess) may change the fit.
      this.fit();
      this.observePages();
    }
    if (changed.has('scale') || changed.has('fitRoom')) {
      if (this.anchorPage) this.scrollToPage(this.anchorPage, 'auto');
      this.anchorPage = undefined;
      this.scheduleSync();
    }
    // The first picture without waiting a frame for the observer's first report (~15-25 ms of the
    // cold first page): laid out at its final scale, the pages on screen are measured now.
    if (!this.painted && !this.isUpdatePending && this.pdf && this.sizes.length && this.scroller) {
      if (!this.visibility.visible.size)
        this.visibility.measureNow(this.pageBoxes(), this.scroller.getBoundingClientRect());
      if (this.visibility.visible.size) this.syncNow();
    }
  }

  private pageBoxes(): NodeListOf<HTMLElement> {
    return this.renderRoot.querySelectorAll<HTMLElement>('.page');
  }

  private measure(pdf: PdfDocument): void {
    const abort = (this.measuring = new AbortController());
    measurePages(
      pdf,
      (sizes, page1) => {
        if (this.pdf !== pdf) return;
        this.sizes = sizes;
        if (page1) this.paintFirstAhead(pdf, page1, sizes[0]!);
      },
      abort.signal,
      // The other pages' sizes after the first paint (or a moment, for a view out of sight).
      new Promise<void>((resolve) => {
        const done = () => {
          this.removeEventListener('sign-document-painted', done);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, 1500);
        this.addEventListener('sign-document-painted', done);
      }),
    ).catch(() => {
      // Not even page 1 can be read (a damaged file pdf.js opened anyway): said instead of no pages.
      if (this.pdf === pdf) this.unreadableDocument = true;
    });
  }

  /**
   * Page 1's picture started as soon as its size is known, at the scale the render about to happen
   * gives it: the worker reads its operators while the view builds and lays out its page boxes
   * (100 for the long practice: 7-10 ms on a cold page), not after. Only for a view whose top is on
   * screen, showing a document from its start: page 1 is then what it shows first. The sync after
   * that layout puts the canvas in page 1's box, or drops it if the layout says otherwise.
   */
  private paintFirstAhead(pdf: PdfDocument, page1: PdfPage, first: PageSize): void {
    if (this.painted || this.currentPage !== 1 || !this.scroller || this.scroller.scrollTop > 0) return;
    const fitted = this.fitted();
    if (!fitted) return;
    const scale = this.pageScale(1, fitted);
    const box = this.scroller.getBoundingClientRect();
    const top = box.top + PAGE_GAP;
    const onScreen =
      box.width > 0 &&
      box.right > 0 &&
      box.left < window.innerWidth &&
      top < window.innerHeight &&
      top + first.h * scale > 0;
    if (onScreen) this.painter.paintAhead(pdf, page1, scale);
  }

  /**
   * The sticky head's height, for the pages' scroll margin: a page brought to the top of the window
   * (the page scrolls) starts under the toolbar and the thumbnail strip, not behind them.
   */
  private measureHead(): void {
    const head = this.renderRoot.querySelector<HTMLElement>('.head');
    const body = this.renderRoot.querySelector<HTMLElement>('.body');
    const height = `${Math.ceil(head?.getBoundingClientRect().height ?? 0)}px`;
    if (body && body.style.getPropertyValue('--head-height') !== height)
      body.style.setProperty('--head-height', height);
  }
  private resizeFrame = 0;

  /**
   * What the zoom mode gives at the scroller's size now: fit width, the room each page fits on its
   * own; the other modes, one scale (fit page: the current page in the box). Undefined before the
   * first page's size.
   */
  private fitted(): { scale: number; room: number } | undefined {
    const first = this.sizes[0];
    if (!first || !this.scroller) return undefined;
    const width = this.scroller.clientWidth - 2 * PAGE_GAP;
    if (this.zoom === 'fit-width') return { scale: this.scale, room: Math.max(1, width) };
    if (typeof this.zoom === 'number') return { scale: this.zoom, room: 0 };
    const height = this.scroller.clientHeight - 2 * PAGE_GAP;
    const current = this.sizes[this.currentPage - 1] ?? first;
    return { scale: roundScale(fitScale(this.zoom, current.w, current.h, width, height)), room: 0 };
  }

  /** Page `n`'s scale: fitted to the room on its own in fit width, else the one scale (tests read it). */
  pageScale(n: number, fit: { scale: number; room: number } = { scale: this.scale, room: this.fitRoom }): number {
    const size = this.sizes[n - 1];
    return fit.room > 0 && size ? roundScale(fit.room / size.w) : fit.scale;
  }

  /** The current page's scale, as the toolbar shows it and a zoom step starts from. */
  get shownScale(): number {
    return this.pageScale(this.currentPage);
  }

  /** Takes what the zoom mode gives now; the current page stays in view when it changes. */
  private applyFit(syncIfSame: boolean): void {
    const next = this.fitted();
    if (!next) return;
    if (Math.abs(next.scale - this.scale) > 0.001 || Math.abs(next.room - this.fitRoom) > 0.5) {
      this.anchorPage = this.currentPage;
      this.scale = next.scale;
      this.fitRoom = next.room;
    } else if (syncIfSame && !this.painter.size) this.scheduleSync();
  }

  /** Scale for the current zoom mode and scroller size. */
  private fit(): void {
    this.applyFit(true);
  }

  private observePages(): void {
    this.visibility.observe(this.pageBoxes());
  }

  private scheduleSync(): void {
    if (this.syncFrame) return;
    this.syncFrame = requestAnimationFrame(() => this.syncNow());
  }

  private syncNow(): void {
    cancelAnimationFrame(this.syncFrame);
    this.syncFrame = 0;
    if (this.pdf && this.sizes.length) {
      // Until the first page is painted, only the pages on screen: a neighbour painted beside
      // them shares the worker and the main thread and delays the first picture (pdf.js' own
      // viewer renders one page at a time, the visible one first).
      const visible = this.visibility.visible;
      const wanted = this.painted ? pagesToRender(visible, this.pdf.numPages) : visible;
      this.painter.sync(this.pdf, wanted, (n) => this.pageScale(n));
    }
    this.updateCurrentPage();
  }

  pageElement(n: number): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>(`.page[data-page="${n}"]`);
  }

  private schedulePosition(): void {
    if (this.positionFrame || !this.visibility.visible.size) return;
    this.positionFrame = requestAnimationFrame(() => {
      this.positionFrame = 0;
      this.updateCurrentPage();
    });
  }

  /**
   * The current page: the visible page under a line 30% down the part of the scroller on screen.
   * Only the few visible pages are measured, whichever element scrolls.
   */
  private updateCurrentPage(): void {
    if (!this.scroller || !this.visibility.visible.size) return;
    // After a jump the visible pages are reported a frame or more after the scroll: until they
    // include the jump's page, they are the pages the jump left, and the number would go back.
    if (this.jumpTarget) {
      if (!this.visibility.visible.has(this.jumpTarget)) return;
      this.jumpTarget = 0;
    }
    const box = this.scroller.getBoundingClientRect();
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    const probe = top + (bottom - top) * 0.3;
    let current = this.visiblePages[0]!;
    for (const n of this.visiblePages) {
      const r = this.pageElement(n)?.getBoundingClientRect();
      if (r && r.top <= probe) current = n;
    }
    if (current !== this.currentPage) this.currentPage = current;
  }

  /** Scrolls page `n` (1-based, clamped) to the top of the view. */
  goToPage(n: number, behavior: ScrollBehavior = 'auto'): void {
    const target = Math.min(Math.max(1, Math.round(n) || 1), this.pageCount || 1);
    this.currentPage = target;
    this.jumpTarget = target;
    this.scrollToPage(target, behavior);
  }

  private scrollToPage(n: number, behavior: ScrollBehavior): void {
    const el = this.pageElement(n);
    if (!el || !this.scroller) return;
    if (this.scroller.scrollHeight > this.scroller.clientHeight + 1)
      this.scroller.scrollTo({ top: el.offsetTop - PAGE_GAP, behavior });
    // The view grown to the document: the page around it scrolls.
    else el.scrollIntoView({ block: 'start', behavior });
  }

  /**
   * Brings `target` into view a third of the way down (a search hit), whichever element scrolls:
   * the pages' own scroller, or the page around a view grown to the document.
   */
  reveal(target: Element): void {
    const r = target.getBoundingClientRect();
    const s = this.scroller;
    if (s && s.scrollHeight > s.clientHeight + 1) {
      const box = s.getBoundingClientRect();
      const left =
        r.left < box.left || r.right > box.right ? s.scrollLeft + r.left - box.left - box.width / 3 : s.scrollLeft;
      s.scrollTo({ top: s.scrollTop + r.top - box.top - box.height / 3, left });
      // And the page around, as little as needed, when the view itself is not all on screen.
      target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    } else {
      // A third of the way down what the sticky head leaves of the window.
      const head = Math.max(0, this.renderRoot.querySelector('.head')?.getBoundingClientRect().bottom ?? 0);
      window.scrollBy({ top: r.top - head - (window.innerHeight - head) / 3 });
    }
  }

  /**
   * Moves the focus to the next area or placeholder (after the last, the first again): its page is
   * brought into view and the area, focusable, is announced by its name — its type, its signer and
   * its state. Areas are not Tab stops (a long practice has dozens): this control reaches them.
   */
  nextArea(): void {
    const ordered = inReadingOrder(this.areas);
    if (!ordered.length) return;
    const index = this.areaShown % ordered.length;
    const area = ordered[index]!;
    this.areaShown = index + 1;
    this.currentPage = area.page;
    this.jumpTarget = area.page;
    const el = this.pageElement(area.page)?.querySelector<HTMLElement>(
      `.area[data-area="${CSS.escape(area.spec.id)}"]`,
    );
    if (!el) return;
    el.focus({ preventScroll: true });
    this.reveal(el);
  }

  setZoom(zoom: ZoomMode): void {
    this.anchorPage = this.currentPage;
    this.zoom = zoom;
    this.fit();
  }

  zoomBy(dir: 1 | -1): void {
    this.setZoom(stepZoom(this.shownScale, dir));
  }

  private onKeydown(e: KeyboardEvent): void {
    // Keys scroll by hand too (a key that jumps sets its own target).
    this.jumpTarget = 0;
    const handled = pageKey(e, e.target === this.scroller, {
      currentPage: this.currentPage,
      total: this.pageCount,
      goToPage: (n) => this.goToPage(n),
      zoomBy: (dir) => this.zoomBy(dir),
      openSearch: () => {
        this.searchReturn = this.scroller;
        if (!this.search.open) this.search.toggle();
        void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>('#search-input')?.focus());
      },
    });
    if (handled) e.preventDefault();
  }

  private onPageInput(e: Event): void {
    const input = e.target as HTMLInputElement;
    this.goToPage(Number(input.value));
    input.value = String(this.currentPage);
  }

  t(k: StringKey, p?: Record<string, string | number>): string {
    return t(this, k, p);
  }

  /** A fit chosen from the "More tools" panel also closes it: the page is what the visitor wants to see. */
  private chooseFit(zoom: 'fit-width' | 'fit-page'): void {
    this.setZoom(zoom);
    if (this.more.open) this.more.close(true);
  }

  /** Where the focus goes back when the search row closes with Escape: what opened it. */
  private searchReturn: HTMLElement | undefined;

  /** The search row closed from the keyboard: the focus returns to what opened it, not to the page's body. */
  searchClosed(): void {
    const back = this.searchReturn?.isConnected
      ? this.searchReturn
      : this.renderRoot.querySelector<HTMLElement>('button.search-toggle');
    this.searchReturn = undefined;
    void this.updateComplete.then(() => back?.focus());
  }

  private toggleSearch(): void {
    this.searchReturn = this.renderRoot.querySelector<HTMLElement>('button.search-toggle') ?? undefined;
    this.search.toggle();
    if (this.search.open)
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>('#search-input')?.focus());
  }

  private renderToolbar() {
    return renderToolbar({
      t: (k, p) => this.t(k, p),
      total: this.pageCount,
      currentPage: this.currentPage,
      scale: this.shownScale,
      zoom: this.zoom,
      narrow: this.narrow,
      thumbnailsOpen: this.thumbnails.open,
      searchOpen: this.search.open,
      moreTools: (tools) => this.more.render(tools),
      toggleThumbnails: () => this.thumbnails.toggle(),
      pageInput: (e) => this.onPageInput(e),
      goToPage: (n) => this.goToPage(n),
      zoomBy: (dir) => this.zoomBy(dir),
      chooseFit: (zoom) => this.chooseFit(zoom),
      toggleSearch: () => this.toggleSearch(),
      areaCount: this.areas.length,
      areaShown: this.areaShown,
      nextArea: () => this.nextArea(),
    });
  }

  protected override render() {
    const total = this.pageCount;
    const byPage = new Map<number, PlacedArea[]>();
    for (const a of this.areas) byPage.set(a.page, [...(byPage.get(a.page) ?? []), a]);
    const areaContext = { speaker: this, signerEmail: this.signerEmail, steps: this.steps };
    const thumbs = this.thumbnails.render(this.sizes, this.narrow);
    return html`
      <div class="head">${this.renderToolbar()} ${this.search.render()} ${this.narrow ? thumbs : nothing}</div>
      <div class="body">
      ${this.narrow ? nothing : thumbs}
      <div
        class="scroller"
        part="pages"
        tabindex="0"
        role="region"
        aria-label=${this.documentName ? `${this.t('pages')}: ${this.documentName}` : this.t('pages')}
        @scroll=${this.schedulePosition}
        @wheel=${this.onHandScroll}
        @touchstart=${this.onHandScroll}
        @pointerdown=${this.onHandScroll}
        @keydown=${this.onKeydown}
      >
        ${this.unreadableDocument ? html`<div class="doc-error" part="error" role="alert"><p>${this.t('errorBroken')}</p></div>` : nothing}
        <div class="pages">
          ${this.sizes.map((size, i) => {
            const n = i + 1;
            const scale = this.pageScale(n);
            const box = {
              width: `${Math.floor(size.w * scale)}px`,
              height: `${Math.floor(size.h * scale)}px`,
              '--scale-factor': String(scale),
              '--total-scale-factor': String(scale),
            };
            return html`<div class="page" part="page" data-page=${n} data-rotation=${size.rotation} role="group" aria-label=${this.t('pageOf', { n, total })} ${cssProps(box)}>
              <div class="textLayer"></div>
              <div class="links"></div>
              ${this.unreadable.has(n) ? html`<p class="page-error" role="status" dir="auto">${this.t('pageBroken')}</p>` : nothing}
              ${renderAreas(byPage.get(n) ?? [], size.rotation, areaContext)}
            </div>`;
          })}
        </div>
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
