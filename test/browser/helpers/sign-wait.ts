// Shared by the sign-viewer browser tests (not a test file itself): waiting for a condition.
//
// `until` has no deadline of its own. A fixed deadline (waitUntil's default is 1 s) is a timed
// assertion in disguise: on a loaded 2-core machine a frame or a poll can take longer than any short
// figure, and the test fails although nothing is wrong. The runner's per-test timeout is the only
// limit; when it ends a test, the waits still running are abandoned and named in the failure.

const pending = new Set<string>();
let generation = 0;

/** Resolves with the condition's first truthy value, polling every animation-frame-sized step. */
export async function until<T>(condition: () => T | Promise<T>, what: string): Promise<NonNullable<T>> {
  const mine = generation;
  pending.add(what);
  try {
    for (;;) {
      const value = await condition();
      if (value) return value as NonNullable<T>;
      if (generation !== mine) throw new Error(`abandoned when the test ended: ${what}`);
      // A polling step, not a wait for time to pass: the loop ends only on the condition.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    pending.delete(what);
  }
}

// A root hook: after each test, waits left over (the test timed out) stop and are named.
afterEach(function () {
  generation++;
  const err = this.currentTest?.err;
  if (pending.size && err) err.message += ` (still waiting for: ${[...pending].join('; ')})`;
  pending.clear();
});
