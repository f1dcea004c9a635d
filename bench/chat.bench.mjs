// Live chat figures: chat.append10k, chat.loader, chat.reconnect (issue #5).
import { withBench, percentile, round, spread, staticGraph } from './lib/harness.mjs';
import { probeClosedLauncher } from './lib/launcher-probe.mjs';

/**
 * Main-thread time per frame from a Chromium trace: RunTask events of CrRendererMain, cut into frames
 * at the tasks that hold the page's `sportello-bench-frame` marks, up to `sportello-bench-end`.
 * `perFrame` is wall time (`dur`); `cpuPerFrame` the thread's CPU time (`tdur`) of the same tasks:
 * on a shared 2-core machine wall time also counts the time the renderer was descheduled.
 */
export function framesFromTrace(traceBuffer) {
  const { traceEvents } = JSON.parse(traceBuffer.toString('utf8'));
  const main = traceEvents.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no CrRendererMain thread in the trace');
  const onMain = (e) => e.pid === main.pid && e.tid === main.tid;
  const tasks = traceEvents
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && onMain(e))
    .sort((a, b) => a.ts - b.ts);
  const marks = (name) =>
    traceEvents
      .filter((e) => e.name === name && e.pid === main.pid && e.ph !== 'M')
      .map((e) => e.ts)
      .sort((a, b) => a - b);
  const frameMarks = marks('sportello-bench-frame');
  const [endMark] = marks('sportello-bench-end');
  if (!frameMarks.length || endMark === undefined)
    throw new Error('no bench marks in the trace (blink.user_timing category?)');
  // A frame starts with the task that ran its rAF callback (the mark lies inside it).
  const taskStart = (ts) => tasks.find((t) => t.ts <= ts && ts <= t.ts + (t.dur ?? 0))?.ts ?? ts;
  const bounds = frameMarks.map(taskStart);
  bounds.push(taskStart(endMark) + 1);
  const frameSum = (key) =>
    bounds.slice(0, -1).map((from, i) => {
      const to = bounds[i + 1];
      return tasks.filter((t) => t.ts >= from && t.ts < to).reduce((sum, t) => sum + (t[key] ?? t.dur ?? 0) / 1000, 0);
    });
  const perFrame = frameSum('dur');
  const cpuPerFrame = frameSum('tdur');
  const total = (xs) => xs.reduce((a, b) => a + b, 0);
  return { perFrame, totalMs: total(perFrame), cpuPerFrame, cpuTotalMs: total(cpuPerFrame) };
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

/**
 * A trace over `batch` appends, one per frame, against the same batch of frames with nothing
 * appended (the harness's own cost and tracing overhead), three rounds. `bare`: appends to the
 * page's plain-DOM floor list instead of <sportello-message-list>.
 */
async function traceAppends(page, browser, batch, bare = false) {
  const rounds = [];
  for (let round_ = 0; round_ < 3; round_++) {
    const run = async (append) => {
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      await page.evaluate(({ n, a, b }) => window.__frames(n, a, b), { n: batch, a: append, b: bare });
      return framesFromTrace(await browser.stopTracing());
    };
    const idle = await run(false);
    const busy = await run(true);
    rounds.push({
      perAppendMs: (busy.totalMs - idle.totalMs) / batch,
      frameP95Ms: percentile(busy.perFrame, 95),
      frameP50Ms: percentile(busy.perFrame, 50),
      idleFrameP95Ms: percentile(idle.perFrame, 95),
      // What an append adds to its frame: the append frames' p95 minus a typical idle frame.
      netP95Ms: percentile(busy.perFrame, 95) - percentile(idle.perFrame, 50),
      frameP99Ms: percentile(busy.perFrame, 99),
      cpuPerAppendMs: (busy.cpuTotalMs - idle.cpuTotalMs) / batch,
      cpuFrameP95Ms: percentile(busy.cpuPerFrame, 95),
      cpuNetP95Ms: percentile(busy.cpuPerFrame, 95) - percentile(idle.cpuPerFrame, 50),
    });
  }
  return {
    rounds,
    med: (k) =>
      round(
        percentile(
          rounds.map((r) => r[k]),
          50,
        ),
      ),
  };
}

/**
 * In-page timing without tracing (`__timed` in the page): per append, the work it causes (update,
 * style, layout of the new row), and the whole frame it lands in (to after paint and commit), with
 * an idle frame for comparison; p50/p95 of `count` appends (the first 20 dropped as warm-up),
 * medians of three rounds.
 */
async function timeAppendsInPage(page, count, floor = false) {
  const rounds = [];
  for (let round_ = 0; round_ < 3; round_++) {
    const figures = {};
    for (const mode of ['idle', 'work', 'frame']) {
      const samples = (
        await page.evaluate(({ n, m, f }) => window.__timed(n, m, f), { n: count + 20, m: mode, f: floor })
      ).slice(20);
      figures[mode] = { p50: percentile(samples, 50), p95: percentile(samples, 95) };
    }
    rounds.push(figures);
  }
  const med = (mode, p) =>
    round(
      percentile(
        rounds.map((r) => r[mode][p]),
        50,
      ),
    );
  return {
    workP50Ms: med('work', 'p50'),
    workP95Ms: med('work', 'p95'),
    frameP50Ms: med('frame', 'p50'),
    frameP95Ms: med('frame', 'p95'),
    idleFrameP50Ms: med('idle', 'p50'),
    idleFrameP95Ms: med('idle', 'p95'),
    workP95MsSpread: spread(rounds.map((r) => r.work.p95)),
    frameP95MsSpread: spread(rounds.map((r) => r.frame.p95)),
  };
}

async function append10k() {
  return withBench(async ({ page, open, browser }) => {
    await open('bench/pages/chat-list.html');
    await page.waitForFunction(() => window.__list);
    await page.evaluate(async () => {
      await window.__fill(10000);
      await new Promise((r) => setTimeout(r, 500));
    });
    const batch = 200;
    const { rounds, med } = await traceAppends(page, browser, batch);
    const inPage = await timeAppendsInPage(page, 300);
    // A list that stopped following the end is cheaper to append to: check it still follows.
    const followsEnd = await page.evaluate(() => window.__newestInView());

    const { nodes, rows, total } = await page.evaluate(() => ({
      nodes: window.__list.shadowRoot.querySelectorAll('*').length,
      rows: window.__list.shadowRoot.querySelectorAll('[part~=message]').length,
      total: window.__items.length,
    }));

    // Context for the 2 ms target: the same method on (a) a plain-DOM list with no code of ours
    // (what the browser charges on this machine for one more row in a scroller that follows the
    // end) and (b) our list holding 100 messages instead of 10,000 (whether length costs anything).
    await page.evaluate(() => window.__bareShow(true));
    const floor = await traceAppends(page, browser, batch, true);
    const floorInPage = await timeAppendsInPage(page, 300, true);
    await page.evaluate(async () => {
      window.__bareShow(false);
      await window.__fill(100);
      await new Promise((r) => setTimeout(r, 300));
    });
    const short = await traceAppends(page, browser, batch);
    return {
      // The target reading first: an append's own p95 (update, style and layout of the new row), the
      // whole frame it lands in beside the plain-DOM list's whole frame (what any list pays here),
      // and the DOM it keeps. Everything after `detail` is how those were arrived at.
      appendP95Ms: inPage.workP95Ms,
      appendP95MsSpread: inPage.workP95MsSpread,
      appendFrameP95Ms: inPage.frameP95Ms,
      appendFrameP95MsSpread: inPage.frameP95MsSpread,
      plainDomFrameP95Ms: floorInPage.frameP95Ms,
      overPlainDomFrameP95Ms: round(inPage.frameP95Ms - floorInPage.frameP95Ms),
      messages: total,
      shadowDomNodes: nodes,
      renderedRows: rows,
      followsEnd,
      targetP95Ms: 2,
      met: {
        appendP95: inPage.workP95Ms <= 2,
        nodesBounded: nodes < 200 && rows < 40,
      },
      detail: {
        note: `appends to a 10,000-message list (no throttle), each a new array as the transcript hands over. Trace method (targeted): ${batch} appends one per frame, main-thread RunTask time of the batch minus the same number of idle frames, divided by ${batch}; frame p95 = main-thread time of the frames that append (includes tracing overhead and the idle frame cost, see idleFrameP95Ms); appendNetP95Ms = that p95 minus the median idle frame (what an append adds to its frame); cpu.* = the same from the thread's CPU time (tdur) instead of wall time, robust to other processes on a shared machine; medians of ${rounds.length} rounds. bareDomFloor: the trace method on 15 plain light-DOM rows, one appended and one removed per frame, scrolled to the end (no code of ours: the browser's own price of a row on this machine); overFloorPerAppendMs: what the list adds to it; at100Messages: the list holding 100 messages instead of 10,000. inPage: timed in the page without tracing, ${300} appends one per frame, medians of 3 rounds: work = from handing the new array to the new row laid out (update + forced style and layout: what the append itself costs; resize-observer pinning and paint come after), frame = from the frame's animation callback to a message posted there (the whole frame: style, layout, observers, paint, commit), idleFrame = the same frame with nothing appended; bareDomFloor.inPage: the same on the plain-DOM list`,
        perAppendMs: med('perAppendMs'),
        appendFrameP95Ms: med('frameP95Ms'),
        appendFrameP50Ms: med('frameP50Ms'),
        idleFrameP95Ms: med('idleFrameP95Ms'),
        appendFrameP99Ms: med('frameP99Ms'),
        appendNetP95Ms: med('netP95Ms'),
        cpu: {
          perAppendMs: med('cpuPerAppendMs'),
          appendFrameP95Ms: med('cpuFrameP95Ms'),
          appendNetP95Ms: med('cpuNetP95Ms'),
        },
        rounds: rounds.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, round(v)]))),
        inPage,
        bareDomFloor: {
          perAppendMs: floor.med('perAppendMs'),
          appendFrameP95Ms: floor.med('frameP95Ms'),
          cpuPerAppendMs: floor.med('cpuPerAppendMs'),
          inPage: floorInPage,
        },
        overFloorPerAppendMs: round(med('perAppendMs') - floor.med('perAppendMs')),
        at100Messages: {
          perAppendMs: short.med('perAppendMs'),
          appendFrameP95Ms: short.med('frameP95Ms'),
          cpuPerAppendMs: short.med('cpuPerAppendMs'),
        },
      },
    };
  });
}

async function loader() {
  // The loader: cdn/live-chat.js and what it imports statically, not the window chunk behind import().
  const bytes = staticGraph('cdn/live-chat.js');
  const figures = await withBench(async (bench) => {
    // The machine is shared: several fresh page loads, medians reported.
    const probe = await probeClosedLauncher(bench, {
      pagePath: 'bench/pages/chat-loader.html',
      rounds: 11,
      tag: 'sportello-live-chat',
      loadedTag: 'sportello-live-chat-window',
      openedSelector: 'sportello-live-chat-window',
    });
    await bench.page.waitForTimeout(500);
    const { runs } = probe;
    const med = (k) =>
      round(
        percentile(
          runs.map((r) => r[k]),
          50,
        ),
      );
    return {
      runs: runs.length,
      mainThreadMs: med('mainThreadMs'),
      mainThreadSpreadMs: {
        min: round(Math.min(...runs.map((r) => r.mainThreadMs))),
        median: med('mainThreadMs'),
        max: round(Math.max(...runs.map((r) => r.mainThreadMs))),
      },
      mainThreadMinMs: round(Math.min(...runs.map((r) => r.mainThreadMs))),
      mainThreadNetOfProbeMs: med('netOfProbeMs'),
      mainThreadExclDevToolsMs: med('exclDevToolsMs'),
      mainThreadMaxMs: round(Math.max(...runs.map((r) => r.mainThreadMs))),
      devToolsMs: med('devToolsMs'),
      scriptMs: med('scriptMs'),
      idleBaselineMs: med('idleBaselineMs'),
      idlePreloadMs: med('idlePreloadMs'),
      simRequestsBeforeInteraction: Math.max(...runs.map((r) => r.simRequestsBeforeIntent)),
      requestsAtIdle: Math.max(...runs.map((r) => r.requestsAtIdle)),
      intent: probe.intent,
      simRequestsAfterOpen: probe.simRequestsAfterOpen(),
      stompBeforeInteraction: probe.stompBeforeIntent,
    };
  });
  return {
    note: 'cdn/live-chat.js alone on a page, closed launcher, 4x CPU throttle, median of 11 page loads. mainThreadMs/scriptMs: from import to the launcher painted (idle callbacks held back; the target figure, probe included); mainThreadNetOfProbeMs: per load, minus the same probe around two idle frames; mainThreadExclDevToolsMs: per load, minus the DevTools protocol task time (DevToolsCommandDuration: the evaluate and metrics calls of the probe, devToolsMs); idleBaselineMs: the same probe with nothing to do; idlePreloadMs: main thread once idle callbacks run (nothing is loaded at idle without `preload`), requestsAtIdle: requests they made; intent: what a pointer over the launcher fetches (files, gzip KB, modulepreload hints) and its main thread; sim requests counted through idle and intent',
    loaderGzipKB: bytes.gzipKB,
    loaderFiles: bytes.files,
    ...figures,
    targetKB: 12,
    targetMs: 25,
    met: {
      bytes: bytes.gzipKB <= 12,
      mainThreadMs: figures.mainThreadMs <= 25,
      noRequestBeforeInteraction: figures.simRequestsBeforeInteraction === 0 && !figures.stompBeforeInteraction,
      nothingAtIdle: figures.requestsAtIdle === 0,
      // The closed launcher is one module: a static import is one more file to fetch before it shows.
      oneFile: bytes.files.length === 1,
    },
  };
}

async function reconnect() {
  return withBench(async ({ page, open, simUrl }) => {
    await open('bench/pages/chat-reconnect.html');
    await page.waitForFunction(() => window.__chat);
    const chat = page.locator('sportello-live-chat');
    // Start a chat in the scripted "sales" category through the pre-chat form.
    await page.waitForFunction(
      () => document.querySelector('sportello-live-chat').chatWindow?.chat.phase === 'prechat',
      null,
      { timeout: 15000 },
    );
    await chat.locator('#name').fill('Bench');
    await chat.locator('#email').fill('bench@example.com');
    await chat.locator('#idChatCategory').selectOption('2');
    await chat.locator('#privacy').check();
    await chat.locator('button[type=submit]').click();
    await page.waitForFunction(
      () => ['queued', 'chatting'].includes(document.querySelector('sportello-live-chat').chatWindow?.chat.phase),
      null,
      { timeout: 15000 },
    );
    await page.waitForFunction(
      () => document.querySelector('sportello-live-chat').chatWindow?.chat.connection === 'open',
    );
    const samples = [];
    for (let round_ = 0; round_ < 5; round_++) {
      const refuseMs = 1500;
      await fetch(`${simUrl}/__sim/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'refuse-ws', match: '', durationMs: refuseMs }),
      });
      const dropAt = Date.now();
      await fetch(`${simUrl}/__sim/ws/drop`, { method: 'POST' });
      const acceptAt = dropAt + refuseMs;
      // The visitor writes while the connection is down; the message waits in the outbox.
      const sentAt = await page.evaluate((i) => {
        const c = document.querySelector('sportello-live-chat').chatWindow.chat;
        c.send(`bench ${i}`);
        return Date.now();
      }, round_);
      const deliveredAt = await page.evaluate(async (i) => {
        const c = document.querySelector('sportello-live-chat').chatWindow.chat;
        for (;;) {
          const m = c.transcript.messages.find((x) => x.text === `bench ${i}`);
          if (m && m.state !== 'pending' && m.state !== 'failed') return Date.now();
          await new Promise((r) => setTimeout(r, 5));
        }
      }, round_);
      samples.push(deliveredAt - Math.max(acceptAt, sentAt));
      await fetch(`${simUrl}/__sim/faults`, { method: 'DELETE' });
    }
    return {
      note: 'WebSocket dropped and refused for 1.5 s; time from the simulator accepting again to the echo of a message written while down (reconnect backoff 200-1000 ms)',
      samplesMs: samples,
      medianMs: round(percentile(samples, 50)),
      spreadMs: spread(samples),
      maxMs: round(Math.max(...samples)),
      targetMs: 1500,
    };
  });
}

export default async function () {
  const out = {};
  const only = (process.env.CHAT_BENCH ?? '').split(',').filter(Boolean);
  for (const [id, fn] of [
    ['chat.append10k', append10k],
    ['chat.loader', loader],
    ['chat.reconnect', reconnect],
  ]) {
    if (only.length && !only.includes(id)) continue;
    try {
      out[id] = await fn();
    } catch (error) {
      out[id] = { error: String(error?.message ?? error) };
    }
  }
  return out;
}
