import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { clientCredentials } from '../../src/transport/auth.js';
import type { SportelloSignViewer } from './sign-viewer.js';
import type { PracticeDetail } from '../../src/services/sign.js';
import { MARK_BYTES, MARK_FIRST_PAGE } from '../../src/controllers/sign/document-controller.js';
import {
  actOnLink,
  docView,
  firstPagePainted,
  hasInk,
  KEY_HEADERS,
  practiceShown,
  resetSim,
  shadow,
  SIGN_API,
  signingLink,
  viewer,
} from '../../test/browser/helpers/sign-viewer.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

async function detail(idFile: number): Promise<PracticeDetail> {
  return (await (await fetch(`${SIGN_API}/files/${idFile}`, { headers: KEY_HEADERS })).json()) as PracticeDetail;
}

/**
 * The pages pdf.js asks its worker to read for painting (its "GetOperatorList" request, by page),
 * counted where the worker receives them, as other tests count what the simulator received.
 */
function watchPageReads(): { reads: (page: number) => number; stop: () => void } {
  const counts = new Map<number, number>();
  const post = Object.getOwnPropertyDescriptor(Worker.prototype, 'postMessage')!;
  const original = Worker.prototype.postMessage as (this: Worker, ...args: unknown[]) => void;
  Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
    const request = message as { action?: unknown; data?: { pageIndex?: unknown } } | null;
    const index = request?.data?.pageIndex;
    if (request?.action === 'GetOperatorList' && typeof index === 'number')
      counts.set(index + 1, (counts.get(index + 1) ?? 0) + 1);
    original.call(this, message, ...rest);
  } as Worker['postMessage'];
  return {
    reads: (page) => counts.get(page) ?? 0,
    stop: () => Object.defineProperty(Worker.prototype, 'postMessage', post),
  };
}

const areaEls = (el: SportelloSignViewer) => [
  ...(docView(el)?.shadowRoot?.querySelectorAll<HTMLElement>('.area') ?? []),
];

describe('sportello-sign-viewer: practice detail in each state', () => {
  before(resetSim);

  const cases: Array<[number, string, string]> = [
    [1001, 'L', 'In progress'],
    [1004, 'F', 'Signed'],
    [1005, 'R', 'Rejected'],
    [1006, 'E', 'Expired'],
    [1007, 'V', 'Cancelled'],
  ];
  for (const [id, code, word] of cases) {
    it(`practice ${id} shows status ${code} in words, signers in order and events`, async () => {
      const el = await viewer(id);
      await practiceShown(el);
      const d = await detail(id);
      const root = shadow(el);
      const badge = root.querySelector('[part="status"]')!;
      expect(badge.getAttribute('data-status')).to.equal(code);
      expect(badge.textContent!.trim()).to.equal(word);
      expect([...root.querySelectorAll('.signer')].map((s) => s.getAttribute('data-email'))).to.deep.equal(
        d.signers.map((s) => s.email),
      );
      expect([...root.querySelectorAll('.signer')].map((s) => s.getAttribute('data-status'))).to.deep.equal(
        d.signers.map((s) => s.status),
      );
      expect(root.querySelectorAll('.events li').length).to.equal(d.events.length);
      // The Sign action only exists while the practice can be signed.
      expect(!!root.querySelector('[part="sign-button"]')).to.equal(code === 'L');
    });
  }

  it('speaks Italian when lang="it"', async () => {
    const el = await viewer(1004);
    el.setAttribute('lang', 'it');
    await practiceShown(el);
    await el.updateComplete;
    expect(shadow(el).querySelector('[part="status"]')!.textContent!.trim()).to.equal('Firmata');
  });
});

describe('sportello-sign-viewer: pages', () => {
  beforeEach(resetSim);

  it('paints pages with ink, names them, and has a selectable text layer', async () => {
    const el = await viewer(1001);
    const view = await firstPagePainted(el);
    const canvas = view.shadowRoot!.querySelector<HTMLCanvasElement>('canvas[data-painted]')!;
    expect(hasInk(canvas)).to.equal(true);
    const page1 = view.shadowRoot!.querySelector('.page[data-page="1"]')!;
    expect(page1.getAttribute('aria-label')).to.equal(`Page 1 of ${view.pageCount}`);
    await until(() => page1.querySelector('.textLayer span'), 'no text layer');
    const text = [...page1.querySelectorAll('.textLayer span')].map((s) => s.textContent).join('');
    expect(text).to.contain('CONTRATTO DI FORNITURA');
  });

  it('holds canvases only for visible pages ± 1, and releases them when scrolled far away', async () => {
    const el = await viewer(1010);
    const view = await firstPagePainted(el);
    expect(view.pageCount).to.equal(100);
    const scroller = view.shadowRoot!.querySelector<HTMLElement>('.scroller')!;
    const livePages = () =>
      [...view.shadowRoot!.querySelectorAll('canvas')].map((c) =>
        Number((c.parentElement as HTMLElement).dataset.page),
      );
    const visiblePages = () => {
      const box = scroller.getBoundingClientRect();
      return [...view.shadowRoot!.querySelectorAll<HTMLElement>('.page')]
        .filter((p) => {
          const r = p.getBoundingClientRect();
          return r.bottom > box.top && r.top < box.bottom;
        })
        .map((p) => Number(p.dataset.page));
    };
    expect(livePages()).to.include(1);
    view.goToPage(60);
    await until(
      () => view.shadowRoot!.querySelector('.page[data-page="60"] canvas[data-painted]'),
      'page 60 not painted',
    );
    // The observer settles a frame or two after the jump; then only visible ± 1 hold canvases.
    const settled = () => {
      const allowed = new Set(visiblePages().flatMap((p) => [p - 1, p, p + 1]));
      return livePages().every((p) => allowed.has(p));
    };
    await until(settled, 'far pages kept their canvases').catch((e) => {
      throw new Error(`${e.message}: live ${livePages()} visible ${visiblePages()} top ${scroller.scrollTop}`);
    });
    const visible = visiblePages();
    const live = livePages();
    expect(live).not.to.include(1);
    const allowed = new Set(visible.flatMap((p) => [p - 1, p, p + 1]));
    for (const p of live)
      expect(allowed.has(p), `page ${p} holds a canvas but is not visible ± 1 (${visible})`).to.equal(true);
    expect(live.length).to.be.at.most(visible.length + 2);
    expect(view.currentPage).to.equal(60);
  });

  it('zooms with the buttons and keys, and moves by page with PageDown', async () => {
    const el = await viewer(1001);
    const view = await firstPagePainted(el);
    const before = view.shownScale;
    const scroller = view.shadowRoot!.querySelector<HTMLElement>('.scroller')!;
    scroller.focus();
    scroller.dispatchEvent(new KeyboardEvent('keydown', { key: '+', bubbles: true }));
    await view.updateComplete;
    expect(view.shownScale).to.be.greaterThan(before);
    const page1 = view.shadowRoot!.querySelector<HTMLElement>('.page[data-page="1"]')!;
    const size = await view.pdf!.getPage(1).then((p) => p.getViewport({ scale: 1 }));
    expect(page1.getBoundingClientRect().width).to.be.closeTo(size.width * view.pageScale(1), 1.5);
    [...view.shadowRoot!.querySelectorAll<HTMLButtonElement>('.toolbar button')]
      .find((b) => b.textContent!.includes('Fit page'))!
      .click();
    await until(
      () => view.zoom === 'fit-page' && page1.getBoundingClientRect().height <= scroller.clientHeight,
      'fit page not applied',
    );
    expect(page1.getBoundingClientRect().height).to.be.at.most(scroller.clientHeight);
    scroller.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown', bubbles: true }));
    await view.updateComplete;
    expect(view.currentPage).to.equal(2);
    expect((view.shadowRoot!.querySelector('#page-input') as HTMLInputElement).value).to.equal('2');
  });

  it('switches documents', async () => {
    const el = await viewer(1001);
    await firstPagePainted(el);
    const buttons = [...shadow(el).querySelectorAll<HTMLButtonElement>('.switcher button')];
    expect(buttons.map((b) => b.textContent!.trim())).to.deep.equal([
      'contratto-fornitura.pdf',
      'informativa-privacy.pdf',
      'modulo-adesione.pdf',
    ]);
    buttons[1]!.click();
    await until(
      () =>
        docView(el)?.documentName === 'informativa-privacy.pdf' &&
        docView(el)?.shadowRoot?.querySelector('canvas[data-painted]'),
      'second document not shown',
    );
    expect(buttons[1]!.getAttribute('aria-current')).to.equal('true');
  });
});

describe('sportello-sign-viewer: areas', () => {
  beforeEach(resetSim);

  it('draws coordinate areas at normalized coordinates × the page viewport, highlighted for the current signer', async () => {
    const d = await detail(1001);
    const el = await viewer(1001, { 'signer-email': 'mario.rossi@acme.test' });
    const view = await firstPagePainted(el);
    const coord = d.signers[0]!.signatureCoordinates!.find((c) => c.document === 0 && c.positionX !== undefined)!;
    view.goToPage(coord.page);
    await until(() => areaEls(el).some((a) => a.dataset.area === 's0-c0'), 'area not drawn');
    const area = areaEls(el).find((a) => a.dataset.area === 's0-c0')!;
    const page = area.parentElement!;
    expect(page.dataset.page).to.equal(String(coord.page));
    const pdfPage = await view.pdf!.getPage(coord.page);
    const vp = pdfPage.getViewport({ scale: view.pageScale(coord.page) });
    const p = page.getBoundingClientRect();
    const a = area.getBoundingClientRect();
    expect(a.left - p.left).to.be.closeTo(coord.positionX! * vp.width, 1.5);
    expect(a.top - p.top).to.be.closeTo(coord.positionY! * vp.height, 1.5);
    expect(a.width).to.be.closeTo(coord.width! * vp.width, 1.5);
    expect(a.height).to.be.closeTo(coord.height! * vp.height, 1.5);
    expect(area.classList.contains('mine')).to.equal(true);
    expect(area.getAttribute('aria-label')).to.contain('Mario Rossi');
    // Laura's areas on the same document are not highlighted for Mario.
    const others = areaEls(el).filter((x) => x.dataset.signer === 'laura.bianchi@acme.test');
    expect(others.length).to.be.greaterThan(0);
    for (const o of others) expect(o.classList.contains('mine')).to.equal(false);
  });

  it('places an acrofield area on the form field and an anchor area on its keyword', async () => {
    const el = await viewer(1001);
    const view = await firstPagePainted(el);
    // Laura's acrofield rule `firma_fornitore` (full match) on the contract.
    await until(() => areaEls(el).some((a) => a.dataset.area === 's1-a0'), 'acrofield area missing');
    const acro = areaEls(el).find((a) => a.dataset.area === 's1-a0')!;
    const pageNo = Number(acro.parentElement!.dataset.page);
    const pdfPage = await view.pdf!.getPage(pageNo);
    const field = ((await pdfPage.getAnnotations()) as Array<{ fieldName?: string; rect: number[] }>).find(
      (x) => x.fieldName === 'firma_fornitore',
    )!;
    const vp = pdfPage.getViewport({ scale: view.pageScale(pageNo) });
    const [x1, y1] = vp.convertToViewportPoint(field.rect[0]!, field.rect[3]!);
    const pr = acro.parentElement!.getBoundingClientRect();
    const ar = acro.getBoundingClientRect();
    expect(ar.left - pr.left).to.be.closeTo(x1!, 1.5);
    expect(ar.top - pr.top).to.be.closeTo(y1!, 1.5);

    // Mario's anchored area (`Firma per presa visione`) on the privacy notice.
    shadow(el).querySelectorAll<HTMLButtonElement>('.switcher button')[1]!.click();
    await until(
      () =>
        docView(el)?.documentName === 'informativa-privacy.pdf' && areaEls(el).some((a) => a.dataset.area === 's0-c1'),
      'anchor area missing',
    );
    const anchor = areaEls(el).find((a) => a.dataset.area === 's0-c1')!;
    const v2 = docView(el)!;
    const aPage = Number(anchor.parentElement!.dataset.page);
    const page2 = await v2.pdf!.getPage(aPage);
    const content = await page2.getTextContent();
    const run = (content.items as Array<{ str: string; transform: number[] }>).find((i) =>
      i.str.includes('Firma per presa visione'),
    )!;
    expect(run, 'keyword on the page the area sits on').to.exist;
    const vp2 = page2.getViewport({ scale: v2.pageScale(aPage) });
    const [kx] = vp2.convertToViewportPoint(run.transform[4]!, run.transform[5]!);
    const box = anchor.getBoundingClientRect();
    const pageBox = anchor.parentElement!.getBoundingClientRect();
    expect(box.left - pageBox.left).to.be.closeTo(kx!, 1.5);
  });
});

describe('sportello-sign-viewer: signing', () => {
  beforeEach(resetSim);

  async function openSigning(el: SportelloSignViewer): Promise<string> {
    await until(() => shadow(el).querySelector('a[part="sign-button"]'), 'no sign link');
    const a = shadow(el).querySelector<HTMLAnchorElement>('a[part="sign-button"]')!;
    expect(a.rel).to.contain('noopener');
    // The page handles the window itself in a test: cancel the open, the viewer still follows.
    el.addEventListener('sportello-sign-open', (e) => e.preventDefault(), { once: true });
    const opened = oneEvent(el, 'sportello-sign-open');
    a.click();
    return (await opened).detail.url;
  }

  it('signing through the signing page moves the viewer to F and emits sportello-sign-status', async () => {
    const el = await viewer(1001);
    await practiceShown(el);
    const url = await openSigning(el);
    expect(url).to.equal(await signingLink(1001));
    const status = oneEvent(el, 'sportello-sign-status');
    expect((await actOnLink(url, 'sign')).status).to.equal(200);
    const e = await status;
    expect(e.detail).to.include({ idFile: 1001, status: 'F', previousStatus: 'L', final: true });
    await el.updateComplete;
    expect(shadow(el).querySelector('[part="status"]')!.textContent!.trim()).to.equal('Signed');
    expect(shadow(el).querySelector('[role="status"][aria-live]')!.textContent).to.contain('Signed');
    expect(shadow(el).querySelector('[part="sign-button"]')).to.equal(null);
  });

  it('rejection moves the viewer to R', async () => {
    const el = await viewer(1003);
    await practiceShown(el);
    const url = await openSigning(el);
    const status = oneEvent(el, 'sportello-sign-status');
    await actOnLink(url, 'reject', { reason: 'wrong amount' });
    expect((await status).detail.status).to.equal('R');
  });

  it('dialog mode opens the signing page in an embedded dialog', async () => {
    const el = await viewer(1002, { 'sign-mode': 'dialog' });
    await practiceShown(el);
    shadow(el).querySelector<HTMLButtonElement>('button[part="sign-button"]')!.click();
    await until(() => shadow(el).querySelector('dialog[open] iframe'), 'no dialog');
    const iframe = shadow(el).querySelector('iframe')!;
    expect(iframe.src).to.equal(await signingLink(1002));
    expect(iframe.title).to.equal('Signing page');
    const status = oneEvent(el, 'sportello-sign-status');
    await actOnLink(iframe.src, 'sign');
    expect((await status).detail.status).to.equal('F');
    shadow(el).querySelector('dialog')!.close();
  });
});

describe('sportello-sign-viewer: downloads', () => {
  beforeEach(resetSim);

  it('downloads the document, the practice and the audit report with the server-given names', async () => {
    const el = await viewer(1001);
    await firstPagePainted(el);
    const got: Record<string, { filename: string; size: number; type: string }> = {};
    el.addEventListener('sportello-sign-download', (e) => {
      e.preventDefault(); // no real save in a test
      got[e.detail.kind] = { filename: e.detail.filename, size: e.detail.blob.size, type: e.detail.blob.type };
    });
    for (const kind of ['document', 'practice', 'report']) {
      shadow(el).querySelector<HTMLButtonElement>(`[data-download="${kind}"]`)!.click();
      await until(() => got[kind], `${kind} not downloaded`);
    }
    expect(got.document!.filename).to.equal('contratto-fornitura.pdf');
    expect(got.document!.size).to.be.greaterThan(1000);
    expect(got.practice!.filename).to.match(/\.zip$/);
    expect(got.report!.filename).to.match(/\.pdf$/);
  });

  it('403: a user without DOC_DOWNLOAD sees which permission is missing', async () => {
    const el = await viewer(1001, { 'sign-user': 'viewer' });
    await practiceShown(el);
    const error = oneEvent(el, 'sportello-error');
    shadow(el).querySelector<HTMLButtonElement>('[data-download="practice"]')!.click();
    expect((await error).detail.error).to.have.property('status', 403);
    await el.updateComplete;
    const alert = shadow(el).querySelector('.downloads [role="alert"]')!;
    expect(alert.textContent).to.contain('DOC_DOWNLOAD');
  });
});

describe('sportello-sign-viewer: link-only mode', () => {
  beforeEach(resetSim);

  it('shows the documents and the Sign action from a signing link and document URLs, with no API call', async () => {
    const link = await signingLink(1002);
    const d = await detail(1002);
    performance.clearResourceTimings();
    // A previous test's viewer may still finish a request (its entry lands after the clear): only
    // requests this viewer started count.
    const since = performance.now();
    const el = await fixture<SportelloSignViewer>(html`<sportello-sign-viewer
      lang="en"
      style="--sportello-sign-viewer-height: 600px; width: 1000px"
      signing-url=${link}
      document-src=${`${link}/documents/${d.documents[0]!.idDocument}`}
    ></sportello-sign-viewer>`);
    const view = await firstPagePainted(el);
    expect(view.pageCount).to.be.greaterThan(0);
    const sign = shadow(el).querySelector<HTMLAnchorElement>('a[part="sign-button"]')!;
    expect(sign.href).to.equal(link);
    const api = performance
      .getEntriesByType('resource')
      .filter((r) => r.startTime >= since && r.name.includes('/sign/api/v2'));
    expect(api.map((r) => r.name)).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });
});

describe('sportello-sign-viewer: errors', () => {
  beforeEach(resetSim);

  it('401 with a bad key: a page set up wrong (not an expired session, #19 defect 7), offers a retry', async () => {
    const el = await viewer(1001, { 'sign-token': 'wrong-token' });
    await practiceShown(el);
    const alert = shadow(el).querySelector('[part="error"]')!;
    const words = alert.shadowRoot?.textContent ?? alert.textContent!;
    expect(words).to.contain('not set up correctly on this page');
    expect(words).not.to.contain('session has expired');
    expect(alert.querySelector('button')!.textContent).to.contain('Try again');
    await expect(el).to.be.accessible();
  });

  it('401 once with Bearer: asks the token provider again and shows the practice', async () => {
    const real = clientCredentials({
      tokenUrl: `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`,
      clientId: 'sportello-demo',
      clientSecret: 'demo-secret',
    });
    const calls: boolean[] = [];
    const el = document.createElement('sportello-sign-viewer');
    el.tokenProvider = (o) => {
      calls.push(o.forceRefresh);
      // The first token is stale (as after a night away); after the forced refresh the provider's cache is good.
      return calls.length === 1 ? Promise.resolve('expired-token') : real({ forceRefresh: o.forceRefresh });
    };
    el.setAttribute('endpoint', SIGN_API);
    el.setAttribute('id-file', '1002');
    el.setAttribute('lang', 'en');
    document.body.append(el);
    try {
      await practiceShown(el);
      expect(shadow(el).querySelector('.practice-name')!.textContent).to.contain('Modulo di adesione');
      expect(calls.slice(0, 2)).to.deep.equal([false, true]);
    } finally {
      el.remove();
    }
  });

  it('404: says the practice could not be found, with the reference for support', async () => {
    const el = await viewer(999999);
    await practiceShown(el);
    const notice = shadow(el).querySelector('[part="error"]')!;
    // Names the practice, from the viewer's own id-file (never the server's message).
    expect(notice.querySelector('.notice-what')!.textContent).to.equal('We can’t find practice 999999.');
    expect(notice.textContent).not.to.contain('deactivated');
    expect(notice.querySelector('[part="error-support"]')!.textContent).to.match(/HTTP 404 .*ref [0-9a-f-]{36}/);
  });

  it('a broken (non-PDF) document: says it cannot be displayed', async () => {
    const el = await viewer(1009);
    await until(() => shadow(el).querySelector('.doc-state [part="error"]'), 'no document error');
    expect(shadow(el).querySelector('.doc-state [part="error"]')!.textContent).to.contain('damaged or is not a PDF');
    await expect(el).to.be.accessible();
  });

  it('wrong attributes: a clear in-element error and one console warning', async () => {
    const warnings: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      const el = await fixture<SportelloSignViewer>(
        html`<sportello-sign-viewer id-file="abc" endpoint=${SIGN_API}></sportello-sign-viewer>`,
      );
      el.requestUpdate();
      await el.updateComplete;
      expect(shadow(el).querySelector('[part="error"]')!.textContent).to.contain('not configured');
      expect(warnings.filter((w) => String(w).includes('id-file')).length).to.equal(1);
    } finally {
      console.warn = original;
    }
  });
});

describe('sportello-sign-viewer: accessibility', () => {
  beforeEach(resetSim);

  it('is axe-clean with a document shown and areas drawn', async () => {
    const el = await viewer(1001, { 'signer-email': 'laura.bianchi@acme.test' });
    const view = await firstPagePainted(el);
    await until(() => view.shadowRoot!.querySelector('.textLayer span'), 'no text layer');
    await expect(el).to.be.accessible();
  });
});

describe('sportello-sign-viewer: cleanup', () => {
  beforeEach(resetSim);

  it('removing the viewer destroys its PDF and releases its canvases', async () => {
    const el = await viewer(1001);
    const view = await firstPagePainted(el);
    const pdf = view.pdf!;
    el.remove();
    await until(() => pdf.loadingTask.destroyed, 'PDF not destroyed');
    expect(view.shadowRoot!.querySelectorAll('canvas').length).to.equal(0);
  });

  it('a page scrolled out of reach gives back what pdf.js kept to paint it', async () => {
    // pdf.js reads a page for painting (its operator list, images) once and keeps it until the page
    // is cleaned up: painting a page it kept asks its worker for nothing, painting one it gave back
    // asks again. The test counts those requests where the worker receives them.
    const worker = watchPageReads();
    try {
      const el = await viewer(1010);
      const view = await firstPagePainted(el);
      const canvasOf = (n: number) =>
        view.shadowRoot!.querySelector<HTMLCanvasElement>(`.page[data-page="${n}"] canvas[data-painted]`);
      expect(worker.reads(1), 'page 1 read to paint it').to.equal(1);
      for (const n of [30, 60, 90]) {
        view.goToPage(n);
        await until(() => canvasOf(n), `page ${n} not painted`);
        expect(worker.reads(n), `page ${n} read to paint it`).to.equal(1);
      }
      // A zoom paints page 90 again at once, from what pdf.js kept.
      const before = canvasOf(90)!;
      view.zoomBy(1);
      await until(() => canvasOf(90) && canvasOf(90) !== before, 'page 90 not painted again after the zoom');
      expect(worker.reads(90), 'page 90 read again for a zoom').to.equal(1);
      // Reading a long document top to bottom would otherwise hold every page's paint data.
      for (const n of [1, 30, 60]) {
        view.goToPage(n);
        await until(() => canvasOf(n), `page ${n} not painted again`);
        expect(worker.reads(n), `page ${n} painted from data pdf.js still held`).to.be.greaterThan(1);
      }
    } finally {
      worker.stop();
    }
  });

  it('switching documents many times keeps one performance mark of each kind, not two more per document', async () => {
    performance.clearMarks();
    const el = await viewer(1001);
    await firstPagePainted(el);
    const buttons = [...shadow(el).querySelectorAll<HTMLButtonElement>('.switcher button')];
    for (let round = 0; round < 2; round++) {
      for (const [i, name] of [
        [1, 'informativa-privacy.pdf'],
        [2, 'modulo-adesione.pdf'],
        [0, 'contratto-fornitura.pdf'],
      ] as const) {
        buttons[i]!.click();
        await until(
          () => docView(el)?.documentName === name && docView(el)?.shadowRoot?.querySelector('canvas[data-painted]'),
          `${name} not shown`,
        );
      }
    }
    // Seven documents shown: the browser would hold 7 of each mark (it never drops them by itself).
    expect(performance.getEntriesByName(MARK_BYTES).length).to.equal(1);
    expect(performance.getEntriesByName(MARK_FIRST_PAGE).length).to.equal(1);
  });
});
