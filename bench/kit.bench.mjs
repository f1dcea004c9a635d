// Loading the whole kit on an otherwise empty page: main-thread time and requests, 4x CPU throttle.
import { withBench, round } from './lib/harness.mjs';

export default () =>
  withBench(async ({ page, open, requests }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable');
    await open('bench/pages/smoke.html');
    await page.waitForFunction(() => customElements.get('sportello-config') !== undefined);
    await page.waitForTimeout(300);
    const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    return {
      note: 'dist/sportello.js on an empty page, 4x CPU throttle',
      scriptMs: round((metrics.ScriptDuration ?? 0) * 1000),
      taskMs: round((metrics.TaskDuration ?? 0) * 1000),
      requests: requests.filter((p) => p.startsWith('/dist/')).length,
    };
  });
