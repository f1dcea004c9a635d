// An area anchored on a phrase that wraps onto the next line (practice 1003's agreement: "… and ACME
// Services" ends a line, "S.p.A. …" starts the next) is placed where the phrase starts.
import { expect } from '@open-wc/testing';
import { docView, firstPagePainted, practiceShown, resetSim, viewer } from '../../test/browser/helpers/sign-viewer.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

describe('sportello-sign-viewer: an anchor phrase across a line break', () => {
  beforeEach(resetSim);

  it('places the "ACME Services S.p.A." area under the phrase\'s first line, on page 1', async () => {
    const el = await viewer(1003);
    await practiceShown(el);
    const view = await firstPagePainted(el);
    const root = view.shadowRoot!;
    const area = await until(
      () => root.querySelector<HTMLElement>('.page[data-page="1"] .area[data-area="p0"]'),
      'the wrapped anchor was not placed',
    );
    // The text layer's run that ends with the phrase's first piece, and where "ACME" sits in it.
    const span = await until(
      () =>
        [...root.querySelectorAll('.page[data-page="1"] .textLayer span')].find((s) =>
          /ACME Services$/.test(s.textContent ?? ''),
        ),
      'no text layer with the phrase',
    );
    const text = span.firstChild!;
    const range = document.createRange();
    const at = text.textContent!.indexOf('ACME');
    range.setStart(text, at);
    range.setEnd(text, at + 'ACME'.length);
    const word = range.getBoundingClientRect();
    const page = root.querySelector('.page[data-page="1"]')!.getBoundingClientRect();
    const box = area.getBoundingClientRect();
    // The locator measures the run in the font the text layer draws it with, as the text layer
    // does: the area starts where "ACME" shows, to within rounding — not an average character off.
    expect(Math.abs(box.left - word.left), `area at ${box.left}, "ACME" at ${word.left}`).to.be.at.most(1);
    // offsetY 0.03 of the page below the phrase's line, give or take the line's own height.
    const expectedTop = word.top + 0.03 * page.height;
    expect(Math.abs(box.top - expectedTop), `area top ${box.top}, expected about ${expectedTop}`).to.be.at.most(
      word.height,
    );
    expect(area.getAttribute('aria-label')).to.be.a('string').and.not.equal('');
    await expect(el).to.be.accessible();
    expect(docView(el)).to.equal(view);
  });
});
