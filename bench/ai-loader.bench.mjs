// ai.loader (issue #23): the AI panel's closed launcher, measured as bench/chat.bench.mjs measures
// `chat.loader`: cdn/ai-launcher.js alone on a page, 4x CPU throttle, fresh page loads; the static
// graph's gzip bytes, main-thread ms from import to the bubble painted (min/median/max over the
// rounds), requests to the services before intent and at idle, and what intent (a pointer over the
// bubble) fetches: files, gzip KB, modulepreload hints.
import { loadavg, cpus } from 'node:os';
import { withBench, percentile, round, staticGraph } from './lib/harness.mjs';
import { probeClosedLauncher } from './lib/launcher-probe.mjs';

const ROUNDS = Number(process.env.SPORTELLO_BENCH_ROUNDS) || 11;

async function loader() {
  // The loader: cdn/ai-launcher.js and what it imports statically, not the panel behind import().
  const bytes = staticGraph('cdn/ai-launcher.js');
  const loadBefore = loadavg()[0];
  const figures = await withBench(async (bench) => {
    const { runs, intent } = await probeClosedLauncher(bench, {
      pagePath: 'bench/pages/ai-loader.html',
      rounds: ROUNDS,
      tag: 'sportello-ai-chat',
      loadedTag: 'sportello-ai-chat',
      openedSelector: 'sportello-composer',
    });
    const values = (k) => runs.map((r) => r[k]);
    const spread = (k) => ({
      min: round(Math.min(...values(k))),
      median: round(percentile(values(k), 50)),
      max: round(Math.max(...values(k))),
    });
    return {
      runs: runs.length,
      mainThreadMs: spread('mainThreadMs'),
      mainThreadNetOfProbeMs: spread('netOfProbeMs'),
      scriptMs: spread('scriptMs'),
      simRequestsBeforeIntent: Math.max(...values('simRequestsBeforeIntent')),
      requestsAtIdle: Math.max(...values('requestsAtIdle')),
      intent,
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
