// The thumbnail strip when the page around is what scrolls (--sportello-sign-viewer-height: auto):
// on a phone (390×844) and on a desktop (1280×900), deep in the 100-page practice 1010, the toggle
// is in reach, the strip shows on screen, keyboard and tap go to a page not hidden by the sticky
// head, and thumbnails and pages hold canvases only where they are on screen.
import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
import type { SignDocumentView } from './parts/document-view.js';
import type { SportelloSignViewer } from './sign-viewer.js';
import { firstPagePainted, resetSim, sharedViewer } from '../../test/browser/helpers/sign-viewer.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

const root = (v: SignDocumentView) => v.shadowRoot!;
const rect = (el: Element) => el.getBoundingClientRect();
const inWindow = (r: DOMRect) =>
  r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
const page = (v: SignDocumentView, n: number) => root(v).querySelector<HTMLElement>(`.page[data-page="${n}"]`)!;

/** Elements of `all` with pixels inside `box` and the window. */
function shownIn(all: Iterable<HTMLElement>, box: DOMRect): number[] {
  const top = Math.max(box.top, 0);
  const bottom = Math.min(box.bottom, window.innerHeight);
  return [...all]
    .filter((el) => {
      const r = rect(el);
      return r.bottom > top && r.top < bottom && r.right > box.left && r.left < box.right && r.height > 0;
    })
    .map((el) => Number(el.dataset.page));
}

function bounded(held: number[], shown: number[]): boolean {
  const allowed = new Set(shown.flatMap((p) => [p - 1, p, p + 1]));
  return shown.length > 0 && held.every((p) => allowed.has(p));
}

for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  // One viewer of the 100-page document for the steps below: it loads once, and each step runs
  // under its own time limit.
  describe(`thumbnails when the page scrolls, ${width}×${height}`, () => {
    let el: SportelloSignViewer;
    let view: SignDocumentView;
    let remove = () => {};
    const toggle = () => root(view).querySelector<HTMLButtonElement>('.toolbar button[aria-label="Page thumbnails"]')!;
    const strip = () => root(view).querySelector<HTMLElement>('.thumbs')!;
    before(async () => {
      await setViewport({ width, height });
      await resetSim();
      ({ el, remove } = await sharedViewer(1010));
      el.style.setProperty('--sportello-sign-viewer-height', 'auto');
      el.style.width = `${width - 16}px`;
      view = await firstPagePainted(el);
      await until(() => view.pageCount === 100 && root(view).querySelectorAll('.page').length === 100, 'no pages');
    });
    after(async () => {
      remove();
      window.scrollTo(0, 0);
      await setViewport({ width: 800, height: 600 });
    });

    it('deep in the document (the window scrolled to page 50), the toggle is on screen', async () => {
      // The window, not the view, scrolls to page 50.
      window.scrollTo(0, rect(page(view, 50)).top + window.scrollY);
      await until(() => Math.abs(view.currentPage - 50) <= 1, `current page ${view.currentPage}`);
      // The toolbar came along (sticky head): its thumbnail toggle is on screen.
      expect(inWindow(rect(toggle())), `toggle at ${JSON.stringify(rect(toggle()))}`).to.equal(true);
    });

    it('the strip opens on screen from the keyboard, on the current page, and holds canvases only where it shows', async () => {
      // Keyboard: focus the toggle and press Enter.
      toggle().focus();
      await sendKeys({ press: 'Enter' });
      await until(() => root(view).querySelectorAll('.thumb').length === 100, 'the strip did not open');
      expect(toggle().getAttribute('aria-pressed')).to.equal('true');
      // On screen, with the current page's thumbnail in the strip's view.
      await until(
        () => {
          const s = rect(strip());
          return s.top >= 0 && s.top < window.innerHeight / 2 && s.bottom > 0 && s.left >= 0 && s.right <= width;
        },
        `the strip is not on screen: ${JSON.stringify(rect(strip()))}`,
      );
      const current = () => strip().querySelector<HTMLElement>('.thumb[aria-selected="true"]')!;
      await until(() => shownIn([current()], rect(strip())).length === 1, 'the current thumbnail is not in view');
      const thumbs = () => [...strip().querySelectorAll<HTMLElement>('.thumb')];
      const thumbCanvases = () =>
        [...strip().querySelectorAll('canvas')].map((c) => Number((c.closest('.thumb') as HTMLElement).dataset.page));
      await until(() => strip().querySelector('canvas[data-painted]'), 'no thumbnail painted');
      await until(
        () => bounded(thumbCanvases(), shownIn(thumbs(), rect(strip()))),
        `thumbnails out of view hold canvases: ${thumbCanvases()} shown ${shownIn(thumbs(), rect(strip()))}`,
      );
      expect(thumbCanvases().length).to.be.at.most(12);
      const pages = () => [...root(view).querySelectorAll<HTMLElement>('.page')];
      const pageCanvases = () =>
        [...root(view).querySelectorAll('.page > canvas')].map((c) =>
          Number((c.parentElement as HTMLElement).dataset.page),
        );
      const scroller = rect(root(view).querySelector('.scroller')!);
      await until(
        () => bounded(pageCanvases(), shownIn(pages(), scroller)),
        `pages out of view hold canvases: ${pageCanvases()}`,
      );
    });

    it('a tap goes to a page just below the sticky head; Enter on a thumbnail goes to its page', async () => {
      // A tap (touch events) on the next thumbnail: that page, its top just below the sticky head.
      const target = view.currentPage + 1;
      const touches: string[] = [];
      strip().addEventListener('touchend', (e) => touches.push(e.type), { once: true });
      await executeServerCommand('sign-page', { tap: `.thumb[data-page="${target}"]` });
      expect(touches, 'a touch, not a mouse click').to.deep.equal(['touchend']);
      await until(() => view.currentPage === target, `current page ${view.currentPage}`);
      const head = rect(root(view).querySelector('.head')!);
      await until(
        () => {
          const top = rect(page(view, target)).top;
          return top >= head.bottom - 1 && top <= head.bottom + 40;
        },
        `page ${target} at ${rect(page(view, target)).top}, head ends at ${head.bottom}`,
      );

      // Keyboard on a thumbnail: Enter goes to its page.
      const back = target - 2;
      strip().querySelector<HTMLButtonElement>(`.thumb[data-page="${back}"]`)!.focus();
      await sendKeys({ press: 'Enter' });
      await until(() => view.currentPage === back, `current page ${view.currentPage}`);
    });

    it('axe finds nothing with the strip open; closed again, its canvases go with it', async () => {
      await expect(el).to.be.accessible();
      toggle().click();
      await until(() => !root(view).querySelector('.thumbs'), 'the strip stayed');
      expect(view.liveThumbnailCount).to.equal(0);
    });
  });
}
