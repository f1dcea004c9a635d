import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { PdfDocument } from '../../../src/pdf/pdfjs.js';
import { pagesToRender } from '../../../src/pdf/geometry.js';
import type { PageSize } from '../../../src/pdf/page-sizes.js';
import { cssProps } from '../../shared/css-props.js';
import type { StringKey } from '../strings.js';
import { PagePainter } from './page-painter.js';
import { PageVisibility } from './page-visibility.js';

/** Width of a thumbnail, CSS px (beside the pages; smaller in a phone's strip). */
export const THUMB_WIDTH = 84;
export const STRIP_THUMB_WIDTH = 56;

export interface ThumbnailHost extends ReactiveControllerHost {
  readonly updateComplete: Promise<boolean>;
  readonly pdf: PdfDocument | undefined;
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly currentPage: number;
  goToPage(n: number): void;
  t(key: StringKey, params?: Record<string, string | number>): string;
}

/**
 * The thumbnail strip of a long document, bounded like the pages: only thumbnails on screen ± 1
 * hold a (small) canvas, the same painter and visibility rule as the pages; hidden by default
 * and free until opened. Beside the pages, or on a phone a strip swiped sideways under the
 * toolbar; either way the current page's thumbnail is brought into the strip's view.
 */
export class Thumbnails implements ReactiveController {
  open = false;
  private readonly painter = new PagePainter({ pageElement: (n) => this.thumb(n), painted: () => undefined });
  private readonly visibility = new PageVisibility(() => this.schedule());
  private frame = 0;
  /** The strip whose thumbnails are observed (a new one when it moves between the head and the side). */
  private observed: Element | undefined;
  private pdf: PdfDocument | undefined;
  /** The page whose thumbnail was last brought into the strip's view. */
  private shownCurrent = 0;

  constructor(private readonly host: ThumbnailHost) {
    host.addController(this);
  }

  /** Canvases the strip holds now (tests and the bench read it). */
  get liveCanvasCount(): number {
    return this.painter.size;
  }

  hostUpdated(): void {
    if (this.host.pdf !== this.pdf) {
      this.painter.releaseAll(true);
      this.visibility.disconnect();
      this.pdf = this.host.pdf;
      this.observed = undefined;
    }
    if (!this.open) return;
    const strip = this.host.renderRoot.querySelector<HTMLElement>('.thumbs');
    if (!strip) return;
    if (strip !== this.observed || strip.childElementCount !== this.observedCount) {
      // Another strip element: the canvases of the old one went with it.
      if (strip !== this.observed) this.painter.releaseAll(true);
      this.observed = strip;
      this.observedCount = strip.childElementCount;
      this.shownCurrent = 0;
      this.visibility.observe(strip.querySelectorAll<HTMLElement>('.thumb'));
    }
    if (this.host.currentPage !== this.shownCurrent) this.showCurrent(strip);
  }

  private observedCount = 0;

  /** Scrolls the strip (only the strip: never the page) so the current page's thumbnail is in its view. */
  private showCurrent(strip: HTMLElement): void {
    const thumb = strip.querySelector<HTMLElement>('.thumb[aria-selected="true"]');
    if (!thumb) return;
    this.shownCurrent = this.host.currentPage;
    const stripBox = strip.getBoundingClientRect();
    const thumbBox = thumb.getBoundingClientRect();
    if (strip.scrollWidth > strip.clientWidth + 1 && (thumbBox.left < stripBox.left || thumbBox.right > stripBox.right))
      strip.scrollLeft += thumbBox.left - stripBox.left - (stripBox.width - thumbBox.width) / 2;
    if (
      strip.scrollHeight > strip.clientHeight + 1 &&
      (thumbBox.top < stripBox.top || thumbBox.bottom > stripBox.bottom)
    )
      strip.scrollTop += thumbBox.top - stripBox.top - (stripBox.height - thumbBox.height) / 2;
  }

  hostDisconnected(): void {
    this.painter.releaseAll(true);
    this.visibility.disconnect();
    this.observed = undefined;
  }

  toggle(): void {
    this.open = !this.open;
    if (!this.open) {
      this.painter.releaseAll(true);
      this.visibility.disconnect();
      this.observed = undefined;
    }
    this.host.requestUpdate();
  }

  private thumb(n: number): HTMLElement | null {
    return this.host.renderRoot.querySelector<HTMLElement>(`.thumb[data-page="${n}"] .thumb-page`);
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      const pdf = this.host.pdf;
      if (!pdf || !this.open) return;
      this.painter.sync(pdf, pagesToRender(this.visibility.visible, pdf.numPages), this.scaleFor());
    });
  }

  /** One scale for all thumbnails: the widest page fits THUMB_WIDTH. */
  private scale = 0.15;
  private scaleFor(): number {
    return this.scale;
  }

  /**
   * The strip is one composite widget (the WAI-ARIA listbox pattern): a single Tab stop, the current
   * page's thumbnail, and the arrows move between thumbnails, the view following the thumbnail
   * chosen (Home, End: the first and last). Before, every thumbnail was a button: 100 Tab stops for
   * a 100-page document.
   */
  private readonly onKeydown = (e: KeyboardEvent): void => {
    const total = this.host.pdf?.numPages ?? 0;
    const from = Number(
      (e.target as HTMLElement).closest<HTMLElement>('.thumb')?.dataset.page ?? this.host.currentPage,
    );
    const rtl = getComputedStyle(e.currentTarget as Element).direction === 'rtl';
    const step: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
    };
    let to: number | undefined;
    if (e.key in step) to = from + step[e.key]!;
    else if (e.key === 'Home') to = 1;
    else if (e.key === 'End') to = total;
    else if (e.key === 'Enter' || e.key === ' ') to = from;
    if (to === undefined || !total) return;
    e.preventDefault();
    const target = Math.min(Math.max(1, to), total);
    this.host.goToPage(target);
    void this.host.updateComplete.then(() =>
      this.host.renderRoot.querySelector<HTMLElement>(`.thumb[data-page="${target}"]`)?.focus({ preventScroll: false }),
    );
  };

  render(sizes: PageSize[], strip = false) {
    if (!this.open || !sizes.length) return nothing;
    const widest = Math.max(...sizes.slice(0, 200).map((s) => s.w), 1);
    const scale = Math.round(((strip ? STRIP_THUMB_WIDTH : THUMB_WIDTH) / widest) * 1000) / 1000;
    // A new size (the strip moved between the side and a phone's head): the next sync paints again.
    this.scale = scale;
    const current = this.host.currentPage;
    return html`<div
      class="thumbs"
      part="thumbnails"
      role="listbox"
      aria-label=${this.host.t('thumbnails')}
      aria-orientation=${strip ? 'horizontal' : 'vertical'}
    >
      ${sizes.map((size, i) => {
        const n = i + 1;
        return html`<div
          role="option"
          class="thumb"
          data-page=${n}
          tabindex=${n === current ? '0' : '-1'}
          aria-label=${this.host.t('pageOf', { n, total: sizes.length })}
          aria-selected=${n === current ? 'true' : 'false'}
          @click=${() => this.host.goToPage(n)}
          @keydown=${this.onKeydown}
        >
          <span class="thumb-page" ${cssProps({ width: `${Math.floor(size.w * this.scale)}px`, height: `${Math.floor(size.h * this.scale)}px` })}></span>
          <span class="thumb-number" aria-hidden="true">${n}</span>
        </div>`;
      })}
    </div>`;
  }
}
