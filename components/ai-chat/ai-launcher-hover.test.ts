/** A pointer over the closed bubble loads the panel (and only the code: the service hears nothing). */
import { expect } from '@open-wc/testing';
import '../../entries/ai-launcher.js';
import { until } from '../../test/browser/helpers/chat-frames.js';
import { bubble, closedLauncher, serviceRequests } from '../../test/browser/helpers/ai-launcher.js';

describe('sportello-ai-chat launcher: hover', () => {
  it('a pointer over the bubble loads the panel, which stays closed', async () => {
    const el = await closedLauncher();
    expect(customElements.get('sportello-ai-chat')).to.equal(undefined);
    bubble(el)!.dispatchEvent(new PointerEvent('pointerenter'));
    await until(() => customElements.get('sportello-ai-chat'));
    await el.updateComplete;
    expect(el.open).to.equal(false);
    expect(el.shadowRoot!.querySelectorAll('button.launcher').length).to.equal(1);
    expect(serviceRequests()).to.deep.equal([]);
  });
});
