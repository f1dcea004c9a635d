// The closed launcher beside deep-chat: each load in a fresh browser context at 4x CPU throttle,
// from navigation to 1.5 s after the element's first paint (idle-time work included: a closed
// launcher should pay nothing for visitors who never open it). Main-thread task ms from CDP
// Performance.getMetrics (as chat.bench's loader), gzip -9 KB of every file the page fetched (the
// static server's request log, as chat.bench's intent figure); both net of a blank page loaded in
// the same round. Requests to the simulator are counted from navigation on.
import { gzipOf } from '../lib/harness.mjs';
import { median, round, spread } from '../lib/harness.mjs';
import { interleaved } from './common.mjs';
import { peerPage } from './build.mjs';

const ROUNDS = Number(process.env.PEERS_LOAD_ROUNDS) || 9;
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
  const runs = await interleaved(Object.keys(PAGES), ROUNDS, (name) => loadOnce(ctx, PAGES[name]));
  const net = (name, key) => runs[name].map((r, i) => r[key] - runs.blank[i][key]);
  const out = {
    note: `fresh context per load, 4x CPU throttle, navigation to ${SETTLE_MS} ms after first paint; ${ROUNDS} rounds interleaved (order rotated); taskMs/scriptMs/gzipKB net of the blank page of the same round; ratioToDeepChat: median of per-round ratios of net task ms (target <= 0.6); { min, median, max, rounds }`,
    blank: { taskMs: spread(runs.blank.map((r) => r.taskMs)), gzipKB: round(runs.blank[0].gzipKB) },
  };
  for (const name of ['liveChat', 'aiChat', 'deepChat']) {
    const task = net(name, 'taskMs');
    out[name] = {
      taskMs: spread(task),
      scriptMs: spread(net(name, 'scriptMs')),
      gzipKB: spread(net(name, 'gzipKB')),
      files: runs[name][0].files - runs.blank[0].files,
      simRequestsBeforeInteraction: Math.max(...runs[name].map((r) => r.simRequests)),
    };
    if (name !== 'deepChat') {
      const per = task.map((t, i) => t / net('deepChat', 'taskMs')[i]);
      out[name].ratioToDeepChat = { median: round(median(per)), spread: spread(per) };
    }
  }
  return out;
}
