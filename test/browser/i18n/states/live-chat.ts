import '../../../../components/live-chat/index.js';
import { fixture, html } from '@open-wc/testing';
import { GATEWAY_URL } from '/__sportello/env.js';
import { until } from '../../helpers/chat-frames.js';
import { changeWidget } from '../../helpers/chat-widget.js';
import { TestOperator } from '../../helpers/live-chat.js';
import { settled } from '../../../harness/harness.js';
import { LiveChatHarness } from '../../../harness/live-chat.js';
import type { SportelloLiveChat } from '../../../../components/live-chat/live-chat.js';
import { faults, LANG, type ElementState } from './shared.js';

// ---- Live chat ---------------------------------------------------------------------------------

/** The widget's configuration, categories, operators' and bot's words are the service's data. */
const CHAT_DATA = {
  skip: ['.bubble', '.author', 'option', '.privacy'],
  // What the visitor typed, and the pre-chat fields the widget's configuration adds (its own labels).
  data: ['Ada', 'ada@example.com', 'Buongiorno', 'Numero d’ordine (facoltativo)', 'Order number (optional)'],
};

async function liveChat(options: { widgetKey?: string; mode?: 'inline' | 'launcher' } = {}): Promise<LiveChatHarness> {
  return LiveChatHarness.mount({ lang: LANG, ...options });
}

async function chatStarted(): Promise<LiveChatHarness> {
  const chat = await liveChat();
  await chat.startChat('2');
  return chat;
}

/** A chat the simulator's scripted operator has joined: what is kept of it names her. */
async function chatWithGiulia(): Promise<LiveChatHarness> {
  const chat = await chatStarted();
  await until(() => chat.operatorName() === 'Giulia');
  return chat;
}

/** A verified visitor's token, as the site's backend mints it (for calls through the gateway). */
const visitorToken = async (): Promise<string> =>
  ((await (await fetch('/__sportello/visitor-token?user=ada')).json()) as { token: string }).token;

export const chatStates: ElementState[] = [
  {
    element: 'live-chat',
    state: 'launcher closed',
    show: async () => {
      const chat = await liveChat({ mode: 'launcher' });
      await until(() => chat.launcher?.getAttribute('aria-label'));
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'loading',
    show: async () => {
      await faults({ kind: 'delay', match: '/chat/public/api/widget', count: 1, delayMs: 4000 });
      const chat = await liveChat();
      await chat.waitFor('loading');
      await until(() => chat.inWindow('[role="status"]'));
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'pre-chat form',
    show: async () => {
      const chat = await liveChat();
      await chat.waitFor('prechat');
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'pre-chat form with errors',
    show: async () => {
      const chat = await liveChat();
      await chat.waitFor('prechat');
      await chat.submit();
      await until(() => chat.invalidFields().length);
      await settled(chat.window);
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'chatting (queue, operator, system messages)',
    show: async () => {
      const chat = await chatStarted();
      await until(() => chat.inWindow('sportello-message-list'));
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'end confirmation',
    show: async () => {
      const chat = await chatStarted();
      (await chat.findInWindow<HTMLButtonElement>('header .end-chat')).click();
      await chat.findInWindow('#confirm-end .end');
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'ended (rating, transcript)',
    show: async () => {
      const chat = await chatStarted();
      await chat.endChat();
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'past conversations',
    show: async () => {
      // Giulia has answered before the chat ends: the list names her in every run, not in some.
      const chat = await chatWithGiulia();
      await chat.sendAndConfirm('Buongiorno');
      await chat.endChat();
      await chat.openPast();
      // The list names who answered: the simulator's scripted operator (its nickname is data).
      return { root: chat.element, ...CHAT_DATA, data: [...CHAT_DATA.data, 'Giulia'] };
    },
  },
  {
    element: 'live-chat',
    state: 'a past conversation, opened',
    show: async () => {
      const chat = await chatWithGiulia();
      await chat.sendAndConfirm('Buongiorno');
      await chat.endChat();
      const [item] = await chat.openPast();
      item!.click();
      await chat.findInWindow('#past-chat-title');
      await until(() => chat.inWindow('.past-chat sportello-message-list'));
      // Her name is said inside the catalogue's "with {name}".
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'the greeting above the closed launcher',
    show: async () => {
      await changeWidget('demo-greeting', { greeting: { id: 'qps', delaySeconds: 0, text: 'Need a hand?' } });
      const chat = await liveChat({ mode: 'launcher', widgetKey: 'demo-greeting' });
      chat.element.setAttribute('greeting', '');
      await chat.find('.greeting .say');
      return { root: chat.element, ...CHAT_DATA, data: [...CHAT_DATA.data, 'Need a hand?'] };
    },
  },
  {
    element: 'live-chat',
    state: 'a new message previewed above the closed launcher',
    show: async () => {
      const chat = await liveChat({ mode: 'launcher' });
      await chat.open();
      // A category without the scripted operator: the demo operator answers, and nobody else writes.
      const idChat = await chat.startChat('4');
      const operator = await TestOperator.joined(idChat);
      await until(() => chat.operatorName() === 'Operatore Demo');
      await chat.element.close();
      operator.send(idChat, 'Your parcel is on its way.');
      await chat.find('.above.preview');
      await until(() => chat.$('.above-status[role=status]')?.textContent?.includes('Your parcel'));
      return {
        root: chat.element,
        ...CHAT_DATA,
        data: [...CHAT_DATA.data, 'Operatore Demo', 'Your parcel is on its way.'],
        done: () => operator.stop(),
      };
    },
  },
  {
    element: 'live-chat',
    state: 'answers before a chat, under the question',
    show: async () => {
      const config = await fixture<HTMLElement>(html`<sportello-config ai-endpoint=${`${GATEWAY_URL}/ai/api/v2`}>
        <sportello-live-chat
          lang=${LANG}
          widget-key="demo"
          mode="inline"
          answers-kb="2"
          endpoint=${`${GATEWAY_URL}/chat`}
          .tokenProvider=${visitorToken}
          .reportNavigation=${false}
        ></sportello-live-chat>
      </sportello-config>`);
      const chat = new LiveChatHarness(config.querySelector<SportelloLiveChat>('sportello-live-chat')!);
      await chat.waitFor('prechat');
      await chat.fill({ message: 'How much does shipping cost to Italy?' });
      await until(() => chat.inWindow('.answers .answer'));
      await settled(chat.window);
      // The knowledge base's questions and answers are data.
      return { root: chat.element, ...CHAT_DATA, skip: [...CHAT_DATA.skip, '.answer h4', '.answer-body'] };
    },
  },
  {
    element: 'live-chat',
    state: 'offline form',
    show: async () => {
      const chat = await liveChat({ widgetKey: 'demo-offline' });
      await chat.waitFor('offline');
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'error (unknown widget)',
    show: async () => {
      const chat = await liveChat({ widgetKey: 'no-such-widget' });
      await chat.waitFor('error');
      return { root: chat.element, ...CHAT_DATA };
    },
  },
];
