/**
 * Nothing paid before intent (issue #23): a closed launcher fetches neither the window nor anything
 * from the service until the visitor shows intent, unless the page opts in with `preload`.
 * A file of its own: whether the window's module was loaded is a fact of the whole page.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { CHAT_URL, resetSim, SIM_URL } from '../../test/browser/helpers/live-chat.js';
import { until } from '../../test/harness/harness.js';
import type { SportelloLiveChat } from './live-chat.js';

/** The page idle again and again: long enough for a module the launcher asked for at idle to arrive. */
const idlePeriods = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => requestIdleCallback(() => r(undefined), { timeout: 5000 }));
};
const simRequests = () =>
  performance.getEntriesByType('resource').filter((e) => e.name.startsWith(SIM_URL) && !e.name.includes('/__sim/'));

describe('sportello-live-chat: nothing before intent', () => {
  beforeEach(resetSim);

  it('a closed launcher loads no window and asks the service nothing, even once idle; a pointer over it loads the window', async () => {
    performance.clearResourceTimings();
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat lang="en" widget-key="demo" endpoint=${CHAT_URL}></sportello-live-chat>`,
    );
    await idlePeriods(20);
    expect(customElements.get('sportello-live-chat-window'), 'window module').to.equal(undefined);
    expect(simRequests().map((e) => e.name)).to.deep.equal([]);
    el.shadowRoot!.querySelector('button.launcher')!.dispatchEvent(new PointerEvent('pointerenter'));
    await until(() => customElements.get('sportello-live-chat-window'));
    // Intent loads code, not the chat: the service hears of the visitor when the window opens.
    expect(simRequests().map((e) => e.name)).to.deep.equal([]);
  });
});
