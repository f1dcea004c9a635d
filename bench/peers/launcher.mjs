// The closed launcher beside deep-chat: each load in a fresh browser context at 4x CPU throttle,
// from navigation to 1.5 s after the element's first paint (idle-time work included: a closed
// launcher should pay nothing for visitors who never open it). Main-thread figures from CDP
// Performance.getMetrics (as chat.bench's loader): TaskDuration (wall time of the main thread's
// tasks, the target's unit) and ThreadTime (the main thread's CPU time); gzip -9 KB of every file
// the page fetched (the static server's request log, as chat.bench's intent figure). The live-chat
// row loads cdn/live-chat.js, the AI row cdn/ai-launcher.js: the small launchers, panels on intent.
// Requests to the simulator are counted from navigation on.
//
// Noise: a blank page's task ms ranged 49-328 ms over 9 rounds on a loaded 2-core machine, because
// wall time counts every moment the renderer waits for a core. So: more rounds, interleaved, the
// first WARMUP rounds discarded (a new browser's first loads are slower for all); every figure net
// of the MEDIAN blank page (a blank page has no work to pair with: subtracting each round's own
// blank added its noise to every subject's figure); ratios are medians of per-round ratios of those
// net figures, with min/median/max; and the same ratio on CPU time, which waiting for a core does
// not inflate, is printed beside it.
import { gzipOf } from '../lib/harness.mjs';
import { median, round, spread } from '../lib/harness.mjs';
import { interleaved } from './common.mjs';
import { peerPage } from './build.mjs';

const ROUNDS = Number(process.env.PEERS_LOAD_ROUNDS) || 15;
const WARMUP = Number(process.env.PEERS_LOAD_WARMUP ?? 2);
const SETTLE_MS = 1500;
const PAGES = {
  blank: 'bench/pages/peers/blank.html',
  liveChat: 'bench/pages/peers/live-launcher.html',
  aiChat: 'bench/pages/peers/ai-launcher.html',
  deepChat: peerPage('deep-chat'),
};

async function loadOnce({ browser, webUrl, simUrl, requests }, path) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable');
    const sim = [];
    page.on('request', (r) => r.url().startsWith(simUrl) && sim.push(r.url()));
    const from = requests.length;
    const query = new URLSearchParams({ sim: simUrl, launcher: '' });
    await page.goto(`${webUrl}/${path}?${query}`);
    await page.waitForFunction(() => window.__ready, null, { timeout: 120_000 });
    await page.waitForTimeout(SETTLE_MS);
    const m = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
    const files = requests.slice(from);
    return {
      taskMs: m.TaskDuration * 1000,
      cpuMs: m.ThreadTime * 1000,
      scriptMs: m.ScriptDuration * 1000,
      gzipKB: files.reduce((sum, p) => sum + gzipOf(p), 0),
      files: files.length,
      simRequests: sim.length,
    };
  } finally {
    await context.close();
  }
}

export async function launcherBench(ctx) {
  const all = await interleaved(Object.keys(PAGES), WARMUP + ROUNDS, (name) => loadOnce(ctx, PAGES[name]));
  const runs = Object.fromEntries(Object.entries(all).map(([name, r]) => [name, r.slice(WARMUP)]));
  const blank = (key) => median(runs.blank.map((r) => r[key]));
  const net = (name, key) => runs[name].map((r) => r[key] - blank(key));
  const perRound = (name, key) => {
    const deep = net('deepChat', key);
    const per = net(name, key).map((t, i) => t / deep[i]);
    return { median: round(median(per)), spread: spread(per) };
  };
  const out = {
    note: `fresh context per load, 4x CPU throttle, navigation to ${SETTLE_MS} ms after first paint; ${ROUNDS} rounds interleaved (order rotated) after ${WARMUP} discarded; taskMs (main-thread task wall time), cpuMs (main-thread CPU time), scriptMs and gzipKB net of the median blank page; ratioToDeepChat: median of per-round ratios of net task ms (target <= 0.6), cpuRatioToDeepChat the same on CPU ms; { min, median, max, rounds }`,
    blank: {
      taskMs: spread(runs.blank.map((r) => r.taskMs)),
      cpuMs: spread(runs.blank.map((r) => r.cpuMs)),
      gzipKB: round(runs.blank[0].gzipKB),
    },
  };
  for (const name of ['liveChat', 'aiChat', 'deepChat']) {
    out[name] = {
      taskMs: spread(net(name, 'taskMs')),
      cpuMs: spread(net(name, 'cpuMs')),
      scriptMs: spread(net(name, 'scriptMs')),
      gzipKB: spread(net(name, 'gzipKB')),
      files: runs[name][0].files - runs.blank[0].files,
      simRequestsBeforeInteraction: Math.max(...runs[name].map((r) => r.simRequests)),
    };
    if (name !== 'deepChat') {
      out[name].ratioToDeepChat = perRound(name, 'taskMs');
      out[name].cpuRatioToDeepChat = perRound(name, 'cpuMs');
      out[name].met = {
        gzipKBAtMost12: out[name].gzipKB.median <= 12,
        taskMsAtMost25: out[name].taskMs.median <= 25,
        ratioAtMost0_6: out[name].ratioToDeepChat.median <= 0.6,
        noServiceRequests: out[name].simRequestsBeforeInteraction === 0,
      };
    }
  }
  return out;
}
