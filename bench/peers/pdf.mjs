// The 100-page practice (1010) beside pdf.js's own viewer, at 1000 px and at 390 px wide (a
// phone's 390×844 viewport). Ours: sign.bench's mountAndMeasure on a fresh bench/pages/smoke.html
// (the viewer loaded through the kit, pdf.js on demand); the peer: bench/pages/peers/pdfjs.js (pdf.js
// and its viewer loaded with the page, the same fetch of the same bytes, the same marks). Per
// round and subject: cold (a fresh page) then warm (a second viewer on that page), bytes → first
// page painted; canvases alive 1 s after the first page with no scrolling; and, in the first
// rounds, the most canvases alive in any frame of a scroll to the end.
import { mountAndMeasure } from '../sign.bench.mjs';
import { spread } from '../lib/harness.mjs';
import { interleaved, ratios, watchTab } from './common.mjs';
import { peerPage } from './build.mjs';

const ROUNDS = Number(process.env.PEERS_PDF_ROUNDS) || 7;
const SCROLL_ROUNDS = Number(process.env.PEERS_SCROLL_ROUNDS) || 2;
const ID = 1010;

/** The scroller that moves (the view's own or, when the view grew to the document, the page) and the canvases. */
function pageHooks() {
  const viewer = document.querySelector('sportello-sign-viewer');
  if (!viewer) return { scroller: window.__scroller(), canvases: window.__canvases };
  const view = viewer.shadowRoot.querySelector('sportello-sign-document');
  const own = view.shadowRoot.querySelector('.scroller');
  return {
    scroller: own.scrollHeight > own.clientHeight + 2 ? own : document.scrollingElement,
    canvases: () => view.shadowRoot.querySelectorAll('canvas').length,
  };
}

const canvasesNow = (page) => page.evaluate(`(${pageHooks})().canvases()`);

const scrollPeak = (page) =>
  page.evaluate(`(async () => {
    const { scroller, canvases } = (${pageHooks})();
    let peak = canvases();
    let sampling = true;
    const sample = () => { peak = Math.max(peak, canvases()); if (sampling) requestAnimationFrame(sample); };
    requestAnimationFrame(sample);
    const height = scroller === document.scrollingElement ? innerHeight : scroller.clientHeight;
    // Until the end, or until the scroller stops moving (a scroll that can go no further, whatever
    // its heights say): an unbounded loop once held the whole bench until it was stopped as hung.
    let still = 0;
    const until = performance.now() + 60000;
    while (scroller.scrollTop + height < scroller.scrollHeight - 2 && still < 5 && performance.now() < until) {
      const before = scroller.scrollTop;
      scroller.scrollTop += height * 0.5;
      await new Promise((r) => setTimeout(r, 40));
      still = scroller.scrollTop === before ? still + 1 : 0;
    }
    await new Promise((r) => setTimeout(r, 300));
    sampling = false;
    return { peak, atEnd: canvases() };
  })()`);

async function atWidth({ context, webUrl, simUrl }, width) {
  const ourStyle = width >= 760 ? { '--sportello-sign-viewer-height': '800px' } : {};
  const pages = { sportello: await context.newPage(), pdfjs: await context.newPage() };
  const open = (page, path) => page.goto(`${webUrl}/${path}?sim=${encodeURIComponent(simUrl)}`);
  const subjects = {
    sportello: {
      fresh: async () => {
        await open(pages.sportello, 'bench/pages/smoke.html');
        await pages.sportello.evaluate(async () =>
          (await import('/cdn/sportello.js')).loadElements?.(['sportello-sign-viewer']),
        );
      },
      mount: () => mountAndMeasure(pages.sportello, simUrl, ID, ourStyle),
    },
    pdfjs: {
      fresh: async () => {
        await open(pages.pdfjs, peerPage('pdfjs'));
        await pages.pdfjs.waitForFunction(() => window.__ready);
      },
      mount: () => pages.pdfjs.evaluate((id) => window.__mount(id), ID),
    },
  };
  const lost = { sportello: watchTab(pages.sportello, 'Sportello'), pdfjs: watchTab(pages.pdfjs, "pdf.js's viewer") };
  const runs = await interleaved(Object.keys(subjects), ROUNDS, (name, round) =>
    measureRound(name, round).catch(lost[name]),
  ).catch((error) => {
    throw new Error(`at ${width} px: ${error.message}`, { cause: error });
  });
  async function measureRound(name, round) {
    const s = subjects[name];
    await pages[name].bringToFront(); // see bench/peers/common.mjs: the measured tab is the front one
    await s.fresh();
    const cold = await s.mount();
    await pages[name].waitForTimeout(1000);
    const atRest = await canvasesNow(pages[name]);
    const warm = await s.mount();
    const scroll = round < SCROLL_ROUNDS ? await scrollPeak(pages[name]) : null;
    return {
      cold: cold.bytesToFirstPageMs,
      coldMount: cold.mountToFirstPageMs,
      warm: warm.bytesToFirstPageMs,
      atRest,
      scroll,
    };
  }
  for (const page of Object.values(pages)) await page.close();
  const pick = (name, key) => runs[name].map((r) => r[key]);
  const subject = (name) => ({
    coldBytesToFirstPageMs: spread(pick(name, 'cold')),
    coldMountToFirstPageMs: spread(pick(name, 'coldMount')),
    warmBytesToFirstPageMs: spread(pick(name, 'warm')),
    canvasesAliveAtRest: spread(pick(name, 'atRest')),
    canvasesPeakWhileScrolling: spread(runs[name].filter((r) => r.scroll).map((r) => r.scroll.peak)),
  });
  const ours = subject('sportello');
  const ratioToPdfjs = {
    cold: ratios(pick('sportello', 'cold'), pick('pdfjs', 'cold')),
    coldMount: ratios(pick('sportello', 'coldMount'), pick('pdfjs', 'coldMount')),
    warm: ratios(pick('sportello', 'warm'), pick('pdfjs', 'warm')),
  };
  return {
    sportello: {
      ...ours,
      ratioToPdfjs,
      met: {
        coldAtMost1_0: ratioToPdfjs.cold.median <= 1,
        warmAtMost0_7: ratioToPdfjs.warm.median <= 0.7,
        canvasesAtMost4: Math.max(ours.canvasesAliveAtRest.max, ours.canvasesPeakWhileScrolling.max ?? 0) <= 4,
      },
    },
    pdfjs: subject('pdfjs'),
  };
}

export const pdfBench = (withBench) => async () => ({
  note: `practice ${ID} (100 pages); ${ROUNDS} rounds interleaved (order rotated), each a fresh page per subject (cold) then a second viewer on it (warm); bytes → first page painted between the marks sportello-sign:bytes and sportello-sign:first-page (pdf.js page: the same marks around its fetch and its first pagerendered); mount → first page: from creating the viewer; canvases at rest: 1 s after the first page, no scrolling; peak while scrolling: ${SCROLL_ROUNDS} rounds; ratioToPdfjs: median of per-round ours / pdf.js (targets: cold <= 1.0, warm <= 0.7); { min, median, max, rounds }`,
  at1000px: await withBench((ctx) => atWidth(ctx, 1000), { viewport: { width: 1000, height: 900 } }),
  at390px: await withBench((ctx) => atWidth(ctx, 390), { viewport: { width: 390, height: 844 } }),
});
