/**
 * The service's look (its widget configuration's `colors` and `position`) on the launcher from a
 * fresh page's first paint, and all of it in the window: background, both bubbles with readable
 * text. A page's own colours still win.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { expectAxeClean, siteLandmarks } from '../../test/browser/helpers/axe-page.js';
import { changeWidget } from '../../test/browser/helpers/chat-widget.js';
import { until } from '../../test/harness/harness.js';
import { LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';
import { contrast, parseColour } from '../../src/model/chat/widget-look.js';

ignoreResizeObserverLoop();

const SERVICE_LOOK = {
  colors: {
    primary: '#7a1f5c',
    primaryText: '#ffffff',
    background: '#fdf6e3',
    visitorBubble: '#e7f0fb',
    operatorBubble: '#e8f5e9',
  },
  position: 'bottom-left',
};

const rgb = (hex: string) => `rgb(${parseColour(hex)!.join(', ')})`;
const readable = (fg: string, bg: string) => {
  const channels = (c: string) => c.match(/\d+/g)!.slice(0, 3).map(Number) as unknown as [number, number, number];
  return contrast(channels(fg), channels(bg));
};

describe('sportello-live-chat: the service’s look', () => {
  liveChatSuite();

  it('a fresh page paints the closed launcher in the service’s colour and corner, before the window loads', async () => {
    await changeWidget('demo', SERVICE_LOOK);
    // A first page: the visitor opens the chat once; the window brings the service's look.
    const first = await LiveChatHarness.mount({ mode: 'launcher' });
    await first.open();
    await first.waitFor('prechat');
    await until(() => getComputedStyle(first.launcher!).backgroundColor === rgb('#7a1f5c'));
    first.element.remove();

    // The next page: a new launcher, closed; nothing of the window is loaded yet.
    const next = await LiveChatHarness.mount({ mode: 'launcher' });
    const launcher = next.launcher!;
    expect(!!next.window, 'no window before the visitor shows intent').to.equal(false);
    expect(getComputedStyle(launcher).backgroundColor, 'the service’s colour at once').to.equal(rgb('#7a1f5c'));
    expect(getComputedStyle(launcher).color).to.equal('rgb(255, 255, 255)');
    const box = launcher.getBoundingClientRect();
    expect(box.left, 'the service’s corner: bottom left').to.be.below(window.innerWidth / 2);
    expect(localStorage.getItem('sportello-chat-look:demo'), 'kept for the next page').to.contain('#7a1f5c');
  });

  it('the window wears all of it: its background and both bubbles, each with text that reads (axe clean)', async () => {
    await changeWidget('demo', SERVICE_LOOK);
    const chat = await LiveChatHarness.mount({ parent: siteLandmarks() });
    await chat.startChat('2');
    await chat.sendAndConfirm('Hello there');
    await chat.waitForRow((r) => r.role === 'other');
    const list = chat.inWindow('sportello-message-list')!.shadowRoot!;
    const mine = getComputedStyle(list.querySelector('.self .bubble')!);
    const theirs = getComputedStyle(list.querySelector('.other .bubble')!);
    expect(mine.backgroundColor, 'the visitor’s bubble').to.equal(rgb('#e7f0fb'));
    expect(theirs.backgroundColor, 'the operator’s bubble').to.equal(rgb('#e8f5e9'));
    expect(readable(mine.color, mine.backgroundColor), 'dark text on a light bubble').to.be.at.least(4.5);
    expect(readable(theirs.color, theirs.backgroundColor)).to.be.at.least(4.5);
    expect(getComputedStyle(chat.window!).backgroundColor, 'the window’s background').to.equal(rgb('#fdf6e3'));
    expect(getComputedStyle(chat.inWindow('header')!).backgroundColor).to.equal(rgb('#7a1f5c'));
    await expectAxeClean(document, 'chatting in the service’s look');
  });

  it('the page’s own colour, set on an ancestor, wins over the service’s', async () => {
    await changeWidget('demo', SERVICE_LOOK);
    const page = siteLandmarks();
    page.style.setProperty('--sportello-accent', '#14532d');
    const chat = await LiveChatHarness.mount({ mode: 'launcher', parent: page });
    await chat.open();
    await chat.waitFor('prechat');
    // The service's look has arrived (the window's background) and the accent stays the page's.
    await until(() => getComputedStyle(chat.window!).backgroundColor === rgb('#fdf6e3'));
    expect(getComputedStyle(chat.launcher!).backgroundColor).to.equal(rgb('#14532d'));
    expect(getComputedStyle(chat.inWindow('header')!).backgroundColor).to.equal(rgb('#14532d'));
  });

  it('a widget without a look of its own keeps the kit’s', async () => {
    await changeWidget('demo', { colors: {}, position: 'bottom-right' });
    const el = await fixture(html`<div></div>`);
    const chat = await LiveChatHarness.mount({ mode: 'launcher', parent: el });
    await chat.open();
    await chat.waitFor('prechat');
    expect(getComputedStyle(chat.launcher!).backgroundColor).to.equal('rgb(36, 87, 214)');
    expect(chat.launcher!.getBoundingClientRect().left).to.be.above(window.innerWidth / 2);
  });
});
