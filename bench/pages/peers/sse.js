// The simulator's AI stream read with fetch in the page, as a peer's integrator would: every
// `delta` event's content handed to `onDelta` in order. Same request as ai-stream.html's floor.
export const sim = new URLSearchParams(location.search).get('sim');

export async function readDeltas(question, onDelta) {
  const res = await fetch(`${sim}/ai/api/v2/chat`, {
    method: 'POST',
    headers: { 'X-Api-Key': 'spk_demo', 'X-Source-App': 'api_direct', 'Content-Type': 'application/json' },
    body: JSON.stringify({ agent_id: 1, message: question, stream: true }),
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!line.startsWith('data: ')) continue;
      const event = JSON.parse(line.slice(6));
      if (event.type === 'delta') {
        text += event.content;
        onDelta(event.content);
      }
    }
  }
  return text;
}

export const frames = (n = 2) =>
  new Promise((resolve) => {
    const step = (left) => (left ? requestAnimationFrame(() => step(left - 1)) : resolve());
    step(n);
  });

/** The whole answer's text, read once (for the one-shot render the streamed DOM is checked against). */
export const fullText = (question) => readDeltas(question, () => {});

/**
 * Resolves once `element`'s text stopped changing for 5 frames (renderers that defer or batch
 * their work — React transitions, partial renders — finish after the last delta is handed over).
 */
export async function settledText(element, limitMs = 10000) {
  const t0 = performance.now();
  let last = -1;
  let same = 0;
  while (same < 5 && performance.now() - t0 < limitMs) {
    await frames(1);
    const now = element()?.textContent.length ?? 0;
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return last;
}
