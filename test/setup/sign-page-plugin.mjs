// web-test-runner plugin: a real person on the signing service's page. Browser tests call
//   executeServerCommand('sign-page', { open: 'window' | 'dialog', action: 'sign' | 'reject', reason?, via? })
// (`via`: the link to click in window mode, default the viewer's Sign link), or
//   executeServerCommand('sign-page', { inspect: 'frames' }) for the URLs of the page's frames (a
// frame refused by X-Frame-Options or CSP frame-ancestors shows Chromium's error page there), or
//   executeServerCommand('sign-page', { tap: selector }) to tap an element (shadow roots pierced) with a finger.
// and this drives the same Chromium through puppeteer: it clicks the viewer's Sign link with a real
// user gesture (window mode: the page opens in a popup) or finds the viewer's dialog iframe (dialog
// mode), then presses the page's own Sign or Reject button, as a signer would. Cross-origin pages
// and frames are out of a test page's reach; the browser's own automation is not.

/** Where the simulator serves its signing pages. */
const SIGN_PAGE = /\/sign\/app\/sign\/[^/?#]+(?:[?#].*)?$/;

/**
 * Polls `fn` until it gives a truthy value. Its only limit is the runner's own per-test timeout
 * (`limitMs`, handed over by the config): the browser test waiting on this command fails then
 * anyway, and the loop must not outlive it. No shorter figure: on a loaded machine a frame or a
 * popup can take any time to appear, and a short deadline fails a test although nothing is wrong.
 */
async function waitFor(fn, what, limitMs) {
  const end = Date.now() + limitMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`sign-page: ${what} (the test's ${limitMs} ms ran out)`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Presses Sign or Reject on a signing page and returns the page's words after. `locate` finds the
 * page or frame again after the submission: a frame that navigates may come back as a new object.
 */
async function act(locate, { action, reason }, page, limitMs) {
  const target = await locate();
  await target.waitForSelector(`form[action$="/${action}"] button`, { timeout: limitMs });
  if (action === 'reject' && reason) await target.type('#reason', reason);
  // The answer's status is read from the network (the page the form's POST ends on, after its
  // redirect), not only from the frame's navigation: in dialog mode the viewer may close its dialog,
  // detaching the frame, as soon as it sees the signature, before that navigation is reported.
  const [navigation, answer] = await Promise.all([
    target.waitForNavigation({ timeout: limitMs }).catch(() => null),
    page
      .waitForResponse((r) => r.request().resourceType() === 'document' && (r.status() < 300 || r.status() >= 400), {
        timeout: limitMs,
      })
      .catch(() => null),
    target.click(`form[action$="/${action}"] button`),
  ]);
  const response = answer ?? navigation;
  const status = response?.status() ?? 0;
  let text = '';
  try {
    const after = await locate(true);
    text = after
      ? await after.evaluate(() => document.body?.textContent ?? '')
      : '(the dialog closed after the submission)';
  } catch (error) {
    text = `(page unreadable after the submission: ${error?.message ?? error})`;
  }
  return { status, text: text.replace(/\s+/g, ' ').trim() };
}

/** `timeout`: the runner's per-test timeout (the config passes its own figure). */
export function signPagePlugin({ timeout: limitMs }) {
  return {
    name: 'sportello-sign-page',
    async executeCommand({ command, payload, session }) {
      if (command !== 'sign-page') return undefined;
      const page = session.browser.getPage(session.id);
      if (!page) throw new Error('sign-page: this launcher has no puppeteer page');
      if (payload.inspect === 'frames') return { frames: page.frames().map((f) => f.url()) };
      if (payload.tap) {
        // A finger, not a mouse: touch events at the element's centre (the browser makes the click).
        const handle = await page.$(`pierce/${payload.tap}`);
        const box = await handle?.boundingBox();
        if (!box) throw new Error(`sign-page: nothing to tap at ${payload.tap}`);
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        return { tapped: true };
      }
      if (payload.open === 'window') {
        const popup = new Promise((resolve) => page.once('popup', resolve));
        // pierce/ reaches into the viewer's shadow root: a real click, so no popup blocker.
        await page.click(`pierce/${payload.via ?? 'a[part="sign-button"]'}`);
        const signing = await waitFor(() => popup, 'no signing window opened', limitMs);
        await signing.waitForFunction(() => document.readyState === 'complete', { timeout: limitMs });
        try {
          return { opened: signing.url(), ...(await act(async () => signing, payload, signing, limitMs)) };
        } finally {
          await signing.close();
        }
      }
      const signingFrame = () => page.frames().find((f) => SIGN_PAGE.test(f.url()) && !f.detached);
      // After the submission the viewer may close its dialog as soon as it sees the signature: then
      // the wait ends on that condition (no open dialog frame) instead of on the frame coming back.
      const dialogGone = async () => !(await page.$('pierce/dialog[open] iframe'));
      const findFrame = (after = false) =>
        waitFor(
          async () => signingFrame() ?? (after && (await dialogGone()) ? 'gone' : undefined),
          'no signing frame',
          limitMs,
        ).then((found) => (found === 'gone' ? null : found));
      const frame = await findFrame();
      return { opened: frame.url(), ...(await act(findFrame, payload, page, limitMs)) };
    },
  };
}
