// The viewer against the real-world corpus (test/fixtures/pdf-corpus, README there): every file is
// opened in link-only mode on a 390 px phone-sized viewer, as a signer holding only the link sees it,
// and either paints where pdf.js paints the same page (pdf.js rendering it directly in this test,
// with every resource its own viewer gives it) or says what is wrong in the visitor's words.
import { expect, fixture } from '@open-wc/testing';
import * as pdfjs from 'pdfjs-dist';
import { SIM_URL } from '/__sportello/env.js';
import type { SportelloSignViewer } from './sign-viewer.js';
import { docView, shadow } from '../../test/browser/helpers/sign-viewer.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

const CORPUS = '/test/fixtures/pdf-corpus/';
const PDFJS = new URL('/node_modules/pdfjs-dist/', location.href).href;

/** What a signer must see for each file. */
type Expect = 'paints' | 'password' | 'damaged';
/** `pages`: the pages to look at; `unreadable`: those among them that must say they are damaged. */
const FILES: Array<{ file: string; expect: Expect; pages?: number[]; unreadable?: number[] }> = [
  { file: 'scan-jpeg.pdf', expect: 'paints' },
  { file: 'scan-jpeg2000.pdf', expect: 'paints' },
  { file: 'scan-jbig2.pdf', expect: 'paints', pages: [1, 2] },
  { file: 'cjk-cmap-not-embedded.pdf', expect: 'paints' },
  { file: 'cjk-japanese-embedded.pdf', expect: 'paints' },
  { file: 'cjk-chinese-embedded.pdf', expect: 'paints' },
  { file: 'form-acroform.pdf', expect: 'paints' },
  { file: 'rotated-pages.pdf', expect: 'paints', pages: [1, 2] },
  { file: 'long-114-pages.pdf', expect: 'paints' },
  { file: 'long-352-pages.pdf', expect: 'paints' },
  { file: 'encrypted-owner-password-only.pdf', expect: 'paints' },
  { file: 'encrypted-user-password.pdf', expect: 'password' },
  { file: 'damaged-garbage.pdf', expect: 'damaged' },
  { file: 'damaged-truncated.pdf', expect: 'damaged' },
  { file: 'damaged-page-2.pdf', expect: 'paints', pages: [1, 2], unreadable: [2] },
];

/** A coarse map of where a canvas has ink: cells of a grid, true where any pixel is not near white. */
function inkGrid(canvas: HTMLCanvasElement, cols = 16, rows = 20): boolean[] {
  const { data, width, height } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
  const grid = new Array<boolean>(cols * rows).fill(false);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (data[i + 3]! > 0 && (data[i]! < 180 || data[i + 1]! < 180 || data[i + 2]! < 180))
        grid[
          Math.min(rows - 1, Math.floor((y / height) * rows)) * cols +
            Math.min(cols - 1, Math.floor((x / width) * cols))
        ] = true;
    }
  return grid;
}

/** pdf.js painting page `n` of `url` by itself, as its own viewer does (character maps, fonts, decoders, ICC profiles). */
async function referencePage(url: string, n: number, width: number, password?: string): Promise<HTMLCanvasElement> {
  const data = new Uint8Array(await (await fetch(url)).arrayBuffer());
  const task = pdfjs.getDocument({
    data,
    password,
    isEvalSupported: false,
    cMapUrl: `${PDFJS}cmaps/`,
    standardFontDataUrl: `${PDFJS}standard_fonts/`,
    wasmUrl: `${PDFJS}wasm/`,
    iccUrl: `${PDFJS}iccs/`,
  });
  try {
    const pdf = await task.promise;
    const page = await pdf.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / base.width });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvas, viewport }).promise;
    return canvas;
  } finally {
    await task.destroy();
  }
}

async function open(file: string): Promise<SportelloSignViewer> {
  const el = document.createElement('sportello-sign-viewer');
  el.setAttribute('lang', 'en');
  el.setAttribute('style', 'width: 390px; --sportello-sign-viewer-height: 700px');
  el.setAttribute('signing-url', `${SIM_URL}/sign/app/sign/corpus`);
  el.setAttribute('document-src', `${CORPUS}${file}`);
  return fixture<SportelloSignViewer>(el);
}

const view = (el: SportelloSignViewer) => docView(el)?.shadowRoot ?? null;
const pageCanvas = (el: SportelloSignViewer, n: number) =>
  view(el)?.querySelector<HTMLCanvasElement>(`.page[data-page="${n}"] canvas[data-painted]`) ?? null;
/** What the viewer says instead of a document: its own notice, or the document view's. */
const message = (el: SportelloSignViewer) =>
  shadow(el).querySelector('.doc-state [part="error"], .doc-state sportello-error-notice') ??
  view(el)?.querySelector('.doc-error') ??
  null;
const pageMessage = (el: SportelloSignViewer, n: number) =>
  view(el)?.querySelector(`.page[data-page="${n}"] .page-error`) ?? null;
/** The canvas of page `n` with its picture, while it holds one (a refit or a scroll may take it away). */
const livePage = (el: SportelloSignViewer, n: number) => {
  const canvas = pageCanvas(el, n);
  return canvas && canvas.width > 0 ? canvas : null;
};
const passwordField = (el: SportelloSignViewer) => shadow(el).querySelector<HTMLInputElement>('#document-password');
const BROKEN = 'This document cannot be displayed: it is damaged or is not a PDF.';

/** Compares page `n` as the viewer painted it with pdf.js' own picture of it (read at once: the canvas may be given back later). */
async function expectPaintedLikePdfjs(
  el: SportelloSignViewer,
  file: string,
  n: number,
  password?: string,
): Promise<void> {
  const painted = await until(
    () => livePage(el, n) ?? (message(el) || pageMessage(el, n) ? 'message' : null),
    `page ${n} of ${file} neither painted nor explained`,
  );
  const said = (message(el) ?? pageMessage(el, n))?.textContent?.trim() ?? '';
  expect(painted, `${file} page ${n}: ${said}`).to.be.instanceOf(HTMLCanvasElement);
  const canvas = painted as HTMLCanvasElement;
  const got = inkGrid(canvas);
  const reference = await referencePage(`${CORPUS}${file}`, n, canvas.width, password);
  const want = inkGrid(reference);
  const missing = want.filter((ink, i) => ink && !got[i]).length;
  const inked = want.filter(Boolean).length;
  expect(inked, `pdf.js paints page ${n} of ${file}`).to.be.greaterThan(0);
  expect(missing, `${file} page ${n}: cells pdf.js inks that the viewer leaves blank, of ${inked}`).to.be.at.most(
    Math.floor(inked * 0.05),
  );
  expect(docView(el)!.liveCanvasCount, 'canvases alive').to.be.at.most(4);
}

describe('sportello-sign-viewer: the real-world corpus at 390 px in link-only mode', function () {
  // Each file is decoded twice (the viewer, then pdf.js alone for the reference), real-world sizes
  // and AES-256 included: more work per test than the runner's default allows on a loaded machine.
  this.timeout(60000);
  before(() => {
    pdfjs.GlobalWorkerOptions.workerSrc = '/node_modules/pdfjs-dist/build/pdf.worker.min.mjs';
  });

  for (const { file, pages = [1], unreadable = [] } of FILES.filter((f) => f.expect === 'paints')) {
    const what = unreadable.length ? `, and says page ${unreadable.join(', ')} is damaged` : '';
    it(`${file}: paints page${pages.length > 1 ? 's' : ''} ${pages.join(', ')} where pdf.js does${what}, with at most 4 canvases`, async () => {
      const el = await open(file);
      for (const n of pages) {
        if (n > 1) docView(el)!.goToPage(n);
        if (unreadable.includes(n)) {
          const said = await until(() => pageMessage(el, n), `page ${n} of ${file} says nothing`);
          expect(said.textContent).to.equal('This page cannot be displayed: it is damaged.');
          expect(pageCanvas(el, n), 'no picture of a damaged page').to.equal(null);
          await expect(el).to.be.accessible();
        } else await expectPaintedLikePdfjs(el, file, n);
      }
    });
  }

  for (const { file } of FILES.filter((f) => f.expect === 'damaged')) {
    it(`${file}: says the document is damaged, in the visitor's words, and paints nothing`, async () => {
      const el = await open(file);
      const said = await until(() => message(el) ?? livePage(el, 1), `${file}: neither a message nor a page`);
      expect(said.textContent?.trim(), file).to.equal(BROKEN);
      expect(view(el)?.querySelector('canvas') ?? null).to.equal(null);
      await expect(el).to.be.accessible();
    });
  }

  it('encrypted-user-password.pdf: asks for the password, says a wrong one is wrong, says it is protected on cancel, then paints', async () => {
    const file = 'encrypted-user-password.pdf';
    const el = await open(file);
    const field = await until(() => passwordField(el) ?? message(el), 'no password prompt');
    expect(field, message(el)?.textContent ?? '').to.be.instanceOf(HTMLInputElement);
    const form = () => shadow(el).querySelector<HTMLFormElement>('.password-form')!;
    const label = shadow(el).querySelector(`label[for="document-password"]`);
    expect(label?.textContent).to.equal('Password');
    expect(el.matches(':state(password)')).to.equal(true);
    await expect(el).to.be.accessible();

    passwordField(el)!.value = 'wrong';
    form().requestSubmit();
    const alert = await until(
      () => shadow(el).querySelector('.password-wrong[role="alert"]'),
      'a wrong password not said',
    );
    expect(alert.textContent).to.equal('The password is not correct. Please try again.');
    expect(passwordField(el)!.value, 'the field is emptied to type again').to.equal('');
    expect(passwordField(el)!.getAttribute('aria-invalid')).to.equal('true');
    await expect(el).to.be.accessible();

    [...form().querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!.click();
    const protectedNote = await until(
      () => shadow(el).querySelector('.password [role="status"]'),
      'cancel says nothing',
    );
    expect(protectedNote.textContent).to.equal(
      'This document is protected by a password: it cannot be shown without it.',
    );
    expect(shadow(el).textContent ?? '').not.to.contain('connection');
    await expect(el).to.be.accessible();
    await until(
      () => shadow(el).activeElement?.textContent === 'Enter the password',
      'focus not on Enter the password',
    );

    (shadow(el).activeElement as HTMLButtonElement).click();
    await until(() => shadow(el).activeElement === passwordField(el), 'focus not in the password field');
    passwordField(el)!.value = 'sportello';
    form().requestSubmit();
    await expectPaintedLikePdfjs(el, file, 1, 'sportello');
    expect(el.matches(':state(password)')).to.equal(false);
  });
});
