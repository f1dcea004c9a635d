// A hostile PDF made here: JavaScript actions (OpenAction, document-level names, page open action,
// a link) and the CVE-2024-4367 FontMatrix injection pattern. Opening and painting it must run nothing.
import { expect, fixture, html } from '@open-wc/testing';
// @ts-expect-error -- pdf-lib's bundled ESM build (it loads in the browser without a bundler) has no .d.ts of its own.
import * as PdfLibEsm from 'pdf-lib/dist/pdf-lib.esm.js';
import { hasInk, openTestPdf } from '../../test/browser/helpers/sign-viewer.js';
import type { SignDocumentView } from './parts/document-view.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

const {
  PDFDocument,
  PDFName,
  PDFString,
  PDFHexString,
  StandardFonts,
  beginText,
  endText,
  moveText,
  setFontAndSize,
  showText,
} = PdfLibEsm as typeof import('pdf-lib');

declare global {
  interface Window {
    __sportelloPwned?: unknown;
  }
}

async function hostilePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Innocent looking contract', { x: 50, y: 780, size: 18, font: helvetica });
  const ctx = doc.context;
  const js = (code: string) => ctx.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(code) });
  doc.catalog.set(
    PDFName.of('OpenAction'),
    ctx.register(js('window.__sportelloPwned = "openaction"; app.alert("x");')),
  );
  doc.catalog.set(
    PDFName.of('Names'),
    ctx.obj({
      JavaScript: ctx.obj({ Names: [PDFString.of('evil'), ctx.register(js('window.__sportelloPwned = "names";'))] }),
    }),
  );
  page.node.set(PDFName.of('AA'), ctx.obj({ O: ctx.register(js('window.__sportelloPwned = "page-open";')) }));
  const link = ctx.register(
    ctx.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [50, 700, 300, 730],
      Border: [0, 0, 0],
      A: js('window.__sportelloPwned = "link";'),
    }),
  );
  page.node.set(PDFName.of('Annots'), ctx.obj([link]));
  // CVE-2024-4367: a FontMatrix entry that is a string breaking out of pdf.js' glyph compiler.
  const evilFont = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'Type1',
      BaseFont: 'EvilFont',
      FirstChar: 32,
      LastChar: 126,
      FontMatrix: [1, 0, 0, 1, 0, PDFString.of('0\\); window.__sportelloPwned = "fontmatrix"; //')],
    }),
  );
  page.node.setFontDictionary(PDFName.of('FEvil'), evilFont);
  page.pushOperators(
    beginText(),
    setFontAndSize('FEvil', 14),
    moveText(50, 650),
    showText(PDFHexString.fromText('Glyphs through the hostile font')),
    endText(),
  );
  return doc.save();
}

describe('sportello-sign-viewer: a malicious PDF', () => {
  it('renders without running its JavaScript actions or the FontMatrix injection', async () => {
    const alerts: unknown[] = [];
    const originalAlert = window.alert;
    window.alert = (m?: unknown) => void alerts.push(m);
    const opened: unknown[] = [];
    const originalOpen = window.open;
    window.open = ((...a: unknown[]) => (opened.push(a), null)) as typeof window.open;
    try {
      const bytes = await hostilePdf();
      const { pdf, destroy } = await openTestPdf(bytes);
      const view = await fixture<SignDocumentView>(
        html`<sportello-sign-document style="height: 700px; width: 800px; display: flex"></sportello-sign-document>`,
      );
      view.pdf = pdf;
      await until(() => view.shadowRoot!.querySelector('canvas[data-painted]'), 'hostile page not painted');
      await until(() => view.shadowRoot!.querySelector('.textLayer span'), 'no text layer');
      expect(hasInk(view.shadowRoot!.querySelector<HTMLCanvasElement>('canvas[data-painted]')!)).to.equal(true);
      // The hostile scripts are really in the file (pdf.js reads them as data) …
      const actions = JSON.stringify([await pdf.getJSActions(), await (await pdf.getPage(1)).getJSActions()]);
      expect(actions).to.contain('__sportelloPwned');
      // … and none of them ran.
      expect(window.__sportelloPwned).to.equal(undefined);
      expect(alerts).to.deep.equal([]);
      expect(opened).to.deep.equal([]);
      view.pdf = undefined;
      await view.updateComplete;
      await destroy();
    } finally {
      window.alert = originalAlert;
      window.open = originalOpen;
    }
  });
});
