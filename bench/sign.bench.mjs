// sign.firstPage: the 100-page practice (1010) in <sportello-sign-viewer>, production build.
//  - bytes → first page painted: between the viewer's performance marks `sportello-sign:bytes`
//    (document bytes complete) and `sportello-sign:first-page` (first canvas painted). The cold
//    figure includes loading the pdf.js chunk and starting its worker; the warm one does not.
//  - peak live canvases while scrolling the whole document top to bottom.
//  - pdf.js chunk and worker bytes, and proof a page without a viewer never requests them.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { execSync } from 'node:child_process';
import { withBench, round, startStaticServer, startSim, CHROMIUM_ARGS } from './lib/harness.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'cdn');

function ensurePdfChunk() {
  const has = () =>
    existsSync(join(dist, 'chunks')) && readdirSync(join(dist, 'chunks')).some((n) => /^pdf-.*\.js$/.test(n));
  if (!has()) execSync('npx vite build --mode cdn', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

function sizes() {
  const kb = (n) => round(n / 1024);
  const out = {};
  const files = [
    ...readdirSync(join(dist, 'chunks'))
      .filter((n) => /^pdf-.*\.js$/.test(n))
      .map((n) => ['pdfjsChunk', join(dist, 'chunks', n)]),
    ...readdirSync(join(dist, 'assets'))
      .filter((n) => /^pdf\.worker.*\.js$/.test(n))
      .map((n) => ['pdfjsWorker', join(dist, 'assets', n)]),
    ['signViewerEntry', join(dist, 'sign-viewer.js')],
  ];
  for (const [key, path] of files) {
    const bytes = readFileSync(path);
    out[key] = {
      file: path.slice(dist.length + 1),
      rawKB: kb(bytes.length),
      gzipKB: kb(gzipSync(bytes, { level: 9 }).length),
    };
  }
  return out;
}

/** Mounts a viewer for practice `id` on the open page; resolves with the mark-to-mark time. */
const mountAndMeasure = (page, simUrl, id) =>
  page.evaluate(
    async ({ simUrl, id }) => {
      performance.clearMarks();
      const el = document.createElement('sportello-sign-viewer');
      el.setAttribute('endpoint', `${simUrl}/sign/api/v2`);
      el.setAttribute('sign-token', 'demo-sign-token');
      el.setAttribute('sign-user', 'demo');
      el.setAttribute('lang', 'en');
      el.style.setProperty('--sportello-sign-viewer-height', '800px');
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
    { simUrl, id },
  );

/**
 * The bundle served from another origin (a CDN, with CORS) to a page with a strict CSP and
 * Trusted Types: `script-src 'self' <cdn>; worker-src blob:; require-trusted-types-for 'script';
 * trusted-types lit-html sportello`. The worker then starts through the blob: wrapper.
 */
async function crossOriginCheck() {
  const requests = [];
  const cdnServer = createServer((req, res) => {
    const path = join(root, new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(req.url);
    if (!path.startsWith(dist + '/') || !existsSync(path)) return void res.writeHead(404).end();
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
    const csp = `default-src 'self'; script-src 'self' ${cdn}; worker-src blob:; style-src 'self'; connect-src ${sim.url} ${cdn}; require-trusted-types-for 'script'; trusted-types lit-html sportello`;
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
    // The viewer's own module loads when the tag is added below, from the CDN like everything else.
    await page.waitForFunction(() => customElements.get('sportello-config') !== undefined, null, { timeout: 15000 });
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

export default async () => {
  ensurePdfChunk();
  const figures = { note: 'practice 1010 (100 pages), cdn/sportello.js, Chromium headless, viewer 800px high' };
  figures.bytes = sizes();

  // A page with the kit but no viewer: pdf.js must never be requested.
  await withBench(async ({ page, open, requests }) => {
    await open('bench/pages/smoke.html');
    await page.waitForFunction(() => customElements.get('sportello-config') !== undefined);
    await page.waitForTimeout(500);
    const pdfRequests = requests.filter((p) => /\/chunks\/pdf-|pdf\.worker/.test(p));
    figures.withoutViewer = {
      pdfjsRequests: pdfRequests.length,
      distRequests: requests.filter((p) => p.startsWith('/cdn/')).length,
    };
  });

  await withBench(async ({ page, open, simUrl, requests }) => {
    await open('bench/pages/smoke.html');
    // The script-tag entry loads the viewer when its tag appears; load it first so the figure below
    // is the PDF's, not the element module's download.
    await page.evaluate(async () => (await import('/cdn/sportello.js')).loadElements(['sportello-sign-viewer']));
    const cold = await mountAndMeasure(page, simUrl, 1010);
    figures.withViewer = { pdfjsRequests: requests.filter((p) => /\/chunks\/pdf-|pdf\.worker/.test(p)).length };

    // Scroll the whole document in steps, sampling the number of live canvases every frame.
    figures.scroll = await page.evaluate(async () => {
      const view = document.querySelector('sportello-sign-viewer').shadowRoot.querySelector('sportello-sign-document');
      const scroller = view.shadowRoot.querySelector('.scroller');
      let peak = 0;
      let samples = 0;
      let sampling = true;
      const sample = () => {
        peak = Math.max(peak, view.liveCanvasCount);
        samples++;
        if (sampling) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
      const t0 = performance.now();
      while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 2) {
        scroller.scrollTop += scroller.clientHeight * 0.5;
        await new Promise((r) => setTimeout(r, 40));
      }
      await new Promise((r) => setTimeout(r, 300));
      sampling = false;
      return {
        pages: view.pageCount,
        peakLiveCanvases: peak,
        liveCanvasesAtEnd: view.liveCanvasCount,
        frames: samples,
        scrollMs: Math.round(performance.now() - t0),
        lastPage: view.currentPage,
      };
    });

    const warm = await mountAndMeasure(page, simUrl, 1010);
    figures.firstPage = {
      coldBytesToFirstPageMs: round(cold.bytesToFirstPageMs),
      warmBytesToFirstPageMs: round(warm.bytesToFirstPageMs),
      coldMountToFirstPageMs: round(cold.mountToFirstPageMs),
      warmMountToFirstPageMs: round(warm.mountToFirstPageMs),
    };
  });
  figures.crossOriginBundle = await crossOriginCheck();
  return figures;
};
