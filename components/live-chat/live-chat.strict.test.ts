import { expect } from '@open-wc/testing';
import { openStrictPage } from '../../test/setup/strict-page.js';
import { ignoreResizeObserverLoop, until } from '../../test/browser/helpers/chat-frames.js';
import { CHAT_URL, delivered, FAST_RECONNECT, fillPrechat, resetSim } from '../../test/browser/helpers/live-chat.js';
import type { SportelloLiveChat } from './live-chat.js';

ignoreResizeObserverLoop();

describe('sportello-live-chat under a strict CSP with Trusted Types', () => {
  beforeEach(resetSim);

  it('starts a chat, exchanges messages with the scripted operator and records no violation', async function (this: {
    timeout(ms: number): void;
  }) {
    this.timeout(60000);
    const page = await openStrictPage({
      modules: ['/components/live-chat/index.ts'],
      html: '<sportello-live-chat lang="en" mode="inline" widget-key="demo"></sportello-live-chat>',
      width: 500,
      height: 700,
    });
    let step = 'define';
    const watchdog = setTimeout(
      () =>
        console.error(
          `strict test stuck at: ${step}`,
          JSON.stringify(
            (page.document.querySelector('sportello-live-chat') as SportelloLiveChat | null)?.chatWindow?.chat
              .transcript.messages ?? null,
          ),
        ),
      50000,
    );
    try {
      await page.window.customElements.whenDefined('sportello-live-chat');
      const el = page.document.querySelector('sportello-live-chat') as SportelloLiveChat;
      el.reportNavigation = false;
      el.stomp = FAST_RECONNECT;
      el.endpoint = CHAT_URL;
      const win = await until(() => el.chatWindow);
      step = 'activate';
      await win.activate();
      step = 'prechat';
      await until(() => win.chat.phase === 'prechat');
      step = 'start';
      // Through the form, as a visitor does (the widget requires the privacy consent it asks for).
      await fillPrechat(win, {
        name: 'Strict',
        email: 'strict@example.com',
        category: '2',
        message: 'Hello https://example.com',
      });
      await until(() => win.chat.phase === 'queued' || win.chat.phase === 'chatting');
      step = 'operator answer';
      await until(() => win.chat.transcript.messages.some((m) => m.from === 'operator'));
      step = 'echo';
      await until(() => delivered(win.chat.transcript.messages.find((m) => m.text.startsWith('Hello'))));
      await page.settle();
      page.assertClean();
      expect(win.shadowRoot!.querySelector('sportello-message-list')!.shadowRoot!.querySelector('a')!.rel).to.equal(
        'noopener noreferrer',
      );
    } finally {
      clearTimeout(watchdog);
      page.close();
    }
  });

  it('opens the emoji picker, inserts an emoji and sends it, recording no violation', async function (this: {
    timeout(ms: number): void;
  }) {
    this.timeout(60000);
    const page = await openStrictPage({
      modules: ['/components/live-chat/index.ts'],
      html: '<sportello-live-chat lang="fr" mode="inline" widget-key="demo"></sportello-live-chat>',
      width: 500,
      height: 700,
    });
    try {
      await page.window.customElements.whenDefined('sportello-live-chat');
      const el = page.document.querySelector('sportello-live-chat') as SportelloLiveChat;
      el.reportNavigation = false;
      el.stomp = FAST_RECONNECT;
      el.endpoint = CHAT_URL;
      const win = await until(() => el.chatWindow);
      await win.activate();
      await until(() => win.chat.phase === 'prechat');
      await fillPrechat(win, { name: 'Strict', email: 'strict@example.com', category: '2', message: 'Bonjour' });
      await until(() => win.chat.phase === 'queued' || win.chat.phase === 'chatting');
      const composer = await until(() => win.shadowRoot!.querySelector('sportello-composer'));
      const button = await until(() => composer.shadowRoot!.querySelector<HTMLButtonElement>('button.emoji-button'));
      button.click();
      const picker = await until(() => composer.shadowRoot!.querySelector('sportello-emoji-picker'));
      const cell = await until(() => picker.shadowRoot?.querySelector<HTMLButtonElement>('[role=grid] button'));
      await page.settle();
      page.assertClean();
      // The picker's styles are adopted (no <style> text, no style attribute): its grid is laid out.
      expect(page.window.getComputedStyle(picker.shadowRoot!.querySelector('[role=row]')!).display).to.equal('grid');
      cell.click();
      const emoji = cell.textContent!.trim();
      await until(() => composer.shadowRoot!.querySelector('textarea')!.value === emoji);
      composer.shadowRoot!.querySelector<HTMLButtonElement>('button.send')!.click();
      await until(() => delivered(win.chat.transcript.messages.find((m) => m.text === emoji)));
      await page.settle();
      page.assertClean();
    } finally {
      page.close();
    }
  });
});
