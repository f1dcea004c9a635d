/**
 * Helpers for the chat tests. The message list measures rows with ResizeObserver; Chromium reports
 * "ResizeObserver loop completed with undelivered notifications" as a window error when a layout
 * pass resizes observed rows again. It is benign (the next frame delivers them) but mocha fails
 * the running test on any window error, so the tests filter that one message only.
 */
export function ignoreResizeObserverLoop(): void {
  window.addEventListener(
    'error',
    (e) => {
      if (/ResizeObserver loop/.test(e.message)) e.stopImmediatePropagation();
    },
    { capture: true },
  );
}

/** The one way the tests wait for a frame or poll a condition (test/harness/harness.ts). */
export { nextFrame, until } from '../../harness/harness.js';
