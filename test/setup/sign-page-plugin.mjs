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

async function waitFor(fn, what, timeoutMs = 15000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`sign-page: ${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Presses Sign or Reject on a signing page and returns the page's words after. `locate` finds the
 * page or frame again after the submission: a frame that navigates may come back as a new object.
 */
async function act(locate, { action, reason }, page) {
  const target = await locate();
  await target.waitForSelector(`form[action$="/${action}"] button`, { timeout: 15000 });
  if (action === 'reject' && reason) await target.type('#reason', reason);
  // The answer's status is read from the network (the page the form's POST ends on, after its
  // redirect), not only from the frame's navigation: in dialog mode the viewer may close its dialog,
  // detaching the frame, as soon as it sees the signature, before that navigation is reported.
  const [navigation, answer] = await Promise.all([
    target.waitForNavigation({ timeout: 15000 }).catch(() => null),
    page
      .waitForResponse((r) => r.request().resourceType() === 'document' && (r.status() < 300 || r.status() >= 400), {
        timeout: 15000,
      })
      .catch(() => null),
    target.click(`form[action$="/${action}"] button`),
  ]);
  const response = answer ?? navigation;
  const status = response?.status() ?? 0;
  let text = '';
  try {
    const after = await locate(true);
    text = await after.evaluate(() => document.body?.textContent ?? '');
  } catch (error) {
    text = `(page unreadable after the submission: ${error?.message ?? error})`;
  }
  return { status, text: text.replace(/\s+/g, ' ').trim() };
}

export function signPagePlugin() {
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
        const signing = await waitFor(() => popup, 'no signing window opened');
        await signing.waitForFunction(() => document.readyState === 'complete', { timeout: 15000 });
        try {
          return { opened: signing.url(), ...(await act(async () => signing, payload, signing)) };
        } finally {
          await signing.close();
        }
      }
      // After the submission the viewer may already have closed its dialog: look only briefly then.
      const findFrame = (after = false) =>
        waitFor(
          () => page.frames().find((f) => SIGN_PAGE.test(f.url()) && !f.detached),
          'no signing frame',
          after ? 1000 : 15000,
        );
      const frame = await findFrame();
      return { opened: frame.url(), ...(await act(findFrame, payload, page)) };
    },
  };
}
