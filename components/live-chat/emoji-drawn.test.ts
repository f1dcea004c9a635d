/**
 * The emoji picker offers what this system draws: no empty box (a character no font has), no
 * sequence drawn as its parts side by side (👩 💻 for 👩‍💻), and nothing it can draw left out. The
 * test's own measure is the page's layout (a span in the picker's font), not the picker's canvas.
 *
 * It needs a system that lacks some emoji of the catalogue: Debian 12's Noto Color Emoji (2.042)
 * draws Emoji 15.1, and the catalogue (emojibase 17) has the emoji of 16.0 and 17.0.
 */
import { expect } from '@open-wc/testing';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { settled, until } from '../../test/harness/harness.js';
import { LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';
import { loadEmoji } from '../shared/emoji-groups.js';

ignoreResizeObserverLoop();

/** The page's own measure of text in a font: a span's laid-out width. */
function measurer(font: string): (text: string) => number {
  const span = document.createElement('span');
  span.style.font = font;
  span.style.position = 'absolute';
  span.style.whiteSpace = 'pre';
  document.body.append(span);
  return (text) => {
    span.textContent = text;
    return span.getBoundingClientRect().width;
  };
}

/** Joiners, selectors, tags, the keycap and skin tones: never a glyph of their own in a drawn emoji. */
const JOINING = /\u200D|\uFE0F|\u20E3|[\u{E0020}-\u{E007F}]|[\u{1F3FB}-\u{1F3FF}]/u;

describe('sportello-live-chat: the emoji picker offers what this system draws', () => {
  liveChatSuite();

  it('every emoji offered is drawn whole, and every one left out is not', async function () {
    this.timeout(240000);
    const chat = await LiveChatHarness.mount();
    await chat.startChat('2');
    const composer = (await chat.composerReady()).element;
    composer.shadowRoot!.querySelector<HTMLButtonElement>('button.emoji-button')!.click();
    const picker = await until(() => composer.shadowRoot!.querySelector('sportello-emoji-picker'));
    const root = picker.shadowRoot!;
    await until(() => root.querySelector('[role=grid] button'));
    const cell = root.querySelector<HTMLElement>('[role=grid] button')!;
    const width = measurer(`${getComputedStyle(cell).fontSize} ${getComputedStyle(cell).fontFamily}`);
    const box = width('\u0378'); // a character no font has
    const one = width('\u{1F44D}'); // thumbs up: one emoji wide
    const drawn = (glyph: string) =>
      ![...glyph.replace(new RegExp(JOINING, 'gu'), '')].some((c) => Math.abs(width(c) - box) < 0.01) &&
      width(glyph) < 1.5 * one;

    const offered = new Set<string>();
    const tabs = [...root.querySelectorAll<HTMLButtonElement>('[role=tab]')];
    for (const tab of tabs) {
      tab.click();
      await settled(picker);
      for (const b of root.querySelectorAll<HTMLButtonElement>('[role=grid] button'))
        offered.add(b.textContent!.trim());
    }
    const notDrawn = [...offered].filter((glyph) => !drawn(glyph));
    expect(notDrawn, 'offered but drawn as a box or in parts').to.deep.equal([]);

    const catalogue = (await loadEmoji('en')).flatMap((g) => g.emoji.map((e) => e.char));
    const left = catalogue.filter((c) => !offered.has(c));
    expect(left.length, 'this system lacks some emoji of the catalogue (see the comment at the top)').to.be.above(0);
    const leftButDrawn = left.filter(drawn);
    expect(leftButDrawn, 'left out though drawn').to.deep.equal([]);
  });

  it('a search does not offer what this system cannot draw', async () => {
    const chat = await LiveChatHarness.mount();
    await chat.startChat('2');
    const composer = (await chat.composerReady()).element;
    composer.shadowRoot!.querySelector<HTMLButtonElement>('button.emoji-button')!.click();
    const picker = await until(() => composer.shadowRoot!.querySelector('sportello-emoji-picker'));
    const root = picker.shadowRoot!;
    const search = await until(() => root.querySelector<HTMLInputElement>('input[type=search]'));
    // "fingerprint" (🫆) and "face with bags under eyes" (🫩) came with Emoji 16.0.
    search.value = 'fingerprint';
    search.dispatchEvent(new Event('input'));
    await settled(picker);
    expect([...root.querySelectorAll('[role=grid] button')].map((b) => b.textContent!.trim())).to.not.include(
      '\u{1FAC6}',
    );
    expect(root.querySelector('.status')!.textContent).to.equal('No emoji found');
  });
});
