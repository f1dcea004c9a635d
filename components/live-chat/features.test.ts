/**
 * Live chat features beyond the conversation itself: operator formatting, custom pre-chat fields,
 * verified identity, the image viewer, notices in a hidden tab, the greeting, the desk hand-off.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { expectAxeClean, siteLandmarks } from '../../test/browser/helpers/axe-page.js';
import '../desk-form/index.js';
import type { SportelloLiveChat } from './live-chat.js';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { CHAT_URL, TestOperator } from '../../test/browser/helpers/live-chat.js';
import { settled, until } from '../../test/harness/harness.js';
import { LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';

ignoreResizeObserverLoop();

/** Sets form fields by id (and the consent), then submits, as a person would. */
async function fillPrechatWith(chat: LiveChatHarness, values: Record<string, string>): Promise<void> {
  await chat.setFields(values);
  await chat.fill({ consent: true });
  await chat.submit();
}

describe('sportello-live-chat: formatting, custom fields, identity, images, hidden tab, greeting, desk hand-off', () => {
  let operator: TestOperator | undefined;
  liveChatSuite(async () => {
    await operator?.stop();
    operator = undefined;
  });

  it("operators' and bots' markdown is formatted (restricted); the visitor's own text stays plain", async () => {
    const chat = await LiveChatHarness.mount();
    await chat.startChat('3');
    await chat.findInWindow('sportello-message-list');
    const list = chat.thread.root;
    const documents = await until(() =>
      [...list.querySelectorAll<HTMLButtonElement>('.quick button')].find((b) => /documents/i.test(b.textContent!)),
    );
    documents.click();
    const md = await until(() => list.querySelector('.other .md'));
    expect(md.querySelectorAll('li')).to.have.length(2);
    expect(md.querySelector('strong')!.textContent).to.equal('identity document');
    const link = md.querySelector('a')!;
    expect(link.href).to.equal('https://example.com/documents');
    expect(link.rel).to.equal('noopener noreferrer');
    await chat.send('my **own** text');
    const mine = await until(() =>
      [...list.querySelectorAll('.self')].find((r) => r.textContent!.includes('my **own** text')),
    );
    expect(mine.querySelector('strong, .md')).to.equal(null);
  });

  it('an image attachment opens in the viewer inside the widget: fit / actual size, download kept, Escape closes and gives focus back (axe clean)', async () => {
    const chat = await LiveChatHarness.mount({ parent: siteLandmarks() });
    await chat.startChat('2');
    await until(() => chat.operatorName());
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
      (c) => c.charCodeAt(0),
    );
    const composer = await chat.composerReady();
    await composer.attach(new File([png], 'photo.png', { type: 'image/png' }));
    await composer.waitForTray('done');
    await composer.send('here is the photo');
    const list = chat.thread.root;
    const link = await until(() => list.querySelector<HTMLAnchorElement>('.files a'));
    link.focus();
    await sendKeys({ press: 'Enter' });
    const viewer = await chat.findInWindow('.viewer[role=dialog]');
    await until(() => chat.windowFocus()?.classList.contains('close'));
    const img = viewer.querySelector<HTMLImageElement>('img')!;
    expect(img.alt).to.equal('photo.png');
    expect(img.src).to.contain('/public/api/attachments/image');
    const download = viewer.querySelector<HTMLAnchorElement>('a.download')!;
    expect(download.href).to.contain('/public/api/attachments/download');
    expect(download.getAttribute('download')).to.equal('photo.png');
    const zoom = viewer.querySelector<HTMLButtonElement>('button.zoom')!;
    expect(zoom.getAttribute('aria-pressed')).to.equal('false');
    zoom.click();
    await settled(chat.window);
    expect(zoom.getAttribute('aria-pressed')).to.equal('true');
    // Chatting, with system lines in the thread and the viewer open, on a page with its own header.
    await until(() => list.querySelector('.system'));
    await expectAxeClean(document, 'chatting with the image viewer open');
    await sendKeys({ press: 'Escape' });
    await until(() => !chat.inWindow('.viewer'));
    expect(chat.isOpen || chat.element.mode === 'inline', 'the chat stays open').to.equal(true);
    await until(() => list.activeElement === link);
  });

  it('chat → desk hand-off: offline and ended, "Open a request instead" fills the page\'s desk form (subject, transcript)', async () => {
    const desk = document.createElement('sportello-desk-form') as HTMLElement & { prefill: Record<string, unknown> };
    desk.id = 'desk';
    document.body.append(desk);
    try {
      // Offline: what the visitor wrote in the contact form goes over.
      const offline = await LiveChatHarness.mount({ widgetKey: 'demo-offline', attributes: { 'desk-target': 'desk' } });
      await offline.waitFor('offline');
      const message = await offline.findInWindow<HTMLTextAreaElement>('#message');
      message.value = 'My invoice is wrong';
      (await offline.findInWindow<HTMLButtonElement>('button.desk-handoff')).click();
      await until(() => desk.prefill?.oggetto);
      expect(desk.prefill.oggetto).to.equal('Request from the chat');
      expect(desk.prefill.descrizione).to.equal('My invoice is wrong');
      offline.element.remove();

      // Ended: the conversation goes over as a transcript.
      const chat = await LiveChatHarness.mount({ attributes: { 'desk-target': 'desk' } });
      await chat.startChat('2');
      await chat.waitForRow((r) => r.role === 'other' && r.author === 'Giulia');
      await chat.sendAndConfirm('the second line');
      await chat.endChat();
      (await chat.findInWindow<HTMLButtonElement>('button.desk-handoff')).click();
      await until(() => String(desk.prefill?.descrizione ?? '').includes('the second line'));
      // The date as every date of the kit formats English (en-GB, src/i18n/format.ts).
      const today = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date());
      expect(String(desk.prefill.oggetto)).to.equal(`Chat of ${today}`);
      expect(String(desk.prefill.descrizione)).to.contain('You: the second line').and.contain('Giulia:');
    } finally {
      desk.remove();
    }
  });

  it('messages that arrive while the window is closed are counted in the tab title; opening it clears the count', async () => {
    document.title = 'Test shop';
    const chat = await LiveChatHarness.mount({ mode: 'launcher', attributes: { sound: '' } });
    await chat.element.open();
    const idChat = await chat.startChat('4');
    operator = await TestOperator.joined(idChat);
    operator.send(idChat, 'Hello, how can I help?');
    await chat.waitForDelivered('Hello, how can I help?');
    expect(document.title).to.equal('Test shop');
    await chat.element.close();
    operator.send(idChat, 'Is anyone there?');
    await until(() => document.title.startsWith('(1) '));
    expect(document.title).to.equal('(1) Test shop');
    await chat.element.open();
    await until(() => document.title === 'Test shop');
  });

  it("the widget's proactive greeting appears above the closed launcher, opens the chat with it first, once per visitor (axe clean)", async () => {
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat greeting lang="en" widget-key="demo-greeting" endpoint=${CHAT_URL}></sportello-live-chat>`,
      { parentNode: siteLandmarks() },
    );
    const chat = new LiveChatHarness(el);
    const say = await until(() => el.shadowRoot!.querySelector<HTMLButtonElement>('.greeting .say'));
    expect(say.textContent).to.equal('Need a hand? We are here.');
    expect(el.shadowRoot!.querySelector('.greeting .dismiss')!.getAttribute('aria-label')).to.equal(
      'Dismiss the message',
    );
    expect(localStorage.getItem('sportello-chat-greeted:demo-greeting:welcome-1'), 'shown once').to.equal('1');
    await expectAxeClean(document, 'closed, with the greeting');
    say.click();
    await chat.waitFor('prechat');
    expect(chat.inWindow('.greeting-first')!.textContent).to.equal('Need a hand? We are here.');
    expect(el.shadowRoot!.querySelector('.greeting')).to.equal(null);
    // The widget's own pre-chat fields: a required select, an optional checkbox, an optional text.
    expect(chat.inWindow('select#cf-customerType')).to.not.equal(null);
    expect(chat.inWindow('input#cf-newsletter[type=checkbox]')).to.not.equal(null);
    await expectAxeClean(document, 'pre-chat with custom fields');
    await fillPrechatWith(chat, { 'cf-orderNumber': 'abc' });
    await until(() => chat.invalidFields().length && !chat.busy);
    expect(chat.field('cf-customerType')!.getAttribute('aria-invalid')).to.equal('true');
    expect(chat.field('cf-orderNumber')!.getAttribute('aria-invalid')).to.equal('true');
    await fillPrechatWith(chat, {
      name: 'Ada',
      email: 'ada@example.com',
      idChatCategory: '2',
      'cf-orderNumber': '1042',
      'cf-customerType': 'business',
    });
    await chat.waitFor('conversation');
    const op = new TestOperator();
    const record = await op.http.json<{ fields: Record<string, unknown> }>(
      `/api/chat/${(await chat.started.next(1)).idChat}`,
    );
    expect(record.fields).to.deep.equal({ orderNumber: '1042', customerType: 'business' });
  });

  it('a visitor token from tokenProvider: name and e-mail shown as verified and not asked; the chat carries them', async () => {
    const b64 = (v: unknown) =>
      btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(v))))
        .replace(/=+$/, '')
        .replace(/\+/g, '-')
        .replace(/\//g, '_');
    const token = `${b64({ alg: 'ES256' })}.${b64({ sub: 'v-7', exp: Math.floor(Date.now() / 1000) + 600, name: 'Zoë Verified', email: 'zoe@example.com' })}.c2ln`;
    const el = document.createElement('sportello-live-chat') as SportelloLiveChat;
    el.setAttribute('lang', 'en');
    el.setAttribute('mode', 'inline');
    el.widgetKey = 'demo';
    el.endpoint = CHAT_URL;
    el.tokenProvider = async () => token;
    const chat = new LiveChatHarness(el);
    siteLandmarks().append(el);
    try {
      await chat.waitFor('prechat');
      expect(chat.field('name'), 'name not asked').to.equal(null);
      expect(chat.field('email'), 'e-mail not asked').to.equal(null);
      expect(chat.inWindow('.verified')!.textContent).to.contain('Zoë Verified').and.contain('zoe@example.com');
      await expectAxeClean(document, 'pre-chat, verified visitor');
      await fillPrechatWith(chat, { idChatCategory: '2' });
      await chat.waitFor('conversation');
      const record = await new TestOperator().http.json<{ name: string; email: string; verified: boolean }>(
        `/api/chat/${(await chat.started.next(1)).idChat}`,
      );
      expect([record.name, record.email, record.verified]).to.deep.equal(['Zoë Verified', 'zoe@example.com', true]);
    } finally {
      el.remove();
    }
  });
});
