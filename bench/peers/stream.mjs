// Streamed answers beside the peers: the simulator's `bench:<size>k/20` answer (~20-character
// deltas) through <sportello-ai-chat> (bench/pages/ai-stream.html, as ai.bench), Streamdown (React
// state grown by each delta, bench/pages/peers/streamdown.js) and deep-chat (its handler signals
// fed the deltas, bench/pages/peers/deep-chat.js), each in its own tab of one browser, measured in
// turn round by round. Each highlights the answer's code blocks, as ours does (Streamdown with its
// code plugin, deep-chat with highlight.js on window.hljs, both as their docs say), and a
// measurement ends once every code block is highlighted: until 2026-11-24 neither peer highlighted
// (Streamdown without the plugin, deep-chat without hljs), so they did less work than we did for a
// result that looked less finished. `highlighted` says how many blocks each ended with. Main-thread figures: ai.bench's RunTask reader on a trace of that tab's
// renderer. Completeness: the streamed answer's final DOM text against the same renderer given the
// whole answer at once.
import { mainThreadTasks } from '../ai.bench.mjs';
import { spread } from '../lib/harness.mjs';
import { onlyPage, interleaved, ratios, exponent, TRACE_CATEGORIES } from './common.mjs';
import { peerPage } from './build.mjs';

const ROUNDS = Number(process.env.PEERS_ROUNDS) || 5;
const GROWTH_ROUNDS = Number(process.env.PEERS_GROWTH_ROUNDS) || 3;
// PEERS_SIZES=25,100 shortens a trial run (100 is always measured: the headline).
const SIZES = [...new Set([100, ...(process.env.PEERS_SIZES ?? '25,50,200').split(',').map(Number)])].sort(
  (a, b) => a - b,
);
const question = (kb) => `bench:${kb}k/20`;

/** Our panel's last answer, as text. */
const ourAnswerChars = () => {
  const thread = document.querySelector('sportello-ai-chat').shadowRoot.querySelector('sportello-ai-thread');
  return [...thread.shadowRoot.querySelectorAll('.msg.assistant .md')].at(-1)?.textContent.length ?? 0;
};

async function subjects({ context, webUrl, simUrl }) {
  const tab = async (path) => {
    const page = await context.newPage();
    await page.goto(`${webUrl}/${path}?sim=${encodeURIComponent(simUrl)}`);
    await page.waitForFunction(() => window.__ready || window.__make);
    return page;
  };
  const ours = await tab('bench/pages/ai-stream.html');
  await ours.waitForFunction(() => customElements.get('sportello-ai-chat'));
  const streamdown = await tab(peerPage('streamdown'));
  const deepChat = await tab(peerPage('deep-chat'));
  const ask = (page) => async (q) => {
    const r = await page.evaluate((q) => window.__ask(q), q);
    if (r.error) throw new Error(r.error);
    return r;
  };
  return {
    sportello: {
      page: ours,
      make: () => ours.evaluate(() => window.__make(true)),
      ask: async (q) => ({ ...(await ask(ours)(q)), domChars: await ours.evaluate(ourAnswerChars) }),
      once: async (q) => {
        await ours.evaluate(() => window.__make(false));
        await ask(ours)(q);
        return { domChars: await ours.evaluate(ourAnswerChars) };
      },
    },
    streamdown: {
      page: streamdown,
      make: () => streamdown.evaluate(() => window.__make()),
      ask: ask(streamdown),
      once: async (q) => {
        await streamdown.evaluate(() => window.__make());
        return streamdown.evaluate((q) => window.__once(q), q);
      },
    },
    deepChat: {
      page: deepChat,
      make: () => deepChat.evaluate(() => window.__make('partial')),
      ask: ask(deepChat),
      once: async (q) => {
        await deepChat.evaluate(() => window.__make('partial'));
        return deepChat.evaluate((q) => window.__once(q), q);
      },
    },
    deepChatDefault: {
      page: deepChat,
      make: () => deepChat.evaluate(() => window.__make('default')),
      ask: ask(deepChat),
      once: async (q) => {
        await deepChat.evaluate(() => window.__make('default'));
        return deepChat.evaluate((q) => window.__once(q), q);
      },
    },
  };
}

async function measure(browser, subject, q) {
  await subject.page.bringToFront(); // see bench/peers/common.mjs: the measured tab is the front one
  await subject.make();
  await subject.page.waitForTimeout(300);
  await browser.startTracing(subject.page, { categories: TRACE_CATEGORIES });
  const t0 = Date.now();
  const answer = await subject.ask(q);
  const wallMs = Date.now() - t0;
  const trace = onlyPage(await browser.stopTracing(), subject.page.url());
  return {
    ...mainThreadTasks(trace),
    wallMs,
    domChars: answer.domChars,
    chars: answer.chars,
    highlighted: answer.highlighted ?? null,
  };
}

const summary = (runs) => ({
  totalMs: spread(runs.map((r) => r.totalMs)),
  longestTaskMs: spread(runs.map((r) => r.longestTaskMs)),
  tasksOver50ms: spread(runs.map((r) => r.tasksOver50ms)),
  wallMs: spread(runs.map((r) => r.wallMs)),
});

/** A size's rounds for `names`, interleaved; ratios of each peer's task ms to ours, round by round. */
async function atSize(browser, all, names, kb, rounds) {
  const runs = await interleaved(names, rounds, (name) => measure(browser, all[name], question(kb)));
  const out = {};
  for (const name of names) {
    out[name] = summary(runs[name]);
    if (name !== 'sportello')
      out[name].ratioToSportello = ratios(
        runs[name].map((r) => r.totalMs),
        runs.sportello.map((r) => r.totalMs),
      );
  }
  return { out, runs };
}

export async function streamBench(ctx) {
  const { browser } = ctx;
  const all = await subjects(ctx);
  const main = ['sportello', 'streamdown', 'deepChat'];
  // Warm-up, not measured: each renderer's code paths once at the headline size.
  for (const name of main) await measure(browser, all[name], question(100));
  await measure(browser, all.deepChatDefault, question(5));

  const headline = await atSize(browser, all, main, 100, ROUNDS);
  // The final DOM, streamed vs the same renderer given the whole answer once.
  const complete = {};
  for (const name of main) {
    const streamed = headline.runs[name].at(-1).domChars;
    const once = (await all[name].once(question(100))).domChars;
    complete[name] = {
      streamedDomChars: streamed,
      oneShotDomChars: once,
      complete: streamed === once && once > 0,
      highlightedCodeBlocks: headline.runs[name].at(-1).highlighted,
    };
  }

  // Growth: 25, 50, 200 KB (100 KB is the headline's), fewer rounds; deep-chat's default mode at 25 KB only.
  const growth = { 100: headline.out };
  for (const kb of SIZES.filter((s) => s !== 100)) {
    const names = kb === SIZES[0] ? [...main, 'deepChatDefault'] : main;
    growth[kb] = (await atSize(browser, all, names, kb, GROWTH_ROUNDS)).out;
  }
  const fit = {};
  for (const name of main)
    fit[name] = exponent(
      SIZES,
      SIZES.map((kb) => growth[kb][name].totalMs.median),
    );
  return {
    stream100k: {
      note: `bench:100k/20 at simulator pace 0, ${ROUNDS} rounds interleaved (order rotated each round) after one unmeasured answer each; main-thread RunTask ms of each tab's renderer (ai.bench's reader), no CPU throttle; ratioToSportello: median of per-round ratios of task ms; { min, median, max, rounds }`,
      ...headline.out,
      finalDom: complete,
      // Ours at most 0.2x each peer: their per-round ratio to ours at least 5.
      met: {
        atMost0_2xStreamdown: headline.out.streamdown.ratioToSportello.median >= 5,
        atMost0_2xDeepChat: headline.out.deepChat.ratioToSportello.median >= 5,
      },
    },
    growth: {
      note: `task ms at ${SIZES.join('/')} KB (${GROWTH_ROUNDS} rounds each, 100 KB from stream100k); exponent: least squares of log(task ms) on log(size), 1 = linear, 2 = quadratic; deepChatDefault: deep-chat with stream: true (not partialRender), at the smallest size only`,
      sizesKB: SIZES,
      totalMsMedian: Object.fromEntries(
        Object.keys(growth[SIZES[0]]).map((name) => [
          name,
          SIZES.map((kb) => growth[kb][name]?.totalMs.median ?? null),
        ]),
      ),
      longestTaskMsMax: Object.fromEntries(
        main.map((name) => [name, Math.max(...SIZES.map((kb) => growth[kb][name].longestTaskMs.max))]),
      ),
      exponent: fit,
      met: { exponentAtMost1_05: fit.sportello <= 1.05 },
      bySizeKB: Object.fromEntries(SIZES.filter((kb) => kb !== 100).map((kb) => [kb, growth[kb]])),
      deepChatDefaultRatio: { atKB: SIZES[0], ...growth[SIZES[0]].deepChatDefault?.ratioToSportello },
    },
  };
}
