// The document with the keyboard alone (#33 item 6): the thumbnail strip is one Tab stop moved
// through with the arrows (the WAI-ARIA listbox pattern), the areas and placeholders are reached
// with "Next area" and announced by their type, signer and state, and Escape in the search row
// gives the focus back to what opened it.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { SignDocumentView } from './parts/document-view.js';
import type { SportelloSignViewer } from './sign-viewer.js';
import { firstPagePainted, resetSim, sharedViewer, viewer } from '../../test/browser/helpers/sign-viewer.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

const root = (v: SignDocumentView) => v.shadowRoot!;
const focused = (v: SignDocumentView) => root(v).activeElement as HTMLElement | null;

// The 100-page document loads once for the strip's steps below; each step runs under its own time limit.
describe('sportello-sign-viewer: the thumbnail strip of a 100-page document with the keyboard alone', () => {
  let el: SportelloSignViewer;
  let view: SignDocumentView;
  let remove = () => {};
  before(async () => {
    await resetSim();
    ({ el, remove } = await sharedViewer(1010));
    view = await firstPagePainted(el);
    await until(() => view.pageCount === 100, 'not 100 pages');
  });
  after(() => remove());

  it("is one Tab stop, reached by Tab on the current page's thumbnail", async () => {
    const toggle = root(view).querySelector<HTMLButtonElement>('.toolbar button[aria-label="Page thumbnails"]')!;
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    const strip = await until(
      () => (root(view).querySelectorAll('.thumb').length === 100 ? root(view).querySelector('.thumbs') : null),
      'the strip did not open',
    );
    expect(strip.getAttribute('role')).to.equal('listbox');
    const stops = [...strip.querySelectorAll<HTMLElement>('button, [tabindex="0"]')];
    expect(stops.map((s) => s.dataset.page)).to.deep.equal(['1']);

    // Tab from the toolbar's last control reaches the strip, on the current page's thumbnail.
    root(view).querySelector<HTMLButtonElement>('button.search-toggle')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(focused(view)?.dataset.page).to.equal('1');
    expect(focused(view)?.getAttribute('aria-selected')).to.equal('true');
  });

  it('the arrows, Home and End move through it, and the view follows', async () => {
    await until(() => focused(view)?.dataset.page === '1', 'the strip lost the focus');
    await sendKeys({ press: 'ArrowDown' });
    await until(() => focused(view)?.dataset.page === '2', 'ArrowDown did not move to page 2');
    await until(() => view.currentPage === 2, `the view did not follow: page ${view.currentPage}`);
    expect(focused(view)!.getAttribute('aria-selected')).to.equal('true');
    expect(focused(view)!.tabIndex).to.equal(0);
    await sendKeys({ press: 'End' });
    await until(() => focused(view)?.dataset.page === '100', 'End did not move to the last page');
    await until(() => view.currentPage === 100, `page ${view.currentPage}`);
    await sendKeys({ press: 'Home' });
    await until(() => focused(view)?.dataset.page === '1', 'Home did not move to the first page');
    await until(() => view.currentPage === 1, `page ${view.currentPage}`);
    await sendKeys({ press: 'End' });
    await until(() => focused(view)?.dataset.page === '100', 'End did not move to the last page again');
    await sendKeys({ press: 'ArrowUp' });
    await until(() => focused(view)?.dataset.page === '99', 'ArrowUp did not move back');
  });

  it('one more Tab leaves it: no other thumbnail is a stop; axe finds nothing', async () => {
    await until(() => focused(view)?.dataset.page === '99', 'the strip lost the focus');
    await sendKeys({ press: 'Tab' });
    expect(focused(view)?.classList.contains('thumb') ?? false, 'Tab stayed in the strip').to.equal(false);
    await expect(el).to.be.accessible();
  });
});

describe('sportello-sign-viewer: the document with the keyboard alone', () => {
  beforeEach(resetSim);

  it('"Next area" focuses each area and placeholder in reading order, announced by its type, signer and state', async () => {
    const el = await viewer(1001, { 'signer-email': 'mario.rossi@acme.test' });
    const view = await firstPagePainted(el);
    await until(() => root(view).querySelectorAll('.area').length > 1, 'areas not placed');
    const next = await until(() => root(view).querySelector<HTMLButtonElement>('button.next-area'), 'no Next area');
    const total = root(view).querySelectorAll('.area').length;
    expect(next.getAttribute('aria-label')).to.equal(`Next area (1 of ${total})`);
    next.focus();
    await sendKeys({ press: 'Enter' });
    const first = await until(
      () => (focused(view)?.classList.contains('area') ? focused(view) : null),
      'no area focused',
    );
    // Its name says what it is and whose it is (and, for a signer's, where it stands).
    expect(first.getAttribute('aria-label')).to.match(/.+ — .+/);
    const names = [first.dataset.area];
    const labels = [first.getAttribute('aria-label')!];
    for (let i = 1; i < total; i++) {
      next.click();
      await until(() => focused(view)?.dataset.area !== names[names.length - 1], `area ${i + 1} not focused`);
      names.push(focused(view)!.dataset.area);
      labels.push(focused(view)!.getAttribute('aria-label')!);
    }
    // A signer's area says their state: Mario's (the viewer's: "you") signed, Laura's still to sign.
    expect(
      labels.some((l) => /\(you\) — signed by Mario Rossi/.test(l)),
      labels.join(' | '),
    ).to.equal(true);
    expect(
      labels.some((l) => /Laura Bianchi — to be signed$/.test(l)),
      labels.join(' | '),
    ).to.equal(true);
    expect(new Set(names).size, 'every area reached once').to.equal(total);
    // After the last, the first again.
    next.click();
    await until(() => focused(view)?.dataset.area === names[0], 'did not wrap to the first area');
    await expect(el).to.be.accessible();
  });

  it('Escape in the search row gives the focus back to the search button, not to the page', async () => {
    const el = await viewer(1001);
    const view = await firstPagePainted(el);
    const button = root(view).querySelector<HTMLButtonElement>('button.search-toggle')!;
    button.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => focused(view)?.id === 'search-input', 'the search field has no focus');
    await sendKeys({ type: 'contract' });
    await sendKeys({ press: 'Escape' });
    await until(() => !root(view).querySelector('#search-input'), 'the search row stays');
    await until(() => focused(view) === button, `focus went to ${document.activeElement?.tagName}`);

    // Opened from the pages with Ctrl+F, it gives the focus back to the pages.
    const pages = root(view).querySelector<HTMLElement>('.scroller')!;
    pages.focus();
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'f' });
    await sendKeys({ up: 'Control' });
    await until(() => focused(view)?.id === 'search-input', 'Ctrl+F did not open the search');
    await sendKeys({ press: 'Escape' });
    await until(
      () => focused(view) === pages,
      `focus went to ${focused(view)?.tagName ?? document.activeElement?.tagName}`,
    );
  });
});
