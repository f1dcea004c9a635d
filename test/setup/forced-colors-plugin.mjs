// web-test-runner plugin: Windows High Contrast (forced colours) for one test page. Browser tests call
//   executeServerCommand('forced-colors', { active: true | false })
// The runner's own emulate-media command cannot: through puppeteer it knows only colour scheme and
// reduced motion, and puppeteer refuses other media features, so this asks Chromium directly
// (DevTools Emulation.setEmulatedMedia). The DevTools session is kept open while the emulation
// holds, since Chromium clears a session's overrides when it detaches.

export function forcedColorsPlugin() {
  /** Open DevTools sessions by test session id. */
  const sessions = new Map();
  return {
    name: 'forced-colors',
    async executeCommand({ command, payload, session }) {
      if (command !== 'forced-colors') return undefined;
      let cdp = sessions.get(session.id);
      if (!cdp) {
        cdp = await session.browser.getPage(session.id).createCDPSession();
        sessions.set(session.id, cdp);
      }
      const value = payload?.active ? 'active' : 'none';
      await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value }] });
      if (!payload?.active) {
        sessions.delete(session.id);
        await cdp.detach().catch(() => {});
      }
      return true;
    },
  };
}
