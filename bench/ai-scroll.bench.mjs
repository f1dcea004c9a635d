// ai.scroll390: the AI panel on a phone (390×844 viewport), production build (cdn/ai-chat.js). A
// thread of QUESTIONS answers from the simulator's knowledge base (headings, lists, tables, code,
// sources), the last question then edited and asked again (its version picker shows "2 of 2"), is
// scrolled from its end to its top and back in steps of half the thread's height, one step per
// frame, under a Chromium trace. Per scroll: the interval between animation frames (p95, median:
// 16.7 ms is a frame at 60 Hz, more means frames were missed), and the main thread's time in each
// frame from the trace (chat.bench's reader), as wall time and as CPU time: on a shared 2-core
// machine the intervals and the wall time also count the time another process held the cores,
// the CPU time does not, so it is the figure to compare between builds. Each figure over ROUNDS
// scrolls of the same thread, as { min, median, max, rounds }.
import { loadavg } from 'node:os';
import { withBench, percentile, spread } from './lib/harness.mjs';
import { framesFromTrace } from './chat.bench.mjs';

const ROUNDS = Number(process.env.SPORTELLO_BENCH_SCROLL_ROUNDS) || 5;
const QUESTIONS = [
  'What are your opening hours?',
  'How much does shipping cost?',
  'How do I pay an invoice?',
  'How do I track my parcel?',
  'I forgot my password',
  'How do I sign a document?',
  'When does the invoice arrive?',
  'How do I open a help desk ticket?',
  'Do you ship abroad?',
  'How do I change my email address?',
  'Can I pay by direct debit?',
  'How long does delivery take?',
];

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

/** One full scroll of the thread, end → top → end, sampled every animation frame, traced. */
async function scrollOnce(page, browser) {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const sampled = await scrollInPage(page);
  const traced = framesFromTrace(await browser.stopTracing());
  return {
    ...sampled,
    mainP95Ms: percentile(traced.perFrame, 95),
    cpuP95Ms: percentile(traced.cpuPerFrame, 95),
    cpuMedianMs: percentile(traced.cpuPerFrame, 50),
  };
}

const scrollInPage = (page) =>
  page.evaluate(async () => {
    const el = document.querySelector('sportello-ai-chat');
    const list = el.shadowRoot.querySelector('sportello-ai-thread').shadowRoot.querySelector('[part~=list]');
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const intervals = [];
    let last = await frame();
    const step = async () => {
      const now = await frame();
      // The trace cuts frames at these marks (framesFromTrace).
      performance.mark('sportello-bench-frame');
      intervals.push(now - last);
      last = now;
    };
    // The reader takes the list over (a wheel turn: it stops following the end), as a visitor does.
    list.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, bubbles: true }));
    let steps = 0;
    while (list.scrollTop > 0) {
      list.scrollTop = Math.max(0, list.scrollTop - list.clientHeight * 0.5);
      await step();
      steps++;
    }
    while (list.scrollTop + list.clientHeight < list.scrollHeight - 2) {
      list.scrollTop += list.clientHeight * 0.5;
      await step();
      steps++;
    }
    await frame();
    performance.mark('sportello-bench-end');
    const sorted = intervals.sort((a, b) => a - b);
    const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
    return {
      frameP95Ms: at(0.95),
      frameMedianMs: at(0.5),
      frames: intervals.length,
      steps,
      scrollHeight: list.scrollHeight,
      rowsInDom: list.querySelectorAll('.item').length,
      pickers: el.shadowRoot.querySelector('sportello-ai-thread').shadowRoot.querySelectorAll('.versions').length,
    };
  });

export default async function aiScrollBench() {
  return withBench(
    async ({ page, browser, open }) => {
      await open('bench/pages/ai-stream.html');
      await page.waitForFunction(() => window.__make && customElements.get('sportello-ai-chat'));
      await page.evaluate(() => window.__make(true));
      for (const question of QUESTIONS) {
        const answer = await page.evaluate((q) => window.__ask(q), question);
        if (answer.error) throw new Error(`"${question}" failed: ${answer.error}`);
      }
      // The last question edited and asked again, as a visitor does with its Edit button.
      const edited = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const el = document.querySelector('sportello-ai-chat');
            const root = el.shadowRoot.querySelector('sportello-ai-thread').shadowRoot;
            el.addEventListener('sportello-ai-message', (e) => e.detail.role === 'assistant' && resolve(true));
            el.addEventListener('sportello-error', () => resolve(false));
            [...root.querySelectorAll('.icon-button.edit')].at(-1).click();
            const wait = () => {
              const field = root.querySelector('.edit-form textarea');
              if (!field) return setTimeout(wait, 10);
              field.value = 'Which payment methods do you accept?';
              field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
              root.querySelector('.edit-form [type="submit"]').click();
            };
            wait();
          }),
      );
      if (!edited) throw new Error('the edited question failed');
      await scrollOnce(page, browser); // warm-up: the first pass lays out and measures every row
      const runs = [];
      for (let i = 0; i < ROUNDS; i++) runs.push(await scrollOnce(page, browser));
      const pick = (key) => spread(runs.map((r) => r[key]));
      return {
        'ai.scroll390': {
          frameP95Ms: pick('frameP95Ms'),
          frameMedianMs: pick('frameMedianMs'),
          mainThreadFrameP95Ms: pick('mainP95Ms'),
          cpuFrameP95Ms: pick('cpuP95Ms'),
          cpuFrameMedianMs: pick('cpuMedianMs'),
          framesPerScroll: pick('frames'),
          scrollHeightPx: runs[0].scrollHeight,
          rowsInDomAtEnd: runs.at(-1).rowsInDom,
          versionPickers: runs.at(-1).pickers,
          // Frames are missed when another process takes the cores: how busy the machine was.
          loadAverage: +loadavg()[0].toFixed(2),
          note: `${QUESTIONS.length} knowledge answers then the last question edited, in <sportello-ai-chat> (cdn/, inline, 560 px high) at 390×844; end → top → end in half-height steps, one per frame, after one unmeasured pass; per scroll: frame interval p95 and median, main-thread wall and CPU time per frame (trace) p95 and median, over ${ROUNDS} scrolls, { min, median, max }`,
        },
      };
    },
    { paceMs: 0, viewport: { width: 390, height: 844 } },
  );
}
