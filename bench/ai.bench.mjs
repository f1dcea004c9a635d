// AI panel figures (issue #4): ai.stream100k — a ~100 KB markdown answer (lists, tables, code)
// streamed as ~5,100 `delta` events of 20 characters through <sportello-ai-chat> from the
// production build (real SSE transport, controller and element), against the same answer rendered
// once (stream="false"). Main-thread figures come from a Chromium trace (RunTask events of the
// page's main thread), so every task counts, not only long ones; tracing adds overhead to each.
//
// Two simulator paces, both reported:
// - pace 0 (the headline, held to the targets): the simulator writes the events without
//   sleeping, so one network read carries many events, as from a fast model or a buffering proxy.
//   Every event still goes through the parser, the controller and the view one by one.
// - pace 1 ms: each event is its own network read and task. The transport floor (the same stream
//   read by a bare fetch loop, no parsing, same tracing) shows what the browser spends receiving
//   ~5,100 reads before any of our code runs; `overFloorMs` is what the element adds on top.
// Each figure is the median of ROUNDS measurements in one browser (longest task: the worst seen).
//
// Warm-up: one unmeasured answer of the same size in each mode first. It used to be a 5 KB answer
// streamed only, so the first measured streamed answer was the first to run the 100 KB answer's
// code paths (JIT), and the one-shot answers after it never paid that: round 1 streamed was
// regularly ~2x the other rounds, and the median of the per-round ratios leaned on it.
// `cpuMs` (thread time of the same tasks, from the trace) is printed beside the wall-time figures:
// on a shared machine another process can stretch a task without any more work in it, and the
// streamed answer, with more tasks over a longer time, gets more of that. The targets stay on the
// wall-time figures; `loadAverage` says how busy the machine was.
//
// Stream worker: the AI client reads, decodes and parses the stream in a worker when the page
// allows one (src/transport/sse-worker*.ts). `streamed` is that path; `viaWorker` says whether
// every measured streamed answer really went through it (the worker's own counters, read through
// the kit's diagnostics symbol, and the worker's URL as Playwright saw it). `streamedMainThread` is
// the same answer with the worker turned off (the fallback path, as before the worker), measured
// in the same rounds, so the two compare under the same load. The worker script is an asset of its
// own: `ai.entryGzipKB.worker` gives its size beside the entry's static graph (which excludes it).
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { withBench, round, staticGraph } from './lib/harness.mjs';

const QUESTION = 'bench:100k/20';
// 15 rounds at pace 0: on two shared cores one round's streamed answer can take half again as long
// as the next with the same work (its tasks wait for a core), and with 9 rounds the median of the
// per-round ratios moved by ±0.2 from one run of the bench to the next.
const ROUNDS = { 0: Number(process.env.SPORTELLO_BENCH_ROUNDS) || 15, 1: 1 };

/** Total and longest RunTask on the renderer main thread in a trace (also used by peers.bench). */
export function mainThreadTasks(traceBuffer) {
  const { traceEvents } = JSON.parse(traceBuffer.toString('utf8'));
  const main = traceEvents.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = traceEvents.filter(
    (e) => e.ph === 'X' && e.name === 'RunTask' && main && e.pid === main.pid && e.tid === main.tid,
  );
  if (!tasks.length) throw new Error('no RunTask events in the trace (category names changed?)');
  const durations = tasks.map((e) => (e.dur ?? 0) / 1000);
  // What the longest task spent its time on (top-level trace events of 1 ms or more; the rest is
  // script the timeline categories do not name: network reads, promise jobs), to tell our work from
  // a task stretched by another process on a shared machine (little named work in a long task).
  const longest = tasks.reduce((a, b) => ((b.dur ?? 0) > (a.dur ?? 0) ? b : a));
  const parts = {};
  let covered = longest.ts;
  const inside = traceEvents.filter(
    (e) =>
      e.ph === 'X' &&
      e.pid === main.pid &&
      e.tid === main.tid &&
      e !== longest &&
      e.ts >= longest.ts &&
      e.ts < longest.ts + longest.dur,
  );
  for (const e of inside.sort((a, b) => a.ts - b.ts)) {
    if (e.ts < covered) continue;
    parts[e.name] = (parts[e.name] ?? 0) + (e.dur ?? 0) / 1000;
    covered = e.ts + (e.dur ?? 0);
  }
  // Main-thread time in frames (tasks that ran animation frames, style, layout or paint) and in the
  // rest (network reads: SSE parsing, JSON, the controller; timers): where a streamed answer's cost goes.
  const RENDERING = new Set(['FireAnimationFrame', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Commit']);
  const mainEvents = traceEvents
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && RENDERING.has(e.name))
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  let frameMs = 0;
  let k = 0;
  for (const task of [...tasks].sort((a, b) => a.ts - b.ts)) {
    while (k < mainEvents.length && mainEvents[k] < task.ts) k++;
    if (k < mainEvents.length && mainEvents[k] < task.ts + task.dur) frameMs += task.dur / 1000;
  }
  const longestTaskParts = Object.fromEntries(
    Object.entries(parts)
      .filter(([, ms]) => ms >= 1)
      .map(([name, ms]) => [name, round(ms, 1)]),
  );
  return {
    cpuMs: tasks.reduce((a, e) => a + (e.tdur ?? 0) / 1000, 0),
    totalMs: durations.reduce((a, b) => a + b, 0),
    longestTaskMs: Math.max(0, ...durations),
    longestTaskParts,
    frameTasksMs: frameMs,
    otherTasksMs: durations.reduce((a, b) => a + b, 0) - frameMs,
    tasksOver50ms: durations.filter((d) => d > 50).length,
    tasks: durations.length,
  };
}

const WORKER_KEY = 'sportello.sse-worker';
const workerState = (page) => page.evaluate((key) => window[Symbol.for(key)]?.state() ?? null, WORKER_KEY);
const useWorker = (page, on) =>
  page.evaluate(({ key, on }) => window[Symbol.for(key)]?.use(on), { key: WORKER_KEY, on });

async function measure(browser, page, mode, question = QUESTION) {
  await useWorker(page, mode !== 'streamedMainThread');
  await page.evaluate((s) => window.__make(s), mode === 'oneShot' ? false : true);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const before = await workerState(page);
  const t0 = Date.now();
  const result = await page.evaluate(({ q, raw }) => (raw ? window.__raw(q) : window.__ask(q)), {
    q: question,
    raw: mode === 'floor',
  });
  const wallMs = Date.now() - t0;
  const trace = await browser.stopTracing();
  const after = await workerState(page);
  if (result.error) throw new Error(`the answer failed: ${result.error}`);
  // Streams and item messages the worker served for this answer (0 and 0: read on the main thread).
  const worker =
    before && after
      ? { streams: after.streams - before.streams, batches: after.batches - before.batches, status: after.status }
      : { streams: 0, batches: 0, status: 'absent' };
  return { ...mainThreadTasks(trace), wallMs, worker, ...result };
}

/** Lowest, median and highest of the rounds: how wide the noise of this machine is right now. */
const spread = (values) => ({
  min: round(Math.min(...values)),
  median: round(median(values)),
  max: round(Math.max(...values)),
});

/** Least-squares slope of log(ms) over log(size): 1 is linear growth, 2 quadratic. */
function fittedExponent(points) {
  const xs = points.map((p) => Math.log(p.kb));
  const ys = points.map((p) => Math.log(p.ms));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0);
  const den = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  return round(num / den);
}

const GROWTH_KB = [25, 50, 100, 200];
const GROWTH_ROUNDS = Number(process.env.SPORTELLO_BENCH_GROWTH_ROUNDS) || 5;

/**
 * Growth with the answer's size (issue #21: linear from 25 to 200 KB), code highlighting on (the
 * answers carry ts code blocks): per size, the streamed answer's main-thread total and longest task
 * beside the same answer rendered once, rounds interleaved, each with its spread.
 */
async function growth(browser, page) {
  const out = {};
  for (const kb of GROWTH_KB) {
    const question = `bench:${kb}k/20`;
    const streamed = [];
    const oneShot = [];
    for (let i = 0; i < GROWTH_ROUNDS; i++) {
      streamed.push(await measure(browser, page, 'streamed', question));
      oneShot.push(await measure(browser, page, 'oneShot', question));
    }
    out[`${kb}KB`] = {
      streamedTotalMs: spread(streamed.map((r) => r.totalMs)),
      streamedLongestTaskMs: spread(streamed.map((r) => r.longestTaskMs)),
      oneShotTotalMs: spread(oneShot.map((r) => r.totalMs)),
      ratioToOneShot: spread(streamed.map((r, i) => r.totalMs / oneShot[i].totalMs)),
      highlightedBlocks: streamed[0].highlighted ?? null,
    };
  }
  const points = GROWTH_KB.map((kb) => ({ kb, ms: out[`${kb}KB`].streamedTotalMs.median }));
  return { rounds: GROWTH_ROUNDS, sizes: out, fittedExponent: fittedExponent(points), target: { exponent: 1.05 } };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Median of each figure over the rounds; the longest task is the worst of all rounds. */
function summarise(runs) {
  return {
    totalMs: round(median(runs.map((r) => r.totalMs))),
    cpuMs: round(median(runs.map((r) => r.cpuMs))),
    longestTaskMs: round(Math.max(...runs.map((r) => r.longestTaskMs))),
    longestTaskParts: runs.reduce((a, b) => (b.longestTaskMs > a.longestTaskMs ? b : a)).longestTaskParts,
    frameTasksMs: round(median(runs.map((r) => r.frameTasksMs))),
    otherTasksMs: round(median(runs.map((r) => r.otherTasksMs))),
    tasksOver50ms: Math.max(...runs.map((r) => r.tasksOver50ms)),
    tasks: Math.round(median(runs.map((r) => r.tasks))),
    wallMs: Math.round(median(runs.map((r) => r.wallMs))),
    ...(runs.length > 1 ? { totalsMs: runs.map((r) => round(r.totalMs, 1)) } : {}),
    spread: { totalMs: spread(runs.map((r) => r.totalMs)), longestTaskMs: spread(runs.map((r) => r.longestTaskMs)) },
  };
}

async function atPace(paceMs) {
  return withBench(
    async ({ page, browser, open }) => {
      // The stream worker starts as a blob: module (it takes the page's CSP): a blob: worker on a page
      // with no other workers is it.
      const workerUrls = [];
      page.on('worker', (w) => workerUrls.push(w.url()));
      await open('bench/pages/ai-stream.html');
      await page.waitForFunction(() => window.__make && customElements.get('sportello-ai-chat'));
      // Warm-up (JIT, first styles, the worker's start), not measured: the same answer once in each mode.
      for (const [stream, worker] of [
        [true, true],
        [true, false],
        [false, true],
      ]) {
        await useWorker(page, worker);
        await page.evaluate((s) => window.__make(s), stream);
        const warm = await page.evaluate((q) => window.__ask(q), QUESTION);
        if (warm.error) throw new Error(`the warm-up answer failed: ${warm.error}`);
      }
      const runs = { streamed: [], streamedMainThread: [], oneShot: [], floor: [] };
      for (let i = 0; i < ROUNDS[paceMs]; i++) {
        for (const mode of Object.keys(runs)) runs[mode].push(await measure(browser, page, mode));
      }
      const streamed = summarise(runs.streamed);
      const streamedMainThread = summarise(runs.streamedMainThread);
      const oneShot = summarise(runs.oneShot);
      const floor = summarise(runs.floor);
      const raw = runs.floor[0];
      const ratios = runs.streamed.map((s, i) => s.totalMs / runs.oneShot[i].totalMs);
      const cpuRatios = runs.streamed.map((s, i) => s.cpuMs / runs.oneShot[i].cpuMs);
      return {
        paceMs,
        answerChars: runs.streamed[0].chars,
        // Counted in the bytes of the same simulator stream (bare fetch loop).
        deltaEvents: raw.deltaEvents,
        networkReads: raw.reads,
        streamed: {
          ...streamed,
          blocks: runs.streamed[0].blocks,
          highlightedCodeBlocks: runs.streamed[0].highlighted,
          viaWorker:
            runs.streamed.every((r) => r.worker.streams === 1 && r.worker.batches > 0) &&
            workerUrls.some((u) => u.startsWith('blob:')),
          workerMessages: Math.round(median(runs.streamed.map((r) => r.worker.batches))),
        },
        // The fallback path (worker off): the same answer read on the main thread, same rounds.
        streamedMainThread: {
          ...streamedMainThread,
          viaWorker: !runs.streamedMainThread.every((r) => r.worker.batches === 0),
        },
        oneShot,
        transportFloor: { totalMs: floor.totalMs, longestTaskMs: floor.longestTaskMs, tasks: floor.tasks },
        overFloorMs: round(streamed.totalMs - floor.totalMs),
        ratioToOneShot: round(median(ratios)),
        ratioSpread: spread(ratios),
        ...(paceMs === 0 ? { growth: await growth(browser, page) } : {}),
        // Every round's ratio, lowest first: how wide the spread is on this machine right now.
        ratiosPerRound: ratios.map((r) => round(r)).sort((a, b) => a - b),
        ratioToOneShotCpu: round(median(cpuRatios)),
        ratioToOneShotMainThread: round(
          median(runs.streamedMainThread.map((s, i) => s.totalMs / runs.oneShot[i].totalMs)),
        ),
        // What the worker saves the main thread (negative: costs), wall-time task total and CPU.
        workerSavesMs: {
          totalMs: round(streamedMainThread.totalMs - streamed.totalMs),
          cpuMs: round(streamedMainThread.cpuMs - streamed.cpuMs),
        },
      };
    },
    { paceMs },
  );
}

/** The stream worker's file (referenced by URL from the entry's graph, not imported) and its gzip size. */
function workerAsset(files) {
  for (const file of files) {
    const match = /assets\/sse-worker-[\w-]+\.js/.exec(readFileSync(`cdn/${file}`, 'utf8'));
    if (match)
      return { file: match[0], gzipKB: round(gzipSync(readFileSync(`cdn/${match[0]}`), { level: 9 }).length / 1024) };
  }
  return { file: null, gzipKB: 0 };
}

export default async function aiBench() {
  const { files, gzipKB } = staticGraph('cdn/ai-chat.js');
  const size = { files, gzipKB, worker: workerAsset(files) };
  const loadBefore = loadavg()[0];
  const fast = await atPace(0);
  const loadAfter = loadavg()[0];
  const paced = await atPace(1);
  const targets = { totalMs: 300, ratio: 1.5, longestTaskMs: 50 };
  return {
    'ai.stream100k': {
      ...fast,
      loadAverage: {
        before: round(loadBefore),
        after: round(loadAfter),
        cores: (await import('node:os')).cpus().length,
      },
      targets,
      met: {
        totalMs: fast.streamed.totalMs <= targets.totalMs,
        ratio: fast.ratioToOneShot <= targets.ratio,
        longestTask: fast.streamed.longestTaskMs <= targets.longestTaskMs,
      },
    },
    // Not held to the targets: one network read and one task per event (see the header comment).
    'ai.stream100k.paced1ms': paced,
    'ai.entryGzipKB': size,
  };
}
