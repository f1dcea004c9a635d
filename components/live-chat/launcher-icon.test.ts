/**
 * The closed launcher's bubble is a span clipped to the bubble's path, not an SVG element (the
 * page's first SVG element costs a closed launcher ~2.8 ms at 4x CPU while the page starts); it is
 * still drawn in the button's text colour, and opening shows the close icon.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import './index.js';
import { CHAT_URL, resetSim } from '../../test/browser/helpers/live-chat.js';
import type { SportelloLiveChat } from './live-chat.js';

describe('closed live-chat launcher: its icon', () => {
  beforeEach(resetSim);

  it('is a clipped span in the text colour, no SVG element; the open launcher shows the close icon', async () => {
    const chat = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat widget-key="demo" endpoint=${CHAT_URL}></sportello-live-chat>`,
    );
    const button = chat.shadowRoot!.querySelector<HTMLButtonElement>('button.launcher')!;
    expect(button.querySelector('svg')).to.equal(null);
    const icon = button.querySelector<HTMLElement>('.icon')!;
    expect(icon.getAttribute('aria-hidden')).to.equal('true');
    const style = getComputedStyle(icon);
    expect(style.clipPath).to.match(/^path\(/);
    expect(style.backgroundColor).to.equal(getComputedStyle(button).color);
    const box = icon.getBoundingClientRect();
    expect(Math.round(box.width)).to.equal(26);

    await chat.show();
    await waitUntil(() => button.querySelector('svg') !== null, 'no close icon once open');
    expect(button.querySelector('.icon')).to.equal(null);
    await chat.close();
    expect(button.querySelector('.icon')).to.equal(icon);
  });
});
