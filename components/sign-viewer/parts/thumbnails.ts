import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { PdfDocument } from '../../../src/pdf/pdfjs.js';
import { pagesToRender } from '../../../src/pdf/geometry.js';
import type { PageSize } from '../../../src/pdf/page-sizes.js';
import { cssProps } from '../../shared/css-props.js';
import type { StringKey } from '../strings.js';
import { PagePainter } from './page-painter.js';
import { PageVisibility } from './page-visibility.js';

/** Width of a thumbnail, CSS px. */
export const THUMB_WIDTH = 84;

export interface ThumbnailHost extends ReactiveControllerHost {
  readonly pdf: PdfDocument | undefined;
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly currentPage: number;
  goToPage(n: number): void;
  t(key: StringKey, params?: Record<string, string | number>): string;
}

/**
 * The thumbnail strip of a long document, bounded like the pages: only thumbnails on screen ± 1
 * hold a (small) canvas, the same painter and visibility rule as the pages; hidden by default
 * and free until opened.
 */
export class Thumbnails implements ReactiveController {
  open = false;
  private readonly painter = new PagePainter({ pageElement: (n) => this.thumb(n), painted: () => undefined });
  private readonly visibility = new PageVisibility(() => this.schedule());
  private frame = 0;
  private observed = 0;
  private pdf: PdfDocument | undefined;

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
      this.observed = 0;
    }
    if (!this.open) return;
    const thumbs = this.host.renderRoot.querySelectorAll<HTMLElement>('.thumb');
    if (thumbs.length !== this.observed) {
      this.observed = thumbs.length;
      this.visibility.observe(thumbs);
    }
  }

  hostDisconnected(): void {
    this.painter.releaseAll(true);
    this.visibility.disconnect();
    this.observed = 0;
  }

  toggle(): void {
    this.open = !this.open;
    if (!this.open) {
      this.painter.releaseAll(true);
      this.visibility.disconnect();
      this.observed = 0;
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

  render(sizes: PageSize[]) {
    if (!this.open || !sizes.length) return nothing;
    const widest = Math.max(...sizes.slice(0, 200).map((s) => s.w), 1);
    this.scale = Math.round((THUMB_WIDTH / widest) * 1000) / 1000;
    const current = this.host.currentPage;
    return html`<nav class="thumbs" part="thumbnails" aria-label=${this.host.t('thumbnails')}>
      ${sizes.map((size, i) => {
        const n = i + 1;
        return html`<button type="button" class="thumb" data-page=${n} aria-label=${this.host.t('pageOf', { n, total: sizes.length })} aria-current=${n === current ? 'page' : 'false'} @click=${() => this.host.goToPage(n)}>
          <span class="thumb-page" ${cssProps({ width: `${Math.floor(size.w * this.scale)}px`, height: `${Math.floor(size.h * this.scale)}px` })}></span>
          <span class="thumb-number" aria-hidden="true">${n}</span>
        </button>`;
      })}
    </nav>`;
  }
}
