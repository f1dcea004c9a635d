/**
 * Painting one page: canvas at the device pixel ratio, and pdf.js' text layer for selection and
 * screen readers. Both return a cancel function so pages scrolled away stop working at once.
 */
import { loadedPdfjs, loadPdfjs, type Pdfjs, type PdfPage } from './pdfjs.js';
import { paintRatio } from './geometry.js';

export interface PaintedPage {
  /** Resolves when the canvas holds the page (rejects with RenderingCancelledException if cancelled). */
  done: Promise<void>;
  cancel(): void;
}

/**
 * Paints `page` on `canvas`. pdf.js is loaded by the time a page exists, so the page is asked of the
 * worker in this call, not a microtask later: a paint started ahead of the view's layout (the first
 * picture) would otherwise queue behind that layout's own microtasks.
 */
export function paintCanvas(page: PdfPage, canvas: HTMLCanvasElement, scale: number): PaintedPage {
  let cancelled = false;
  let cancelTask: (() => void) | undefined;
  const draw = (pdfjs: Pdfjs): Promise<void> => {
    if (cancelled) throw new pdfjs.RenderingCancelledException('cancelled');
    const viewport = page.getViewport({ scale });
    const ratio = paintRatio(viewport.width, viewport.height, window.devicePixelRatio);
    canvas.width = Math.max(1, Math.floor(viewport.width * ratio));
    canvas.height = Math.max(1, Math.floor(viewport.height * ratio));
    const task = page.render({
      canvas,
      viewport,
      transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
      // Form fields' appearances are painted on the canvas: no HTML annotation layer to secure.
      annotationMode: pdfjs.AnnotationMode.ENABLE,
    } as Parameters<PdfPage['render']>[0]);
    cancelTask = () => task.cancel();
    return task.promise;
  };
  const pdfjs = loadedPdfjs();
  let done: Promise<void>;
  try {
    done = pdfjs ? draw(pdfjs) : loadPdfjs().then(draw);
  } catch (error) {
    done = Promise.reject(error);
  }
  return {
    done,
    cancel() {
      cancelled = true;
      cancelTask?.();
    },
  };
}

export function paintTextLayer(page: PdfPage, container: HTMLElement, scale: number): PaintedPage {
  let cancelled = false;
  let cancelTask: (() => void) | undefined;
  const done = (async () => {
    const pdfjs = await loadPdfjs();
    if (cancelled) return;
    const layer = new pdfjs.TextLayer({
      textContentSource: page.streamTextContent(),
      container,
      viewport: page.getViewport({ scale }),
    });
    cancelTask = () => layer.cancel();
    await layer.render();
  })();
  return {
    done,
    cancel() {
      cancelled = true;
      cancelTask?.();
    },
  };
}
