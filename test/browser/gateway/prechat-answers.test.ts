// Issue #35, "Answers before a chat": the visitor's question in the live chat's pre-chat form is
// first searched in the AI service's knowledge (`/search/faq`, as the desk form's deflection does),
// through the gateway (the page holds no AI key), and the answers are offered with the way to a
// person beside them. A failing AI service leaves a visible note and a retry; the chat stays one
// button away.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { GATEWAY_URL } from '/__sportello/env.js';
import '../../../components/live-chat/index.js';
import '../../../components/shared/sportello-config.js';
import type { SportelloLiveChat } from '../../../components/live-chat/live-chat.js';
import { FAST_RECONNECT, LiveChatHarness, liveChatSuite } from '../../harness/live-chat.js';
import { simulator } from '../../harness/simulator.js';
import { textOf, until } from '../../harness/harness.js';

const AI = `${GATEWAY_URL}/ai/api/v2`;
/** The simulator's English knowledge base (its FAQs: shipping, refunds, opening hours, …). */
const KB = '2';
const QUESTION = 'How much does shipping cost to Italy?';

const adaToken = async (): Promise<string> =>
  ((await (await fetch('/__sportello/visitor-token?user=ada')).json()) as { token: string }).token;

/** The live chat of a page whose <sportello-config> names the gateway's AI path: no key anywhere. */
async function mount(lang = 'en'): Promise<LiveChatHarness> {
  const config = await fixture<HTMLElement>(html`<sportello-config ai-endpoint=${AI}>
    <sportello-live-chat
      lang=${lang}
      widget-key="demo"
      mode="inline"
      answers-kb=${KB}
      endpoint=${`${GATEWAY_URL}/chat`}
      .tokenProvider=${adaToken}
      .stomp=${FAST_RECONNECT}
      .reportNavigation=${false}
    ></sportello-live-chat>
  </sportello-config>`);
  const chat = new LiveChatHarness(config.querySelector<SportelloLiveChat>('sportello-live-chat')!);
  await chat.waitFor('prechat');
  return chat;
}

/** The searches the page made, by the browser's own resource timing: every one to the gateway. */
const searches = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((url) => url.endsWith('/search/faq'));

const answers = (chat: LiveChatHarness) => chat.allInWindow('.answers .answer');

/** The same words in each language (the element's own, from its catalogues). */
const TITLES: Record<string, string> = {
  it: 'Queste risposte potrebbero aiutarLa subito',
  en: 'These answers may help right away',
  de: 'Diese Antworten helfen Ihnen vielleicht sofort',
  fr: 'Ces réponses pourraient vous aider tout de suite',
  es: 'Estas respuestas quizá le ayuden ahora mismo',
};

describe('through the gateway: the live chat’s answers before a chat', () => {
  liveChatSuite();
  beforeEach(() => performance.clearResourceTimings());

  it('offers the knowledge’s answers under the question; "it answered" ends there, a person stays one step away', async () => {
    const chat = await mount();
    await chat.fill({ message: QUESTION });
    const [first] = await until(() => (answers(chat).length ? answers(chat) : undefined));
    expect(answers(chat).length).to.be.within(1, 3);
    expect(textOf(first!.querySelector('h4'))).to.equal('How much does shipping cost?');
    expect(textOf(chat.inWindow('.answers h3'))).to.equal(TITLES['en']);
    expect(textOf(chat.inWindow('.answers .hint'))).to.equal('Or start the chat: a person will answer.');
    expect(searches().length).to.be.greaterThan(0);
    expect(searches().every((url) => url.startsWith(`${AI}/`))).to.equal(true);
    await expect(chat.element).to.be.accessible();

    // With the keyboard: "This answered my question".
    const deflected = oneEvent(chat.element, 'sportello-chat-deflected');
    first!.querySelector<HTMLButtonElement>('button.answered')!.focus();
    await sendKeys({ press: 'Enter' });
    const { detail } = await deflected;
    expect(detail).to.include({ kind: 'faq', title: 'How much does shipping cost?', question: QUESTION });
    await until(() => chat.windowFocus()?.id === 'answers-done');
    expect(chat.started.details).to.have.length(0);
    // The form waits behind "it helped", out of sight and out of the tab order.
    const form = chat.inWindow('form.prechat')!;
    expect(form.checkVisibility(), 'the form is put away').to.equal(false);
    await expect(chat.element).to.be.accessible();

    // "I still want to chat with a person": the form as it was left, then the chat itself.
    chat.inWindow<HTMLButtonElement>('.answers-solved .still-need')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => chat.windowFocus()?.id === 'message');
    expect(chat.field<HTMLTextAreaElement>('message')!.value).to.equal(QUESTION);
    expect(form.checkVisibility(), 'the form is back').to.equal(true);
    await chat.fillPrechat({ category: '2' });
    await chat.waitFor('conversation');
    await chat.waitForDelivered(QUESTION);
  });

  it('a failing AI service: a note in the form, the chat still starts, and "Try again" brings the answers', async () => {
    await simulator.fault({ kind: 'status', match: '/ai/api/v2/search/faq', count: 10, status: 503 });
    const chat = await mount();
    await chat.fill({ message: QUESTION });
    const failed = await until(() => chat.inWindow('.answers-failed'));
    expect(textOf(failed.querySelector('p'))).to.contain('You can still start the chat');
    expect(answers(chat)).to.have.length(0);
    expect(chat.inWindow<HTMLButtonElement>('form button[type=submit]')!.disabled).to.equal(false);
    await expect(chat.element).to.be.accessible();

    await simulator.clearFaults();
    failed.querySelector<HTMLButtonElement>('.retry-answers')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => answers(chat).length > 0);
    expect(chat.inWindow('.answers-failed')).to.equal(null);
    expect(chat.field<HTMLTextAreaElement>('message')!.value).to.equal(QUESTION);
  });

  it('knowledge named but no AI service: the page author hears it once (console and sportello-error), the form works', async () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      const el = await fixture<SportelloLiveChat>(html`<sportello-live-chat
        lang="en"
        widget-key="demo"
        mode="inline"
        answers-kb=${KB}
        endpoint=${`${GATEWAY_URL}/chat`}
        .tokenProvider=${adaToken}
        .stomp=${FAST_RECONNECT}
        .reportNavigation=${false}
      ></sportello-live-chat>`);
      const problems: string[] = [];
      el.addEventListener('sportello-error', (e) => problems.push(`${e.detail.operation} ${e.detail.error.name}`));
      const chat = new LiveChatHarness(el);
      await chat.waitFor('prechat');
      const asked = oneEvent(el, 'sportello-error');
      await chat.fill({ message: QUESTION });
      await asked;
      // The visitor goes on writing: said once, not once per question.
      await chat.fill({ message: `${QUESTION} And to Germany?` });
      await chat.fillPrechat({ category: '2' });
      await chat.waitFor('conversation');
      expect(problems).to.deep.equal(['configure ConfigurationError']);
      expect(warnings.filter((w) => w.includes('answers-kb') && w.includes('ai-endpoint'))).to.have.length(1);
      expect(answers(chat)).to.have.length(0);
    } finally {
      console.warn = original;
    }
  });

  it('speaks the visitor’s five languages', async () => {
    for (const [lang, title] of Object.entries(TITLES)) {
      const chat = await mount(lang);
      await chat.fill({ message: QUESTION });
      const heading = await until(() => chat.inWindow('.answers h3'));
      expect(textOf(heading), lang).to.equal(title);
      await expect(chat.element).to.be.accessible();
      chat.element.closest('sportello-config')!.remove();
    }
  });
});
