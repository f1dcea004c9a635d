// PagePainter.paintAhead (#23, the cold first page): a page's picture started before its box exists
// is put in the box by the next sync that wants it at that scale, reported painted only once it is
// in, and dropped when the layout wants another scale or another page.
import { expect } from '@open-wc/testing';
import type { PdfDocument, PdfPage } from '../../src/pdf/pdfjs.js';
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

/**
 * What pdf.js is asked to paint on `page`: each canvas handed to `page.render` and the end of that
 * paint. A canvas painted ahead is out of the document, so the test reads it where pdf.js got it.
 */
function watchPaints(page: PdfPage): Array<{ canvas: HTMLCanvasElement; done: Promise<void> }> {
  const paints: Array<{ canvas: HTMLCanvasElement; done: Promise<void> }> = [];
  const render = page.render.bind(page);
  page.render = (params) => {
    const task = render(params);
    paints.push({ canvas: (params as { canvas: HTMLCanvasElement }).canvas, done: task.promise });
    return task;
  };
  return paints;
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
      const page = await pdf.getPage(1);
      const paints = watchPaints(page);
      f.painter.paintAhead(pdf, page, 1.5);
      expect(f.painter.pages, 'page 1 is being painted').to.deep.equal([1]);
      expect(f.container.querySelector('canvas'), 'no box yet: nothing in the document').to.equal(null);
      // The picture is done before the box exists: it is not reported until the canvas is in.
      const ahead = await until(() => paints[0], 'page 1 not painted ahead');
      await ahead.done;
      expect(hasInk(ahead.canvas), 'the picture painted ahead has ink').to.equal(true);
      expect(ahead.canvas.isConnected, 'painted ahead out of the document').to.equal(false);
      expect(f.painted, 'reported while out of the document').to.deep.equal([]);
      const box = f.addBox(1);
      f.painter.sync(pdf, [1], 1.5);
      await until(() => f.painted.length, 'page 1 never reported painted');
      expect(f.painted).to.deep.equal([{ n: 1, inBox: true }]);
      const canvases = box.querySelectorAll('canvas');
      expect(canvases.length, 'one canvas in the box').to.equal(1);
      expect(canvases[0], 'the canvas painted ahead, not a second one').to.equal(ahead.canvas);
      expect(paints.length, 'page 1 painted once').to.equal(1);
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
