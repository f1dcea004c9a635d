// A 10,000-message transcript beside deep-chat: each element, in its own tab, is given 10,000
// messages afresh every round, then 300 frames with one message appended per frame, traced; frame
// p95 is chat.bench's per-frame main-thread ms (framesFromTrace over the page's frame marks) on
// that tab's renderer.
// Nodes: every element in the element's shadow root once the appends are done.
// The floor: chat-list.html's plain-DOM list (15 light-DOM rows of the same shape, one appended and
// the oldest removed per frame, scrolled to the end, no list code), in a tab of its own, measured
// the same way: what the browser itself charges for one more chat row, beside what each element adds.
import { framesFromTrace } from '../chat.bench.mjs';
import { percentile, spread } from '../lib/harness.mjs';
import { onlyPage, interleaved, ratios, watchTab, TRACE_CATEGORIES } from './common.mjs';
import { peerPage } from './build.mjs';

// A frame's p95 moves with the machine's other work (the main thread also waits for the compositor's
// commit): 9 rounds of 300 frames (p95 = the 15th slowest frame), where 5 of 200 left per-round ratios
// from 4 to 12.
const ROUNDS = Number(process.env.PEERS_ROUNDS) || 9;
const FRAMES = 300;
const MESSAGES = 10_000;

export async function transcriptBench({ context, browser, webUrl, simUrl }) {
  const tab = async (path) => {
    const page = await context.newPage();
    await page.goto(`${webUrl}/${path}?sim=${encodeURIComponent(simUrl)}`);
    return page;
  };
  const ours = await tab('bench/pages/chat-list.html');
  await ours.waitForFunction(() => window.__list);
  const deep = await tab(peerPage('deep-chat'));
  await deep.waitForFunction(() => window.__ready);
  const floor = await tab('bench/pages/chat-list.html?floor');
  await floor.waitForFunction(() => window.__list);
  await floor.evaluate(() => window.__bareShow(true));
  const pages = { sportello: ours, deepChat: deep, floor };
  const nodes = {
    sportello: () => ours.evaluate(() => window.__list.shadowRoot.querySelectorAll('*').length),
    deepChat: () => deep.evaluate(() => window.__nodes()),
    floor: () => floor.evaluate(() => window.__bareNodes()),
  };
  // What each still holds (the reader can scroll back to): all of ours, windowed; deep-chat deletes
  // all but its newest `maxVisibleMessages` (4,000 by default), measured here as an integrator gets it.
  const held = {
    sportello: () => ours.evaluate(() => window.__list.items.length),
    deepChat: () => deep.evaluate(() => window.__held()),
    // The floor keeps only the rows on screen: a measure of the browser, not a transcript.
    floor: async () => undefined,
  };

  const lost = {
    sportello: watchTab(ours, 'Sportello'),
    deepChat: watchTab(deep, 'deep-chat'),
    floor: watchTab(floor, 'the plain-DOM floor'),
  };
  const runs = await interleaved(Object.keys(pages), ROUNDS, (name) => measureRound(name).catch(lost[name]));
  async function measureRound(name) {
    const page = pages[name];
    await page.bringToFront(); // see bench/peers/common.mjs: the measured tab is the front one
    // Every round starts from the same 10,000 messages: deep-chat's append grows slower with every
    // message appended in the tab, although it holds 4,000 (frame p50 22 -> 27 ms over four rounds of
    // 300), so without a refill its figure depended on the rounds before; ours does not drift.
    const isFloor = name === 'floor';
    if (!isFloor) await page.evaluate((n) => window.__fill(n), MESSAGES);
    await page.waitForTimeout(500);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.evaluate(([n, bare]) => window.__frames(n, true, bare), [FRAMES, isFloor]);
    const { perFrame, cpuPerFrame } = framesFromTrace(onlyPage(await browser.stopTracing(), page.url()));
    return {
      frameP95Ms: percentile(perFrame, 95),
      cpuFrameP95Ms: percentile(cpuPerFrame, 95),
      nodes: await nodes[name](),
      held: await held[name](),
      // A list that stopped following appends rows out of view and paints nothing: it would look
      // faster than it is (a trial of ours did, once), so every round checks the newest row is seen.
      followed: await page.evaluate((floorList) => window.__newestInView(floorList), isFloor),
    };
  }
  const followed = (name) => `${runs[name].filter((r) => r.followed).length} of ${runs[name].length}`;
  const allFollowed = Object.keys(pages).every((name) => runs[name].every((r) => r.followed));
  const p95 = (name) => runs[name].map((r) => r.frameP95Ms);
  const atLeast10x = (peer, list) => `${peer.filter((p, i) => p / list[i] >= 10).length} of ${peer.length}`;
  // The same frames' main-thread CPU time (trace tdur): waiting for a core on a shared machine does not inflate it.
  const cpuP95 = (name) => runs[name].map((r) => r.cpuFrameP95Ms);
  return {
    note: `${MESSAGES} messages given afresh each round, then ${FRAMES} frames with one appended per frame, traced; frame p95: main-thread ms per frame (chat.bench's framesFromTrace), ${ROUNDS} rounds interleaved; nodes: elements in the element's shadow root after the appends; newestInViewRounds: rounds after which the newest message was in view (the list followed its appends: a list that does not paints nothing and is not comparable); messagesHeld: messages the element still holds after the appends (deep-chat, as configured by default, keeps its newest 4,000 and deletes the rest: it is measured holding fewer than 10,000); ratioToSportello: median of per-round deep-chat / Sportello frame p95 (target >= 10); floor: chat-list.html's plain-DOM list (15 light-DOM rows, one appended and the oldest removed per frame, no list code) in its own tab, interleaved: the browser's own cost of one more row, with deep-chat / floor and Sportello / floor per round, and the rounds in which the floor and Sportello each reached 10x deep-chat; cpu*: the same on the frames' main-thread CPU time (trace tdur)`,
    sportello: {
      frameP95Ms: spread(p95('sportello')),
      cpuFrameP95Ms: spread(cpuP95('sportello')),
      shadowDomNodes: runs.sportello.at(-1).nodes,
      messagesHeld: runs.sportello.at(-1).held,
      newestInViewRounds: followed('sportello'),
    },
    deepChat: {
      frameP95Ms: spread(p95('deepChat')),
      cpuFrameP95Ms: spread(cpuP95('deepChat')),
      shadowDomNodes: runs.deepChat.at(-1).nodes,
      messagesHeld: runs.deepChat.at(-1).held,
      newestInViewRounds: followed('deepChat'),
      ratioToSportello: ratios(p95('deepChat'), p95('sportello')),
      roundsAtLeast10xSportello: atLeast10x(p95('deepChat'), p95('sportello')),
      cpuRatioToSportello: ratios(cpuP95('deepChat'), cpuP95('sportello')),
    },
    // The browser's own cost of one more row: deep-chat / floor is about the most a list that keeps
    // the DOM's rows could reach against deep-chat on this machine; Sportello / floor is what our
    // list (measuring rows, keeping the window, announcing arrivals) adds to it.
    floor: {
      frameP95Ms: spread(p95('floor')),
      cpuFrameP95Ms: spread(cpuP95('floor')),
      lightDomNodes: runs.floor.at(-1).nodes,
      newestInViewRounds: followed('floor'),
      deepChatRatioToFloor: ratios(p95('deepChat'), p95('floor')),
      sportelloRatioToFloor: ratios(p95('sportello'), p95('floor')),
      // Whether the target can be met on this machine in this run at all: the rounds in which even
      // the list with no code reached 10x deep-chat. Below ~all of them, no list can meet it robustly.
      roundsAtLeast10xDeepChat: atLeast10x(p95('deepChat'), p95('floor')),
    },
    // Not met when a list did not keep its newest message in view: its frames would not be comparable.
    met: { frameP95AtMost0_1xDeepChat: allFollowed && ratios(p95('deepChat'), p95('sportello')).median >= 10 },
  };
}
