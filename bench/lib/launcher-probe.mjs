// The closed-launcher probe shared by chat.loader and ai.loader: a launcher's entry alone on a page
// at 4x CPU throttle, several fresh loads, then what intent costs. Each bench words its own summary.
//
// Per load (the page exposes window.__ready, __load(), __releaseIdle() and, optionally, __painted):
// main thread and script time from import to the launcher painted, with idle callbacks held back;
// the same probe around two idle frames (its own cost); the DevTools protocol's share; the main
// thread and the requests once idle callbacks run; requests to the services through load and idle.
// Then intent: a pointer over the launcher (files, gzip KB, modulepreload hints, main thread,
// service requests), and a click that opens it.
import { gzipOf, round } from './harness.mjs';

export async function probeClosedLauncher(
  { page, open, simUrl },
  { pagePath, rounds, tag, loadedTag, openedSelector },
) {
  const simRequests = [];
  /** Every request after the launcher painted: what idle time and intent cost. */
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
  const ms = (a, b, key) => (b[key] - a[key]) * 1000;
  const runs = [];
  let stompBeforeIntent = false;
  for (let run = 0; run < rounds; run++) {
    simRequests.length = 0;
    await open(pagePath);
    await page.waitForFunction(() => window.__ready);
    await page.waitForTimeout(1000); // let the freshly loaded page settle
    const idle0 = await metrics();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const idle1 = await metrics();
    const start = await metrics();
    await page.evaluate(() => window.__load());
    const end = await metrics();
    if (!(await page.evaluate(() => window.__painted ?? true))) throw new Error(`<${tag}> did not paint`);
    later.length = 0;
    await page.evaluate(() => window.__releaseIdle());
    const afterIdle = await metrics();
    stompBeforeIntent ||= simRequests.some((u) => u.includes('websocket'));
    runs.push({
      mainThreadMs: ms(start, end, 'TaskDuration'),
      netOfProbeMs: ms(start, end, 'TaskDuration') - ms(idle0, idle1, 'TaskDuration'),
      exclDevToolsMs: ms(start, end, 'TaskDuration') - ms(start, end, 'DevToolsCommandDuration'),
      devToolsMs: ms(start, end, 'DevToolsCommandDuration'),
      scriptMs: ms(start, end, 'ScriptDuration'),
      idleBaselineMs: ms(idle0, idle1, 'TaskDuration'),
      idlePreloadMs: ms(end, afterIdle, 'TaskDuration'),
      simRequestsBeforeIntent: simRequests.length,
      requestsAtIdle: later.length,
    });
  }
  // Intent: a pointer over the launcher fetches what opening needs, hinted all at once (modulepreload).
  later.length = 0;
  simRequests.length = 0;
  const beforeHover = await metrics();
  const launcher = page.locator(tag).locator('button.launcher');
  await launcher.hover();
  await page.waitForFunction((name) => customElements.get(name), loadedTag);
  const afterHover = await metrics();
  const intentFiles = later.filter((u) => !u.startsWith(simUrl)).map((u) => new URL(u).pathname);
  const preloadHints = await page.evaluate(() => document.querySelectorAll('link[rel=modulepreload]').length);
  const simOnHover = simRequests.length;
  await launcher.click();
  await page.waitForFunction(
    ([host, sel]) => document.querySelector(host)?.shadowRoot?.querySelector(sel),
    [tag, openedSelector],
  );
  return {
    runs,
    stompBeforeIntent,
    intent: {
      files: intentFiles.length,
      gzipKB: round(intentFiles.reduce((sum, path) => sum + gzipOf(path), 0)),
      modulepreloadHints: preloadHints,
      mainThreadMs: round(ms(beforeHover, afterHover, 'TaskDuration')),
      simRequests: simOnHover,
    },
    simRequestsAfterOpen: () => simRequests.length,
  };
}
