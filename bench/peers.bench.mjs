// peers.*: Sportello measured beside its peers in the same run (issue #23.4). Opt-in, slow:
// `npm run bench -- peers` (scripts/bench.mjs skips it otherwise). `PEERS_ONLY=launcher,stream`
// runs some parts; `PEERS_ROUNDS` / `PEERS_GROWTH_ROUNDS` / `PEERS_LOAD_ROUNDS` change the rounds.
//
// The peers are devDependencies, built with the project's Vite into .bench/peers/ at bench time
// (bench/peers/build.mjs; nothing is installed or downloaded at run time): deep-chat (highlight.js
// on window.hljs), Streamdown with React 18 (createElement, no JSX) and its code plugin (Shiki),
// and pdf.js's own viewer (PDFViewer + EventBus + PDFLinkService with its CSS). Ours is the production build (cdn/), as in the other benches.
// Everything is served by the harness's static server; the simulator is its niced process.
//
//  - launcher (bench/peers/launcher.mjs): a fresh context per load at 4x CPU throttle: the closed
//    live-chat launcher (cdn/live-chat.js), the closed AI launcher (cdn/ai-launcher.js), a
//    <deep-chat> element, and a blank page. Each page loads and settles first; the figure is the
//    window from importing the element's code to 1.5 s after it painted (idle work included):
//    main-thread task ms (CDP Performance.getMetrics TaskDuration) net of the median blank window,
//    gzip -9 KB of the files fetched in it, after discarded warm-up rounds; requests to the
//    services from navigation on (target 0 for us).
//  - stream100k and growth (bench/peers/stream.mjs): the simulator's bench:<size>k/20 answer
//    through <sportello-ai-chat>, Streamdown and deep-chat, each in its own tab, main-thread
//    RunTask ms from a trace of that tab's renderer (ai.bench's reader), the longest task, the
//    final DOM checked against the same renderer given the whole answer at once; 25/50/100/200 KB
//    with the least-squares exponent of task ms on size (log-log).
//  - transcript10k (bench/peers/transcript.mjs): 10,000 messages given afresh each round, then one
//    appended per frame for 300 frames: frame p95 (chat.bench's trace reader, main-thread ms per
//    frame) and the element's shadow DOM nodes; <sportello-message-list> vs <deep-chat>, and both
//    against the plain-DOM floor (chat-list.html's list with no list code: the browser's own cost
//    of one more row, and so the most any list could reach against deep-chat on this machine).
//  - pdf100 (bench/peers/pdf.mjs): practice 1010 (100 pages) in <sportello-sign-viewer> and in
//    pdf.js's PDFViewer: bytes → first page cold (fresh page) and warm (a second viewer on the same
//    page), canvases alive once the first page painted (no scrolling) and at most during a scroll
//    to the end, at 1000 px and at 390 px wide.
// Tabs: each part brings the tab it measures to the front first (a tab opened before another one
// was measured slower: ~3 s instead of ~0.2 s for the sign viewer's first page).
// Interleaving: every round measures each subject once, the order rotated from round to round;
// ratios are peer / Sportello per round, reported as the median of those ratios with their
// spread. Every figure is { min, median, max, rounds } over its rounds, with the load average.
import { withBench } from './lib/harness.mjs';
import { buildPeers } from './peers/build.mjs';
import { load } from './peers/common.mjs';
import { streamBench } from './peers/stream.mjs';
import { launcherBench } from './peers/launcher.mjs';
import { transcriptBench } from './peers/transcript.mjs';
import { pdfBench } from './peers/pdf.mjs';

const only = (part) => !process.env.PEERS_ONLY || process.env.PEERS_ONLY.split(',').includes(part);

export default async function peersBench() {
  await buildPeers();
  const figures = { loadBefore: load() };
  const part = async (name, fn) => {
    if (!only(name)) return;
    try {
      figures[name] = await fn();
    } catch (error) {
      figures[name] = { error: String(error?.stack ?? error) };
    }
  };
  await part('launcher', () => withBench((ctx) => launcherBench(ctx)));
  await part('stream', () => withBench((ctx) => streamBench(ctx)));
  await part('transcript', () => withBench((ctx) => transcriptBench(ctx)));
  await part('pdf', pdfBench(withBench));
  figures.loadAfter = load();
  return figures;
}
