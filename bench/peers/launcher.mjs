// The closed launcher beside deep-chat, at 4x CPU throttle, each load in a fresh browser context.
// The page is loaded and settled first; the figure is the window around `__load()`: the element's
// code imported (ours: cdn/live-chat.js and cdn/ai-launcher.js, the small launchers whose panels
// load on intent; deep-chat: its chunk), the closed element painted, then SETTLE_MS of idle time
// (idle work included: a closed launcher should pay nothing for visitors who never open it).
// Main-thread task ms and script ms from CDP Performance.getMetrics (TaskDuration, ScriptDuration,
// as chat.bench's loader), net of the same window on a blank page; gzip -9 KB of the files fetched
// in the window (the static server's request log); requests to the simulator from navigation on.
//
// Why a window and not the whole page load: measured from navigation, a blank page's task ms ranged
// 49-335 ms on a loaded 2-core machine, and a launcher's ~20 ms was the difference of two such
// figures (per-round ratios from -0.1 to 1.3). The window holds only what the element costs plus a
// near-constant probe. Rounds are interleaved (order rotated), the first WARMUP rounds discarded;
// ratios are medians of per-round ratios of net task ms, with min/median/max.
import { gzipOf } from '../lib/harness.mjs';
import { median, round, spread } from '../lib/harness.mjs';
import { interleaved } from './common.mjs';
import { peerPage } from './build.mjs';

// 25: with 15, a launcher's net ms spread over ±7 ms around a median that targets are read against.
const ROUNDS = Number(process.env.PEERS_LOAD_ROUNDS) || 25;
const WARMUP = Number(process.env.PEERS_LOAD_WARMUP ?? 2);
const SETTLE_MS = 1500;
const PAGES = {
  blank: 'bench/pages/peers/blank.html',
  liveChat: 'bench/pages/peers/live-launcher.html',
  aiChat: 'bench/pages/peers/ai-launcher.html',
  deepChat: peerPage('deep-chat-launcher'),
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
    await page.goto(`${webUrl}/${path}?${new URLSearchParams({ sim: simUrl })}`);
    await page.waitForFunction(() => window.__ready, null, { timeout: 120_000 });
    await page.waitForTimeout(500); // the page's own load settles
    const metrics = async () =>
      Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
    const from = requests.length;
    const before = await metrics();
    await page.evaluate(() => window.__load());
    await page.waitForTimeout(SETTLE_MS);
    const after = await metrics();
    const files = requests.slice(from);
    return {
      taskMs: (after.TaskDuration - before.TaskDuration) * 1000,
      scriptMs: (after.ScriptDuration - before.ScriptDuration) * 1000,
      gzipKB: files.reduce((sum, p) => sum + gzipOf(p), 0),
      scripts: files.filter((p) => /\.m?js$/.test(p)),
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
  const out = {
    note: `fresh context per load, 4x CPU throttle; the window from importing the element's code to ${SETTLE_MS} ms after it painted, on a loaded page; ${ROUNDS} rounds interleaved (order rotated) after ${WARMUP} discarded; taskMs (main-thread task time) and scriptMs net of the median blank window; gzipKB: files fetched in the window; ratioToDeepChat: median of per-round ratios of net task ms (target <= 0.6); { min, median, max, rounds }`,
    blankWindow: {
      taskMs: spread(runs.blank.map((r) => r.taskMs)),
      scriptMs: spread(runs.blank.map((r) => r.scriptMs)),
    },
  };
  for (const name of ['liveChat', 'aiChat', 'deepChat']) {
    out[name] = {
      taskMs: spread(net(name, 'taskMs')),
      scriptMs: spread(net(name, 'scriptMs')),
      gzipKB: spread(runs[name].map((r) => r.gzipKB)),
      scripts: runs[name][0].scripts,
      simRequestsBeforeInteraction: Math.max(...runs[name].map((r) => r.simRequests)),
    };
    if (name !== 'deepChat') {
      const deep = net('deepChat', 'taskMs');
      const per = net(name, 'taskMs').map((t, i) => t / deep[i]);
      out[name].ratioToDeepChat = { median: round(median(per)), spread: spread(per) };
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
