/**
 * The light launcher follows configuration that arrives after it was connected: a page that sets
 * `endpoint` (or calls configure(), or fills its <sportello-config>) late must not leave the chat
 * on "Loading…". Every case waits for the configuration-less state first (a condition, not a
 * sleep), then configures, then expects the pre-chat form.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { CHAT_URL, FAST_RECONNECT, resetSim } from '../../test/browser/helpers/live-chat.js';
import { until } from '../../test/harness/harness.js';
import { configure, resetConfiguration } from '../../src/config.js';
import '../shared/sportello-config.js';
import type { SportelloLiveChat } from './live-chat.js';
import type { SportelloConfigElement } from '../shared/sportello-config.js';

/** The pre-chat form of the chat's window, once it is shown. */
const prechatForm = (el: SportelloLiveChat) => el.chatWindow?.shadowRoot?.querySelector('form') ?? null;

/** Resolves once the browser has been idle once: the launcher's idle work (page lang, storage) has run. */
const idle = () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 }));

/** A launcher without an endpoint: everything else it needs is there. */
async function mountWithoutEndpoint(
  attrs: { mode?: 'inline' | 'launcher'; open?: boolean } = {},
  parent?: Element,
): Promise<SportelloLiveChat> {
  return fixture<SportelloLiveChat>(
    html`<sportello-live-chat
      lang="en"
      widget-key="demo"
      mode=${attrs.mode ?? 'launcher'}
      ?open=${attrs.open ?? false}
      .stomp=${FAST_RECONNECT}
      .reportNavigation=${false}
    ></sportello-live-chat>`,
    parent ? { parentNode: parent } : {},
  );
}

/** Waits until the window exists and has seen that it has no endpoint (its configuration problem shows). */
async function windowWithoutEndpoint(el: SportelloLiveChat): Promise<void> {
  await until(() => el.chatWindow?.shadowRoot?.querySelector('[part="body"]'));
  await idle();
}

describe('sportello-live-chat: configuration that arrives late', () => {
  beforeEach(resetSim);
  afterEach(() => resetConfiguration());

  it('an endpoint set after connecting, then the launcher opened: the pre-chat form appears', async () => {
    const el = await mountWithoutEndpoint();
    await idle();
    el.endpoint = CHAT_URL;
    await el.show();
    await until(() => prechatForm(el));
    expect(prechatForm(el)).to.exist;
  });

  it('an endpoint set while the window is open without one: the pre-chat form appears', async () => {
    const el = await mountWithoutEndpoint({ open: true });
    await windowWithoutEndpoint(el);
    el.setAttribute('endpoint', CHAT_URL);
    await until(() => prechatForm(el));
    expect(prechatForm(el)).to.exist;
  });

  it('inline: an endpoint set late loads the chat', async () => {
    const el = await mountWithoutEndpoint({ mode: 'inline' });
    await windowWithoutEndpoint(el);
    el.endpoint = CHAT_URL;
    await until(() => prechatForm(el));
    expect(prechatForm(el)).to.exist;
  });

  it('configure({ endpoints: { chat } }) called late loads the chat', async () => {
    const el = await mountWithoutEndpoint({ open: true });
    await windowWithoutEndpoint(el);
    configure({ endpoints: { chat: CHAT_URL } });
    await until(() => prechatForm(el));
    expect(prechatForm(el)).to.exist;
  });

  it('a <sportello-config> given its chat-endpoint late loads the chat', async () => {
    const config = await fixture<SportelloConfigElement>(html`<sportello-config></sportello-config>`);
    const el = await mountWithoutEndpoint({ open: true }, config);
    await windowWithoutEndpoint(el);
    config.setAttribute('chat-endpoint', CHAT_URL);
    await until(() => prechatForm(el));
    expect(prechatForm(el)).to.exist;
  });

  it("the closed launcher's proactive greeting still comes when the endpoint is set after its idle check", async () => {
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat greeting lang="en" widget-key="demo-greeting" .reportNavigation=${false}></sportello-live-chat>`,
    );
    // The launcher's idle work (where it asks for the greeting) has run without an endpoint.
    await idle();
    await idle();
    el.endpoint = CHAT_URL;
    const say = await until(() => el.shadowRoot!.querySelector<HTMLButtonElement>('.greeting .say'));
    expect(say.textContent).to.equal('Need a hand? We are here.');
  });

  it('a language set after the widget loaded: its categories are asked again in that language', async () => {
    const el = await mountWithoutEndpoint({ mode: 'inline' });
    el.endpoint = CHAT_URL;
    const categories = () =>
      [...(el.chatWindow?.shadowRoot?.querySelectorAll('select#idChatCategory option') ?? [])].map(
        (o) => o.textContent,
      );
    await until(() => categories().includes('Support'));
    el.setAttribute('lang', 'it');
    await until(() => categories().includes('Assistenza'));
    expect(categories()).to.not.include('Support');
  });
});
