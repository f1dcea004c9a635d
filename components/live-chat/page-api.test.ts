import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import sinon from 'sinon';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { CHAT_URL, TestOperator } from '../../test/browser/helpers/live-chat.js';
import { eventually, until } from '../../test/harness/harness.js';
import { FAST_RECONNECT, LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';
import type { SportelloLiveChat } from './live-chat.js';

ignoreResizeObserverLoop();

const launcher = (el: SportelloLiveChat) => el.shadowRoot!.querySelector<HTMLButtonElement>('button.launcher')!;
const dialogHidden = (el: SportelloLiveChat) => el.shadowRoot!.querySelector('[role=dialog]')!.hasAttribute('hidden');

describe('sportello-live-chat: what the page can do from JavaScript', () => {
  liveChatSuite();

  it('open(), close() and toggle() drive the window; `open` as a property (frameworks) sets the state', async () => {
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat lang="en" widget-key="demo" endpoint=${CHAT_URL} .stomp=${FAST_RECONNECT} .reportNavigation=${false}></sportello-live-chat>`,
    );
    const opened: string[] = [];
    el.addEventListener('sportello-chat-open', () => opened.push('open'));
    el.addEventListener('sportello-chat-close', () => opened.push('close'));

    const chat = new LiveChatHarness(el);
    await el.open();
    expect(el.opened).to.equal(true);
    expect(el.hasAttribute('open')).to.equal(true);
    expect(dialogHidden(el)).to.equal(false);
    await chat.waitFor('prechat');
    await until(() => chat.windowFocus());

    await el.close();
    expect(el.opened).to.equal(false);
    expect(dialogHidden(el)).to.equal(true);
    expect(el.shadowRoot!.activeElement).to.equal(launcher(el));

    await el.toggle();
    expect(el.opened).to.equal(true);
    await el.toggle();
    expect(el.opened).to.equal(false);

    // React 19 and others assign `el.open = true` for an `open` prop: the state changes and open() survives.
    Object.assign(el, { open: true });
    expect(el.opened).to.equal(true);
    expect(typeof el.open).to.equal('function');
    Object.assign(el, { open: false });
    expect(el.opened).to.equal(false);
    expect(opened).to.deep.equal(['open', 'close', 'open', 'close', 'open', 'close']);
  });

  it('prefill from JavaScript (properties and setPrefill) fills the pre-chat form, and reflects to the attributes', async () => {
    const chat = await LiveChatHarness.mount();
    const el = chat.element;
    el.name = 'Grace Hopper';
    el.category = 2;
    expect(el.getAttribute('name')).to.equal('Grace Hopper');
    expect(el.getAttribute('category')).to.equal('2');
    el.setPrefill({ email: 'grace@example.com', message: 'A question about invoice 7' });
    expect(el.email).to.equal('grace@example.com');

    await chat.waitFor('prechat');
    await until(() => chat.field<HTMLSelectElement>('idChatCategory')?.value === '2');
    expect(chat.field('name')!.value).to.equal('Grace Hopper');
    expect(chat.field('email')!.value).to.equal('grace@example.com');
    expect(chat.field<HTMLTextAreaElement>('message')!.value).to.equal('A question about invoice 7');

    // A later change from the page reaches the form that is already shown; '' clears a field.
    el.setPrefill({ name: 'Ada Lovelace', message: '' });
    await until(() => chat.field('name')!.value === 'Ada Lovelace');
    expect(chat.field<HTMLTextAreaElement>('message')!.value).to.equal('');
    expect(el.hasAttribute('message')).to.equal(false);
    expect(chat.field('email')!.value).to.equal('grace@example.com');
  });

  it('an unknown mode or position: the default, and a console warning that says so', async () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      const el = await fixture<SportelloLiveChat>(
        html`<sportello-live-chat lang="en" widget-key="demo" mode="sideways" position="top-left" endpoint=${CHAT_URL} .reportNavigation=${false}></sportello-live-chat>`,
      );
      await el.open();
      await new LiveChatHarness(el).waitFor('prechat');
      expect(el.mode).to.equal('launcher');
      const box = launcher(el).getBoundingClientRect();
      expect(window.innerWidth - box.right, 'bottom-right corner').to.be.below(40);
      expect(warnings.filter((w) => w.includes('mode="sideways"') && w.includes('using launcher'))).to.have.length(1);
      expect(
        warnings.filter((w) => w.includes('position="top-left"') && w.includes('using bottom-end')),
      ).to.have.length(1);
    } finally {
      console.warn = original;
    }
  });

  it('properties set before the element is defined are not lost (open, prefill)', async () => {
    const tag = 'sportello-live-chat';
    const host = document.createElement('div');
    // An element created in a document where the tag is defined upgrades at once; an inert template
    // document is where a page's early assignments land before the definition arrives.
    const inert = document.implementation.createHTMLDocument('');
    const early = inert.createElement(tag);
    // What a page assigns as properties: on an element not upgraded yet they are plain fields.
    Object.assign(early, { name: 'Early Bird', open: true, endpoint: CHAT_URL, reportNavigation: false });
    early.setAttribute('widget-key', 'demo');
    early.setAttribute('lang', 'en');
    host.append(document.adoptNode(early));
    document.body.append(host);
    try {
      const el = await until(() =>
        host.firstElementChild instanceof customElements.get(tag)!
          ? (host.firstElementChild as SportelloLiveChat)
          : undefined,
      );
      expect(el.opened).to.equal(true);
      expect(typeof el.open).to.equal('function');
      const chat = new LiveChatHarness(el);
      await chat.waitFor('prechat');
      expect(chat.field('name')!.value).to.equal('Early Bird');
    } finally {
      host.remove();
    }
  });
});

describe('sportello-live-chat on a phone', () => {
  liveChatSuite();
  afterEach(() => setViewport({ width: 800, height: 600 }));

  it('the open window takes the whole screen and the launcher steps aside; Escape brings the launcher back, focused', async () => {
    await setViewport({ width: 375, height: 700 });
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat lang="en" widget-key="demo" endpoint=${CHAT_URL} .stomp=${FAST_RECONNECT} .reportNavigation=${false}></sportello-live-chat>`,
    );
    await el.open();
    await new LiveChatHarness(el).waitFor('prechat');
    const frame = el.shadowRoot!.querySelector<HTMLElement>('[part=window]')!.getBoundingClientRect();
    expect([frame.left, frame.top, frame.width, frame.height]).to.deep.equal([0, 0, 375, 700]);
    expect(getComputedStyle(launcher(el)).display).to.equal('none');
    await expect(el).to.be.accessible();

    await sendKeys({ press: 'Escape' });
    await until(() => !el.opened);
    expect(getComputedStyle(launcher(el)).display).to.not.equal('none');
    expect(el.shadowRoot!.activeElement).to.equal(launcher(el));
  });
});

describe('sportello-live-chat: the pages a visitor moves through', () => {
  let operator: TestOperator | undefined;
  const startUrl = location.href;
  const startTitle = document.title;
  liveChatSuite(async () => {
    history.replaceState(null, '', startUrl);
    document.title = startTitle;
    await operator?.stop();
    operator = undefined;
  });

  it('a single-page site: pushState and hash moves reach the operator once each, with the page title; a state-only replace does not', async () => {
    const chat = await LiveChatHarness.mount({ reportNavigation: true });
    const idChat = await chat.startChat('4');
    operator = new TestOperator();
    const pages = async () =>
      (await operator!.http.json<{ navigationPages: Array<{ url: string; title: string }> }>(`/api/chat/${idChat}`))
        .navigationPages;
    const waitForPage = (url: string) => eventually(async () => (await pages()).find((p) => p.url === url));

    // The router changes the URL, then the page sets its title.
    const shoes = new URL(location.href);
    shoes.searchParams.set('spa', 'shoes');
    history.pushState({ page: 'shoes' }, '', shoes);
    document.title = 'Shoes — Shop';
    expect((await waitForPage(shoes.href)).title).to.equal('Shoes — Shop');

    // Only the history state changes (a scroll position saved by the router): not a visit. The
    // element's clock goes past the moment a moved-to page would be reported, so the replace is
    // judged on its own.
    const clock = sinon.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout'],
      shouldClearNativeTimers: true,
    });
    try {
      history.replaceState({ page: 'shoes', scrollY: 120 }, '', shoes);
      clock.tick(5000);
    } finally {
      clock.uninstall();
    }
    const reviews = new URL(shoes);
    reviews.hash = 'reviews';
    location.hash = 'reviews';
    await waitForPage(reviews.href);

    history.back();
    await until(() => location.hash === '');
    const list = await eventually(async () => {
      const all = await pages();
      return all.filter((p) => p.url === shoes.href).length >= 2 && all;
    });
    // shoes (push), #reviews (hash), shoes again (back): the replace in between added nothing.
    const trail = list.map((p) => p.url).filter((u) => u === shoes.href || u === reviews.href);
    expect(trail).to.deep.equal([shoes.href, reviews.href, shoes.href]);
  });
});
