import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { SIM_URL } from '/__sportello/env.js';
import { until } from '../../test/browser/helpers/chat-frames.js';

/** The AI demo page as a visitor on a phone sees it, in a frame of a phone's size. */
describe('AI demo page on a phone (390×844)', () => {
  before(() => setViewport({ width: 800, height: 900 }));

  it("the live chat's bubble does not cover the AI panel's Send button", async () => {
    // Defect #21.8: at 390×844 the bubble in the corner covered Send once the composer was in view.
    const frame = document.createElement('iframe');
    frame.width = '390';
    frame.height = '844';
    // The demo reads where the services are from its URL (demo/demo-env.ts); the gateway is not used here.
    frame.src = `/demo/ai-chat/index.html?sim=${encodeURIComponent(SIM_URL)}&gateway=${encodeURIComponent(SIM_URL)}`;
    document.body.append(frame);
    try {
      const doc = await until(
        () => frame.contentDocument?.querySelector('sportello-ai-chat')?.shadowRoot && frame.contentDocument,
      );
      const send = await until(
        () =>
          doc
            .querySelector('sportello-ai-chat')!
            .shadowRoot!.querySelector('sportello-composer')
            ?.shadowRoot?.querySelector<HTMLElement>('[part~=send]') ?? null,
      );
      const bubble = await until(
        () =>
          doc.querySelector('sportello-live-chat')?.shadowRoot?.querySelector<HTMLElement>('[part~=launcher]') ?? null,
      );
      // The visitor brings the composer into view (as tapping into it does).
      send.scrollIntoView({ block: 'end' });
      await new Promise((r) => requestAnimationFrame(r));
      const a = send.getBoundingClientRect();
      const b = bubble.getBoundingClientRect();
      expect(b.width).to.be.greaterThan(0);
      const overlaps = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      expect(overlaps, `Send ${JSON.stringify(a)} bubble ${JSON.stringify(b)}`).to.equal(false);
      // And what is under Send's centre is the panel, not the bubble.
      const hit = doc.elementFromPoint(a.left + a.width / 2, a.top + a.height / 2);
      expect(hit?.localName).to.equal('sportello-ai-chat');
    } finally {
      frame.remove();
    }
  });
});
