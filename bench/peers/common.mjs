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

// The peers share one browser, a tab each, and the tab measured is brought to the front first
// (page.bringToFront()). Measured in a tab opened before another one, <sportello-sign-viewer> took
// ~3 s from bytes to first page instead of ~0.2 s (and 65 ms warm), while pdf.js's viewer in the
// newest tab did not: a bench artefact, the order the tabs were opened in, that no visitor sees.

/**
 * Why a tab went away, if it did: Playwright only says "Target page, context or browser has been
 * closed". `watchTab(page)` returns a function that rethrows an error with the renderer crash or
 * the browser's disconnection it saw.
 */
export function watchTab(page, label) {
  const seen = [];
  page.on('crash', () => seen.push(`the renderer of ${label} crashed`));
  page
    .context()
    .browser()
    ?.on('disconnected', () => seen.push('the browser disconnected'));
  return (error) => {
    if (seen.length) throw new Error(`${seen.join('; ')} (${error?.message ?? error})`, { cause: error });
    throw error;
  };
}

export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

// A round that takes longer than this has hung: an in-page call (page.evaluate) has no time limit
// of its own, and once a peer's page stopped answering the whole bench waited until killed from
// outside. The slowest round measured (deep-chat's 200 KB answer at 4x) takes under a minute.
const ROUND_LIMIT_MS = Number(process.env.PEERS_ROUND_LIMIT_MS) || 300_000;

/** `promise`, or an error naming what hung once `ms` have passed. */
export function within(promise, ms, what) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s: stopped as hung`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/**
 * Runs `fn` for every subject in every round, rotating the order each round (no subject always
 * first); a round that hangs fails the part with the subject's name.
 */
export async function interleaved(subjects, rounds, fn) {
  const out = Object.fromEntries(subjects.map((s) => [s, []]));
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < subjects.length; k++) {
      const subject = subjects[(k + r) % subjects.length];
      out[subject].push(await within(fn(subject, r), ROUND_LIMIT_MS, `round ${r + 1} of ${subject}`));
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
