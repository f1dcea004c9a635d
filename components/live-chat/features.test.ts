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
import {
  $,
  composerSend,
  mountChat,
  phase,
  CHAT_URL,
  resetSim,
  SIM_URL,
  startChat,
  TestOperator,
  until,
} from '../../test/browser/helpers/live-chat.js';

ignoreResizeObserverLoop();

/** Sets form fields by id (and the consent), then submits, as a person would. */
async function fillPrechatWith(
  win: HTMLElement & { updateComplete: Promise<boolean> },
  values: Record<string, string>,
): Promise<void> {
  await win.updateComplete;
  for (const [id, value] of Object.entries(values)) {
    const field = win.shadowRoot!.querySelector<HTMLInputElement | HTMLSelectElement>(`#${id}`)!;
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  win.shadowRoot!.querySelector<HTMLInputElement>('#privacy')!.checked = true;
  win.shadowRoot!.querySelector<HTMLButtonElement>('form button[type=submit]')!.click();
}

const listOf = (win: HTMLElement) => win.shadowRoot!.querySelector('sportello-message-list')!.shadowRoot!;

describe('sportello-live-chat: formatting, custom fields, identity, images, hidden tab, greeting, desk hand-off', () => {
  let operator: TestOperator | undefined;
  beforeEach(resetSim);
  afterEach(async () => {
    await operator?.stop();
    operator = undefined;
    await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
  });

  it("operators' and bots' markdown is formatted (restricted); the visitor's own text stays plain", async () => {
    const el = await mountChat();
    const win = await startChat(el, '3');
    const list = listOf(win);
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
    await composerSend(win, 'my **own** text');
    const mine = await until(() =>
      [...list.querySelectorAll('.self')].find((r) => r.textContent!.includes('my **own** text')),
    );
    expect(mine.querySelector('strong, .md')).to.equal(null);
  });

  it('an image attachment opens in the viewer inside the widget: fit / actual size, download kept, Escape closes and gives focus back (axe clean)', async () => {
    const el = await mountChat({ parent: siteLandmarks() });
    const win = await startChat(el, '2');
    await until(() => win.chat.operator?.name);
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
      (c) => c.charCodeAt(0),
    );
    const composer = win.shadowRoot!.querySelector('sportello-composer')!;
    composer.dispatchEvent(
      new CustomEvent('sportello-composer-attach', {
        detail: { files: [new File([png], 'photo.png', { type: 'image/png' })] },
        bubbles: true,
        composed: true,
      }),
    );
    await until(() => win.chat.uploads[0]?.state === 'done');
    await composerSend(win, 'here is the photo');
    const list = listOf(win);
    const link = await until(() => list.querySelector<HTMLAnchorElement>('.files a'));
    link.focus();
    await sendKeys({ press: 'Enter' });
    const viewer = await until(() => win.shadowRoot!.querySelector<HTMLElement>('.viewer[role=dialog]'));
    await until(() => win.shadowRoot!.activeElement?.classList.contains('close'));
    const img = viewer.querySelector<HTMLImageElement>('img')!;
    expect(img.alt).to.equal('photo.png');
    expect(img.src).to.contain('/public/api/attachments/image');
    const download = viewer.querySelector<HTMLAnchorElement>('a.download')!;
    expect(download.href).to.contain('/public/api/attachments/download');
    expect(download.getAttribute('download')).to.equal('photo.png');
    const zoom = viewer.querySelector<HTMLButtonElement>('button.zoom')!;
    expect(zoom.getAttribute('aria-pressed')).to.equal('false');
    zoom.click();
    await win.updateComplete;
    expect(zoom.getAttribute('aria-pressed')).to.equal('true');
    // Chatting, with system lines in the thread and the viewer open, on a page with its own header.
    await until(() => list.querySelector('.system'));
    await expectAxeClean(document, 'chatting with the image viewer open');
    await sendKeys({ press: 'Escape' });
    await until(() => !win.shadowRoot!.querySelector('.viewer'));
    expect(el.opened || el.mode === 'inline', 'the chat stays open').to.equal(true);
    await until(() => list.activeElement === link);
  });

  it('chat → desk hand-off: offline and ended, "Open a request instead" fills the page\'s desk form (subject, transcript)', async () => {
    const desk = document.createElement('sportello-desk-form') as HTMLElement & { prefill: Record<string, unknown> };
    desk.id = 'desk';
    document.body.append(desk);
    try {
      // Offline: what the visitor wrote in the contact form goes over.
      const offline = await mountChat({ widgetKey: 'demo-offline' });
      offline.setAttribute('desk-target', 'desk');
      const off = await phase(offline, 'offline');
      const message = await until(() => $<HTMLTextAreaElement>(off, '#message'));
      message.value = 'My invoice is wrong';
      (await until(() => $<HTMLButtonElement>(off, 'button.desk-handoff'))).click();
      await until(() => desk.prefill?.oggetto);
      expect(desk.prefill.oggetto).to.equal('Request from the chat');
      expect(desk.prefill.descrizione).to.equal('My invoice is wrong');
      offline.remove();

      // Ended: the conversation goes over as a transcript.
      const el = await mountChat();
      el.setAttribute('desk-target', 'desk');
      const win = await startChat(el, '2');
      await until(() => win.chat.transcript.messages.some((m) => m.from === 'operator'));
      await composerSend(win, 'the second line');
      await until(() => win.chat.transcript.messages.some((m) => m.text === 'the second line' && m.id));
      win.chat.endChat();
      await phase(el, 'ended');
      (await until(() => $<HTMLButtonElement>(win, 'button.desk-handoff'))).click();
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
    const el = await mountChat({ mode: 'launcher' });
    el.setAttribute('sound', '');
    await el.open();
    const win = await startChat(el, '2');
    await until(() => win.chat.transcript.messages.some((m) => m.from === 'operator'));
    expect(document.title).to.equal('Test shop');
    await el.close();
    win.chat.send('Is anyone there?');
    await until(() => document.title.startsWith('(1) '));
    expect(document.title).to.equal('(1) Test shop');
    await el.open();
    await until(() => document.title === 'Test shop');
  });

  it("the widget's proactive greeting appears above the closed launcher, opens the chat with it first, once per visitor (axe clean)", async () => {
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat greeting lang="en" widget-key="demo-greeting" endpoint=${CHAT_URL}></sportello-live-chat>`,
      { parentNode: siteLandmarks() },
    );
    const say = await until(() => el.shadowRoot!.querySelector<HTMLButtonElement>('.greeting .say'));
    expect(say.textContent).to.equal('Need a hand? We are here.');
    expect(el.shadowRoot!.querySelector('.greeting .dismiss')!.getAttribute('aria-label')).to.equal(
      'Dismiss the message',
    );
    expect(localStorage.getItem('sportello-chat-greeted:demo-greeting:welcome-1'), 'shown once').to.equal('1');
    await expectAxeClean(document, 'closed, with the greeting');
    say.click();
    const win = await phase(el, 'prechat');
    expect($(win, '.greeting-first')!.textContent).to.equal('Need a hand? We are here.');
    expect(el.shadowRoot!.querySelector('.greeting')).to.equal(null);
    // The widget's own pre-chat fields: a required select, an optional checkbox, an optional text.
    expect($(win, 'select#cf-customerType')).to.not.equal(null);
    expect($(win, 'input#cf-newsletter[type=checkbox]')).to.not.equal(null);
    await expectAxeClean(document, 'pre-chat with custom fields');
    await fillPrechatWith(win, { 'cf-orderNumber': 'abc' });
    await until(() => win.chat.fieldErrors.length && !win.chat.busy);
    await win.updateComplete;
    expect($(win, '#cf-customerType')!.getAttribute('aria-invalid')).to.equal('true');
    expect($(win, '#cf-orderNumber')!.getAttribute('aria-invalid')).to.equal('true');
    await fillPrechatWith(win, {
      name: 'Ada',
      email: 'ada@example.com',
      idChatCategory: '2',
      'cf-orderNumber': '1042',
      'cf-customerType': 'business',
    });
    await phase(el, 'queued', 'chatting');
    const op = new TestOperator();
    const chat = await op.http.json<{ fields: Record<string, unknown> }>(`/api/chat/${win.chat.idChat}`);
    expect(chat.fields).to.deep.equal({ orderNumber: '1042', customerType: 'business' });
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
    siteLandmarks().append(el);
    try {
      const win = await phase(el, 'prechat');
      expect($(win, '#name'), 'name not asked').to.equal(null);
      expect($(win, '#email'), 'e-mail not asked').to.equal(null);
      expect($(win, '.verified')!.textContent).to.contain('Zoë Verified').and.contain('zoe@example.com');
      await expectAxeClean(document, 'pre-chat, verified visitor');
      await fillPrechatWith(win, { idChatCategory: '2' });
      await phase(el, 'queued', 'chatting');
      const chat = await new TestOperator().http.json<{ name: string; email: string; verified: boolean }>(
        `/api/chat/${win.chat.idChat}`,
      );
      expect([chat.name, chat.email, chat.verified]).to.deep.equal(['Zoë Verified', 'zoe@example.com', true]);
    } finally {
      el.remove();
    }
  });
});
