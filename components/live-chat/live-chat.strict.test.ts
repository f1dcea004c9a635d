import { expect } from '@open-wc/testing';
import { openStrictPage } from '../../test/setup/strict-page.js';
import { ignoreResizeObserverLoop, until } from '../shared/chat-test-utils.js';
import { CHAT_URL, delivered, FAST_RECONNECT, fillPrechat, resetSim } from './chat-test-helpers.js';
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
});
