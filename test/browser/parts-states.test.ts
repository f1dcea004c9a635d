/**
 * What a page can style from outside: inner parts exported up to the public element (the viewer's
 * toolbar, pages and areas; the chat's composer) and `:state()` custom states on all four
 * elements, set through ElementInternals by the base element.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { ignoreResizeObserverLoop, until } from './helpers/chat-frames.js';
import { LiveChatHarness } from '../harness/live-chat.js';
import { simulator } from '../harness/simulator.js';
import { firstPagePainted, viewer, resetSim as resetSign } from './helpers/sign-viewer.js';
import '../../components/ai-chat/index.js';
import '../../components/desk-form/index.js';

ignoreResizeObserverLoop();

/** A page stylesheet (the test document is not under the strict policy). */
function pageStyle(css: string): () => void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return () => (document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet));
}

describe('parts a page can style', () => {
  it('the live chat exports its composer: ::part(composer-input) from the page reaches the message field', async () => {
    await simulator.reset();
    const remove = pageStyle('sportello-live-chat::part(composer-input) { outline-color: rgb(1, 2, 3); }');
    try {
      const chat = await LiveChatHarness.mount();
      const el = chat.element;
      await chat.startChat('2');
      const input = await (await chat.composerReady()).find('[part~="input"]');
      expect(getComputedStyle(input).outlineColor).to.equal('rgb(1, 2, 3)');
      expect(el.matches(':state(chatting)') || el.matches(':state(queued)')).to.equal(true);
      expect(el.matches(':state(loading)')).to.equal(false);
    } finally {
      remove();
    }
  });

  it('the sign viewer exports its toolbar, pages and areas', async () => {
    await resetSign();
    const remove = pageStyle(`
      sportello-sign-viewer::part(toolbar) { outline-color: rgb(4, 5, 6); }
      sportello-sign-viewer::part(page) { outline-color: rgb(7, 8, 9); }
      sportello-sign-viewer::part(area) { outline-color: rgb(10, 11, 12); }
    `);
    try {
      const el = await viewer(1001);
      const doc = await firstPagePainted(el);
      const root = doc.shadowRoot!;
      expect(getComputedStyle(root.querySelector('[part~="toolbar"]')!).outlineColor).to.equal('rgb(4, 5, 6)');
      expect(getComputedStyle(root.querySelector('[part~="page"]')!).outlineColor).to.equal('rgb(7, 8, 9)');
      const area = await until(() => root.querySelector('[part~="area"]'));
      expect(getComputedStyle(area).outlineColor).to.equal('rgb(10, 11, 12)');
      expect(el.matches(':state(loading)')).to.equal(false);
    } finally {
      remove();
    }
  });
});

describe(':state() on every element', () => {
  it('ai: open inline, error after a refused question', async () => {
    const el = await fixture<HTMLElement & { ask(t: string): Promise<void>; updateComplete: Promise<unknown> }>(
      html`<sportello-ai-chat
        lang="en"
        agent-id="1"
        api-key="spk_revoked"
        stream="false"
        endpoint=${`${SIM_URL}/ai/api/v2`}
      ></sportello-ai-chat>`,
    );
    expect(el.matches(':state(open)')).to.equal(true);
    expect(el.matches(':state(error)')).to.equal(false);
    await el.ask('hello');
    await waitUntil(() => el.matches(':state(error)'), 'error state', { timeout: 10000 });
    expect(el.matches(':state(loading)')).to.equal(false);
  });

  it('desk: error while it has no endpoint, not once it has one', async () => {
    const catalog: unknown = await (await fetch(`${SIM_URL}/desk/__catalog.json`)).json();
    const el = await fixture<HTMLElement & { endpoint?: string; updateComplete: Promise<unknown> }>(
      html`<sportello-desk-form lang="en" no-draft .catalog=${catalog}></sportello-desk-form>`,
    );
    await el.updateComplete;
    expect(el.matches(':state(error)')).to.equal(true);
    el.endpoint = `${SIM_URL}/desk`;
    await el.updateComplete;
    expect(el.matches(':state(error)')).to.equal(false);
  });
});
