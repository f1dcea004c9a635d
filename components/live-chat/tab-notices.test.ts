/**
 * A hidden tab's visitor hears of new messages: the title counts them, a desktop notification when
 * the page offers them and the visitor allowed them, a sound once per burst when the page asks for
 * sound. Real chat, real simulator, a real operator writing; what is stubbed is the browser only:
 * the page's visibility, `Notification` and `AudioContext` (a headless tab can be neither hidden
 * by a test nor heard).
 */
import { expect } from '@open-wc/testing';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { TestOperator } from '../../test/browser/helpers/live-chat.js';
import { settled, until } from '../../test/harness/harness.js';
import { LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';
import { expectAxeClean, siteLandmarks } from '../../test/browser/helpers/axe-page.js';

ignoreResizeObserverLoop();

interface Shown {
  title: string;
  body?: string;
  tag?: string;
  onclick: (() => void) | null;
}

/** The browser's visibility, notifications and audio, as the test decides them. */
function stubBrowser(permission: NotificationPermission) {
  const realNotification = Object.getOwnPropertyDescriptor(window, 'Notification');
  const realAudio = Object.getOwnPropertyDescriptor(window, 'AudioContext');
  const shown: Shown[] = [];
  let chimes = 0;
  let requests = 0;
  let hidden = false;
  class FakeNotification implements Shown {
    static permission: NotificationPermission = permission;
    static async requestPermission(): Promise<NotificationPermission> {
      requests++;
      FakeNotification.permission = 'granted';
      return 'granted';
    }
    title: string;
    body?: string;
    tag?: string;
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions = {}) {
      this.title = title;
      this.body = options.body;
      this.tag = options.tag;
      shown.push(this);
    }
    close(): void {}
  }
  const node = () => ({ connect() {}, start() {}, stop() {}, frequency: { value: 0 } });
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    createGain() {
      // One gain per chime (tab-notices.ts' beep): the count of sounds played.
      chimes++;
      return { ...node(), gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} } };
    }
    createOscillator() {
      return node();
    }
    resume() {
      return Promise.resolve();
    }
    close() {
      return Promise.resolve();
    }
  }
  Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true, writable: true });
  Object.defineProperty(window, 'AudioContext', { value: FakeAudioContext, configurable: true, writable: true });
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  return {
    shown,
    chimes: () => chimes,
    requests: () => requests,
    /** The visitor leaves the tab (true) or comes back to it (false). */
    setHidden(value: boolean) {
      hidden = value;
      document.dispatchEvent(new Event('visibilitychange'));
    },
    restore() {
      if (realNotification) Object.defineProperty(window, 'Notification', realNotification);
      if (realAudio) Object.defineProperty(window, 'AudioContext', realAudio);
      delete (document as { visibilityState?: unknown }).visibilityState;
    },
  };
}

describe('live chat: a hidden tab notices new messages', () => {
  let browser: ReturnType<typeof stubBrowser> | undefined;
  let operator: TestOperator | undefined;
  let idChat = '';
  liveChatSuite();
  afterEach(async () => {
    // The fixture is removed by @open-wc's own clean-up.
    await operator?.stop();
    operator = undefined;
    browser?.restore();
    browser = undefined;
    document.title = 'Test shop';
  });

  /** An inline chat taken by the demo operator, with the page's `sound` / `notifications` as given. */
  async function chatting(attributes: string[] = []): Promise<LiveChatHarness> {
    const chat = await LiveChatHarness.mount({ parent: siteLandmarks() });
    for (const name of attributes) chat.element.setAttribute(name, '');
    idChat = await chat.startChat('4');
    operator = await TestOperator.joined(idChat);
    await until(() => chat.operatorName() === 'Operatore Demo');
    return chat;
  }
  const arrived = (chat: LiveChatHarness, text: string) => chat.waitForDelivered(text);

  it('counts unread messages in the title while the tab is hidden, and stops counting when the visitor is back', async () => {
    browser = stubBrowser('default');
    const chat = await chatting();
    document.title = 'Test shop';
    operator!.send(idChat, 'seen at once');
    await arrived(chat, 'seen at once');
    expect(document.title, 'a visible tab with the window shown counts nothing').to.equal('Test shop');
    browser.setHidden(true);
    operator!.send(idChat, 'first while away');
    operator!.send(idChat, 'second while away');
    await arrived(chat, 'second while away');
    await until(() => document.title === '(2) Test shop');
    browser.setHidden(false);
    await until(() => document.title === 'Test shop');
    // Counting starts again from nothing the next time.
    browser.setHidden(true);
    operator!.send(idChat, 'third');
    await arrived(chat, 'third');
    await until(() => document.title === '(1) Test shop');
  });

  it('shows no desktop notification when the page does not offer them, even if the browser allows them', async () => {
    browser = stubBrowser('granted');
    const chat = await chatting();
    browser.setHidden(true);
    operator!.send(idChat, 'not offered');
    await arrived(chat, 'not offered');
    await until(() => document.title.startsWith('(1)'));
    expect(chat.inWindow('button.notify'), 'no offer either').to.equal(null);
    expect(browser.shown, 'no notification without the page setting').to.have.length(0);
  });

  it('notifies once the visitor opted in (the offer, then the browser asking), not before', async () => {
    browser = stubBrowser('default');
    const chat = await chatting(['notifications']);
    const offer = await until(() => chat.inWindow<HTMLButtonElement>('button.notify'));
    browser.setHidden(true);
    operator!.send(idChat, 'before the visitor allowed');
    await arrived(chat, 'before the visitor allowed');
    await until(() => document.title.startsWith('(1)'));
    expect(browser.shown, 'no notification before the visitor allows them').to.have.length(0);
    browser.setHidden(false);
    offer.click();
    await until(() => browser!.requests() === 1);
    await settled(chat.window);
    await until(() => !chat.inWindow('button.notify'));
    browser.setHidden(true);
    operator!.send(idChat, 'now notified');
    await arrived(chat, 'now notified');
    await until(() => browser!.shown.length === 1);
    expect(browser.shown[0]!.title).to.equal('Operatore Demo');
    expect(browser.shown[0]!.body).to.equal('now notified');
  });

  it('a click on the notification opens the closed window', async () => {
    browser = stubBrowser('granted');
    const chat = await LiveChatHarness.mount({ parent: siteLandmarks(), mode: 'launcher' });
    chat.element.setAttribute('notifications', '');
    await chat.element.show();
    idChat = await chat.startChat('4');
    operator = await TestOperator.joined(idChat);
    await until(() => chat.operatorName() === 'Operatore Demo');
    await chat.element.close();
    browser.setHidden(true);
    operator.send(idChat, 'come back');
    await until(() => browser!.shown.length === 1);
    browser.setHidden(false);
    browser.shown[0]!.onclick!();
    await until(() => chat.isOpen);
  });

  it('plays the sound once for a burst of messages', async () => {
    browser = stubBrowser('default');
    const chat = await chatting(['sound']);
    browser.setHidden(true);
    for (const text of ['one', 'two', 'three']) operator!.send(idChat, text);
    await arrived(chat, 'three');
    await until(() => document.title.startsWith('(3)'));
    expect(browser.chimes(), 'one sound for three quick messages').to.equal(1);
    // Back to the tab and away again: the next message starts a new burst.
    browser.setHidden(false);
    browser.setHidden(true);
    operator!.send(idChat, 'four');
    await arrived(chat, 'four');
    await until(() => document.title.startsWith('(1)'));
    expect(browser.chimes()).to.equal(2);
  });

  it('plays no sound when the page has sound off (the default)', async () => {
    browser = stubBrowser('default');
    const chat = await chatting();
    browser.setHidden(true);
    for (const text of ['quiet one', 'quiet two']) operator!.send(idChat, text);
    await arrived(chat, 'quiet two');
    await until(() => document.title.startsWith('(2)'));
    expect(browser.chimes(), 'the sound is off unless the page turns it on').to.equal(0);
    expect(chat.inWindow('button.sound-toggle'), 'no sound, nothing for the visitor to turn off').to.equal(null);
  });

  it('the visitor turns the sound off from the header and back on; the choice holds on the next page (axe clean)', async () => {
    browser = stubBrowser('default');
    const chat = await chatting(['sound']);
    const toggle = await until(() => chat.inWindow<HTMLButtonElement>('header button.sound-toggle'));
    expect(toggle.getAttribute('aria-pressed'), 'the page offers the sound: on').to.equal('true');
    expect(toggle.getAttribute('aria-label')).to.equal('Sound for new messages');
    await expectAxeClean(document, 'chatting, sound on');
    toggle.focus();
    toggle.click();
    await settled(chat.window);
    expect(toggle.getAttribute('aria-pressed'), 'a toggle button, pressed = sound on').to.equal('false');
    expect(chat.windowFocus(), 'the same button keeps the focus').to.equal(toggle);
    await expectAxeClean(document, 'chatting, sound turned off');

    browser.setHidden(true);
    operator!.send(idChat, 'heard by nobody');
    await arrived(chat, 'heard by nobody');
    await until(() => document.title.startsWith('(1)'));
    expect(browser.chimes(), 'turned off by the visitor').to.equal(0);
    browser.setHidden(false);

    toggle.click();
    await settled(chat.window);
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    browser.setHidden(true);
    operator!.send(idChat, 'heard again');
    await arrived(chat, 'heard again');
    await until(() => browser!.chimes() === 1);
    browser.setHidden(false);

    // Off again; then a new element, as on the site's next page, starts from the visitor's choice.
    toggle.click();
    await settled(chat.window);
    const next = await LiveChatHarness.mount({ attributes: { sound: '' } });
    const nextToggle = await next.findInWindow<HTMLButtonElement>('header button.sound-toggle');
    expect(nextToggle.getAttribute('aria-pressed'), 'remembered in this browser').to.equal('false');
  });

  it("follows the visitor's choice made in another tab of the site", async () => {
    browser = stubBrowser('default');
    const chat = await chatting(['sound']);
    const toggle = await until(() => chat.inWindow<HTMLButtonElement>('header button.sound-toggle'));
    // What another tab's toggle writes reaches this one as a storage event.
    localStorage.setItem('sportello-chat-sound', 'off');
    window.dispatchEvent(new StorageEvent('storage', { key: 'sportello-chat-sound', newValue: 'off' }));
    await until(() => toggle.getAttribute('aria-pressed') === 'false');
    localStorage.removeItem('sportello-chat-sound');
    window.dispatchEvent(new StorageEvent('storage', { key: 'sportello-chat-sound', newValue: null }));
    await until(() => toggle.getAttribute('aria-pressed') === 'true');
  });
});
