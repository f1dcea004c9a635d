// PagePainter.paintAhead (#23, the cold first page): a page's picture started before its box exists
// is put in the box by the next sync that wants it at that scale, reported painted only once it is
// in, and dropped when the layout wants another scale or another page.
import { expect } from '@open-wc/testing';
import type { PdfDocument } from '../../src/pdf/pdfjs.js';
import { PagePainter } from './parts/page-painter.js';
import { hasInk, openTestPdf } from '../../test/browser/helpers/sign-viewer.js';
import { makePdf } from '../../test/browser/helpers/sign-pdfs.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

/** A painter over page boxes made on demand in a container of the test's own. */
function painterFixture() {
  const container = document.createElement('div');
  document.body.append(container);
  const boxes = new Map<number, HTMLElement>();
  const painted: Array<{ n: number; inBox: boolean }> = [];
  const painter = new PagePainter({
    pageElement: (n) => boxes.get(n) ?? null,
    painted: (n) => painted.push({ n, inBox: !!boxes.get(n)?.querySelector('canvas[data-painted]') }),
  });
  const addBox = (n: number) => {
    const box = document.createElement('div');
    const text = document.createElement('div');
    text.className = 'textLayer';
    box.append(text);
    container.append(box);
    boxes.set(n, box);
    return box;
  };
  return { container, painter, painted, addBox, cleanup: () => (painter.releaseAll(true), container.remove()) };
}

describe('page painter: painting ahead of the layout', () => {
  let pdf: PdfDocument;
  let destroy: () => Promise<void>;
  before(async () => {
    const bytes = await makePdf([
      { width: 300, height: 400, text: 'one' },
      { width: 300, height: 400, text: 'two' },
    ]);
    ({ pdf, destroy } = await openTestPdf(bytes));
  });
  after(() => destroy());

  it('paints before the box exists, puts the canvas in by the next sync at that scale, and reports it painted once it is in', async () => {
    const f = painterFixture();
    try {
      f.painter.paintAhead(pdf, await pdf.getPage(1), 1.5);
      expect(f.painter.pages, 'page 1 is being painted').to.deep.equal([1]);
      expect(f.container.querySelector('canvas'), 'no box yet: nothing in the document').to.equal(null);
      // The picture may be done before the box exists: it is not reported until the canvas is in.
      // (The canvas out of the document is the painter's own: read through its private map.)
      const live = (f.painter as unknown as { live: Map<number, { canvas: HTMLCanvasElement }> }).live;
      await until(() => hasInk(live.get(1)!.canvas), 'page 1 not painted ahead');
      expect(f.painted, 'reported while out of the document').to.deep.equal([]);
      const box = f.addBox(1);
      f.painter.sync(pdf, [1], 1.5);
      await until(() => f.painted.length, 'page 1 never reported painted');
      expect(f.painted).to.deep.equal([{ n: 1, inBox: true }]);
      const canvases = box.querySelectorAll('canvas');
      expect(canvases.length, 'the canvas painted ahead, not a second one').to.equal(1);
      expect(canvases[0]!.width).to.equal(Math.floor(300 * 1.5));
      await until(() => box.querySelector('.textLayer span'), 'no text layer once in the box');
    } finally {
      f.cleanup();
    }
  });

  it('a sync at another scale drops the canvas painted ahead and paints the page at that scale', async () => {
    const f = painterFixture();
    try {
      f.painter.paintAhead(pdf, await pdf.getPage(1), 1.5);
      const box = f.addBox(1);
      f.painter.sync(pdf, [1], 1);
      await until(() => f.painted.length, 'page 1 never reported painted');
      const canvases = box.querySelectorAll('canvas');
      expect(canvases.length).to.equal(1);
      expect(canvases[0]!.width).to.equal(300);
      expect(f.painted).to.deep.equal([{ n: 1, inBox: true }]);
    } finally {
      f.cleanup();
    }
  });

  it('a sync that does not want the page painted ahead releases it: never in the document, never reported', async () => {
    const f = painterFixture();
    try {
      f.painter.paintAhead(pdf, await pdf.getPage(1), 1);
      f.addBox(1);
      const box2 = f.addBox(2);
      f.painter.sync(pdf, [2], 1);
      expect(f.painter.pages).to.deep.equal([2]);
      await until(() => f.painted.length, 'page 2 never reported painted');
      expect(f.painted).to.deep.equal([{ n: 2, inBox: true }]);
      expect(f.container.querySelectorAll('canvas').length).to.equal(1);
      expect(box2.querySelector('canvas')).to.not.equal(null);
    } finally {
      f.cleanup();
    }
  });
});
