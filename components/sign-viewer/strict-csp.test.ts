// The viewer with real content on a page under the strict policy the README recommends
// (style-src 'self', Trusted Types): the PDF is painted and the areas sit where the practice says.
import { expect } from '@open-wc/testing';
import { describeViolation, openStrictPage, type StrictPage } from '../../test/setup/strict-page.js';
import { hasInk, KEY_HEADERS, resetSim, SIGN_API } from '../../test/browser/helpers/sign-viewer.js';
import type { PracticeDetail } from '../../src/services/sign.js';
import { until } from '../../test/browser/helpers/sign-wait.js';
import { SIM_URL } from '/__sportello/env.js';

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

describe('sportello-sign-viewer under a strict CSP with Trusted Types', () => {
  let page: StrictPage | undefined;
  before(resetSim);
  afterEach(() => page?.close());

  it('paints the PDF and places the areas with 0 violations', async () => {
    const detail = (await (await fetch(`${SIGN_API}/files/1001`, { headers: KEY_HEADERS })).json()) as PracticeDetail;
    // The practice-level placeholder on the contract's first page, at known coordinates.
    const known = (detail.placeholders ?? []).find((p) => p.document === 0 && p.page === 1)!;
    expect(known, 'the seed has a placeholder on page 1').to.exist;
    page = await openStrictPage({
      modules: ['/components/sign-viewer/index.ts'],
      html: `<sportello-sign-viewer lang="en" endpoint="${attr(SIGN_API)}" sign-token="demo-sign-token" sign-user="demo" signer-email="mario.rossi@acme.test" id-file="1001"></sportello-sign-viewer>`,
      width: 1100,
      height: 900,
    });
    const strict = page;
    await strict.window.customElements.whenDefined('sportello-sign-viewer');
    const viewer = strict.document.querySelector('sportello-sign-viewer')!;
    const docView = () => viewer.shadowRoot?.querySelector('sportello-sign-document') ?? null;
    const inDoc = <T extends Element>(sel: string) => docView()?.shadowRoot?.querySelector<T>(sel) ?? null;
    await until(
      () => inDoc('canvas[data-painted]'),
      `no painted page on the strict page: ${strict.violations.length} violations`,
    );
    const canvas = inDoc<HTMLCanvasElement>('canvas[data-painted]')!;
    expect(hasInk(canvas), 'the canvas holds the page').to.equal(true);
    const page1 = inDoc<HTMLElement>('.page[data-page="1"]')!;
    // An area taken off the page and put back is a flicker the visitor sees: none may leave page 1
    // while it is shown (areas placed again are updated where they are).
    const removed: string[] = [];
    const watch = new strict.window.MutationObserver((records) => {
      for (const r of records)
        for (const n of r.removedNodes)
          if (n instanceof strict.window.HTMLElement && n.classList.contains('area'))
            removed.push(n.dataset.area ?? '?');
    });
    watch.observe(page1, { childList: true });
    const pageBox = page1.getBoundingClientRect();
    // The page has its size (set through the CSSOM), and the canvas fills it.
    expect(pageBox.width).to.be.greaterThan(300);
    expect(canvas.getBoundingClientRect().width).to.be.closeTo(pageBox.width, 1);
    await until(() => page1.querySelector('.textLayer span'), 'no text layer');

    // Every area on page 1 is inside the page, and not collapsed at its corner. (Areas are placed
    // once the whole document's anchors and form fields are read, which may end after the paint.)
    // The areas checked are the ones read when the condition held, from the page still shown.
    let areas: HTMLElement[] = [];
    await until(() => {
      areas = page1.isConnected ? [...page1.querySelectorAll<HTMLElement>('.area')] : [];
      return areas.some((a) => a.dataset.area === 'p0');
    }, 'areas not placed');
    expect(areas.length).to.be.greaterThan(0);
    for (const a of areas) {
      const r = a.getBoundingClientRect();
      expect(r.width, `area ${a.dataset.area} has a width`).to.be.greaterThan(4);
      expect(r.height).to.be.greaterThan(4);
      expect(r.left).to.be.at.least(pageBox.left - 0.5);
      expect(r.right).to.be.at.most(pageBox.right + 0.5);
    }
    const placed = areas.find((a) => a.dataset.area === 'p0')!.getBoundingClientRect();
    expect(placed.left - pageBox.left).to.be.closeTo(known.positionX! * pageBox.width, 2);
    expect(placed.top - pageBox.top).to.be.closeTo(known.positionY! * pageBox.height, 2);
    expect(placed.width).to.be.closeTo(known.width! * pageBox.width, 2);
    await strict.settle();
    watch.disconnect();
    expect(removed, 'areas taken off page 1 while it was shown').to.deep.equal([]);
    expect(page1.isConnected, 'page 1 is still the one shown').to.equal(true);
    strict.assertClean();
  });

  it('dialog mode on a page whose policy has no frame-src for the service: opens the signing page in a new window by itself', async () => {
    const url = `${SIM_URL}/sign/app/sign/link-1002-1`;
    page = await openStrictPage({
      modules: ['/components/sign-viewer/index.ts'],
      html: `<sportello-sign-viewer lang="en" endpoint="${attr(SIGN_API)}" sign-token="demo-sign-token" sign-user="demo" signer-email="giovanni.verdi@example.test" sign-mode="dialog" id-file="1002"></sportello-sign-viewer>`,
      width: 1100,
      height: 900,
    });
    const strict = page;
    await strict.window.customElements.whenDefined('sportello-sign-viewer');
    const viewer = strict.document.querySelector('sportello-sign-viewer')!;
    const opens: string[] = [];
    viewer.addEventListener('sportello-sign-open', (e) => opens.push(`${e.detail.mode} ${e.detail.url}`));
    // The window the viewer opens is recorded, not opened: a real popup would take the foreground
    // from the test page (its frames then stop, and every later test with them).
    const opened: string[] = [];
    strict.window.open = (url?: string | URL, target?: string, features?: string) => {
      opened.push(`${String(url)} ${target} ${features}`);
      return null;
    };
    const sign = await until(
      () => viewer.shadowRoot?.querySelector<HTMLButtonElement>('button[part="sign-button"]'),
      'no Sign action',
    );
    sign.click();
    // The policy (default-src 'self', no frame-src) refuses the service's page in the frame; the
    // browser reports it to the page, and the viewer gives the dialog up for a new window.
    await until(() => opens.length === 2, `the window was not opened: ${opens.join(', ')}`);
    expect(opens).to.deep.equal([`dialog ${url}`, `window ${url}`]);
    expect(opened).to.deep.equal([`${url} _blank noopener,noreferrer`]);
    await until(() => !viewer.shadowRoot!.querySelector('dialog[open]'), 'the dead dialog stays open');
    const notice = await until(
      () =>
        [...viewer.shadowRoot!.querySelectorAll('.notice[role="status"]')].find((n) =>
          /new window/.test(n.textContent ?? ''),
        ),
      'nothing says why',
    );
    expect(notice.textContent).to.equal(
      'This page does not allow the signing page inside it: it opened in a new window.',
    );
    expect(viewer.matches(':state(following)'), 'the viewer follows the signature in the window').to.equal(true);
    // The one violation is the frame the policy refused; nothing else broke.
    expect(strict.violations.map(describeViolation).every((v) => v.startsWith('frame-src blocked'))).to.equal(true);
    expect(strict.errors).to.deep.equal([]);
  });

  // pdf.js decodes JPEG 2000, JBIG2 and ICC colour with WebAssembly in its worker, which a policy
  // that reaches the worker must allow with 'wasm-unsafe-eval' (WebAssembly only, not JavaScript's
  // eval: the README's recommendation). Its character maps and decoders come from the kit's files.
  {
    const scriptSrc = "'wasm-unsafe-eval'";
    const policy = `with ${scriptSrc}`;
    for (const [file, pages] of [
      ['scan-jpeg2000.pdf', [1]],
      ['cjk-cmap-not-embedded.pdf', [1]],
      ['scan-jbig2.pdf', [1, 2]],
    ] as const) {
      it(`${file} under the strict policy ${policy}: page${pages.length > 1 ? 's' : ''} ${pages.join(', ')} painted`, async function () {
        // A page of its own, pdf.js and a decoder started cold in it: more than the default on a loaded machine.
        this.timeout(60000);
        page = await openStrictPage({
          modules: ['/test/setup/pdf-assets.ts', '/components/sign-viewer/index.ts'],
          html: `<sportello-sign-viewer lang="en" signing-url="${attr(`${SIM_URL}/sign/app/sign/corpus`)}" document-src="/test/fixtures/pdf-corpus/${file}"></sportello-sign-viewer>`,
          width: 800,
          height: 900,
          scriptSrc,
        });
        const strict = page;
        await strict.window.customElements.whenDefined('sportello-sign-viewer');
        const viewer = strict.document.querySelector('sportello-sign-viewer')!;
        const docView = () => viewer.shadowRoot?.querySelector('sportello-sign-document') ?? null;
        const view = await until(() => docView() as (Element & { goToPage(n: number): void }) | null, 'no pages');
        for (const n of pages) {
          if (n > 1) view.goToPage(n);
          const canvas = await until(
            () => {
              const c = docView()?.shadowRoot?.querySelector<HTMLCanvasElement>(
                `.page[data-page="${n}"] canvas[data-painted]`,
              );
              return c && c.width > 0 && hasInk(c) ? c : null;
            },
            `page ${n} of ${file} not painted: ${strict.violations.map(describeViolation).join('; ')}`,
          );
          expect(canvas.width).to.be.greaterThan(0);
        }
        strict.assertClean();
      });
    }
  }
});
