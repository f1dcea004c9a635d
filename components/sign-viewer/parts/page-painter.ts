import type { PdfDocument, PdfPage } from '../../../src/pdf/pdfjs.js';
import { paintCanvas, paintTextLayer, type PaintedPage } from '../../../src/pdf/render.js';

interface LivePage {
  canvas: HTMLCanvasElement;
  tasks: PaintedPage[];
  scale: number;
  /** pdf.js' page once it arrived: it keeps what a paint needs (operator list, images) until cleaned up. */
  page?: PdfPage;
  /** Painted before its box existed (`paintAhead`): reported, with its layers, once `sync` puts it in. */
  finish?: () => void;
}

export interface PagePainterHost {
  /** The page box of page `n` (1-based), holding a `.textLayer`; null if not rendered. */
  pageElement(n: number): HTMLElement | null;
  /** A page's canvas holds its picture. */
  painted(n: number): void;
  /** Page `n`'s text layer is in place (search marks its hits). */
  textReady?(n: number): void;
  /** pdf.js' page `n` arrived (its links can be read). */
  pageReady?(n: number, page: PdfPage): void;
  /** Page `n` cannot be read or painted (damaged): the box must say so, not stay blank. */
  failed?(n: number): void;
}

/**
 * Which pages hold a canvas and a text layer, and nothing more: paints the pages asked for,
 * cancels and frees the others. A page that leaves is zero-sized before removal (the backing store
 * goes at once, not at garbage collection) and pdf.js is told to drop its operator list and images.
 */
export class PagePainter {
  private readonly live = new Map<number, LivePage>();

  constructor(private readonly host: PagePainterHost) {}

  /** Pages holding a canvas now. */
  get pages(): number[] {
    return [...this.live.keys()].sort((a, b) => a - b);
  }

  get size(): number {
    return this.live.size;
  }

  /** Makes exactly `wanted` hold canvases, each page at its scale (`scaleOf`: one for all, or fitted page by page). */
  sync(pdf: PdfDocument, wanted: Iterable<number>, scaleOf: number | ((n: number) => number)): void {
    const set = new Set(wanted);
    for (const n of [...this.live.keys()]) if (!set.has(n)) this.release(n, true);
    for (const n of set) {
      const scale = typeof scaleOf === 'number' ? scaleOf : scaleOf(n);
      const entry = this.live.get(n);
      if (entry && entry.scale !== scale) this.release(n);
      if (!this.live.has(n)) this.paint(pdf, n, scale);
      else this.attach(n);
    }
  }

  /**
   * Starts painting `page` at `scale` before its box exists, into a canvas of its own that the next
   * `sync` wanting it at that scale puts in the box (one at another scale, or not wanted, is dropped
   * there). For the first picture: the worker reads the page's operators while the view builds and
   * lays out its page boxes, instead of after. The page is asked of the worker in this call.
   */
  paintAhead(pdf: PdfDocument, page: PdfPage, scale: number): void {
    if (!this.live.has(page.pageNumber)) this.paint(pdf, page.pageNumber, scale, page);
  }

  /** Puts a canvas painted ahead in its box, and reports it if its picture is already there. */
  private attach(n: number): void {
    const entry = this.live.get(n);
    if (!entry || entry.canvas.parentElement) return;
    const box = this.host.pageElement(n);
    if (!box) return;
    box.prepend(entry.canvas);
    const finish = entry.finish;
    entry.finish = undefined;
    finish?.();
  }

  /** Paints page `n` in its box; `ahead`, pdf.js' page already there, before the box exists. */
  private paint(pdf: PdfDocument, n: number, scale: number, ahead?: PdfPage): void {
    const box = this.host.pageElement(n);
    if (!box && !ahead) return;
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    const entry: LivePage = { canvas, tasks: [], scale };
    this.live.set(n, entry);
    box?.prepend(canvas);
    const start = (page: PdfPage) => {
      if (this.live.get(n) !== entry) return;
      entry.page = page;
      const canvasTask = paintCanvas(page, canvas, scale);
      entry.tasks.push(canvasTask);
      // The links and the text layer once the picture is there, as pdf.js' own viewer does:
      // their requests (annotations, the text stream) otherwise queue in the worker beside the
      // page's operator list and delay the first picture.
      const layers = () => {
        if (this.live.get(n) !== entry) return;
        this.host.pageReady?.(n, page);
        const textLayer = this.host.pageElement(n)?.querySelector<HTMLElement>('.textLayer');
        if (!textLayer) return;
        textLayer.replaceChildren();
        const textTask = paintTextLayer(page, textLayer, scale);
        entry.tasks.push(textTask);
        textTask.done.then(
          () => {
            if (this.live.get(n) === entry) this.host.textReady?.(n);
          },
          () => undefined,
        );
      };
      const painted = () => {
        canvas.dataset.painted = 'true';
        this.host.painted(n);
        layers();
      };
      // Not in its box yet (painted ahead): reported, and given its layers, when it is put in.
      const whenInBox = (then: () => void) => {
        if (this.live.get(n) !== entry) return;
        if (canvas.parentElement) then();
        else entry.finish = then;
      };
      canvasTask.done.then(
        () => whenInBox(painted),
        // A picture that failed (not cancelled: the entry is gone then) says so, and still gets its text and links.
        () =>
          whenInBox(() => {
            this.host.failed?.(n);
            layers();
          }),
      );
    };
    if (ahead) start(ahead);
    else
      void pdf.getPage(n).then(start, () => {
        // A page that cannot be read says so in its box; the others still render.
        if (this.live.get(n) === entry) this.host.failed?.(n);
      });
  }

  /**
   * Takes page `n`'s canvas and text away. `forget` (the page left the view's reach) also lets
   * pdf.js drop the page's operator list and images, which it otherwise keeps until the document
   * is destroyed: reading a 100-page document top to bottom held 1.4 MB more on the main thread.
   * Not on a zoom, which paints the same page again at once.
   */
  release(n: number, forget = false): void {
    const entry = this.live.get(n);
    if (!entry) return;
    this.live.delete(n);
    for (const task of entry.tasks) task.cancel();
    // A paint still cancelling makes pdf.js wait for it and clean up then.
    if (forget) entry.page?.cleanup();
    entry.canvas.width = 0;
    entry.canvas.height = 0;
    entry.canvas.remove();
    this.host.pageElement(n)?.querySelector('.textLayer')?.replaceChildren();
  }

  releaseAll(forget = false): void {
    for (const n of [...this.live.keys()]) this.release(n, forget);
  }
}
