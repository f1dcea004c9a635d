// Page shapes and bounds: turned pages (/Rotate 0, 90, 180, 270) with areas at known coordinates,
// a landscape page among portrait ones, and canvases bounded at every width (#19, #23).
import { expect, fixture, html } from '@open-wc/testing';
import { stringsReady } from '../../src/i18n/translate.js';
import type { PlacedArea } from '../../src/pdf/areas.js';
import { PAGE_GAP } from './parts/document-view.styles.js';
import type { SignDocumentView } from './parts/document-view.js';
import { docView, firstPagePainted, openTestPdf, resetSim, viewer } from '../../test/browser/helpers/sign-viewer.js';
import { makePdf, redBox } from '../../test/browser/helpers/sign-pdfs.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

const ROTATIONS = [0, 90, 180, 270];
/** Where each page's red box is drawn and its area placed: on the page as stored, off-centre so a wrong turn shows. */
const BOX = { x: 0.1, y: 0.05, width: 0.3, height: 0.12 };

async function mountView(
  bytes: Uint8Array,
  areas: PlacedArea[] = [],
  size = 'height: 640px; width: 800px',
): Promise<{ view: SignDocumentView; destroy: () => Promise<void> }> {
  const { pdf, destroy } = await openTestPdf(bytes);
  // The view alone (without the viewer, which waits for its language): its catalogue first.
  await stringsReady('en');
  const view = await fixture<SignDocumentView>(html`<sportello-sign-document></sportello-sign-document>`);
  view.setAttribute('style', `display: flex; ${size}`);
  view.areas = areas;
  view.pdf = pdf;
  return { view, destroy };
}

const shadowOf = (view: SignDocumentView) => view.shadowRoot!;
const pageBox = (view: SignDocumentView, n: number) =>
  shadowOf(view).querySelector<HTMLElement>(`.page[data-page="${n}"]`)!;

describe('sign document view: turned pages', () => {
  it('places areas over the boxes drawn at the same coordinates on pages turned 0, 90, 180 and 270 (within 2 px)', async () => {
    const bytes = await makePdf(ROTATIONS.map((rotation) => ({ width: 400, height: 600, rotation, boxes: [BOX] })));
    const areas: PlacedArea[] = ROTATIONS.map((r, i) => ({
      spec: { id: `r${r}`, document: 0, page: i + 1, kind: 'signature', code: 'S', box: BOX },
      page: i + 1,
      box: BOX,
    }));
    const { view, destroy } = await mountView(bytes, areas);
    try {
      await until(
        () => shadowOf(view).querySelectorAll('.page').length === 4 && pageBox(view, 2).dataset.rotation === '90',
        'pages not measured',
      );
      for (const [i, r] of ROTATIONS.entries()) {
        const n = i + 1;
        view.goToPage(n);
        await until(() => pageBox(view, n).querySelector('canvas[data-painted]'), `page ${n} not painted`);
        const page = pageBox(view, n);
        const drawn = redBox(page.querySelector('canvas')!);
        expect(drawn, `red box painted on page ${n}`).to.exist;
        const p = page.getBoundingClientRect();
        const a = page.querySelector<HTMLElement>(`.area[data-area="r${r}"]`)!.getBoundingClientRect();
        const where = `rotation ${r}: area ${[a.left - p.left, a.top - p.top, a.right - p.left, a.bottom - p.top].map(Math.round)} drawn ${[drawn!.left, drawn!.top, drawn!.right, drawn!.bottom].map(Math.round)}`;
        expect(a.left - p.left, where).to.be.closeTo(drawn!.left, 2);
        expect(a.top - p.top, where).to.be.closeTo(drawn!.top, 2);
        expect(a.right - p.left, where).to.be.closeTo(drawn!.right, 2);
        expect(a.bottom - p.top, where).to.be.closeTo(drawn!.bottom, 2);
      }
    } finally {
      view.pdf = undefined;
      await destroy();
    }
  });

  it('fit width fits each page to the width on its own: a landscape page among portrait ones shrinks none of them', async () => {
    const bytes = await makePdf([
      { width: 595, height: 842, text: 'portrait' },
      { width: 842, height: 595, text: 'landscape' },
      { width: 595, height: 842, rotation: 90, text: 'portrait turned' },
    ]);
    const { view, destroy } = await mountView(bytes);
    try {
      const scroller = shadowOf(view).querySelector<HTMLElement>('.scroller')!;
      const room = () => scroller.clientWidth - 2 * PAGE_GAP;
      const widths = () => [1, 2, 3].map((n) => pageBox(view, n)?.getBoundingClientRect().width ?? 0);
      const heights = () => [1, 2, 3].map((n) => pageBox(view, n)?.getBoundingClientRect().height ?? 0);
      await until(
        () => shadowOf(view).querySelectorAll('.page').length === 3 && heights()[1]! < heights()[0]!,
        'landscape page not measured',
      );
      // Every page, portrait, landscape or turned, as wide as the room (pdf.js' "page-width"); before,
      // the portrait pages were fitted to the landscape page's width: 595/842 = 71 % of the room.
      await until(
        () => widths().every((w) => Math.abs(w - room()) <= 2),
        `pages not each fitted to ${room()}: ${widths()}`,
      );
      expect(scroller.scrollWidth).to.be.at.most(scroller.clientWidth + 1);
      // The toolbar's zoom is the page in view's: page 1 (portrait) fits at 595 pt → the room.
      expect(view.shownScale).to.be.closeTo(room() / 595, 0.01);
    } finally {
      view.pdf = undefined;
      await destroy();
    }
  });
});

describe('sign document view: links inside the PDF', () => {
  it('shows http(s) links as safe anchors, drops other schemes, and moves to the page of an internal link', async () => {
    const bytes = await makePdf([
      {
        width: 400,
        height: 600,
        text: 'links',
        links: [
          { box: { x: 0.1, y: 0.1, width: 0.3, height: 0.05 }, uri: 'https://example.test/terms' },
          { box: { x: 0.1, y: 0.2, width: 0.3, height: 0.05 }, uri: 'javascript:alert(1)' },
          { box: { x: 0.1, y: 0.3, width: 0.3, height: 0.05 }, uri: 'file:///etc/passwd' },
          { box: { x: 0.1, y: 0.4, width: 0.3, height: 0.05 }, page: 3 },
        ],
      },
      { width: 400, height: 600, text: 'two' },
      { width: 400, height: 600, text: 'three' },
    ]);
    const { view, destroy } = await mountView(bytes);
    try {
      const anchors = () => [...(pageBox(view, 1)?.querySelectorAll<HTMLAnchorElement>('.links a') ?? [])];
      await until(() => anchors().length === 2, `links not shown: ${anchors().length}`);
      const [external, internal] = [
        anchors().find((a) => a.target === '_blank')!,
        anchors().find((a) => a.dataset.page)!,
      ];
      expect(external.href).to.equal('https://example.test/terms');
      expect(external.rel).to.equal('noopener noreferrer');
      expect(external.getAttribute('aria-label')).to.contain('example.test');
      expect(anchors().some((a) => /javascript:|file:/.test(a.href))).to.equal(false);
      // Placed where the PDF says (Y from the top of the page).
      const p = pageBox(view, 1).getBoundingClientRect();
      const r = external.getBoundingClientRect();
      expect(r.left - p.left).to.be.closeTo(0.1 * p.width, 2);
      expect(r.top - p.top).to.be.closeTo(0.1 * p.height, 2);
      expect(internal.getAttribute('aria-label')).to.equal('Go to page 3');
      internal.click();
      await until(() => view.currentPage === 3, `current page ${view.currentPage}`);
      await expect(view).to.be.accessible();
    } finally {
      view.pdf = undefined;
      await destroy();
    }
  });
});

describe('sign document view: search in the text', () => {
  it('finds every hit, Enter goes to the next one, and the hit is marked in the text layer', async () => {
    const bytes = await makePdf([
      { width: 400, height: 600, text: 'Alpha and Città' },
      { width: 400, height: 600, text: 'nothing here' },
      { width: 400, height: 600, text: 'the citta again' },
    ]);
    const { view, destroy } = await mountView(bytes);
    try {
      await until(() => shadowOf(view).querySelectorAll('.page').length === 3, 'no pages');
      const toggle = shadowOf(view).querySelector<HTMLButtonElement>(
        '.toolbar button[aria-label="Search in the document"]',
      )!;
      toggle.click();
      await view.updateComplete;
      const input = shadowOf(view).querySelector<HTMLInputElement>('#search-input')!;
      const status = () => shadowOf(view).querySelector('.search-status')!.textContent!.trim();
      input.value = 'citta';
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      // Accents do not matter: 'Città' on page 1 and 'citta' on page 3.
      await until(() => status() === '1 of 2', `status ${status()}`);
      expect(view.currentPage).to.equal(1);
      await until(() => pageBox(view, 1).querySelector('.textLayer span.hit.current'), 'hit not marked on page 1');
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await until(() => status() === '2 of 2' && view.currentPage === 3, `status ${status()} page ${view.currentPage}`);
      await until(() => pageBox(view, 3).querySelector('.textLayer span.hit.current'), 'hit not marked on page 3');
      input.value = 'absent';
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await until(() => status() === 'No matches', `status ${status()}`);
      await expect(view).to.be.accessible();
    } finally {
      view.pdf = undefined;
      await destroy();
    }
  });
});

describe('sign document view: thumbnails', () => {
  it('a strip of thumbnails, lazy and bounded like the pages; a click goes to the page', async () => {
    const bytes = await makePdf(
      Array.from({ length: 30 }, (_, i) => ({ width: 400, height: 600, text: `page ${i + 1}` })),
    );
    const { view, destroy } = await mountView(bytes);
    try {
      await until(() => shadowOf(view).querySelectorAll('.page').length === 30, 'no pages');
      expect(shadowOf(view).querySelector('.thumbs'), 'closed at first').to.equal(null);
      shadowOf(view).querySelector<HTMLButtonElement>('.toolbar button[aria-label="Page thumbnails"]')!.click();
      await until(() => shadowOf(view).querySelectorAll('.thumb').length === 30, 'no strip');
      const strip = shadowOf(view).querySelector<HTMLElement>('.thumbs')!;
      const thumbCanvases = () =>
        [...strip.querySelectorAll('canvas')].map((c) => Number((c.closest('.thumb') as HTMLElement).dataset.page));
      const onScreen = () => {
        const box = strip.getBoundingClientRect();
        return [...strip.querySelectorAll<HTMLElement>('.thumb')]
          .filter((t) => {
            const r = t.getBoundingClientRect();
            return r.bottom > Math.max(box.top, 0) && r.top < Math.min(box.bottom, window.innerHeight);
          })
          .map((t) => Number(t.dataset.page));
      };
      await until(() => strip.querySelector('canvas[data-painted]'), 'no thumbnail painted');
      await until(() => {
        const allowed = new Set(onScreen().flatMap((p) => [p - 1, p, p + 1]));
        return thumbCanvases().every((p) => allowed.has(p));
      }, `thumbnails beyond the strip's view hold canvases: ${thumbCanvases()} on screen ${onScreen()}`);
      expect(thumbCanvases().length).to.be.lessThan(30);
      expect(view.liveThumbnailCount).to.equal(thumbCanvases().length);
      strip.querySelector<HTMLButtonElement>('.thumb[data-page="20"]')!.click();
      await until(() => view.currentPage === 20, `current page ${view.currentPage}`);
      await expect(view).to.be.accessible();
    } finally {
      view.pdf = undefined;
      await destroy();
    }
  });
});

describe('sportello-sign-viewer: canvases bounded at every width', () => {
  beforeEach(resetSim);

  /** Pages whose box has pixels inside both the scroller and the window. */
  function onScreen(view: SignDocumentView): number[] {
    const s = shadowOf(view).querySelector('.scroller')!.getBoundingClientRect();
    const top = Math.max(s.top, 0);
    const bottom = Math.min(s.bottom, window.innerHeight);
    return [...shadowOf(view).querySelectorAll<HTMLElement>('.page')]
      .filter((p) => {
        const r = p.getBoundingClientRect();
        return r.bottom > top && r.top < bottom && r.height > 0;
      })
      .map((p) => Number(p.dataset.page));
  }
  const live = (view: SignDocumentView) =>
    [...shadowOf(view).querySelectorAll('canvas')].map((c) => Number((c.parentElement as HTMLElement).dataset.page));
  function expectBounded(view: SignDocumentView, label: string): void {
    const visible = onScreen(view);
    const allowed = new Set(visible.flatMap((p) => [p - 1, p, p + 1]));
    const held = live(view);
    expect(visible.length, `${label}: some page is on screen`).to.be.greaterThan(0);
    for (const p of held)
      expect(allowed.has(p), `${label}: page ${p} holds a canvas; on screen ${visible}`).to.equal(true);
    expect(held.length, label).to.be.at.most(visible.length + 2);
  }
  const settled = (view: SignDocumentView) => () => {
    const allowed = new Set(onScreen(view).flatMap((p) => [p - 1, p, p + 1]));
    const held = live(view);
    return held.length > 0 && held.every((p) => allowed.has(p)) && onScreen(view).every((p) => held.includes(p));
  };

  it('in a 390 px container the 100-page practice paints only what is on screen (the view scrolls itself)', async () => {
    const el = await viewer(1010);
    el.style.removeProperty('--sportello-sign-viewer-height');
    el.style.width = '390px';
    const view = await firstPagePainted(el);
    await until(settled(view), 'canvases did not settle');
    expectBounded(view, '390 px, top');
    expect(live(view).length).to.be.at.most(4);
  });

  it('with --sportello-sign-viewer-height: auto the page scrolls, and canvases follow the window, released when pages leave', async () => {
    const el = await viewer(1010);
    el.style.setProperty('--sportello-sign-viewer-height', 'auto');
    el.style.width = '390px';
    const view = await firstPagePainted(el);
    const scroller = shadowOf(view).querySelector<HTMLElement>('.scroller')!;
    await until(() => scroller.scrollHeight > 20 * window.innerHeight, 'the view did not grow to the document');
    await until(settled(view), 'canvases did not settle at the top');
    expectBounded(view, 'grown view, top');
    expect(live(view)).to.include(1);
    // The window scrolls to page 50.
    const target = pageBox(view, 50);
    window.scrollTo(0, target.getBoundingClientRect().top + window.scrollY);
    await until(() => target.querySelector('canvas[data-painted]'), 'page 50 not painted after the window scrolled');
    await until(settled(view), 'canvases did not settle at page 50');
    expectBounded(view, 'grown view, page 50');
    expect(live(view)).not.to.include(1);
    expect(view.currentPage).to.be.within(49, 51);
    window.scrollTo(0, 0);
  });

  it('phone layout (390 px): the side panel is not a nested scroller, the audit report action is whole, the toolbar is one row (defect 6)', async () => {
    const el = await viewer(1001);
    el.style.removeProperty('--sportello-sign-viewer-height');
    el.style.width = '390px';
    // (The pages are below the window here: nothing is painted until the visitor scrolls to them.)
    await until(() => docView(el)?.shadowRoot?.querySelector('.toolbar button'), 'no document view');
    const view = docView(el)!;
    // The phone layout applies once the view has measured its width (a frame after it is laid out).
    await until(() => view.narrow, 'the view did not take its phone layout');
    await view.updateComplete;
    const side = el.shadowRoot!.querySelector<HTMLElement>('.side')!;
    expect(side.scrollHeight, 'the side panel scrolls inside itself').to.be.at.most(side.clientHeight + 1);
    const report = el.shadowRoot!.querySelector<HTMLElement>('[data-download="report"]')!.getBoundingClientRect();
    const box = side.getBoundingClientRect();
    expect(report.bottom).to.be.at.most(box.bottom + 0.5);
    expect(report.right).to.be.at.most(box.right + 0.5);
    expect(el.shadowRoot!.querySelectorAll('.signers li').length).to.be.greaterThan(0);
    // The controls on screen: those in the closed "More tools" panel are in no row.
    const tops = [...shadowOf(view).querySelectorAll<HTMLElement>('.toolbar button, .toolbar input')]
      .filter((b) => b.getClientRects().length > 0)
      .map((b) => Math.round(b.getBoundingClientRect().top));
    expect(Math.max(...tops) - Math.min(...tops), `toolbar rows: ${tops}`).to.be.at.most(4);
    await expect(el).to.be.accessible();
  });

  it('a viewer scrolled out of the window holds no canvas', async () => {
    const el = await viewer(1010);
    el.style.width = '390px';
    await firstPagePainted(el);
    const view = docView(el)!;
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    el.before(spacer);
    try {
      await until(() => live(view).length === 0, `canvases kept off screen: ${live(view)}`);
    } finally {
      spacer.remove();
    }
  });
});
