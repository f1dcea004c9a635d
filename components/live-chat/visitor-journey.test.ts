/**
 * Live chat, from the queue to the rating, as the visitor meets it: the queue position after a bot
 * hands over, a phone number checked by the service, the focus after ending, landmarks beside the
 * page's own, the rating in view, an operator taking over, the service's widget settings, the first
 * navigation entry.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { CHAT_URL, TestOperator } from '../../test/browser/helpers/live-chat.js';
import type { SportelloLiveChat } from './live-chat.js';
import { expectAxeClean, siteLandmarks } from '../../test/browser/helpers/axe-page.js';
import { eventually, settled, until } from '../../test/harness/harness.js';
import { FAST_RECONNECT, LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';

ignoreResizeObserverLoop();

const systemLines = (chat: LiveChatHarness) => chat.rows().flatMap((r) => (r.role === 'system' ? [r.text] : []));

describe('sportello-live-chat: from the queue to the rating', () => {
  let operator: TestOperator | undefined;
  liveChatSuite(async () => {
    await operator?.stop();
    operator = undefined;
  });

  it('the queue position is shown after the bot hands over to a person', async () => {
    // A real operator is available, so the handed-over chat waits in the queue (the script stays away).
    operator = new TestOperator();
    await operator.connect();
    const chat = await LiveChatHarness.mount();
    await chat.startChat('3');
    const bot = await chat.waitForRow((r) => r.quickReplies.some((q) => /operator/i.test(q)));
    const human = [...bot.element.querySelectorAll<HTMLButtonElement>('.quick button')].find((b) =>
      /operator/i.test(b.textContent!),
    )!;
    human.click();
    // In the widget's own words for the queue (its `queue` label).
    await until(() => chat.status() === 'You are in the queue: position 1');
    expect(chat.notice()).to.equal('You are in the queue: position 1');
  });

  it('an invalid phone number says so (checked by the service), not "Required"', async () => {
    const chat = await LiveChatHarness.mount({ widgetKey: 'demo-offline' });
    await chat.waitFor('offline');
    chat.inWindow<HTMLInputElement>('input[name=channel][value=phone]')!.click();
    await settled(chat.window);
    await chat.fill({ name: 'Ada', phone: 'abc', message: 'Call me', consent: true });
    await chat.submit();
    await until(() => chat.invalidFields().length && !chat.busy);
    expect(chat.field('phone')!.getAttribute('aria-invalid')).to.equal('true');
    expect(chat.fieldError('phone')).to.equal('Enter a valid phone number');
  });

  it('after "End chat" → "End it" from the keyboard, the focus stays in the window', async () => {
    const chat = await LiveChatHarness.mount();
    await chat.startChat('2');
    const end = await chat.findInWindow<HTMLButtonElement>('header .end-chat');
    end.focus();
    await sendKeys({ press: 'Enter' });
    const confirm = await chat.findInWindow<HTMLButtonElement>('#confirm-end .end');
    confirm.focus();
    await sendKeys({ press: 'Enter' });
    await chat.waitFor('ended');
    await until(() => chat.windowFocus());
    expect(document.activeElement).to.equal(chat.element);
    expect(chat.windowFocus()!.closest('.ended'), 'focus on the ended view').to.not.equal(null);
  });

  it('no landmark clash with a page that has its own <header> (axe, whole page)', async () => {
    const chat = await LiveChatHarness.mount({ parent: siteLandmarks() });
    await chat.waitFor('prechat');
    await expectAxeClean(document, 'pre-chat');
  });

  it('a focused rating star is in view once the ended panel has scrolled', async () => {
    const chat = await LiveChatHarness.mount();
    chat.element.style.setProperty('--sportello-chat-height', '360px');
    await chat.startChat('2');
    await chat.endChat();
    const body = chat.inWindow('.body.ended')!;
    await until(() => body.scrollHeight > body.clientHeight);
    body.scrollTop = body.scrollHeight;
    const star = chat.inWindow<HTMLInputElement>('.stars input[value="3"]')!;
    star.focus();
    const label = star.closest('label')!.getBoundingClientRect();
    const view = body.getBoundingClientRect();
    expect(label.top, 'star top inside the panel').to.be.at.least(view.top - 1);
    expect(label.bottom, 'star bottom inside the panel').to.be.at.most(view.bottom + 1);
  });

  it('an operator taking over from the scripted one is said in the thread (left, joined)', async () => {
    const chat = await LiveChatHarness.mount();
    const idChat = await chat.startChat('2');
    await until(() => chat.operatorName() === 'Giulia');
    operator = await TestOperator.joined(idChat);
    await until(() => chat.operatorName() === 'Operatore Demo');
    const rows = await until(() =>
      systemLines(chat).some((r) => r.includes('to Operatore Demo')) ? systemLines(chat) : undefined,
    );
    expect(rows.filter((r) => r.includes('Giulia joined the chat'))).to.have.length(1);
    // The scripted operator left and the real one joined at once: said as one hand-over.
    expect(rows.filter((r) => r.includes('Chat transferred from Giulia to Operatore Demo'))).to.have.length(1);
  });

  it("the service's widget settings are used: colour, subtitle, placeholders", async () => {
    const chat = await LiveChatHarness.mount();
    await chat.waitFor('prechat');
    expect(chat.inWindow('header .subtitle')!.textContent).to.equal('We usually answer within minutes');
    expect(chat.field('name')!.placeholder).to.equal('Your name');
    expect(chat.field('email')!.placeholder).to.equal('Your e-mail');
    expect(getComputedStyle(chat.inWindow('header')!).backgroundColor).to.equal('rgb(11, 92, 173)');
  });

  it('the widget position from the service applies unless the page set one', async () => {
    // The widget's configuration changed through the service's own admin API (spec: PUT /api/widget/).
    const admin = new TestOperator().http;
    const widgets =
      await admin.json<Array<{ idChatWidget: number; widgetKey: string; configuration: string }>>('/api/widget/');
    const demo = widgets.find((w) => w.widgetKey === 'demo')!;
    const configuration = { ...(JSON.parse(demo.configuration) as object), position: 'bottom-left' };
    await admin.json('/api/widget/', {
      method: 'PUT',
      json: { idChatWidget: demo.idChatWidget, configuration: JSON.stringify(configuration) },
    });
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat lang="en" widget-key="demo" endpoint=${CHAT_URL} .stomp=${FAST_RECONNECT}></sportello-live-chat>`,
    );
    await el.open();
    await new LiveChatHarness(el).waitFor('prechat');
    const launcher = el.shadowRoot!.querySelector<HTMLElement>('.launcher')!;
    await until(() => launcher.getBoundingClientRect().left < window.innerWidth / 2);
    expect(launcher.getBoundingClientRect().left).to.be.below(window.innerWidth / 2);
  });

  it('the first navigation entry carries the page title', async () => {
    document.title = 'Shoes — Test shop';
    const chat = await LiveChatHarness.mount();
    const idChat = await chat.startChat('2');
    const op = new TestOperator();
    const record = await eventually(async () => {
      const c = await op.http.json<{ navigationPages: Array<{ url: string; title: string }> }>(`/api/chat/${idChat}`);
      return c.navigationPages.length ? c : undefined;
    });
    expect(record.navigationPages[0]!.title).to.equal('Shoes — Test shop');
  });

  it('axe, whole page with its own <header>: closed launcher, queued, offline and ended states', async () => {
    // Each chat in the page's <main>, one at a time (one chat region per page).
    const inMain = (widgetKey: string, mode: 'inline' | 'launcher') => {
      const chat = document.createElement('sportello-live-chat') as SportelloLiveChat;
      chat.setAttribute('lang', 'en');
      chat.setAttribute('mode', mode);
      chat.widgetKey = widgetKey;
      chat.endpoint = CHAT_URL;
      chat.stomp = FAST_RECONNECT;
      chat.reportNavigation = false;
      siteLandmarks().append(chat);
      return chat;
    };
    const closed = inMain('demo', 'launcher');
    try {
      await until(() => closed.shadowRoot?.querySelector('button.launcher'));
      await expectAxeClean(document, 'closed');
    } finally {
      closed.remove();
    }
    const offline = inMain('demo-offline', 'inline');
    try {
      await new LiveChatHarness(offline).waitFor('offline');
      await expectAxeClean(document, 'offline');
    } finally {
      offline.remove();
    }
    const el = inMain('demo', 'inline');
    try {
      const chat = new LiveChatHarness(el);
      await chat.startChat('4');
      expect(chat.waiting, 'queued').to.equal(true);
      await expectAxeClean(document, 'queued');
      await chat.endChat();
      await expectAxeClean(document, 'ended');
    } finally {
      el.remove();
    }
  });
});
