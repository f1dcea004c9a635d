// Streamdown (React): the answer as React state grown by each delta of the simulator's stream,
// rendered by <Streamdown>, as its README shows for a chat. No JSX (no plugin): createElement.
import { createElement as h, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Streamdown } from 'streamdown';
import { readDeltas, fullText, frames, settledText } from './sse.js';

let root;
let setText = () => {};
let shown = '';
let committed = () => {};

function Answer() {
  const [text, set] = useState('');
  setText = set;
  useLayoutEffect(() => {
    shown = text;
    committed(text);
  });
  return h(Streamdown, null, text);
}

const container = () => document.querySelector('#root');

window.__make = () => {
  root?.unmount();
  shown = '';
  root = createRoot(container());
  root.render(h(Answer));
  return frames(1);
};

/** Resolves once React committed `text` (the last delta's render), then two frames (layout, paint). */
const settled = (text) =>
  new Promise((resolve) => {
    committed = (now) => {
      if (now === text) resolve();
    };
    if (shown === text) resolve();
  }).then(() => frames(2));

window.__ask = async (question) => {
  const text = await readDeltas(question, (delta) => setText((t) => t + delta));
  await settled(text);
  return { chars: text.length, domChars: await settledText(container) };
};

/** The same answer rendered once (read first, then one state update): the completeness reference. */
window.__once = async (question) => {
  const text = await fullText(question);
  setText(text);
  await settled(text);
  return { chars: text.length, domChars: await settledText(container) };
};
window.__ready = true;
