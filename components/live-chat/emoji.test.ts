import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ignoreResizeObserverLoop, until } from '../../test/browser/helpers/chat-frames.js';
import type { SportelloComposer } from '../shared/composer.js';
import type { SportelloEmojiPicker } from '../shared/emoji-picker.js';
import { expectAxeClean, siteLandmarks } from '../../test/browser/helpers/axe-page.js';
import { TestOperator } from '../../test/browser/helpers/live-chat.js';
import { eventually } from '../../test/harness/harness.js';
import { LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';
import { simulator } from '../../test/harness/simulator.js';

ignoreResizeObserverLoop();
// The dev server serves one request a module: room for all of them in the resource timeline.
performance.setResourceTimingBufferSize(10000);

const composerOf = (chat: LiveChatHarness) => chat.findInWindow<SportelloComposer>('sportello-composer');
const inComposer = <T extends Element>(composer: SportelloComposer, selector: string) =>
  composer.shadowRoot!.querySelector<T>(selector);
const pickerOf = (composer: SportelloComposer) =>
  until(() => inComposer<SportelloEmojiPicker>(composer, 'sportello-emoji-picker'));
/** The element that has focus, looking through shadow roots. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
/** Modules the page has fetched whose URL names the picker or its data (dev server: one request a module). */
const emojiRequests = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => /emoji-(picker|groups|data)/.test(name));

describe('live chat: emoji picker', () => {
  liveChatSuite();
  // Every test starts from a visitor who never chose an emoji (the first tab is then a category).
  beforeEach(() => localStorage.removeItem('sportello-emoji-recent'));

  it('inserts an emoji at the caret from the keyboard alone; it is sent and reaches the server', async function () {
    this.timeout(60000);
    const chat = await LiveChatHarness.mount({ parent: siteLandmarks() });
    const el = chat.element;
    try {
      const idChat = await chat.startChat('2');
      const composer = await composerOf(chat);
      await composer.updateComplete;
      // Nothing of the picker has been fetched yet: the window alone does not bring it.
      expect(emojiRequests(), 'picker modules before the first opening').to.deep.equal([]);
      composer.focus();
      await sendKeys({ type: 'Hello world' });
      await sendKeys({ press: 'Home' });
      for (let i = 0; i < 5; i++) await sendKeys({ press: 'ArrowRight' });
      // Shift+Tab: from the message field to the emoji button; Enter opens the picker on its search field.
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
      const button = inComposer<HTMLButtonElement>(composer, 'button.emoji-button')!;
      expect(deepActive()).to.equal(button);
      await sendKeys({ press: 'Enter' });
      const picker = await pickerOf(composer);
      await until(() => picker.shadowRoot?.querySelector('[role=grid] button'));
      expect(emojiRequests().length, 'picker modules once opened').to.be.greaterThan(0);
      expect(button.getAttribute('aria-expanded')).to.equal('true');
      expect(deepActive()).to.equal(picker.shadowRoot!.querySelector('input[type=search]'));
      await sendKeys({ type: 'thumbs up' });
      await until(
        () => picker.shadowRoot!.querySelector('[role=grid] button')?.getAttribute('aria-label') === 'thumbs up',
      );
      // Into the grid, one to the right and back, then Enter on the first result.
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowRight' });
      await sendKeys({ press: 'ArrowLeft' });
      expect(deepActive()?.getAttribute('aria-label')).to.equal('thumbs up');
      // The glyph as the data has it (with its emoji presentation selector, U+FE0F).
      const thumbs = deepActive()!.textContent!.trim();
      expect(thumbs.replace('\uFE0F', '')).to.equal('👍');
      await sendKeys({ press: 'Enter' });
      await until(() => !inComposer(composer, 'sportello-emoji-picker'));
      const field = inComposer<HTMLTextAreaElement>(composer, 'textarea')!;
      await until(() => deepActive() === field);
      expect(field.value).to.equal(`Hello${thumbs} world`);
      expect(field.selectionStart, 'caret after the emoji').to.equal(`Hello${thumbs}`.length);
      expect(button.getAttribute('aria-expanded')).to.equal('false');
      // Typing goes on where the emoji went in: nothing typed was lost.
      await sendKeys({ type: '!' });
      expect(field.value).to.equal(`Hello${thumbs}! world`);
      const sent = field.value;
      await sendKeys({ press: 'Enter' });
      await chat.waitForDelivered(sent);
      const op = new TestOperator();
      const record = await eventually(async () => {
        const h = await op.history(idChat);
        return h.messages.some((m) => m.text === sent) ? h : undefined;
      });
      expect(record.messages.filter((m) => m.text === sent)).to.have.length(1);
      // axe: chatting, with an emoji in the thread.
      await expectAxeClean(document, 'chatting with an emoji inserted');
    } finally {
      el.remove();
    }
  });

  it('Escape closes the picker, keeps the window open and gives focus back to the button; axe clean while open', async function () {
    this.timeout(60000);
    const chat = await LiveChatHarness.mount({ parent: siteLandmarks(), mode: 'launcher' });
    const el = chat.element;
    try {
      await el.show();
      await chat.startChat('2');
      const composer = await composerOf(chat);
      const button = await until(() => inComposer<HTMLButtonElement>(composer, 'button.emoji-button'));
      button.focus();
      await sendKeys({ press: 'Enter' });
      const picker = await pickerOf(composer);
      await until(() => picker.shadowRoot?.querySelector('[role=grid] button'));
      await expectAxeClean(document, 'picker open');
      // Tab to the categories; → selects the next one, whose emoji fill the grid.
      await sendKeys({ press: 'Tab' });
      const tabs = [...picker.shadowRoot!.querySelectorAll<HTMLButtonElement>('[role=tab]')];
      expect(tabs.length).to.be.greaterThan(5);
      expect(deepActive()).to.equal(tabs[0]);
      const firstGroupEmoji = picker.shadowRoot!.querySelector('[role=grid] button')!.textContent;
      await sendKeys({ press: 'ArrowRight' });
      await until(() => deepActive() === tabs[1]);
      expect(tabs[1]!.getAttribute('aria-selected')).to.equal('true');
      expect(picker.shadowRoot!.querySelector('[role=grid] button')!.textContent).not.to.equal(firstGroupEmoji);
      // Tab into the grid, then Escape.
      await sendKeys({ press: 'Tab' });
      expect(deepActive()?.closest('[role=grid]')).to.exist;
      await sendKeys({ press: 'Escape' });
      await until(() => !inComposer(composer, 'sportello-emoji-picker'));
      expect(deepActive()).to.equal(button);
      expect(el.opened, 'the window stays open').to.equal(true);
      // A second Escape is the window's again.
      await sendKeys({ press: 'Escape' });
      await until(() => !el.opened);
    } finally {
      el.remove();
    }
  });

  it('a press outside closes it without moving focus; the draft is kept', async () => {
    const chat = await LiveChatHarness.mount();
    const el = chat.element;
    try {
      await chat.startChat('2');
      const composer = await composerOf(chat);
      composer.focus();
      await sendKeys({ type: 'Draft' });
      inComposer<HTMLButtonElement>(composer, 'button.emoji-button')!.click();
      await pickerOf(composer);
      chat
        .inWindow('sportello-message-list')!
        .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
      await until(() => !inComposer(composer, 'sportello-emoji-picker'));
      expect(inComposer<HTMLTextAreaElement>(composer, 'textarea')!.value).to.equal('Draft');
    } finally {
      el.remove();
    }
  });
});

describe('emoji picker: names, categories and search in the visitor language', () => {
  beforeEach(() => simulator.reset());
  const cases = [
    { lang: 'en', search: 'Search emoji', word: 'thumbs', group: 'Smileys & emotion' },
    { lang: 'de', search: 'Emoji suchen', word: 'Daumen', group: 'Smileys & Emotionen' },
    {
      lang: 'fr',
      search: 'Rechercher un émoji',

      word: 'pouce',
      group: 'Smileys et émotion',
    },
    {
      lang: 'es',
      search: 'Buscar un emoji',

      word: 'pulgar',
      group: 'Emoticonos y emoción',
    },
    {
      lang: 'it',
      search: 'Cerca un’emoji',

      word: 'pollice',
      group: 'Smileys & emozione',
    },
  ];
  for (const c of cases)
    it(`${c.lang}: the search finds 👍 by "${c.word}"; the first category is "${c.group}"`, async () => {
      await import('../shared/emoji-picker.js');
      const picker = await fixture<SportelloEmojiPicker>(
        html`<sportello-emoji-picker lang=${c.lang}></sportello-emoji-picker>`,
      );
      const root = await until(() => picker.shadowRoot?.querySelector('[role=tab]') && picker.shadowRoot);
      expect(root.querySelector('[role=tab]')!.getAttribute('aria-label')).to.equal(c.group);
      const search = root.querySelector<HTMLInputElement>('input[type=search]')!;
      search.focus();
      await sendKeys({ type: c.word });
      await until(() =>
        [...root.querySelectorAll('[role=grid] button')].some(
          (b) => b.textContent?.trim().replace('\uFE0F', '') === '👍',
        ),
      );
    });

  it('in the chat, the button and the picker speak the visitor language (our catalogues)', async function () {
    this.timeout(60000);
    const chat = await LiveChatHarness.mount({ parent: siteLandmarks() });
    const el = chat.element;
    el.setAttribute('lang', 'de');
    try {
      await chat.startChat('2');
      const composer = await composerOf(chat);
      const button = await until(() => inComposer<HTMLButtonElement>(composer, 'button.emoji-button'));
      expect(button.getAttribute('aria-label')).to.equal('Emoji einfügen');
      button.click();
      const picker = await pickerOf(composer);
      const root = await until(() => picker.shadowRoot?.querySelector('[role=tab]') && picker.shadowRoot);
      expect(root.querySelector('input[type=search]')!.getAttribute('aria-label')).to.equal('Emoji suchen');
      expect(root.querySelector('[role=tablist]')!.getAttribute('aria-label')).to.equal('Emoji-Kategorien');
      expect(root.querySelector('[role=tab]')!.getAttribute('aria-label')).to.equal('Smileys & Emotionen');
      expect(root.querySelector('.tones legend')!.textContent!.trim()).to.equal('Hautton');
      // Once an emoji was chosen, the next picker's first tab is the recent ones, in German.
      root.querySelector<HTMLButtonElement>('[role=grid] button')!.click();
      await until(() => !inComposer(composer, 'sportello-emoji-picker'));
      button.click();
      const again = await until(() => {
        const r = inComposer<SportelloEmojiPicker>(composer, 'sportello-emoji-picker')?.shadowRoot;
        return r?.querySelector('[role=tab]') ? r : undefined;
      });
      expect(again.querySelector('[role=tab]')!.getAttribute('aria-label')).to.equal('Zuletzt verwendet');
      expect(again.querySelectorAll('[role=tab]')[1]!.getAttribute('aria-label')).to.equal('Smileys & Emotionen');
      expect(root.querySelector('.tones input')!.getAttribute('aria-label')).to.equal('Standard');
    } finally {
      el.remove();
    }
  });

  it('people and hands come in the skin tone the visitor chooses from the keyboard, are inserted so, and the tone is remembered (axe clean)', async () => {
    await import('../shared/emoji-picker.js');
    // In the page's landmarks (axe), once: a fixture's clean-up takes that <main> with it.
    const mount = (options = {}) =>
      fixture<SportelloEmojiPicker>(html`<sportello-emoji-picker emoji-lang="en"></sportello-emoji-picker>`, options);
    const picker = await mount({ parentNode: siteLandmarks() });
    const root = await until(() => picker.shadowRoot?.querySelector('[role=grid] button') && picker.shadowRoot);
    const radios = [...root.querySelectorAll<HTMLInputElement>('.tones input[type=radio]')];
    expect(root.querySelector('.tones legend')!.textContent!.trim()).to.equal('Skin tone');
    expect(radios.map((r) => r.getAttribute('aria-label'))).to.deep.equal([
      'Default',
      'Light',
      'Medium-light',
      'Medium',
      'Medium-dark',
      'Dark',
    ]);
    expect(radios[0]!.checked, 'no tone until the visitor chooses one').to.equal(true);
    const first = () => root.querySelector('[role=grid] button')!.textContent!.trim();
    picker.focus();
    await sendKeys({ type: 'thumbs up' });
    await until(() => root.querySelector('[role=grid] button')?.getAttribute('aria-label') === 'thumbs up');
    expect(first()).to.equal('👍\uFE0F');
    // From the grid, Tab reaches the tones (one stop, the chosen one); → moves the choice.
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Tab' });
    expect(deepActive()).to.equal(radios[0]);
    for (let i = 0; i < 3; i++) await sendKeys({ press: 'ArrowRight' });
    expect(radios[3]!.checked).to.equal(true);
    await until(() => first() === '👍🏽');
    expect(root.querySelector('.preview .glyph')!.textContent).to.equal('👍🏽');
    await expectAxeClean(document, 'picker with a skin tone chosen');
    const picked = new Promise<string>((resolve) =>
      picker.addEventListener('sportello-emoji-pick', (e) => resolve(e.detail.emoji), { once: true }),
    );
    root.querySelector<HTMLButtonElement>('[role=grid] button')!.click();
    expect(await picked, 'inserted in the tone shown').to.equal('👍🏽');
    // What takes no tone is shown as it is.
    const search = root.querySelector<HTMLInputElement>('input[type=search]')!;
    search.value = 'grinning face';
    search.dispatchEvent(new Event('input'));
    await until(() => first() === '😀');
    // The next picker (as on the site's next page) starts in the visitor's tone.
    const again = await mount();
    const againRoot = await until(() => again.shadowRoot?.querySelector('.tones input:checked') && again.shadowRoot);
    expect(againRoot.querySelector('.tones input:checked')!.getAttribute('aria-label')).to.equal('Medium');
  });

  it('the emoji chosen last come first, in a "Recently used" tab the next picker opens on: newest first, in the tone, in the language (axe clean)', async () => {
    await import('../shared/emoji-picker.js');
    localStorage.removeItem('sportello-emoji-tone');
    const mount = (lang = 'en', options = {}) =>
      fixture<SportelloEmojiPicker>(
        html`<sportello-emoji-picker emoji-lang=${lang}></sportello-emoji-picker>`,
        options,
      );
    const ready = (p: SportelloEmojiPicker) =>
      until(() => p.shadowRoot?.querySelector('[role=grid] button') && p.shadowRoot);
    const tabNames = (root: ShadowRoot) =>
      [...root.querySelectorAll('[role=tab]')].map((t) => t.getAttribute('aria-label'));
    const gridNames = (root: ShadowRoot) =>
      [...root.querySelectorAll('[role=grid] button')].map((b) => b.getAttribute('aria-label'));
    const choose = async (p: SportelloEmojiPicker, root: ShadowRoot, name: string) => {
      const search = root.querySelector<HTMLInputElement>('input[type=search]')!;
      search.value = name;
      search.dispatchEvent(new Event('input'));
      await until(() => root.querySelector('[role=grid] button')?.getAttribute('aria-label') === name);
      const picked = new Promise<string>((resolve) =>
        p.addEventListener('sportello-emoji-pick', (e) => resolve(e.detail.emoji), { once: true }),
      );
      root.querySelector<HTMLButtonElement>('[role=grid] button')!.click();
      return picked;
    };

    // A visitor who never chose one: the categories only.
    const first = await mount();
    const firstRoot = await ready(first);
    expect(tabNames(firstRoot)[0]).to.equal('Smileys & emotion');
    await choose(first, firstRoot, 'party popper');
    await choose(first, firstRoot, 'thumbs up');
    first.remove();

    // The next picker (the next opening, the site's next page) opens on them, newest first.
    const next = await mount('en', { parentNode: siteLandmarks() });
    const root = await ready(next);
    const recentTab = root.querySelector('[role=tab]')!;
    expect(recentTab.getAttribute('aria-label')).to.equal('Recently used');
    expect(recentTab.getAttribute('aria-selected')).to.equal('true');
    expect(tabNames(root)[1]).to.equal('Smileys & emotion');
    expect(root.querySelector('[role=grid]')!.getAttribute('aria-label')).to.equal('Recently used');
    expect(gridNames(root)).to.deep.equal(['thumbs up', 'party popper']);
    // In the visitor's skin tone, as everywhere in the grid.
    root.querySelectorAll<HTMLInputElement>('.tones input[type=radio]')[3]!.click();
    await until(() => root.querySelector('[role=grid] button')!.textContent!.trim() === '👍🏽');
    await expectAxeClean(document, 'picker opened on "Recently used"');
    // From the keyboard: → to the first category, Home back to the recent ones.
    (recentTab as HTMLElement).focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(deepActive()?.getAttribute('aria-label')).to.equal('Smileys & emotion');
    await sendKeys({ press: 'Home' });
    expect(deepActive()?.getAttribute('aria-label')).to.equal('Recently used');
    // The search lists each emoji once, from the catalogue, not twice for being recent.
    expect(await choose(next, root, 'thumbs up')).to.equal('👍🏽');
    expect(gridNames(root).filter((n) => n === 'thumbs up')).to.have.length(1);
    expect(JSON.parse(localStorage.getItem('sportello-emoji-recent')!), 'stored without the tone').to.deep.equal([
      '👍\uFE0F',
      '🎉',
    ]);

    // In another language, the names in it (the tab's own name is the catalogue's: the German test).
    const german = await mount('de');
    const germanRoot = await ready(german);
    expect(gridNames(germanRoot)[0]).to.equal('Daumen hoch');
    localStorage.removeItem('sportello-emoji-tone');
  });

  it('a language without emoji names gets English ones, not an empty picker', async () => {
    await import('../shared/emoji-picker.js');
    const picker = await fixture<SportelloEmojiPicker>(
      html`<sportello-emoji-picker emoji-lang="pt"></sportello-emoji-picker>`,
    );
    await until(() => picker.shadowRoot?.querySelector('[role=tab]'));
    expect(picker.shadowRoot!.querySelector('[role=tab]')!.getAttribute('aria-label')).to.equal('Smileys & emotion');
  });
});
