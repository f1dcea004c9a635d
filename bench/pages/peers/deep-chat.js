// deep-chat as an integrator would use it: one <deep-chat> element; for an answer its `handler`
// signals are fed the deltas of the simulator's stream (read with fetch in the page), with
// `stream: { partialRender: true }` (its mode for long answers) or `stream: true` (its default).
// Code blocks are highlighted as ours are: deep-chat highlights with highlight.js when the page puts
// it on `window.hljs` (its documented way; it renders the highlighted code with each message).
import 'deep-chat';
import hljs from 'highlight.js/lib/common';
import { readDeltas, fullText, frames, settledText } from './sse.js';

window.hljs = hljs;

let el;
let onRequest = () => {};

/** A fresh element in a 420×600 box (the size of our panel), resolved once it rendered. */
function make(config) {
  const next = document.createElement('deep-chat');
  Object.assign(next, config);
  next.style.width = '420px';
  next.style.height = '600px';
  const rendered = new Promise((resolve) => (next.onComponentRender = () => resolve()));
  document.body.replaceChildren(next);
  el = next;
  return rendered;
}

const lastAnswer = () => [...el.shadowRoot.querySelectorAll('.ai-message-text')].at(-1);
/** The last answer's code blocks that highlight.js coloured. */
const highlightedBlocks = () =>
  [...(lastAnswer()?.querySelectorAll('pre') ?? [])].filter((pre) => pre.querySelector('[class^="hljs-"]')).length;

window.__make = (mode = 'partial') =>
  make({
    connect: {
      stream: mode === 'partial' ? { partialRender: true } : true,
      handler: (body, signals) => onRequest(body, signals),
    },
  });

window.__ask = (question) =>
  new Promise((resolve, reject) => {
    onRequest = async (_body, signals) => {
      try {
        signals.onOpen();
        const text = await readDeltas(question, (delta) => signals.onResponse({ text: delta }));
        signals.onClose();
        const domChars = await settledText(lastAnswer);
        resolve({ chars: text.length, domChars, highlighted: highlightedBlocks() });
      } catch (error) {
        reject(error);
      }
    };
    el.submitUserMessage({ text: question });
  });

/** The same answer added once as a whole message: the completeness reference. */
window.__once = async (question) => {
  const text = await fullText(question);
  el.addMessage({ role: 'ai', text });
  return { chars: text.length, domChars: await settledText(lastAnswer) };
};

/** A transcript of `n` messages as the element's history (user and ai alternating). */
const message = (i) => ({
  role: i % 3 ? 'ai' : 'user',
  text: `Message number ${i} with a little text${i % 7 ? '' : ' see https://example.com/x'}`,
});
let next = 0;
window.__fill = async (n) => {
  await make({ history: Array.from({ length: n }, (_, i) => message(i)) });
  next = n;
  await frames(2);
  return el.shadowRoot.querySelectorAll('.outer-message-container').length;
};
window.__append = () => el.addMessage(message(next++));
window.__nodes = () => el.shadowRoot.querySelectorAll('*').length;
/** As chat-list.html's: whether the newest message is in view (the element follows its appends). */
window.__newestInView = () => {
  const newest = [...el.shadowRoot.querySelectorAll('.outer-message-container')].at(-1);
  if (!newest) return false;
  const box = el.getBoundingClientRect();
  const r = newest.getBoundingClientRect();
  return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
};
/** Messages it still holds: deep-chat keeps at most `maxVisibleMessages` (4,000 by default) and deletes older ones. */
window.__held = () => el.shadowRoot.querySelectorAll('.outer-message-container').length;

/** As chat-list.html's __frames: `count` frames, each marked, one message appended in each with `append`. */
window.__frames = async (count, append) => {
  for (let i = 0; i < count; i++) {
    await frames(1);
    performance.mark('sportello-bench-frame');
    if (append) window.__append();
  }
  await frames(2);
  performance.mark('sportello-bench-end');
};

window.__ready = true;
