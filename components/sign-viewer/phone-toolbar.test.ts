// Every toolbar control is reachable without swiping the toolbar: at a phone's width the zoom and
// fit controls sit in a "More tools" panel (a disclosure, keyboard complete); at a desktop width they
// are all in the row. Before: at 390×844 the search and "Fit page" buttons sat off the right edge.
import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { SignDocumentView } from './parts/document-view.js';
import type { SportelloSignViewer } from './sign-viewer.js';
import { firstPagePainted, resetSim, sharedViewer, viewer } from '../../test/browser/helpers/sign-viewer.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

const root = (v: SignDocumentView) => v.shadowRoot!;
const toolbar = (v: SignDocumentView) => root(v).querySelector<HTMLElement>('.toolbar')!;
const more = (v: SignDocumentView) =>
  root(v).querySelector<HTMLButtonElement>('.toolbar button[aria-controls="more-tools"]');
const panel = (v: SignDocumentView) => root(v).querySelector<HTMLElement>('#more-tools');
/** The toolbar's controls a visitor can use now (hidden ones are not). */
const controls = (v: SignDocumentView) =>
  [...toolbar(v).querySelectorAll<HTMLElement>('button, input')].filter((c) => c.getClientRects().length > 0);
const names = (cs: HTMLElement[]) => cs.map((c) => c.getAttribute('aria-label') ?? c.title ?? c.id);

/** True if the control is wholly in the window and not clipped by the toolbar's own box. */
function reachable(v: SignDocumentView, c: HTMLElement): boolean {
  const r = c.getBoundingClientRect();
  const bar = toolbar(v).getBoundingClientRect();
  const inWindow = r.left >= 0 && r.right <= window.innerWidth && r.top >= 0 && r.bottom <= window.innerHeight;
  // A control in the open panel hangs below the toolbar; one in the row must be inside it.
  const inRow = panel(v)?.contains(c) || (r.left >= bar.left - 0.5 && r.right <= bar.right + 0.5);
  return inWindow && !!inRow && r.width > 0 && r.height > 0;
}

/** The controls every width must offer, by accessible name or title. */
const EVERY = [
  'Page thumbnails',
  'Previous page',
  'Next page',
  'Zoom out',
  'Zoom in',
  'Fit width',
  'Fit page',
  'Search in the document',
];

// One viewer of the 100-page document (its "100 / 100" is the widest the page field gets) for the
// steps below: the document loads once, and each step runs under its own time limit.
describe('document toolbar at 390×844 (a phone)', () => {
  let el: SportelloSignViewer;
  let view: SignDocumentView;
  let remove = () => {};
  before(async () => {
    await setViewport({ width: 390, height: 844 });
    await resetSim();
    ({ el, remove } = await sharedViewer(1010));
    el.style.setProperty('--sportello-sign-viewer-height', 'auto');
    el.style.width = '374px';
    view = await firstPagePainted(el);
    await until(() => view.pageCount === 100 && more(view), 'no "More tools" button at a phone width');
  });
  after(async () => {
    remove();
    window.scrollTo(0, 0);
    await setViewport({ width: 800, height: 600 });
  });

  it('every control in the row is on screen without swiping, none drawn as an emoji', async () => {
    // The toolbar does not scroll sideways: nothing is beyond its edge.
    expect(toolbar(view).scrollWidth, 'the toolbar must be swiped').to.be.at.most(toolbar(view).clientWidth);
    const row = controls(view);
    expect(
      row.filter((c) => !reachable(view, c)).map((c) => c.getAttribute('aria-label') ?? c.title),
      'off screen',
    ).to.deep.equal([]);
    expect(names(row)).to.include('Search in the document');
    // Icons are drawn or are text glyphs: an emoji (outside the BMP) needs an emoji font, and
    // without one (Debian's Chromium here) the search button showed an empty box.
    expect(
      row.filter((c) => /[\u{10000}-\u{10FFFF}]/u.test(c.textContent ?? '')).map((c) => c.getAttribute('aria-label')),
      'an emoji as an icon',
    ).to.deep.equal([]);
    expect(more(view)!.getAttribute('aria-expanded')).to.equal('false');
    await expect(el).to.be.accessible();
  });

  it('"More tools" opens by keyboard with every control on screen, Tab walks into it, Escape closes it', async () => {
    more(view)!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => panel(view) && !panel(view)!.hidden, 'the panel did not open');
    expect(more(view)!.getAttribute('aria-expanded')).to.equal('true');
    const all = controls(view);
    expect(all.filter((c) => !reachable(view, c)).map((c) => c.getAttribute('aria-label') ?? c.title)).to.deep.equal(
      [],
    );
    for (const name of EVERY) expect(names(all), `${name} not offered`).to.include(name);
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Tab' });
    const focused = () => root(view).activeElement as HTMLElement | null;
    expect(panel(view)!.contains(focused()), `focus went to ${focused()?.outerHTML}`).to.equal(true);
    // Escape closes it and gives the focus back to its button.
    await sendKeys({ press: 'Escape' });
    await until(() => panel(view)!.hidden, 'Escape did not close the panel');
    expect(focused()).to.equal(more(view));
    expect(more(view)!.getAttribute('aria-expanded')).to.equal('false');
  });

  it('"Fit page" from the panel applies and closes it; a click elsewhere closes it too', async () => {
    more(view)!.click();
    await until(() => !panel(view)!.hidden, 'the panel did not open on a click');
    panel(view)!.querySelector<HTMLButtonElement>('button[title="Fit page"]')!.click();
    await until(() => view.zoom === 'fit-page' && panel(view)!.hidden, 'Fit page did not apply');
    more(view)!.click();
    await until(() => !panel(view)!.hidden, 'the panel did not open again');
    root(view)
      .querySelector<HTMLElement>('.scroller')!
      .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await until(() => panel(view)!.hidden, 'a click elsewhere did not close the panel');
    await expect(el).to.be.accessible();
  });
});

describe('document toolbar at 1280×900', () => {
  before(() => setViewport({ width: 1280, height: 900 }));
  after(() => setViewport({ width: 800, height: 600 }));
  beforeEach(resetSim);

  it('every control is in the row; there is no "More tools" button', async () => {
    const el = await viewer(1010);
    el.style.width = '1200px';
    const view = await firstPagePainted(el);
    await until(() => view.pageCount === 100, 'no pages');
    await view.updateComplete;
    expect(more(view)).to.equal(null);
    const row = controls(view);
    expect(row.filter((c) => !reachable(view, c)).map((c) => c.title)).to.deep.equal([]);
    for (const name of EVERY) expect(names(row), `${name} not offered`).to.include(name);
    await expect(el).to.be.accessible();
  });
});
