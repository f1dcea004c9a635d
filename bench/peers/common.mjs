// What the peers' scenarios share: a trace cut down to one page's renderer (several pages are open
// at once, and ai/chat.bench's trace readers take the first renderer they meet), interleaved
// rounds, per-round ratios and the least-squares exponent.
import { loadavg, cpus } from 'node:os';
import { median, round, spread } from '../lib/harness.mjs';

/**
 * The trace events of the renderer that holds `pageUrl`'s main frame (from the browser's
 * TracingStartedInBrowser frame list), as a trace buffer the existing readers accept.
 */
export function onlyPage(traceBuffer, pageUrl) {
  const trace = JSON.parse(traceBuffer.toString('utf8'));
  const started = trace.traceEvents.find((e) => e.name === 'TracingStartedInBrowser');
  const frame = started?.args?.data?.frames?.find((f) => !f.parent && f.url === pageUrl);
  if (!frame) throw new Error(`no renderer for ${pageUrl} in the trace`);
  const pid = frame.processId;
  return Buffer.from(JSON.stringify({ traceEvents: trace.traceEvents.filter((e) => e.pid === pid) }));
}

export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

/** Runs `fn` for every subject in every round, rotating the order each round (no subject always first). */
export async function interleaved(subjects, rounds, fn) {
  const out = Object.fromEntries(subjects.map((s) => [s, []]));
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < subjects.length; k++) {
      const subject = subjects[(k + r) % subjects.length];
      out[subject].push(await fn(subject, r));
    }
  }
  return out;
}

/** Median of the per-round ratios peer / ours, with their spread. */
export function ratios(peer, ours) {
  const per = peer.map((p, i) => p / ours[i]);
  return { median: round(median(per)), spread: spread(per) };
}

/** Least-squares slope of log(y) on log(x): the growth exponent (1 linear, 2 quadratic). */
export function exponent(xs, ys) {
  const lx = xs.map(Math.log);
  const ly = ys.map(Math.log);
  const mx = lx.reduce((a, b) => a + b, 0) / lx.length;
  const my = ly.reduce((a, b) => a + b, 0) / ly.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < lx.length; i++) {
    num += (lx[i] - mx) * (ly[i] - my);
    den += (lx[i] - mx) ** 2;
  }
  return round(num / den);
}

export const load = () => ({ loadAverage1m: round(loadavg()[0]), cores: cpus().length });
