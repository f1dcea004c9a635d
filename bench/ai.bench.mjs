// AI panel figures (issue #4): ai.stream100k — a ~100 KB markdown answer (lists, tables, code)
// streamed in 20-character chunks through <sportello-ai-chat> from the production build, against
// the same answer rendered once (stream="false"). Main-thread figures come from a Chromium trace
// (RunTask events of the page's main thread), so every task counts, not only long ones. Tracing
// itself adds overhead to every task; the transport floor (the same stream read by a bare fetch
// loop, same tracing) shows how much of the total is the browser receiving ~5100 network chunks.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { withBench, round } from './lib/harness.mjs';

/** dist/ai-chat.js and every chunk it imports statically. */
function entryGzip(entry) {
  const seen = new Set();
  let gz = 0;
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file);
    gz += gzipSync(code, { level: 9 }).length;
    for (const m of code.toString('utf8').matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) visit(join(dirname(file), m[1]));
  };
  visit(entry);
  return { files: [...seen].map((f) => f.replace(/^.*dist\//, '')), gzipKB: round(gz / 1024) };
}

/** Total and longest RunTask on the renderer main thread in a trace. */
function mainThreadTasks(traceBuffer) {
  const { traceEvents } = JSON.parse(traceBuffer.toString('utf8'));
  const main = traceEvents.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = traceEvents.filter((e) => e.ph === 'X' && e.name === 'RunTask' && main && e.pid === main.pid && e.tid === main.tid);
  if (!tasks.length) throw new Error('no RunTask events in the trace (category names changed?)');
  const durations = tasks.map((e) => (e.dur ?? 0) / 1000);
  return {
    totalMs: round(durations.reduce((a, b) => a + b, 0)),
    longestTaskMs: round(Math.max(0, ...durations)),
    tasksOver50ms: durations.filter((d) => d > 50).length,
    tasks: durations.length,
  };
}

async function measure(browser, page, stream, question) {
  await page.evaluate((s) => window.__make(s), stream);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const t0 = Date.now();
  const result = await page.evaluate(({ q, raw }) => (raw ? window.__raw(q) : window.__ask(q)), { q: question, raw: stream === 'raw' });
  const wallMs = Date.now() - t0;
  const trace = await browser.stopTracing();
  if (result.error) throw new Error(`the answer failed: ${result.error}`);
  return { ...mainThreadTasks(trace), wallMs, chars: result.chars, blocks: result.blocks };
}

export default async function aiBench() {
  const size = entryGzip('dist/ai-chat.js');
  const figures = await withBench(async ({ page, browser, open }) => {
    await open('bench/pages/ai-stream.html');
    await page.waitForFunction(() => window.__make && customElements.get('sportello-ai-chat'));
    // Warm-up (JIT, first styles), not measured.
    await page.evaluate(() => window.__make(true));
    await page.evaluate(() => window.__ask('bench:5k/20'));
    const streamed = await measure(browser, page, true, 'bench:100k/20');
    const oneShot = await measure(browser, page, false, 'bench:100k/20');
    const transportFloor = await measure(browser, page, 'raw', 'bench:100k/20');
    return { streamed, oneShot, transportFloor };
  }, { paceMs: 1 });
  const { streamed, oneShot, transportFloor } = figures;
  return {
    'ai.stream100k': {
      answerChars: streamed.chars,
      chunkChars: 20,
      streamed,
      oneShot,
      // What the browser spends just receiving the ~5100 network chunks, with no JS work at all.
      transportFloor: { totalMs: transportFloor.totalMs, longestTaskMs: transportFloor.longestTaskMs, tasks: transportFloor.tasks },
      streamedMinusFloorMs: round(streamed.totalMs - transportFloor.totalMs),
      ratioToOneShot: round(streamed.totalMs / oneShot.totalMs),
      targets: { totalMs: 300, ratio: 1.5, longestTaskMs: 50 },
      met: { totalMs: streamed.totalMs <= 300, ratio: streamed.totalMs / oneShot.totalMs <= 1.5, longestTask: streamed.longestTaskMs <= 50 },
    },
    'ai.entryGzipKB': size,
  };
}
