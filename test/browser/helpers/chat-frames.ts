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

export const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));

/** Polls until `check` returns a truthy value (no timing assertions: the test timeout bounds it). */
export async function until<T>(check: () => T | undefined | null | false, stepMs = 20): Promise<T> {
  for (;;) {
    const value = check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
