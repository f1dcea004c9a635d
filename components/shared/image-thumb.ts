import { css, html, LitElement, type PropertyValues } from 'lit';
import { property, query } from 'lit/decorators.js';
import { SportelloElement } from './sportello-element.js';

/**
 * A small picture of an image file, drawn on a canvas from the file's bytes (`createImageBitmap`).
 * Not an `<img>` of a `blob:` or `data:` URL: the kit's strict CSP has no `img-src`, so such URLs are
 * refused (it falls back to `default-src 'self'`), while drawing decoded pixels needs no source at
 * all. The picture is cropped to a square, at the screen's pixel density. A file that does not decode
 * (not an image, or a kind the browser cannot draw) leaves an empty tile.
 *
 * @summary Thumbnail of an image file, drawn on a canvas (works under the strict CSP).
 * @cssproperty --sportello-thumb-size - The tile's side (default 56px).
 */
export class SportelloImageThumb extends LitElement {
  static override styles = css`
    :host {
      display: inline-block;
      inline-size: var(--sportello-thumb-size, 56px);
      block-size: var(--sportello-thumb-size, 56px);
      border-radius: 6px;
      overflow: hidden;
      background: var(--sportello-surface-alt, #f1f3f5);
      flex: none;
    }
    canvas {
      display: block;
      inline-size: 100%;
      block-size: 100%;
    }
  `;

  /** The image file (a `File` or any `Blob`). */
  @property({ attribute: false }) source: Blob | undefined;
  /** What the picture shows, for assistive technology; without it the picture is decorative. */
  @property() label = '';

  @query('canvas') private canvas?: HTMLCanvasElement;
  /** The last drawing asked for: a newer source wins over one still decoding. */
  private drawing = 0;

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('source')) void this.draw();
  }

  private async draw(): Promise<void> {
    const run = ++this.drawing;
    const canvas = this.canvas;
    const source = this.source;
    if (!canvas) return;
    const side = Math.max(1, Math.round((canvas.getBoundingClientRect().width || 56) * (devicePixelRatio || 1)));
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d');
    context?.clearRect(0, 0, side, side);
    if (!source || !context) return;
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(source);
    } catch {
      return; // not a picture the browser can decode: the empty tile stays
    }
    try {
      if (run !== this.drawing) return;
      // Cover the square: the shorter side fills it, the longer one is cut evenly at both ends.
      const scale = side / Math.min(bitmap.width, bitmap.height);
      const width = bitmap.width * scale;
      const height = bitmap.height * scale;
      context.drawImage(bitmap, (side - width) / 2, (side - height) / 2, width, height);
    } finally {
      bitmap.close();
    }
  }

  override render() {
    return this.label
      ? html`<canvas role="img" aria-label=${this.label}></canvas>`
      : html`<canvas aria-hidden="true"></canvas>`;
  }
}

SportelloElement.define('sportello-image-thumb', SportelloImageThumb);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-image-thumb': SportelloImageThumb;
  }
}
