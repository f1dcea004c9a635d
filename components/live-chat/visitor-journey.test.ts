/**
 * Live chat, from the queue to the rating, as the visitor meets it: the queue position after a bot
 * hands over, a phone number checked by the service, the focus after ending, landmarks beside the
 * page's own, the rating in view, an operator taking over, the service's widget settings, the first
 * navigation entry.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import {
  $,
  CHAT_URL,
  FAST_RECONNECT,
  SIM_URL,
  eventually,
  mountChat,
  phase,
  resetSim,
  startChat,
  TestOperator,
  until,
} from '../../test/browser/helpers/live-chat.js';
import type { SportelloLiveChat } from './live-chat.js';
import type { SportelloLiveChatWindow } from './parts/chat-window.js';
import { expectAxeClean, siteLandmarks } from '../../test/browser/helpers/axe-page.js';

ignoreResizeObserverLoop();

const statusLine = (win: SportelloLiveChatWindow) => $(win, '.conversation > p[role=status]')!.textContent!.trim();
const systemRows = (win: SportelloLiveChatWindow) =>
  [...$(win, 'sportello-message-list')!.shadowRoot!.querySelectorAll('[data-role=system], .system')].map((r) =>
    r.textContent!.replace(/\s+/g, ' ').trim(),
  );

describe('sportello-live-chat: from the queue to the rating', () => {
  let operator: TestOperator | undefined;
  beforeEach(resetSim);
  afterEach(async () => {
    await operator?.stop();
    operator = undefined;
    await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
  });

  it('the queue position is shown after the bot hands over to a person', async () => {
    // A real operator is available, so the handed-over chat waits in the queue (the script stays away).
    operator = new TestOperator();
    await operator.connect();
    const el = await mountChat();
    const win = await startChat(el, '3');
    const list = $(win, 'sportello-message-list')!;
    const human = await until(() =>
      [...list.shadowRoot!.querySelectorAll<HTMLButtonElement>('.quick button')].find((b) =>
        /operator/i.test(b.textContent!),
      ),
    );
    human.click();
    await until(() => typeof win.chat.queuePosition === 'number' && win.chat.queuePosition > 0);
    await win.updateComplete;
    // In the widget's own words for the queue (its `queue` label).
    expect(statusLine(win)).to.equal('You are in the queue: position 1');
    expect($(win, '.conversation > .notice')!.textContent!.trim()).to.equal('You are in the queue: position 1');
  });

  it('an invalid phone number says so (checked by the service), not "Required"', async () => {
    const el = await mountChat({ widgetKey: 'demo-offline' });
    const win = await phase(el, 'offline');
    const phone = $<HTMLInputElement>(win, 'input[name=channel][value=phone]')!;
    phone.click();
    await win.updateComplete;
    const set = (id: string, v: string) => {
      const f = $<HTMLInputElement>(win, id)!;
      f.value = v;
      f.dispatchEvent(new Event('input', { bubbles: true }));
    };
    set('#name', 'Ada');
    set('#phone', 'abc');
    set('#message', 'Call me');
    $<HTMLInputElement>(win, '#privacy')!.checked = true;
    $<HTMLButtonElement>(win, 'form button[type=submit]')!.click();
    await until(() => win.chat.fieldErrors.length && !win.chat.busy);
    await win.updateComplete;
    expect($(win, '#phone')!.getAttribute('aria-invalid')).to.equal('true');
    expect($(win, '#phone-error')!.textContent).to.equal('Enter a valid phone number');
  });

  it('after "End chat" → "End it" from the keyboard, the focus stays in the window', async () => {
    const el = await mountChat();
    const win = await startChat(el, '2');
    const end = await until(() => $<HTMLButtonElement>(win, 'header .end-chat'));
    end.focus();
    await sendKeys({ press: 'Enter' });
    const confirm = await until(() => $<HTMLButtonElement>(win, '#confirm-end .end'));
    confirm.focus();
    await sendKeys({ press: 'Enter' });
    await phase(el, 'ended');
    await until(() => win.shadowRoot!.activeElement);
    expect(document.activeElement).to.equal(el);
    expect(win.shadowRoot!.activeElement!.closest('.ended'), 'focus on the ended view').to.not.equal(null);
  });

  it('no landmark clash with a page that has its own <header> (axe, whole page)', async () => {
    const el = await mountChat({ parent: siteLandmarks() });
    const win = await phase(el, 'prechat');
    await win.updateComplete;
    await expectAxeClean(document, 'pre-chat');
  });

  it('a focused rating star is in view once the ended panel has scrolled', async () => {
    const el = await mountChat();
    el.style.setProperty('--sportello-chat-height', '360px');
    const win = await startChat(el, '2');
    win.chat.endChat();
    await phase(el, 'ended');
    const body = $(win, '.body.ended')!;
    await until(() => body.scrollHeight > body.clientHeight);
    body.scrollTop = body.scrollHeight;
    const star = $<HTMLInputElement>(win, '.stars input[value="3"]')!;
    star.focus();
    const label = star.closest('label')!.getBoundingClientRect();
    const view = body.getBoundingClientRect();
    expect(label.top, 'star top inside the panel').to.be.at.least(view.top - 1);
    expect(label.bottom, 'star bottom inside the panel').to.be.at.most(view.bottom + 1);
  });

  it('an operator taking over from the scripted one is said in the thread (left, joined)', async () => {
    const el = await mountChat();
    const win = await startChat(el, '2');
    await until(() => win.chat.operator?.name === 'Giulia');
    operator = await TestOperator.joined(win.chat.idChat!);
    await until(() => win.chat.operator?.name === 'Operatore Demo');
    await win.updateComplete;
    const rows = await until(() =>
      systemRows(win).some((r) => r.includes('to Operatore Demo')) ? systemRows(win) : undefined,
    );
    expect(rows.filter((r) => r.includes('Giulia joined the chat'))).to.have.length(1);
    // The scripted operator left and the real one joined at once: said as one hand-over.
    expect(rows.filter((r) => r.includes('Chat transferred from Giulia to Operatore Demo'))).to.have.length(1);
  });

  it("the service's widget settings are used: colour, subtitle, placeholders", async () => {
    const el = await mountChat();
    const win = await phase(el, 'prechat');
    await win.updateComplete;
    expect($(win, 'header .subtitle')!.textContent).to.equal('We usually answer within minutes');
    expect($<HTMLInputElement>(win, '#name')!.placeholder).to.equal('Your name');
    expect($<HTMLInputElement>(win, '#email')!.placeholder).to.equal('Your e-mail');
    expect(getComputedStyle($(win, 'header')!).backgroundColor).to.equal('rgb(11, 92, 173)');
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
    await phase(el, 'prechat');
    const launcher = el.shadowRoot!.querySelector<HTMLElement>('.launcher')!;
    await until(() => launcher.getBoundingClientRect().left < window.innerWidth / 2);
    expect(launcher.getBoundingClientRect().left).to.be.below(window.innerWidth / 2);
  });

  it('the first navigation entry carries the page title', async () => {
    document.title = 'Shoes — Test shop';
    const el = await mountChat();
    const win = await startChat(el, '2');
    const op = new TestOperator();
    const chat = await eventually(async () => {
      const c = await op.http.json<{ navigationPages: Array<{ url: string; title: string }> }>(
        `/api/chat/${win.chat.idChat}`,
      );
      return c.navigationPages.length ? c : undefined;
    });
    expect(chat.navigationPages[0]!.title).to.equal('Shoes — Test shop');
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
      await phase(offline, 'offline');
      await expectAxeClean(document, 'offline');
    } finally {
      offline.remove();
    }
    const el = inMain('demo', 'inline');
    try {
      const win = await startChat(el, '4');
      expect(win.chat.phase).to.equal('queued');
      await expectAxeClean(document, 'queued');
      win.chat.endChat();
      await phase(el, 'ended');
      await expectAxeClean(document, 'ended');
    } finally {
      el.remove();
    }
  });
});
