/** The closed bubble clicked before anything else (a touch screen's tap): the panel loads and opens with the focus inside. */
import { expect } from '@open-wc/testing';
import '../../entries/ai-launcher.js';
import { until } from '../../test/browser/helpers/chat-frames.js';
import { bubble, closedLauncher, serviceRequests } from '../../test/browser/helpers/ai-launcher.js';

describe('sportello-ai-chat launcher: a click', () => {
  it('loads the panel, opens it and moves the focus into it; the panel modules were hinted all at once', async () => {
    const el = await closedLauncher();
    bubble(el)!.click();
    await until(() => el.shadowRoot!.activeElement?.tagName === 'SPORTELLO-COMPOSER');
    expect(el.open).to.equal(true);
    expect(el.shadowRoot!.querySelector('.panel')).to.exist;
    expect(bubble(el)!.getAttribute('aria-expanded')).to.equal('true');
    expect(serviceRequests()).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });
});
