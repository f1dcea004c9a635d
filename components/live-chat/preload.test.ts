/** `preload`: the page opts in to loading the window at idle (a file of its own: module state is per page). */
import { expect, fixture, html } from '@open-wc/testing';
import { CHAT_URL, resetSim, SIM_URL } from '../../test/browser/helpers/live-chat.js';
import { until } from '../../test/harness/harness.js';
import type { SportelloLiveChat } from './live-chat.js';

describe('sportello-live-chat: preload', () => {
  beforeEach(resetSim);

  it('with `preload` the window arrives at idle, still without a request to the service', async () => {
    performance.clearResourceTimings();
    await fixture<SportelloLiveChat>(
      html`<sportello-live-chat preload lang="en" widget-key="demo" endpoint=${CHAT_URL}></sportello-live-chat>`,
    );
    await until(() => customElements.get('sportello-live-chat-window'));
    const sim = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.startsWith(SIM_URL) && !e.name.includes('/__sim/'));
    expect(sim.map((e) => e.name)).to.deep.equal([]);
  });
});
