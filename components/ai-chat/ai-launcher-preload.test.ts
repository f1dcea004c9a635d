/** `preload`: the page opts in to loading the panel at idle, still without a request to the service. */
import { expect } from '@open-wc/testing';
import '../../entries/ai-launcher.js';
import { until } from '../../test/browser/helpers/chat-frames.js';
import { bubble, closedLauncher, serviceRequests } from '../../test/browser/helpers/ai-launcher.js';

describe('sportello-ai-chat launcher: preload', () => {
  it('with `preload` the panel arrives at idle, closed, without a request to the service', async () => {
    const el = await closedLauncher({ preload: '' });
    await until(() => customElements.get('sportello-ai-chat'));
    await el.updateComplete;
    expect(el.open).to.equal(false);
    expect(bubble(el)).to.exist;
    expect(el.shadowRoot!.querySelector('.panel')).to.equal(null);
    expect(serviceRequests()).to.deep.equal([]);
  });
});
