import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { tokens } from '../../shared/tokens.styles.js';
import { cssProps } from '../../shared/css-props.js';
import type { Lang } from '../../../src/i18n/lang.js';
import type { Strings } from '../../../src/i18n/catalogue-types.js';
import type { PdfDocument } from '../../../src/pdf/pdfjs.js';
import { displayBox, fitScale, pagesToRender, storedBox, type NormalizedBox } from '../../../src/pdf/geometry.js';
import { measurePages, type PageSize } from '../../../src/pdf/page-sizes.js';
import {
  keyEdit,
  moveBy,
  percents,
  pointOnPage,
  resizeBy,
  KEY_STEP,
  FINE_STEP,
} from '../../../src/model/sign/composer/area-geometry.js';
import { PagePainter } from '../../sign-viewer/parts/page-painter.js';
import { PageVisibility } from '../../sign-viewer/parts/page-visibility.js';
import { t, type StringKey } from '../strings.js';
import { pageEditorStyles, PAGE_GAP } from './page-editor.styles.js';

/** An area as the page editor draws it. */
export interface EditorArea {
  id: string;
  page: number;
  /** On the page as stored (§2.4's frame); drawn turned with the page. */
  box: NormalizedBox;
  /** The signer's place in the signing order (0-based), or -1 for the practice's own fields: colour, line and number. */
  mark: number;
  /** Shown in the corner: the signer's number, or P for the practice. */
  badge: string;
  /** What it is and whose, in words: written on the area, and the start of its accessible name (the page and the place are added). */
  what: string;
  locked: boolean;
}

export interface PlaceDetail {
  page: number;
  /** Where, on the page as shown (0..1 from its top-left). */
  point: { x: number; y: number };
  /** The page's turn, to keep the new box as stored. */
  rotation: number;
}

export interface AreaEditDetail {
  id: string;
  page: number;
  /** The new box on the page as stored. */
  box: NormalizedBox;
  /** From the keyboard: the element says where it went. */
  keyboard: boolean;
}

declare global {
  interface HTMLElementEventMap {
    'composer-place': CustomEvent<PlaceDetail>;
    'composer-area-edit': CustomEvent<AreaEditDetail>;
    'composer-area-select': CustomEvent<{ id: string; open: boolean }>;
    'composer-area-remove': CustomEvent<{ id: string }>;
    'composer-say': CustomEvent<{ text: string }>;
    'composer-pages': CustomEvent<{ pages: number }>;
  }
}

/** Drag in progress: the area's box as shown when it started, and where the pointer was. */
interface Drag {
  id: string;
  mode: 'move' | 'resize';
  pointerId: number;
  fromPage: number;
  page: number;
  start: { x: number; y: number };
  shown: NormalizedBox;
  current: NormalizedBox;
  moved: boolean;
}

/** How close to the scroller's edge (px) a drag scrolls it, and how fast at most (px a frame). */
const EDGE = 48;
const EDGE_SPEED = 24;

/**
 * The pages of one document for placing areas: drawn with pdf.js as the signing viewer draws them
 * (the same page painter: only the visible pages and one on each side hold a canvas), and the
 * areas over them, placed, moved and resized with the pointer and with the keyboard. A focused page
 * has a cursor the arrows move; Enter places the chosen area there. A focused area moves with the
 * arrows, grows with Shift and the arrows, goes to the next page with Page Down. Internal part of
 * `<sportello-sign-composer>`: it reports, the composer decides.
 */
export class SignComposerPages extends LitElement {
  static override styles = [tokens, pageEditorStyles];

  @property({ attribute: false }) pdf: PdfDocument | undefined;
  @property({ attribute: false }) areas: EditorArea[] = [];
  @property({ attribute: false }) selected: string | undefined;
  @property({ attribute: false }) language: Lang = 'en';
  @property({ attribute: false }) strings?: Strings | undefined;
  @property({ attribute: false }) documentName = '';
  /** What Enter or a click places, in words ("Signature for Mario Rossi"); empty: nothing to place. */
  @property({ attribute: false }) tool = '';

  /** Page sizes at scale 1 as shown, index = page - 1. */
  @state() private sizes: PageSize[] = [];
  @state() private scale = 1;
  /** The page that takes the keyboard (roving tab stop) and its cursor, as shown. */
  @state() private cursor = { page: 1, x: 0.5, y: 0.5 };

  @query('.scroller') private scroller!: HTMLElement;
  @query('.ghost') private ghost!: HTMLElement;

  private readonly painter = new PagePainter({
    pageElement: (n) => this.pageElement(n),
    painted: () => undefined,
  });
  private readonly visibility = new PageVisibility(() => this.scheduleSync());
  private ro: ResizeObserver | undefined;
  private measuring: AbortController | undefined;
  private syncFrame = 0;
  private drag: Drag | undefined;
  private dragFrame = 0;
  private pointer = { x: 0, y: 0 };
  private sayTimer: ReturnType<typeof setTimeout> | undefined;

  /** How many pages hold a canvas now (tests and the bench read it). */
  get liveCanvasCount(): number {
    return this.renderRoot.querySelectorAll('canvas').length;
  }

  /** Pages with pixels on screen now. */
  get visiblePages(): number[] {
    return [...this.visibility.visible].sort((a, b) => a - b);
  }

  private t(key: StringKey, params?: Record<string, string | number>): string {
    return t(this, key, params);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.painter.releaseAll(true);
    this.visibility.disconnect();
    this.ro?.disconnect();
    this.ro = undefined;
    this.measuring?.abort();
    cancelAnimationFrame(this.syncFrame);
    cancelAnimationFrame(this.dragFrame);
    clearTimeout(this.sayTimer);
    this.syncFrame = 0;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated) this.visibility.observe(this.pageBoxes());
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('pdf')) {
      this.painter.releaseAll();
      this.visibility.disconnect();
      this.sizes = [];
      this.cursor = { page: 1, x: 0.5, y: 0.5 };
      this.measuring?.abort();
      if (this.pdf) this.measure(this.pdf);
    }
  }

  protected override updated(changed: PropertyValues): void {
    if (!this.ro && this.scroller) {
      this.ro = new ResizeObserver(() => this.fit());
      this.ro.observe(this.scroller);
    }
    if (changed.has('pdf') && this.scroller) this.scroller.scrollTop = 0;
    if (changed.has('sizes')) {
      this.fit();
      this.visibility.observe(this.pageBoxes());
    }
    if (changed.has('scale')) this.scheduleSync();
  }

  private measure(pdf: PdfDocument): void {
    const abort = (this.measuring = new AbortController());
    measurePages(
      pdf,
      (sizes) => {
        if (this.pdf !== pdf) return;
        this.sizes = sizes;
        this.dispatchEvent(new CustomEvent('composer-pages', { detail: { pages: sizes.length } }));
      },
      abort.signal,
    ).catch(() => {
      // A document whose first page cannot be read shows no pages; the composer says why.
    });
  }

  private fit(): void {
    if (!this.sizes.length || !this.scroller) return;
    const widest = Math.max(...this.sizes.map((s) => s.w));
    const next =
      Math.round(fitScale('fit-width', widest, 1, this.scroller.clientWidth - 2 * PAGE_GAP, 0) * 1000) / 1000;
    if (Math.abs(next - this.scale) > 0.001) this.scale = Math.max(0.1, Math.min(next, 4));
    else this.scheduleSync();
  }

  private pageBoxes(): NodeListOf<HTMLElement> {
    return this.renderRoot.querySelectorAll<HTMLElement>('.page');
  }

  pageElement(n: number): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>(`.page[data-page="${n}"]`);
  }

  private areaElement(id: string): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>(`.area[data-area="${CSS.escape(id)}"]`);
  }

  private scheduleSync(): void {
    if (this.syncFrame) return;
    this.syncFrame = requestAnimationFrame(() => {
      this.syncFrame = 0;
      if (this.pdf && this.sizes.length)
        this.painter.sync(this.pdf, pagesToRender(this.visibility.visible, this.pdf.numPages), this.scale);
    });
  }

  /** Brings page `n` into view and gives it the keyboard. */
  focusPage(n: number): void {
    const page = Math.min(Math.max(1, n), this.sizes.length || 1);
    this.cursor = { ...this.cursor, page };
    void this.updateComplete.then(() => {
      const el = this.pageElement(page);
      el?.scrollIntoView({ block: 'nearest' });
      el?.focus({ preventScroll: true });
    });
  }

  /** Brings an area into view and focuses it. */
  focusArea(id: string): void {
    void this.updateComplete.then(() => {
      const el = this.areaElement(id);
      el?.scrollIntoView({ block: 'nearest' });
      el?.focus({ preventScroll: true });
    });
  }

  private rotation(page: number): number {
    return this.sizes[page - 1]?.rotation ?? 0;
  }

  /** Says `text` (a function: the words as they are when said); `later`, once a held key stops. */
  private say(text: string | (() => string), later = false): void {
    clearTimeout(this.sayTimer);
    const send = () =>
      this.dispatchEvent(
        new CustomEvent('composer-say', { detail: { text: typeof text === 'string' ? text : text() } }),
      );
    // A key held down moves an area many times: its place is said once it stops.
    if (later) this.sayTimer = setTimeout(send, 300);
    else send();
  }

  /** An area in words: what, whose, and where (page and place as shown). */
  describe(a: EditorArea): string {
    const p = percents(displayBox(a.box, this.rotation(a.page)));
    return `${a.what}, ${this.t('areaPlace', { page: a.page, ...p })}`;
  }

  private sayArea(id: string): void {
    this.say(() => {
      const a = this.areas.find((x) => x.id === id);
      return a ? this.describe(a) : '';
    }, true);
  }

  // ---- keyboard ----

  private onPageKey(e: KeyboardEvent, page: number): void {
    if (e.target !== e.currentTarget) return;
    const step = e.altKey ? FINE_STEP : e.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    const c = this.cursor;
    const move = (dx: number, dy: number) => {
      const x = Math.min(1, Math.max(0, c.x + dx));
      const y = Math.min(1, Math.max(0, c.y + dy));
      this.cursor = { page, x, y };
      this.say(this.t('cursorAt', { left: Math.round(x * 100), top: Math.round(y * 100) }), true);
    };
    switch (e.key) {
      case 'ArrowLeft':
        move(-step, 0);
        break;
      case 'ArrowRight':
        move(step, 0);
        break;
      case 'ArrowUp':
        move(0, -step);
        break;
      case 'ArrowDown':
        move(0, step);
        break;
      case 'PageDown':
        this.focusPage(page + 1);
        break;
      case 'PageUp':
        this.focusPage(page - 1);
        break;
      case 'Enter':
      case ' ':
        if (!this.tool) return;
        this.place(page, { x: c.page === page ? c.x : 0.5, y: c.page === page ? c.y : 0.5 });
        break;
      default:
        return;
    }
    e.preventDefault();
  }

  private onAreaKey(e: KeyboardEvent, area: EditorArea): void {
    if (e.target !== e.currentTarget) return;
    const edit = (page: number, box: NormalizedBox) =>
      this.dispatchEvent(new CustomEvent('composer-area-edit', { detail: { id: area.id, page, box, keyboard: true } }));
    if (e.key === 'Escape') {
      this.focusPage(area.page);
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.dispatchEvent(new CustomEvent('composer-area-select', { detail: { id: area.id, open: true } }));
    } else if (area.locked) {
      if (!e.key.startsWith('Arrow') && !['Delete', 'Backspace', 'PageUp', 'PageDown'].includes(e.key)) return;
      this.say(this.t('areaLocked'));
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      this.dispatchEvent(new CustomEvent('composer-area-remove', { detail: { id: area.id } }));
    } else if (e.key === 'PageDown' || e.key === 'PageUp') {
      const page = area.page + (e.key === 'PageDown' ? 1 : -1);
      if (page < 1 || page > this.sizes.length) return;
      // The same place as shown on the next page (its turn may differ).
      const shown = displayBox(area.box, this.rotation(area.page));
      edit(page, storedBox(shown, this.rotation(page)));
      this.focusArea(area.id);
      this.sayArea(area.id);
    } else {
      const rotation = this.rotation(area.page);
      const next = keyEdit(displayBox(area.box, rotation), e.key, { shift: e.shiftKey, alt: e.altKey });
      if (!next) return;
      edit(area.page, storedBox(next, rotation));
      this.sayArea(area.id);
    }
    e.preventDefault();
  }

  private place(page: number, point: { x: number; y: number }): void {
    this.cursor = { page, ...point };
    this.dispatchEvent(new CustomEvent('composer-place', { detail: { page, point, rotation: this.rotation(page) } }));
  }

  // ---- pointer ----

  private onPagePointerDown(e: PointerEvent, page: number): void {
    if (e.button !== 0 || (e.target as Element).closest('.area')) return;
    const el = e.currentTarget as HTMLElement;
    const point = pointOnPage(e.clientX, e.clientY, el.getBoundingClientRect());
    this.cursor = { page, ...point };
    if (this.tool) {
      e.preventDefault();
      this.place(page, point);
    }
  }

  private onAreaPointerDown(e: PointerEvent, area: EditorArea): void {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    const target = e.currentTarget as HTMLElement;
    target.focus({ preventScroll: true });
    this.dispatchEvent(new CustomEvent('composer-area-select', { detail: { id: area.id, open: false } }));
    if (area.locked) return;
    const page = this.pageElement(area.page);
    if (!page) return;
    const shown = displayBox(area.box, this.rotation(area.page));
    const mode = (e.target as Element).closest('.handle') ? 'resize' : 'move';
    this.drag = {
      id: area.id,
      mode,
      pointerId: e.pointerId,
      fromPage: area.page,
      page: area.page,
      start: pointOnPage(e.clientX, e.clientY, page.getBoundingClientRect()),
      shown,
      current: shown,
      moved: false,
    };
    this.pointer = { x: e.clientX, y: e.clientY };
    target.setPointerCapture(e.pointerId);
  }

  private onAreaPointerMove(e: PointerEvent): void {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.pointerId) return;
    this.pointer = { x: e.clientX, y: e.clientY };
    // One step a frame, whatever the pointer's rate: the frame stays short on a 100-page document.
    if (!this.dragFrame) this.dragFrame = requestAnimationFrame(() => this.dragStep());
  }

  /** Moves the drag's ghost to the pointer (and the page under it), scrolling near the edges. */
  private dragStep(): void {
    this.dragFrame = 0;
    const drag = this.drag;
    if (!drag) return;
    const box = this.scroller.getBoundingClientRect();
    const { x, y } = this.pointer;
    let scroll = 0;
    if (y < box.top + EDGE) scroll = -Math.ceil(((box.top + EDGE - y) / EDGE) * EDGE_SPEED);
    else if (y > box.bottom - EDGE) scroll = Math.ceil(((y - (box.bottom - EDGE)) / EDGE) * EDGE_SPEED);
    if (scroll) this.scroller.scrollTop += scroll;
    const page = drag.mode === 'move' ? (this.pageAt(x, y) ?? drag.page) : drag.page;
    const el = this.pageElement(page);
    if (!el) return;
    const rect = el.getBoundingClientRect();
    const at = pointOnPage(x, y, rect);
    const from = drag.start;
    const next =
      drag.mode === 'move'
        ? moveBy(drag.shown, at.x - from.x, at.y - from.y)
        : resizeBy(drag.shown, at.x - from.x, at.y - from.y);
    drag.page = page;
    drag.current = next;
    drag.moved = true;
    // The ghost: one element over the pages, moved through the CSSOM (no render of the 100 pages).
    const pages = this.renderRoot.querySelector<HTMLElement>('.pages')!.getBoundingClientRect();
    const g = this.ghost.style;
    g.setProperty('left', `${rect.left - pages.left + next.x * rect.width}px`);
    g.setProperty('top', `${rect.top - pages.top + next.y * rect.height}px`);
    g.setProperty('width', `${next.width * rect.width}px`);
    g.setProperty('height', `${next.height * rect.height}px`);
    this.ghost.hidden = false;
    this.areaElement(drag.id)?.classList.add('dragging');
    if (scroll) this.dragFrame = requestAnimationFrame(() => this.dragStep());
  }

  /** The page under a point of the window, if any (only the few boxes near the view are measured). */
  private pageAt(x: number, y: number): number | undefined {
    for (const n of pagesToRender(this.visibility.visible, this.sizes.length)) {
      const r = this.pageElement(n)?.getBoundingClientRect();
      if (r && y >= r.top && y <= r.bottom && x >= r.left - PAGE_GAP && x <= r.right + PAGE_GAP) return n;
    }
    return undefined;
  }

  private onAreaPointerUp(e: PointerEvent): void {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.pointerId) return;
    if (e.type === 'pointerup' && this.dragFrame) {
      // Moved and let go within one frame: the last move still counts.
      cancelAnimationFrame(this.dragFrame);
      this.pointer = { x: e.clientX, y: e.clientY };
      this.dragStep();
    }
    this.drag = undefined;
    cancelAnimationFrame(this.dragFrame);
    this.dragFrame = 0;
    this.ghost.hidden = true;
    this.areaElement(drag.id)?.classList.remove('dragging');
    if (!drag.moved) return;
    this.dispatchEvent(
      new CustomEvent('composer-area-edit', {
        detail: {
          id: drag.id,
          page: drag.page,
          box: storedBox(drag.current, this.rotation(drag.page)),
          keyboard: false,
        },
      }),
    );
  }

  // ---- render ----

  private renderArea(a: EditorArea, rotation: number) {
    const b = displayBox(a.box, rotation);
    const mark = a.mark < 0 ? 'practice' : `signer-${a.mark % 6}`;
    const selected = a.id === this.selected;
    return html`<div
      class="area ${mark} ${selected ? 'selected' : ''} ${a.locked ? 'locked' : ''}"
      part="area${selected ? ' area-selected' : ''}"
      data-area=${a.id}
      tabindex="0"
      role="button"
      aria-label=${this.describe(a)}
      aria-pressed=${selected ? 'true' : 'false'}
      aria-describedby="area-keys"
      ${cssProps({ left: `${b.x * 100}%`, top: `${b.y * 100}%`, width: `${b.width * 100}%`, height: `${b.height * 100}%` })}
      @keydown=${(e: KeyboardEvent) => this.onAreaKey(e, a)}
      @pointerdown=${(e: PointerEvent) => this.onAreaPointerDown(e, a)}
      @pointermove=${this.onAreaPointerMove}
      @pointerup=${this.onAreaPointerUp}
      @pointercancel=${this.onAreaPointerUp}
    >
      <span class="badge" aria-hidden="true" data-badge=${a.badge}></span
      ><span class="text" dir="auto" aria-hidden="true">${a.what}</span>
      ${a.locked ? nothing : html`<span class="handle" aria-hidden="true" title=${this.t('areaResizeHandle')}></span>`}
    </div>`;
  }

  protected override render() {
    const total = this.sizes.length;
    const byPage = new Map<number, EditorArea[]>();
    for (const a of this.areas) byPage.set(a.page, [...(byPage.get(a.page) ?? []), a]);
    const keys = this.tool ? this.t('pageKeys', { tool: this.tool }) : '';
    return html`<p id="page-keys" class="visually-hidden">${keys}</p>
      <p id="area-keys" class="visually-hidden">${this.t('areaKeys')}</p>
      <div class="scroller" part="pages" role="region" aria-label=${this.t('pagesLabel', { name: this.documentName })}>
        <div class="pages">
          ${this.sizes.map((size, i) => {
            const n = i + 1;
            const cursor = this.cursor.page === n;
            return html`<div
              class="page ${this.tool ? 'placing' : ''}"
              part="page"
              data-page=${n}
              data-rotation=${size.rotation}
              tabindex=${cursor ? '0' : '-1'}
              role="group"
              aria-label=${this.t('pageLabel', { n, total })}
              aria-describedby="page-keys"
              ${cssProps({ width: `${Math.floor(size.w * this.scale)}px`, height: `${Math.floor(size.h * this.scale)}px` })}
              @keydown=${(e: KeyboardEvent) => this.onPageKey(e, n)}
              @pointerdown=${(e: PointerEvent) => this.onPagePointerDown(e, n)}
              @focus=${() => (this.cursor.page !== n ? (this.cursor = { ...this.cursor, page: n }) : undefined)}
            >
              ${
                cursor
                  ? html`<span class="cursor" aria-hidden="true" ${cssProps({ left: `${this.cursor.x * 100}%`, top: `${this.cursor.y * 100}%` })}></span>`
                  : nothing
              }
              ${(byPage.get(n) ?? []).map((a) => this.renderArea(a, size.rotation))}
            </div>`;
          })}
          <div class="ghost" hidden aria-hidden="true"></div>
        </div>
      </div>`;
  }
}

if (!customElements.get('sportello-sign-composer-pages'))
  customElements.define('sportello-sign-composer-pages', SignComposerPages);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-sign-composer-pages': SignComposerPages;
  }
}
