/**
 * Every page's size and turn as shown, read from the document without painting it: page 1 first
 * (the view lays out at once with it), then the others in the background. Fit-width fits each
 * page by its own width, and a page turned by `/Rotate` or a landscape page among portrait ones has
 * a size of its own; guessing page 1's for all made such a page overflow the scroller.
 */
import type { PdfDocument, PdfPage } from './pdfjs.js';
import { quarterTurn, type QuarterTurn } from './geometry.js';

export interface PageSize {
  /** Width and height in CSS px at scale 1 (PDF points), as shown: a turned page has them swapped. */
  w: number;
  h: number;
  /** The page's own turn (`/Rotate`), clockwise. */
  rotation: QuarterTurn;
}

/** Pages read per worker round trip batch; each `getPage` is a small message, not a paint. */
const BATCH = 16;

/**
 * Reads page sizes. `onSizes` is called with page 1's size copied to every page (a first guess
 * that lays out at once) and pdf.js' page 1 (its picture can start at once), then with the real
 * sizes once all pages are known. Stops when `signal` aborts. Rejects only if page 1 cannot be read.
 */
export async function measurePages(
  pdf: PdfDocument,
  onSizes: (sizes: PageSize[], page1?: PdfPage) => void,
  signal?: AbortSignal,
  /** The other pages are read once this settles: their requests would queue in the worker ahead of page 1's paint. */
  rest: Promise<unknown> = Promise.resolve(),
): Promise<void> {
  const sizeOfPage = (page: PdfPage): PageSize => {
    const vp = page.getViewport({ scale: 1 });
    return { w: vp.width, h: vp.height, rotation: quarterTurn(page.rotate) };
  };
  const sizeOf = async (n: number): Promise<PageSize> => sizeOfPage(await pdf.getPage(n));
  const page1 = await pdf.getPage(1);
  if (signal?.aborted) return;
  const first = sizeOfPage(page1);
  const sizes: PageSize[] = Array.from({ length: pdf.numPages }, () => first);
  onSizes([...sizes], page1);
  if (pdf.numPages === 1) return;
  await rest.catch(() => undefined);
  if (signal?.aborted) return;
  let differs = false;
  for (let start = 2; start <= pdf.numPages; start += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, pdf.numPages - start + 1) }, (_, i) => start + i);
    const batch = await Promise.all(numbers.map((n) => sizeOf(n).catch(() => first)));
    if (signal?.aborted) return;
    batch.forEach((s, i) => {
      sizes[numbers[i]! - 1] = s;
      if (s.w !== first.w || s.h !== first.h || s.rotation !== first.rotation) differs = true;
    });
  }
  if (differs) onSizes([...sizes]);
}
