// A signed-in visitor's live chat sent its visitor token on the first CONNECT only: when the socket
// came back after the site's short-lived token had expired, the gateway took the chat for an
// anonymous visitor's and the visitor could no longer reach the chat they had started. Each
// (re)connect now asks the page's tokenProvider for the token it gives at that moment.
import { expect, fixture, html } from '@open-wc/testing';
import { GATEWAY_URL } from '/__sportello/env.js';
import '../../../components/live-chat/index.js';
import type { SportelloLiveChat } from '../../../components/live-chat/live-chat.js';
import { FAST_RECONNECT, LiveChatHarness } from '../../harness/live-chat.js';
import { simulator } from '../../harness/simulator.js';
import { eventually } from '../../harness/harness.js';

/** How long the site's tokens live here (s), and the clock skew the gateway tolerates past `exp`. */
const TOKEN_LIFETIME_S = 3;
const GATEWAY_CLOCK_SKEW_S = 5;

const expiryOf = (token: string): number =>
  (JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number }).exp;

/**
 * Moves the clock the test gateway checks (and mints) visitor tokens by to `ms` ahead of real time
 * (test/setup/gateway-plugin.mjs): a token expires without its lifetime waited out.
 */
async function gatewayClockAhead(ms: number): Promise<void> {
  const res = await fetch(`/__sportello/gateway-clock?ahead=${Math.ceil(ms)}`, { method: 'POST' });
  if (!res.ok) throw new Error(`gateway clock: HTTP ${res.status}`);
}

describe('through the gateway: a signed-in visitor’s chat after its token expired', () => {
  beforeEach(() => simulator.reset());
  afterEach(() => gatewayClockAhead(0));

  it('reconnects with a fresh token from the tokenProvider and still reaches the chat it started', async () => {
    const issued: string[] = [];
    const provider = async () => {
      const res = await fetch(`/__sportello/visitor-token?user=ada&ttl=${TOKEN_LIFETIME_S}`);
      const { token } = (await res.json()) as { token: string };
      issued.push(token);
      return token;
    };
    const el = await fixture<SportelloLiveChat>(html`<sportello-live-chat
      lang="en"
      widget-key="demo"
      mode="inline"
      endpoint=${`${GATEWAY_URL}/chat`}
      .tokenProvider=${provider}
      .stomp=${FAST_RECONNECT}
      .reportNavigation=${false}
    ></sportello-live-chat>`);
    const chat = new LiveChatHarness(el);
    const idChat = await chat.startChat('1');
    await chat.sendAndConfirm('Before my token expired');
    const before = await simulator.visitorListening(idChat);

    // The gateway's clock moves past every token given so far, clock skew included: none would
    // name Ada now. (Tokens minted from here on are minted on that clock, so they are valid.)
    const expired = Math.max(...issued.map(expiryOf)) + GATEWAY_CLOCK_SKEW_S + 1;
    await gatewayClockAhead(expired * 1000 - Date.now());

    // The socket drops (a deploy, a network change) and the live chat connects again by itself.
    expect(await simulator.dropSockets()).to.be.greaterThan(0);
    const problems = () => chat.errors.details.map((d) => `${d.operation}: ${d.error.message}`);
    // Back on the chat's topic, or refused it (an anonymous visitor's socket may not follow Ada's chat).
    await eventually(
      async () =>
        problems().length > 0 ||
        (await simulator.visitorSockets()).some(
          (s) => s.id !== before && s.destinations.includes(`/topic/chat.${idChat}`),
        ),
    );
    expect(problems(), chat.describe()).to.deep.equal([]);
    const row = await chat.sendAndConfirm('After the reconnect');
    expect(row.text).to.equal('After the reconnect');
  });
});
