// The page number follows a search jump at once: from the moment it shows the hit's page, it never
// shows the page the jump left (before the fix it went back to it for a frame or more, until the
// visibility observer caught up with the scroll).
import { expect } from '@open-wc/testing';
import type { SignDocumentView } from './parts/document-view.js';
import { firstPagePainted, practiceShown, resetSim, viewer } from '../../test/browser/helpers/sign-viewer.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

const root = (v: SignDocumentView) => v.shadowRoot!;
/** What the visitor reads: the page field, and what the page-number status says. */
const shown = (v: SignDocumentView) =>
  `${root(v).querySelector<HTMLInputElement>('#page-input')?.value} ${root(v).querySelector('.toolbar [role="status"]')?.textContent?.trim()}`;

/** Samples `read` after every rendering step (animation frame) until `stop()` is called. */
function sampler(read: () => string) {
  const seen: string[] = [read()];
  let on = true;
  const frame = () => {
    if (!on) return;
    seen.push(read());
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  return {
    seen,
    stop: () => {
      on = false;
      seen.push(read());
    },
  };
}

async function search(view: SignDocumentView, query: string): Promise<void> {
  if (!root(view).querySelector('#search-input'))
    root(view).querySelector<HTMLButtonElement>('.toolbar button[aria-label="Search in the document"]')!.click();
  await view.updateComplete;
  const input = root(view).querySelector<HTMLInputElement>('#search-input')!;
  input.value = query;
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
}

describe('search: the page number after a jump', () => {
  beforeEach(resetSim);

  for (const [idFile, query, from, to] of [
    [1003, 'sixty days written notice', 1, 2],
    [1010, 'Capitolo 40', 1, 40],
  ] as const) {
    it(`practice ${idFile}: "${query.trim()}" moves the number from ${from} to ${to} and never back`, async () => {
      const el = await viewer(idFile);
      await practiceShown(el);
      const view = await firstPagePainted(el);
      await until(() => view.currentPage === from && view.visiblePages.includes(from), 'not on the first page');
      const fromText = shown(view);
      const watch = sampler(() => shown(view));
      await search(view, query);
      // The jump is complete when the hit is marked, the visible pages have caught up and the
      // number says the hit's page.
      await until(
        () =>
          root(view).querySelector(`.page[data-page="${to}"] .textLayer mark.hit.current`) &&
          view.visiblePages.includes(to) &&
          view.currentPage === to,
        'the jump did not complete',
      );
      watch.stop();
      const first = watch.seen.findIndex((s) => s.startsWith(`${to} `));
      expect(first, `never showed page ${to}: ${watch.seen.join(' | ')}`).to.be.greaterThan(0);
      const after = watch.seen.slice(first);
      expect(
        after.filter((s) => s === fromText),
        `showed page ${from} again after ${to}: ${watch.seen.join(' | ')}`,
      ).to.deep.equal([]);
      expect(
        after.every((s) => s.startsWith(`${to} `)),
        watch.seen.join(' | '),
      ).to.equal(true);
    });
  }
});
