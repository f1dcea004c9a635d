// A search hit that crosses the text layer's spans (a phrase wrapping onto the next line of the
// simulator's service agreement, practice 1003): every piece is marked, and the view scrolls to it.
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { setViewport } from '@web/test-runner-commands';
import type { SportelloSignViewer } from './sign-viewer.js';
import type { SignDocumentView } from './parts/document-view.js';
import { firstPagePainted, practiceShown, resetSim, viewer } from '../../test/browser/helpers/sign-viewer.js';
import { findMatches, joinPieces, matchPieces, type TextPiece } from '../../src/pdf/search.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

const root = (v: SignDocumentView) => v.shadowRoot!;

async function search(view: SignDocumentView, query: string): Promise<void> {
  if (!root(view).querySelector('#search-input'))
    root(view).querySelector<HTMLButtonElement>('.toolbar button[aria-label="Search in the document"]')!.click();
  await view.updateComplete;
  const input = root(view).querySelector<HTMLInputElement>('#search-input')!;
  input.value = query;
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
}

const status = (view: SignDocumentView) => root(view).querySelector('.search-status')?.textContent?.trim();
const currentMarks = (view: SignDocumentView, page: number) => [
  ...root(view).querySelectorAll<HTMLElement>(`.page[data-page="${page}"] .textLayer mark.hit.current`),
];

/** True if `el` is inside the pages' scroller as it shows now, and inside the window. */
function onScreen(view: SignDocumentView, el: Element): boolean {
  const r = el.getBoundingClientRect();
  const box = root(view).querySelector('.scroller')!.getBoundingClientRect();
  const inside = (outer: { top: number; bottom: number; left: number; right: number }) =>
    r.top >= outer.top && r.bottom <= outer.bottom && r.left >= outer.left && r.right <= outer.right;
  return inside(box) && inside({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth });
}

describe('search: a hit across text-layer spans', () => {
  let el: SportelloSignViewer;
  beforeEach(async () => {
    await resetSim();
    el = await viewer(1003);
    await practiceShown(el);
  });

  it('"ACME Services S.p.A." wraps onto the next line: both pieces are marked, in their own spans', async () => {
    const view = await firstPagePainted(el);
    await search(view, 'acme services s.p.a.');
    await until(() => status(view) === '1 of 1', `status ${status(view)}`);
    await until(() => currentMarks(view, 1).length === 2, 'the pieces are not all marked');
    const marks = currentMarks(view, 1);
    expect(marks.map((m) => m.textContent)).to.deep.equal(['ACME Services', 'S.p.A.']);
    expect(marks[0]!.parentElement).not.to.equal(marks[1]!.parentElement);
    // The spans keep their text: selection and the next search read the same words.
    expect(marks[0]!.parentElement!.textContent).to.match(/and ACME Services$/);
    expect(marks[1]!.parentElement!.textContent).to.match(/^S\.p\.A\. \("the Provider"\)/);
    const box = root(view).querySelector('.scroller')!.getBoundingClientRect();
    for (const m of marks)
      expect(
        onScreen(view, m),
        `piece not on screen: ${JSON.stringify(m.getBoundingClientRect())} in ${JSON.stringify(box)} window ${window.innerWidth}x${window.innerHeight}`,
      ).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('a hit on the next page: the view scrolls to it, every piece on screen; a new search takes the old marks away', async () => {
    const view = await firstPagePainted(el);
    await search(view, 'sixty days written notice');
    await until(() => status(view) === '1 of 1', `status ${status(view)}`);
    await until(() => currentMarks(view, 2).length === 2, 'the pieces on page 2 are not marked');
    // The page number follows the scroll (the visible pages are reported a frame or two later).
    await until(() => view.currentPage === 2, `current page ${view.currentPage}`);
    expect(currentMarks(view, 2).map((m) => m.textContent)).to.deep.equal(['sixty', 'days written notice']);
    await until(() => currentMarks(view, 2).every((m) => onScreen(view, m)), 'the hit was not brought on screen');
    const span = currentMarks(view, 2)[0]!.parentElement!;
    await search(view, 'Customer signature');
    await until(() => status(view) === '1 of 1', `status ${status(view)}`);
    await until(() => !span.querySelector('mark'), 'the old marks stayed');
    expect(span.textContent).to.match(/with sixty$/);
  });
});

describe('search: matching pieces (pure)', () => {
  const piece = fc.record({ str: fc.string({ maxLength: 12 }), eol: fc.boolean() });

  it('the parts of a match are exactly the matched text, piece by piece, whatever the cut', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.string({ minLength: 1, maxLength: 6 }), (pieces, q) => {
        const { text, starts } = joinPieces(pieces);
        const matches = findMatches(text, q);
        const parts = matchPieces(pieces, q);
        expect(parts.length).to.equal(matches.length);
        parts.forEach((ps, k) => {
          const [start, end] = matches[k]!;
          // The parts cover the match minus the line ends between pieces, in order.
          const covered = ps.map((p) => text.slice(starts[p.piece]! + p.from, starts[p.piece]! + p.to)).join('');
          expect(covered).to.equal(text.slice(start, end).replace(/\n/g, ''));
        });
      }),
    );
  });

  it('a phrase cut into any number of runs, or wrapped at a space, is found once', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 5 }), fc.boolean(), (cuts, wrap) => {
        const phrase = 'ACME Services S.p.A. here';
        const text = wrap ? phrase.replace(' S.p.A.', '\nS.p.A.') : phrase;
        const points = [...new Set(cuts.map((c) => Math.min(c, text.length)))].sort((a, b) => a - b);
        const pieces: TextPiece[] = [];
        let at = 0;
        for (const p of [...points, text.length]) {
          const chunk = text.slice(at, p);
          at = p;
          // A newline is a line's end, as pdf.js gives it.
          chunk.split('\n').forEach((s, i, all) => pieces.push({ str: s, eol: i < all.length - 1 }));
        }
        expect(matchPieces(pieces, 'acme  services s.p.a.')).to.have.length(1);
      }),
    );
  });
});

describe('search: a hit across spans when the page scrolls (390×844)', () => {
  before(() => setViewport({ width: 390, height: 844 }));
  after(() => setViewport({ width: 800, height: 600 }));
  beforeEach(resetSim);
  afterEach(() => window.scrollTo(0, 0));

  it('the window brings the wrapped phrase on page 2 below the sticky head', async () => {
    const el = await viewer(1003);
    el.style.setProperty('--sportello-sign-viewer-height', 'auto');
    el.style.width = '374px';
    await practiceShown(el);
    el.scrollIntoView();
    const view = await firstPagePainted(el);
    await search(view, 'sixty days written notice');
    await until(() => status(view) === '1 of 1', `status ${status(view)}`);
    await until(() => currentMarks(view, 2).length === 2, 'the pieces on page 2 are not marked');
    const head = () => root(view).querySelector('.head')!.getBoundingClientRect();
    await until(
      () =>
        currentMarks(view, 2).every((m) => {
          const r = m.getBoundingClientRect();
          return (
            r.top >= head().bottom && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth
          );
        }),
      'the pieces are not on screen below the sticky head',
    );
    await expect(el).to.be.accessible();
  });
});
