// sign.*: the 100-page practice (1010) in <sportello-sign-viewer>, production build (cdn/).
//  - firstPage: bytes → first page painted, between the viewer's performance marks
//    `sportello-sign:bytes` (document bytes complete) and `sportello-sign:first-page` (first canvas
//    painted). Cold: a fresh page each round (pdf.js chunk and worker start while the practice and
//    bytes are on their way); warm: a second viewer on the same page. Target ≤ 500 ms.
//  - canvases: the whole document scrolled top to bottom at 1000 px and at 390 px (a phone
//    viewport, 390×844), with the view scrolling itself and (390 px) with the page
//    scrolling (`--sportello-sign-viewer-height: auto`). Every frame counts the live canvases and the
//    pages on screen: `overshoot` is the most canvases beyond "on screen ± 1" seen in any frame
//    (target 0). The thumbnail strip is open meanwhile: its canvases (bounded in the strip's own
//    view, which stays at the top) are counted apart.
//  - scroll frame p95: the interval between animation frames while scrolling.
//  Every figure gives its rounds' spread: { min, median, max, rounds }.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { withBench, round, spread, startStaticServer, startSim, CHROMIUM_ARGS } from './lib/harness.mjs';

const root = new URL('..', import.meta.url).pathname;
const cdnDir = join(root, 'cdn');
const ROUNDS_FIRST_PAGE = Number(process.env.SIGN_BENCH_ROUNDS ?? 7);
const ROUNDS_SCROLL = Number(process.env.SIGN_BENCH_SCROLL_ROUNDS ?? 3);

function sizes() {
  const kb = (n) => round(n / 1024);
  const out = {};
  const chunks = join(cdnDir, 'chunks');
  const files = [
    ...readdirSync(chunks)
      .filter((n) => /^pdf-.*\.js$/.test(n))
      .map((n) => ['pdfjsChunk', join(chunks, n)]),
    ...readdirSync(chunks)
      .filter((n) => /^pdf\.worker.*\.js$/.test(n))
      .map((n) => ['pdfjsWorker', join(chunks, n)]),
    ['signViewerEntry', join(cdnDir, 'sign-viewer.js')],
  ];
  for (const [key, path] of files) {
    if (!existsSync(path)) continue;
    const bytes = readFileSync(path);
    out[key] = {
      file: path.slice(cdnDir.length + 1),
      rawKB: kb(bytes.length),
      gzipKB: kb(gzipSync(bytes, { level: 9 }).length),
    };
  }
  return out;
}

/** Mounts a viewer for practice `id` on the open page; resolves with the mark-to-mark time. */
export const mountAndMeasure = (page, simUrl, id, style = {}) =>
  page.evaluate(
    async ({ simUrl, id, style }) => {
      performance.clearMarks();
      const el = document.createElement('sportello-sign-viewer');
      el.setAttribute('endpoint', `${simUrl}/sign/api/v2`);
      el.setAttribute('sign-token', 'demo-sign-token');
      el.setAttribute('sign-user', 'demo');
      el.setAttribute('lang', 'en');
      for (const [k, v] of Object.entries(style)) el.style.setProperty(k, v);
      el.setAttribute('id-file', String(id));
      document.body.replaceChildren(el);
      const started = performance.now();
      for (;;) {
        const painted = performance.getEntriesByName('sportello-sign:first-page')[0];
        const bytes = performance.getEntriesByName('sportello-sign:bytes')[0];
        if (painted && bytes)
          return {
            bytesToFirstPageMs: painted.startTime - bytes.startTime,
            mountToFirstPageMs: painted.startTime - started,
          };
        if (performance.now() - started > 30000) throw new Error('first page not painted within 30 s');
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    { simUrl, id, style },
  );

/**
 * Scrolls the whole document (the view's scroller, or the window when the view is grown to the
 * document) and samples every animation frame: live canvases, pages on screen, frame interval.
 */
const scrollAndSample = (page, windowScrolls) =>
  page.evaluate(async (windowScrolls) => {
    const view = document.querySelector('sportello-sign-viewer').shadowRoot.querySelector('sportello-sign-document');
    const scroller = view.shadowRoot.querySelector('.scroller');
    const onScreen = () => {
      const s = scroller.getBoundingClientRect();
      const top = Math.max(s.top, 0);
      const bottom = Math.min(s.bottom, innerHeight);
      const pages = [];
      for (const p of view.shadowRoot.querySelectorAll('.page')) {
        const r = p.getBoundingClientRect();
        if (r.bottom > top && r.top < bottom) pages.push(Number(p.dataset.page));
      }
      return pages;
    };
    const live = () =>
      [...view.shadowRoot.querySelectorAll('.page > canvas')].map((c) => Number(c.parentElement.dataset.page));
    // The thumbnail strip is open: its canvases are bounded by the same rule, in the strip's own view.
    view.toggleThumbnails();
    await new Promise((r) => setTimeout(r, 300));
    let thumbsPeak = 0;
    let peak = 0;
    let worstOvershoot = 0;
    let pixelsPeak = 0;
    const frames = [];
    let last = performance.now();
    let sampling = true;
    // Canvases trail the view by a frame or two (observer → paint); a page counts as allowed if it
    // was on screen ± 1 in this frame or the two before.
    const recent = [];
    const sample = (now) => {
      frames.push(now - last);
      last = now;
      const visible = onScreen();
      recent.push(new Set(visible.flatMap((p) => [p - 1, p, p + 1])));
      if (recent.length > 3) recent.shift();
      const held = live();
      peak = Math.max(peak, held.length);
      thumbsPeak = Math.max(thumbsPeak, view.liveThumbnailCount);
      const over = held.filter((p) => !recent.some((s) => s.has(p))).length;
      worstOvershoot = Math.max(worstOvershoot, over);
      let px = 0;
      for (const c of view.shadowRoot.querySelectorAll('canvas')) px += c.width * c.height;
      pixelsPeak = Math.max(pixelsPeak, px);
      if (sampling) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
    const t0 = performance.now();
    const el = windowScrolls ? document.scrollingElement : scroller;
    const height = () => (windowScrolls ? innerHeight : scroller.clientHeight);
    while (el.scrollTop + height() < el.scrollHeight - 2) {
      el.scrollTop += height() * 0.5;
      await new Promise((r) => setTimeout(r, 40));
    }
    await new Promise((r) => setTimeout(r, 300));
    sampling = false;
    frames.shift();
    return {
      pages: view.pageCount,
      peakLiveCanvases: peak,
      peakThumbnailCanvases: thumbsPeak,
      worstOvershoot,
      peakCanvasMegapixels: Math.round(pixelsPeak / 1e4) / 100,
      liveCanvasesAtEnd: view.liveCanvasCount,
      lastPage: view.currentPage,
      frames: frames.length,
      frameP95Ms: frames.sort((a, b) => a - b)[Math.min(frames.length - 1, Math.ceil(0.95 * frames.length) - 1)],
      scrollMs: Math.round(performance.now() - t0),
    };
  }, windowScrolls);

/** One layout's canvases and frames over `ROUNDS_SCROLL` fresh pages. */
async function canvasRounds({ page, open, simUrl }, { style, windowScrolls }) {
  const runs = [];
  for (let i = 0; i < ROUNDS_SCROLL; i++) {
    await open('bench/pages/smoke.html');
    await page.evaluate(async () => (await import('/cdn/sportello.js')).loadElements?.(['sportello-sign-viewer']));
    await mountAndMeasure(page, simUrl, 1010, style);
    runs.push(await scrollAndSample(page, windowScrolls));
  }
  const pick = (k) => spread(runs.map((r) => r[k]));
  return {
    pages: runs[0]?.pages,
    peakLiveCanvases: pick('peakLiveCanvases'),
    peakThumbnailCanvases: pick('peakThumbnailCanvases'),
    worstOvershootBeyondVisiblePlusMinus1: pick('worstOvershoot'),
    peakCanvasMegapixels: pick('peakCanvasMegapixels'),
    scrollFrameP95Ms: pick('frameP95Ms'),
    framesSampled: pick('frames'),
    lastPageReached: pick('lastPage'),
  };
}

/**
 * The bundle served from another origin (a CDN, with CORS) to a page with a strict CSP and
 * Trusted Types (no 'unsafe-inline'): the worker then starts through the blob: wrapper.
 */
async function crossOriginCheck() {
  const requests = [];
  const cdnServer = createServer((req, res) => {
    const path = join(root, new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(req.url);
    if (!path.startsWith(cdnDir + '/') || !existsSync(path)) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*' });
    res.end(readFileSync(path));
  });
  await new Promise((r) => cdnServer.listen(0, '127.0.0.1', r));
  const cdn = `http://127.0.0.1:${cdnServer.address().port}`;
  const site = await startStaticServer();
  const sim = await startSim({ allowedOrigins: [site.url] });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    mkdirSync(join(root, '.bench'), { recursive: true });
    // The README's policy for a kit on a CDN: pdf.js' standard fonts (cdn/pdfjs/standard_fonts/)
    // become web fonts, so the CDN is in font-src too.
    const csp = `default-src 'self'; script-src 'self' ${cdn}; worker-src blob:; style-src 'self'; font-src ${cdn}; connect-src ${sim.url} ${cdn}; require-trusted-types-for 'script'; trusted-types lit-html sportello`;
    writeFileSync(
      join(root, '.bench/sign-cdn.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><title>sign viewer from a CDN</title><script type="module" src="${cdn}/cdn/sportello.js"></script></head><body></body></html>`,
    );
    const page = await browser.newPage();
    const violations = [];
    page.on('console', (m) => {
      if (/Content Security Policy|TrustedScriptURL|Trusted Type/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${site.url}/.bench/sign-cdn.html`);
    // `goto` waited for the load event: the loader (a module script) has run. <sportello-config> is
    // lazy and this page has none, so it is never defined to wait for.
    const painted = await page.evaluate(async (simUrl) => {
      const el = document.createElement('sportello-sign-viewer');
      el.setAttribute('endpoint', `${simUrl}/sign/api/v2`);
      el.setAttribute('sign-token', 'demo-sign-token');
      el.setAttribute('sign-user', 'demo');
      el.setAttribute('id-file', '1002');
      document.body.append(el);
      const t0 = performance.now();
      while (performance.now() - t0 < 15000) {
        if (el.shadowRoot?.querySelector('sportello-sign-document')?.shadowRoot?.querySelector('canvas[data-painted]'))
          return true;
        await new Promise((r) => setTimeout(r, 50));
      }
      return false;
    }, sim.url);
    return {
      csp,
      painted,
      cspOrTrustedTypesViolations: violations.length,
      workerFetchedFromCdn: requests.some((u) => /pdf\.worker/.test(u)),
    };
  } finally {
    await browser.close();
    await sim.close();
    await site.close();
    await new Promise((r) => {
      cdnServer.closeAllConnections();
      cdnServer.close(r);
    });
  }
}

/** `SIGN_BENCH_ONLY=firstPage,canvases` runs only those parts. */
const only = (part) => !process.env.SIGN_BENCH_ONLY || process.env.SIGN_BENCH_ONLY.split(',').includes(part);

export default async () => {
  const figures = {
    note: `practice 1010 (100 pages), cdn/ build, Chromium headless; firstPage over ${ROUNDS_FIRST_PAGE} fresh pages, canvases over ${ROUNDS_SCROLL} full scrolls per layout; { min, median, max }`,
  };

  // A page with the kit but no viewer: pdf.js must never be requested.
  await withBench(async ({ page, open, requests }) => {
    await open('bench/pages/smoke.html');
    // The loader has run (the same module the page's tag imported; <sportello-config> is itself lazy
    // now, so no tag on this page is ever defined to wait for).
    await page.evaluate(() => import('/cdn/sportello.js'));
    await page.waitForTimeout(500);
    figures.withoutViewer = { pdfjsRequests: requests.filter((p) => /\/chunks\/pdf[-.]/.test(p)).length };
  });
  figures.bytes = sizes();

  // First page after the bytes, cold (fresh page) and warm (second viewer on the page).
  if (only('firstPage'))
    await withBench(
      async ({ page, open, simUrl }) => {
        const cold = [];
        const warm = [];
        const coldMount = [];
        for (let i = 0; i < ROUNDS_FIRST_PAGE; i++) {
          await open('bench/pages/smoke.html');
          await page.evaluate(async () =>
            (await import('/cdn/sportello.js')).loadElements?.(['sportello-sign-viewer']),
          );
          const c = await mountAndMeasure(page, simUrl, 1010, { '--sportello-sign-viewer-height': '800px' });
          cold.push(c.bytesToFirstPageMs);
          coldMount.push(c.mountToFirstPageMs);
          warm.push(
            (await mountAndMeasure(page, simUrl, 1010, { '--sportello-sign-viewer-height': '800px' }))
              .bytesToFirstPageMs,
          );
        }
        figures.firstPage = {
          targetMs: 500,
          coldBytesToFirstPageMs: spread(cold),
          warmBytesToFirstPageMs: spread(warm),
          coldMountToFirstPageMs: spread(coldMount),
        };
      },
      { viewport: { width: 1000, height: 900 } },
    );

  figures.canvases = {};
  if (only('canvases'))
    await withBench(
      (ctx) =>
        canvasRounds(ctx, { style: { '--sportello-sign-viewer-height': '800px' }, windowScrolls: false }).then(
          (r) => (figures.canvases.at1000px = r),
        ),
      {
        viewport: { width: 1000, height: 900 },
      },
    );
  if (only('canvases'))
    await withBench(
      (ctx) => canvasRounds(ctx, { style: {}, windowScrolls: false }).then((r) => (figures.canvases.at390pxPhone = r)),
      {
        viewport: { width: 390, height: 844 },
      },
    );
  if (only('canvases'))
    await withBench(
      (ctx) =>
        canvasRounds(ctx, { style: { '--sportello-sign-viewer-height': 'auto' }, windowScrolls: true }).then(
          (r) => (figures.canvases.at390pxPageScrolls = r),
        ),
      { viewport: { width: 390, height: 844 } },
    );
  if (only('crossOrigin')) figures.crossOriginBundle = await crossOriginCheck();
  return figures;
};
