// Streamdown (React): the answer as React state grown by each delta of the simulator's stream,
// rendered by <Streamdown>, as its README shows for a chat: the code plugin (@streamdown/code,
// Shiki) so that code blocks are highlighted as ours are, and `isAnimating` while the answer
// streams. Not its `animated` word fade-in (a visual effect our panel does not have), nor the
// mermaid, math and CJK plugins (nothing in the answer for them). No JSX (no plugin): createElement.
import { createElement as h, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Streamdown } from 'streamdown';
import { code } from '@streamdown/code';
import { readDeltas, fullText, frames, settledText } from './sse.js';

const plugins = { code };

let root;
let setText = () => {};
let shown = '';
let committed = () => {};

let setStreaming = () => {};

function Answer() {
  const [text, set] = useState('');
  const [streaming, setIsStreaming] = useState(false);
  setText = set;
  setStreaming = setIsStreaming;
  useLayoutEffect(() => {
    shown = text;
    committed(text);
  });
  return h(Streamdown, { plugins, isAnimating: streaming }, text);
}

const container = () => document.querySelector('#root');

window.__make = () => {
  root?.unmount();
  shown = '';
  root = createRoot(container());
  root.render(h(Answer));
  return frames(1);
};

/** Code blocks, and those Shiki has coloured (a token with a colour of its own: `--sdm-c: #…`, not `inherit`). */
const codeBlocks = () => {
  const blocks = [...container().querySelectorAll('[data-streamdown="code-block-body"]')];
  const highlighted = blocks.filter((b) =>
    [...b.querySelectorAll('span[style]')].some((s) => /--sdm-c:\s*#/.test(s.getAttribute('style'))),
  );
  return { blocks: blocks.length, highlighted: highlighted.length };
};

/** Resolves once every code block is highlighted (as the bench waits for ours: ai-stream.html). */
const highlighted = async (limitMs = 10000) => {
  const t0 = performance.now();
  for (;;) {
    const { blocks, highlighted } = codeBlocks();
    if (blocks === highlighted || performance.now() - t0 > limitMs) return highlighted;
    await new Promise((r) => setTimeout(r, 10));
  }
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
  setStreaming(true);
  const text = await readDeltas(question, (delta) => setText((t) => t + delta));
  setStreaming(false);
  await settled(text);
  const domChars = await settledText(container);
  const lit = await highlighted();
  await frames(2);
  return { chars: text.length, domChars, highlighted: lit };
};

/** The same answer rendered once (read first, then one state update): the completeness reference. */
window.__once = async (question) => {
  const text = await fullText(question);
  setText(text);
  await settled(text);
  const domChars = await settledText(container);
  return { chars: text.length, domChars, highlighted: await highlighted() };
};
window.__ready = true;
