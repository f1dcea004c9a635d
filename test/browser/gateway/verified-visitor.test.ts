// Issue #32, defect 7: the live chat showed a visitor as "verified" from the claims of any token
// the page handed it, even a forged, unsigned one the gateway refused. Now it shows the badge only
// when the gateway says it verified the token (its answer's X-Sportello-Visitor header).
import { expect, fixture, html } from '@open-wc/testing';
import { GATEWAY_URL } from '/__sportello/env.js';
import '../../../components/live-chat/index.js';
import type { SportelloLiveChat } from '../../../components/live-chat/live-chat.js';
import { resetSim } from '../helpers/live-chat.js';
import { LiveChatHarness } from '../../harness/live-chat.js';

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

const liveChat = async (provider: () => Promise<string>) =>
  new LiveChatHarness(
    await fixture<SportelloLiveChat>(html`<sportello-live-chat
    lang="en"
    widget-key="demo"
    mode="inline"
    endpoint=${`${GATEWAY_URL}/chat`}
    .tokenProvider=${provider}
    .reportNavigation=${false}
  ></sportello-live-chat>`),
  );

describe('through the gateway: the live chat’s "verified" visitor', () => {
  // A chat another file left in this origin's storage would be resumed instead of the pre-chat form.
  beforeEach(resetSim);

  it('shows no badge for a forged token the gateway refused, and asks for name and e-mail', async () => {
    const chat = await liveChat(async () => forged);
    await chat.waitFor('prechat');
    expect(chat.inWindow('.verified'), 'a refused token shown as verified').to.equal(null);
    expect(chat.field('name')).to.not.equal(null);
    expect(chat.field('email')).to.not.equal(null);
  });

  it("shows the badge for a token the gateway verified (the site backend's)", async () => {
    const chat = await liveChat(
      async () => ((await (await fetch('/__sportello/visitor-token?user=ada')).json()) as { token: string }).token,
    );
    await chat.waitFor('prechat');
    expect(chat.inWindow('.verified')?.textContent).to.contain('Ada Lovelace');
    expect(chat.field('name')).to.equal(null);
  });
});
