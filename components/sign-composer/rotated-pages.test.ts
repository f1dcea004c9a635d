// <sportello-sign-composer> on pages turned by their `/Rotate`: an area placed with the keys or the
// pointer where the user sees it is sent with the §2.4 coordinates of that very place (0..1 from the
// top-left; the kit's frame is the page as stored, see src/pdf/geometry.ts), to the millionth; the
// viewer then draws it over the same mark of the document.
import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../sign-viewer/index.js';
import type { SignSentDetail } from './events.js';
import type { SportelloSignComposer } from './sign-composer.js';
import { expectAxeClean } from '../../test/browser/helpers/axe-page.js';
import { makePdf, redBox } from '../../test/browser/helpers/sign-pdfs.js';
import {
  areas,
  addFiles,
  button,
  composer,
  deepActive,
  field,
  goToStep,
  page,
  root,
  signGet,
  type,
  unmountComposers,
  until,
  uploaded,
} from '../../test/browser/helpers/sign-composer.js';
import { docView, resetSim } from '../../test/browser/helpers/sign-viewer.js';

type Coordinate = { page: number; positionX: number; positionY: number; width: number; height: number };

/** What the service stores, rounded as the body is (to the millionth). */
const million = (n: number) => Math.round(n * 1e6) / 1e6;

async function turnedPdf(pages: Array<{ rotation: number; boxes?: Array<Record<string, number>> }>): Promise<File> {
  const bytes = await makePdf(
    pages.map((p) => ({ width: 400, height: 600, text: 'Firma qui', rotation: p.rotation, boxes: p.boxes as never })),
  );
  return new File([bytes.slice().buffer as ArrayBuffer], 'ruotato.pdf', { type: 'application/pdf' });
}

async function withSigner(el: SportelloSignComposer, file: File): Promise<void> {
  await addFiles(el, [file]);
  await uploaded(el);
  await goToStep(el, /Signers/);
  button(el, 'Add a signer').click();
  await el.updateComplete;
  await type(el, field(el, 'First name'), 'Mario');
  await type(el, field(el, 'Last name'), 'Rossi');
  await type(el, field(el, 'E-mail'), 'mario.rossi@acme.test');
  await goToStep(el, /Areas/);
  await until(() => page(el, 1)?.dataset.rotation !== undefined, 'page 1 measured');
}

async function send(el: SportelloSignComposer, name: string): Promise<number> {
  await goToStep(el, /Options/);
  await type(el, field(el, 'Name of the practice'), name);
  const sent = oneEvent(el, 'sportello-sign-sent');
  button(el, 'Send for signature').click();
  return ((await sent) as CustomEvent<SignSentDetail>).detail.idFile;
}

async function coordinatesOf(idFile: number): Promise<Coordinate[]> {
  const practice = await signGet<{ signers: Array<{ signatureCoordinates?: Coordinate[] }> }>(`/files/${idFile}`);
  return (practice.signers[0]!.signatureCoordinates ?? []).map(({ page, positionX, positionY, width, height }) => ({
    page,
    positionX,
    positionY,
    width,
    height,
  }));
}

/** An area's box on its page as the user sees it, in fractions of the page element. */
function shownBox(el: SportelloSignComposer, area: HTMLElement, n: number) {
  const p = page(el, n)!.getBoundingClientRect();
  const a = area.getBoundingClientRect();
  return {
    x: (a.left - p.left) / p.width,
    y: (a.top - p.top) / p.height,
    w: a.width / p.width,
    h: a.height / p.height,
  };
}

describe('<sportello-sign-composer> on turned pages', () => {
  beforeEach(resetSim);
  afterEach(() => unmountComposers());

  it('with the keys alone, areas placed, moved and resized on pages turned 90°, 180° and 270° are sent where they were put', async () => {
    const el = await composer();
    await withSigner(el, await turnedPdf([{ rotation: 90 }, { rotation: 180 }, { rotation: 270 }]));
    // Every page measured (the first page's size stands for the others until then).
    await until(
      () => [1, 2, 3].map((n) => page(el, n)?.dataset.rotation).join() === '90,180,270',
      'each page’s own turn',
    );
    // Turned a quarter, a 400×600 page shows wider than high.
    const first = page(el, 1)!.getBoundingClientRect();
    expect(first.width).to.be.greaterThan(first.height);

    // The cursor: three steps right and two up from the middle, on the page as shown (53%, 48%).
    page(el, 1)!.focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp']) await sendKeys({ press: key });
    // Page 1 (90°): placed there (28% × 7% centred: 39%, 44.5%), one step left, one step taller.
    await sendKeys({ press: 'Enter' });
    await until(() => areas(el).length === 1 && deepActive() === areas(el)[0], 'area 1 placed and focused');
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ up: 'Shift' });
    await until(
      () => /38% from the left, .*28% wide, 8% high$/.test(areas(el)[0]!.getAttribute('aria-label')!),
      'area 1 moved',
    );
    // Page 2 (180°): Escape back to the page, Page Down, placed at the cursor, two steps down.
    await sendKeys({ press: 'Escape' });
    await sendKeys({ press: 'PageDown' });
    await until(() => deepActive() === page(el, 2), 'page 2 focused');
    await sendKeys({ press: 'Enter' });
    await until(() => areas(el).length === 2, 'area 2 placed');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    // Page 3 (270°): placed at the cursor, one step wider.
    await sendKeys({ press: 'Escape' });
    await sendKeys({ press: 'PageDown' });
    await until(() => deepActive() === page(el, 3), 'page 3 focused');
    await sendKeys({ press: 'Enter' });
    await until(() => areas(el).length === 3, 'area 3 placed');
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ up: 'Shift' });
    await until(() => /29% wide/.test(areas(el)[2]!.getAttribute('aria-label')!), 'area 3 resized');

    // Each drawn where the keys put it, on the page as shown (within a pixel).
    const shown = [
      { n: 1, box: { x: 0.38, y: 0.445, w: 0.28, h: 0.08 } },
      { n: 2, box: { x: 0.39, y: 0.465, w: 0.28, h: 0.07 } },
      { n: 3, box: { x: 0.39, y: 0.445, w: 0.29, h: 0.07 } },
    ];
    for (const [i, { n, box }] of shown.entries()) {
      const drawn = shownBox(el, areas(el)[i]!, n);
      const px = 1 / page(el, n)!.getBoundingClientRect().width;
      for (const k of ['x', 'y', 'w', 'h'] as const) expect(drawn[k], `page ${n} ${k}`).to.be.closeTo(box[k], 2 * px);
    }
    await expectAxeClean(document, 'areas on turned pages');

    // What the service holds: each box in the page's own frame (a clockwise quarter turn shows the
    // page's left edge at the top, so the place shown 38% from the left is 1 − 0.38 − 0.28 = 0.34
    // from the stored top), to the millionth.
    const idFile = await send(el, `Turned by keys ${Date.now()}`);
    expect(await coordinatesOf(idFile)).to.deep.equal([
      { page: 1, positionX: 0.445, positionY: 0.34, width: 0.08, height: 0.28 },
      { page: 2, positionX: 0.33, positionY: 0.465, width: 0.28, height: 0.07 },
      { page: 3, positionX: 0.485, positionY: 0.39, width: 0.07, height: 0.29 },
    ]);
  });

  it('with the pointer, an area put on a mark of a turned page and dragged is sent there, and the viewer draws it over the mark', async () => {
    // A red mark at a known place of the page as stored; turned 90°, it shows elsewhere.
    const mark = { x: 0.55, y: 0.3, width: 0.1, height: 0.2 };
    const el = await composer({ 'open-viewer': '' });
    await withSigner(el, await turnedPdf([{ rotation: 90, boxes: [mark] }]));
    // Pages are painted once on screen.
    page(el, 1)!.scrollIntoView({ block: 'center' });
    const canvas = await until(
      () => page(el, 1)!.querySelector<HTMLCanvasElement>('canvas[data-painted]'),
      'page 1 painted',
    );
    const drawn = redBox(canvas)!;
    expect(drawn, 'the mark painted').to.exist;
    const c = canvas.getBoundingClientRect();
    const at: [number, number] = [
      Math.round(c.left + (drawn.left + drawn.right) / 2),
      Math.round(c.top + (drawn.top + drawn.bottom) / 2),
    ];
    await sendMouse({ type: 'click', position: at });
    const area = await until(() => areas(el)[0], 'the area placed by the pointer');

    // Placed centred on the pointer, on the page as shown.
    const p = page(el, 1)!.getBoundingClientRect();
    const point = { x: (at[0] - p.left) / p.width, y: (at[1] - p.top) / p.height };
    const a = area.getBoundingClientRect();
    expect(a.left + a.width / 2).to.be.closeTo(at[0], 1);
    expect(a.top + a.height / 2).to.be.closeTo(at[1], 1);

    // Dragged 40 px right and 24 px down by its middle.
    const from: [number, number] = [Math.round(a.left + a.width / 2), Math.round(a.top + a.height / 2)];
    const to: [number, number] = [from[0] + 40, from[1] + 24];
    await sendMouse({ type: 'move', position: from });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: to });
    await sendMouse({ type: 'up' });
    const moved = { x: (to[0] - from[0]) / p.width, y: (to[1] - from[1]) / p.height };
    await until(() => Math.abs(areas(el)[0]!.getBoundingClientRect().left - a.left - 40) < 1, 'the area dragged');

    // Shown: 28% × 7% centred on the point, then moved. Stored, turned back a quarter: the shown
    // top is the stored left, and the shown left counts from the stored bottom.
    const shown = { x: point.x - 0.14 + moved.x, y: point.y - 0.035 + moved.y, width: 0.28, height: 0.07 };
    const idFile = await send(el, `Turned by pointer ${Date.now()}`);
    expect(await coordinatesOf(idFile)).to.deep.equal([
      {
        page: 1,
        positionX: million(shown.y),
        positionY: million(1 - (shown.x + shown.width)),
        width: million(shown.height),
        height: million(shown.width),
      },
    ]);

    // The viewer below draws the practice's area where it was put: before the drag it was centred on
    // the mark; after it, the same offset from the mark on the page as shown.
    const viewer = await until(() => root(el).querySelector('sportello-sign-viewer'), 'the viewer below');
    const view = await until(() => docView(viewer), 'the viewer’s document');
    const viewPage = await until(
      () => view.shadowRoot!.querySelector<HTMLElement>('.page[data-page="1"]'),
      'the viewer’s page',
    );
    viewPage.scrollIntoView({ block: 'center' });
    await until(() => viewPage.querySelector('canvas[data-painted]'), 'the viewer’s page painted');
    const vCanvas = viewPage.querySelector('canvas')!;
    const vMark = redBox(vCanvas)!;
    const vc = vCanvas.getBoundingClientRect();
    const vp = viewPage.getBoundingClientRect();
    const vArea = (
      await until(() => viewPage.querySelector<HTMLElement>('.area'), 'the area in the viewer')
    ).getBoundingClientRect();
    const markMiddle = { x: vc.left + (vMark.left + vMark.right) / 2, y: vc.top + (vMark.top + vMark.bottom) / 2 };
    expect(vArea.left + vArea.width / 2 - markMiddle.x).to.be.closeTo(moved.x * vp.width, 2);
    expect(vArea.top + vArea.height / 2 - markMiddle.y).to.be.closeTo(moved.y * vp.height, 2);
    expect(vArea.width / vp.width).to.be.closeTo(0.28, 0.01);
  });
});
