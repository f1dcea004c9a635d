import { expect } from '@open-wc/testing';
import { openStrictPage, type StrictPage } from '../../test/setup/strict-page.js';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { CHAT_URL } from '../../test/browser/helpers/live-chat.js';
import { FAST_RECONNECT, LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';
import { until } from '../../test/harness/harness.js';
import type { SportelloLiveChat } from './live-chat.js';

ignoreResizeObserverLoop();

/** A live chat on a page of its own under the strict policy, pointed at the simulator. */
async function strictChat(lang: string): Promise<{ page: StrictPage; chat: LiveChatHarness }> {
  const page = await openStrictPage({
    modules: ['/components/live-chat/index.ts'],
    html: `<sportello-live-chat lang="${lang}" mode="inline" widget-key="demo"></sportello-live-chat>`,
    width: 500,
    height: 700,
  });
  await page.window.customElements.whenDefined('sportello-live-chat');
  const el = page.document.querySelector('sportello-live-chat') as SportelloLiveChat;
  el.reportNavigation = false;
  el.stomp = FAST_RECONNECT;
  el.endpoint = CHAT_URL;
  return { page, chat: new LiveChatHarness(el) };
}

describe('sportello-live-chat under a strict CSP with Trusted Types', () => {
  liveChatSuite();

  it('starts a chat, exchanges messages with the scripted operator and records no violation', async function (this: {
    timeout(ms: number): void;
  }) {
    this.timeout(60000);
    const { page, chat } = await strictChat('en');
    try {
      await chat.waitFor('prechat');
      // Through the form, as a visitor does (the widget requires the privacy consent it asks for).
      await chat.fillPrechat({
        name: 'Strict',
        email: 'strict@example.com',
        category: '2',
        message: 'Hello https://example.com',
      });
      await chat.waitFor('conversation');
      // The scripted operator answers, and the visitor's first message is confirmed.
      await chat.waitForRow((r) => r.role === 'other' && r.author === 'Giulia');
      const hello = await chat.waitForDelivered('Hello https://example.com');
      await page.settle();
      page.assertClean();
      expect(hello.element.querySelector('a')!.rel).to.equal('noopener noreferrer');
    } finally {
      page.close();
    }
  });

  it('opens the emoji picker, inserts an emoji and sends it, recording no violation', async function (this: {
    timeout(ms: number): void;
  }) {
    this.timeout(60000);
    const { page, chat } = await strictChat('fr');
    try {
      await chat.waitFor('prechat');
      await chat.fillPrechat({ name: 'Strict', email: 'strict@example.com', category: '2', message: 'Bonjour' });
      await chat.waitFor('conversation');
      const composer = await chat.composerReady();
      // The composer takes input once the chat has started.
      const button = await until(() => {
        const emoji = composer.$<HTMLButtonElement>('button.emoji-button');
        return emoji && !emoji.disabled ? emoji : null;
      });
      button.click();
      const picker = await composer.find('sportello-emoji-picker');
      const cell = await until(() => picker.shadowRoot?.querySelector<HTMLButtonElement>('[role=grid] button'));
      await page.settle();
      page.assertClean();
      // The picker's styles are adopted (no <style> text, no style attribute): its grid is laid out.
      expect(page.window.getComputedStyle(picker.shadowRoot!.querySelector('[role=row]')!).display).to.equal('grid');
      cell.click();
      const emoji = cell.textContent!.trim();
      await until(() => composer.value === emoji);
      (await until(() => (composer.sendButton?.disabled === false ? composer.sendButton : null))).click();
      await chat.waitForDelivered(emoji);
      await page.settle();
      page.assertClean();
    } finally {
      page.close();
    }
  });
});
