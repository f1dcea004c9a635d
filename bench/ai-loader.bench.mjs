// ai.loader (issue #23): the AI panel's closed launcher, measured as bench/chat.bench.mjs measures
// `chat.loader`: cdn/ai-launcher.js alone on a page, 4x CPU throttle, fresh page loads; the static
// graph's gzip bytes, main-thread ms from import to the bubble painted (min/median/max over the
// rounds), requests to the services before intent and at idle, and what intent (a pointer over the
// bubble) fetches: files, gzip KB, modulepreload hints.
import { loadavg, cpus } from 'node:os';
import { withBench, percentile, round, staticGraph, gzipOf } from './lib/harness.mjs';

const ROUNDS = Number(process.env.SPORTELLO_BENCH_ROUNDS) || 11;

async function loader() {
  // The loader: cdn/ai-launcher.js and what it imports statically, not the panel behind import().
  const bytes = staticGraph('cdn/ai-launcher.js');
  const loadBefore = loadavg()[0];
  const figures = await withBench(async ({ page, open, simUrl }) => {
    const simRequests = [];
    const later = [];
    page.on('request', (r) => {
      if (r.url().startsWith(simUrl)) simRequests.push(r.url().slice(simUrl.length));
      later.push(r.url());
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable');
    const metrics = async () =>
      Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const runs = [];
    for (let run = 0; run < ROUNDS; run++) {
      await open('bench/pages/ai-loader.html');
      await page.waitForFunction(() => window.__ready);
      await page.waitForTimeout(1000); // let the freshly loaded page settle
      const idle0 = await metrics();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const idle1 = await metrics();
      const start = await metrics();
      await page.evaluate(() => window.__load());
      const end = await metrics();
      if (!(await page.evaluate(() => window.__painted))) throw new Error('the bubble did not paint');
      const simBefore = simRequests.length;
      simRequests.length = 0;
      later.length = 0;
      await page.evaluate(() => window.__releaseIdle());
      runs.push({
        mainThreadMs: (end.TaskDuration - start.TaskDuration) * 1000,
        netOfProbeMs: (end.TaskDuration - start.TaskDuration - (idle1.TaskDuration - idle0.TaskDuration)) * 1000,
        scriptMs: (end.ScriptDuration - start.ScriptDuration) * 1000,
        simRequestsBeforeIntent: simBefore + simRequests.length,
        requestsAtIdle: later.length,
      });
    }
    const values = (k) => runs.map((r) => r[k]);
    const spread = (k) => ({
      min: round(Math.min(...values(k))),
      median: round(percentile(values(k), 50)),
      max: round(Math.max(...values(k))),
    });
    // Intent: a pointer over the bubble fetches the panel, its chunks hinted all at once.
    later.length = 0;
    simRequests.length = 0;
    const beforeHover = await metrics();
    await page.locator('sportello-ai-chat').locator('button.launcher').hover();
    await page.waitForFunction(() => customElements.get('sportello-ai-chat'));
    const afterHover = await metrics();
    const intentFiles = later.filter((u) => !u.startsWith(simUrl)).map((u) => new URL(u).pathname);
    const preloadHints = await page.evaluate(() => document.querySelectorAll('link[rel=modulepreload]').length);
    const simOnHover = simRequests.length;
    await page.locator('sportello-ai-chat').locator('button.launcher').click();
    await page.waitForFunction(() =>
      document.querySelector('sportello-ai-chat')?.shadowRoot?.querySelector('sportello-composer'),
    );
    return {
      runs: runs.length,
      mainThreadMs: spread('mainThreadMs'),
      mainThreadNetOfProbeMs: spread('netOfProbeMs'),
      scriptMs: spread('scriptMs'),
      simRequestsBeforeIntent: Math.max(...values('simRequestsBeforeIntent')),
      requestsAtIdle: Math.max(...values('requestsAtIdle')),
      intent: {
        files: intentFiles.length,
        gzipKB: round(intentFiles.reduce((sum, path) => sum + gzipOf(path), 0)),
        modulepreloadHints: preloadHints,
        mainThreadMs: round((afterHover.TaskDuration - beforeHover.TaskDuration) * 1000),
        simRequests: simOnHover,
      },
    };
  });
  return {
    note: `cdn/ai-launcher.js alone on a page (<sportello-ai-chat mode="launcher">), closed bubble, 4x CPU throttle, ${ROUNDS} fresh page loads, min/median/max. mainThreadMs/scriptMs: from import to the bubble painted (idle callbacks held back, probe included); mainThreadNetOfProbeMs: minus the same probe around two idle frames; simRequestsBeforeIntent: requests to the simulator through load and idle (the most of any round); requestsAtIdle: any request once idle callbacks ran (nothing without \`preload\`); intent: what a pointer over the bubble fetches (files, gzip KB, modulepreload hints), its main thread, its requests to the simulator`,
    loaderGzipKB: bytes.gzipKB,
    loaderFiles: bytes.files,
    ...figures,
    loadAverage: { before: round(loadBefore), after: round(loadavg()[0]), cores: cpus().length },
    targetKB: 12,
    targetMs: 25,
    met: {
      bytes: bytes.gzipKB <= 12,
      mainThreadMs: figures.mainThreadMs.median <= 25,
      noRequestBeforeIntent: figures.simRequestsBeforeIntent === 0,
      nothingAtIdle: figures.requestsAtIdle === 0,
      oneFile: bytes.files.length === 1,
    },
  };
}

export default async function () {
  try {
    return { 'ai.loader': await loader() };
  } catch (error) {
    return { 'ai.loader': { error: String(error?.message ?? error) } };
  }
}
