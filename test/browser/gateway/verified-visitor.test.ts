// Issue #32, defect 7: the live chat showed a visitor as "verified" from the claims of any token
// the page handed it, even a forged, unsigned one the gateway refused. Now it shows the badge only
// when the gateway says it verified the token (its answer's X-Sportello-Visitor header).
import { expect, fixture, html } from '@open-wc/testing';
import { GATEWAY_URL } from '/__sportello/env.js';
import '../../../components/live-chat/index.js';
import type { SportelloLiveChat } from '../../../components/live-chat/live-chat.js';
import { phase, resetSim } from '../helpers/live-chat.js';

const b64url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

/** What an attacker can make without the site's secret: claims of their choosing, no valid signature. */
const forged = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({
  sub: 'mallory',
  aud: 'sportello',
  exp: Math.floor(Date.now() / 1000) + 600,
  name: 'Ada Lovelace',
  email: 'ada@example.test',
})}.${b64url('not-a-signature')}`;

const liveChat = (provider: () => Promise<string>) =>
  fixture<SportelloLiveChat>(html`<sportello-live-chat
    lang="en"
    widget-key="demo"
    mode="inline"
    endpoint=${`${GATEWAY_URL}/chat`}
    .tokenProvider=${provider}
    .reportNavigation=${false}
  ></sportello-live-chat>`);

describe('through the gateway: the live chat’s "verified" visitor', () => {
  // A chat another file left in this origin's storage would be resumed instead of the pre-chat form.
  beforeEach(resetSim);

  it('shows no badge for a forged token the gateway refused, and asks for name and e-mail', async () => {
    const el = await liveChat(async () => forged);
    const win = await phase(el, 'prechat');
    const root = win.shadowRoot!;
    expect(root.querySelector('.verified'), 'a refused token shown as verified').to.equal(null);
    expect(root.querySelector('#name')).to.not.equal(null);
    expect(root.querySelector('#email')).to.not.equal(null);
  });

  it("shows the badge for a token the gateway verified (the site backend's)", async () => {
    const el = await liveChat(
      async () => ((await (await fetch('/__sportello/visitor-token?user=ada')).json()) as { token: string }).token,
    );
    const win = await phase(el, 'prechat');
    expect(win.shadowRoot!.querySelector('.verified')?.textContent).to.contain('Ada Lovelace');
    expect(win.shadowRoot!.querySelector('#name')).to.equal(null);
  });
});
