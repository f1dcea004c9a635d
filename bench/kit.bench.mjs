// The script-tag bundle on a page that uses no element yet: bytes before interaction, main-thread
// time at 4x CPU throttle, and which files it fetched (none of the elements' chunks).
import { withBench, round, staticGraph } from './lib/harness.mjs';

export default async () => {
  const graph = staticGraph('cdn/sportello.js');
  const figures = await withBench(async ({ page, open, requests }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable');
    await open('bench/pages/smoke.html');
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    const metrics = Object.fromEntries(
      (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
    );
    return {
      scriptMs: round((metrics.ScriptDuration ?? 0) * 1000),
      taskMs: round((metrics.TaskDuration ?? 0) * 1000),
      fetched: requests.filter((p) => p.startsWith('/cdn/')).map((p) => p.replace('/cdn/', '')),
    };
  });
  return {
    note: 'cdn/sportello.js on a page without Sportello tags, 4x CPU throttle (taskMs includes page load)',
    staticGzipKB: graph.gzipKB,
    staticFiles: graph.files,
    ...figures,
  };
};
