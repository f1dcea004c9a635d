// The cold first page (#23): a document's page boxes are laid out once, at their fitted scale, before
// its first picture. Before, they were rendered at the previous scale (100 %) and refitted a render
// later: a long document's boxes were built and laid out twice on the way to the first picture.
import { expect, fixture, html } from '@open-wc/testing';
import { stringsReady } from '../../src/i18n/translate.js';
import type { SignDocumentView } from './parts/document-view.js';
import { PAGE_GAP } from './parts/document-view.styles.js';
import { openTestPdf } from '../../test/browser/helpers/sign-viewer.js';
import { makePdf } from '../../test/browser/helpers/sign-pdfs.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

describe('sign document view: first layout', () => {
  it("lays a document's pages out at their fitted scale the first time, not at 100 % and then refitted", async () => {
    const bytes = await makePdf(Array.from({ length: 12 }, () => ({ width: 400, height: 600, text: 'page' })));
    const { pdf, destroy } = await openTestPdf(bytes);
    let view: SignDocumentView | undefined;
    try {
      await stringsReady('en');
      // `v` for the body (never undefined there); `view` for the cleanup below.
      const v = (view = await fixture<SignDocumentView>(html`<sportello-sign-document></sportello-sign-document>`));
      v.setAttribute('style', 'display: flex; height: 640px; width: 800px');
      await v.updateComplete;
      // The view's scroller keeps its width whether the pages overflow it or not (a classic scrollbar
      // appearing would be a real reason to refit, which this test is not about).
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('.scroller { scrollbar-gutter: stable; }');
      v.shadowRoot!.adoptedStyleSheets = [...v.shadowRoot!.adoptedStyleSheets, sheet];
      // Every width page 1's box is given, in the order given, from its creation on.
      const widths: string[] = [];
      const observer = new MutationObserver(() => {
        const width = v.shadowRoot!.querySelector<HTMLElement>('.page[data-page="1"]')?.style.width;
        if (width && widths.at(-1) !== width) widths.push(width);
      });
      observer.observe(v.shadowRoot!, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['style'],
      });
      v.pdf = pdf;
      const canvas = await until(
        () => v.shadowRoot!.querySelector('.page[data-page="1"] canvas[data-painted]'),
        'page 1 not painted',
      );
      observer.disconnect();
      const scroller = v.shadowRoot!.querySelector<HTMLElement>('.scroller')!;
      const scale = Math.round(((scroller.clientWidth - 2 * PAGE_GAP) / 400) * 1000) / 1000;
      const fitted = `${Math.floor(400 * scale)}px`;
      expect(widths, 'the widths page 1 was laid out at').to.deep.equal([fitted]);
      expect(canvas.isConnected).to.equal(true);
    } finally {
      // The view lets go of the document (its text layers, links and size reads stop) before the
      // document is destroyed, as the viewer does.
      if (view) {
        view.pdf = undefined;
        await view.updateComplete;
      }
      await destroy();
    }
  });
});
