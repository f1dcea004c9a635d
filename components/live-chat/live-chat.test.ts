import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { CHAT_URL, TestOperator, openTab } from '../../test/browser/helpers/live-chat.js';
import type { SportelloLiveChat } from './live-chat.js';
import { storageKey } from '../../src/storage/chat.js';
import { pastChatsKey, readPastChats, writePastChats } from '../../src/storage/past-chats.js';
import sinon from 'sinon';
import { advanceUntil, eventually, nextFrame, pollStep, textOf, until } from '../../test/harness/harness.js';
import { FAST_RECONNECT, LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';
import { delivered, type Row } from '../../test/harness/thread.js';
import { simulator } from '../../test/harness/simulator.js';

ignoreResizeObserverLoop();

/** What the visitor's thread shows of the conversation (not the widget's own lines), oldest first. */
const said = async (chat: LiveChatHarness): Promise<Row[]> =>
  (await chat.thread.allRows()).filter((r) => r.role !== 'system');

/** The widget's configuration as the service gives it to the page (its public API). */
async function widgetConfig(): Promise<{ attachments?: { maxBytes?: number } }> {
  return (await fetch(`${CHAT_URL}/public/api/widget?widgetKey=demo&language=en`)).json();
}

describe('sportello-live-chat', () => {
  let operator: TestOperator | undefined;
  /** Tabs a test opened: closed after it, also when it failed (a tab left open leads the next test's chats). */
  const tabs: HTMLIFrameElement[] = [];
  const openTabHere = async () => {
    const tab = await openTab();
    tabs.push(tab.frame);
    return tab;
  };
  liveChatSuite(async () => {
    tabs.splice(0).forEach((frame) => frame.remove());
    await operator?.stop();
    operator = undefined;
  });

  it('closed launcher: accessible, opens as a dialog with focus inside, Escape closes and returns focus', async () => {
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat lang="en" widget-key="demo" endpoint=${CHAT_URL}></sportello-live-chat>`,
    );
    const chat = new LiveChatHarness(el);
    await expect(el).to.be.accessible();
    const launcher = chat.launcher!;
    expect(launcher.getAttribute('aria-expanded')).to.equal('false');
    launcher.focus();
    launcher.click();
    await chat.waitFor('prechat');
    const dialog = chat.$('[role=dialog]')!;
    expect(dialog.hasAttribute('hidden')).to.equal(false);
    await until(() => chat.windowFocus());
    expect(chat.windowFocus()!.id).to.equal('name');
    await sendKeys({ press: 'Escape' });
    await until(() => !chat.isOpen);
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement).to.equal(launcher);
    expect(dialog.hasAttribute('hidden')).to.equal(true);
  });

  it('pre-chat: server-side validation errors are shown on the fields and no chat starts (accessible)', async () => {
    const chat = await LiveChatHarness.mount();
    await chat.waitFor('prechat');
    await expect(chat.element).to.be.accessible();
    await chat.fillPrechat({ name: 'Ada', email: 'not-an-email', consent: false });
    await until(() => chat.invalidFields().length > 0 && !chat.busy);
    expect(chat.field('email')!.getAttribute('aria-invalid')).to.equal('true');
    expect(chat.field('privacy')!.getAttribute('aria-invalid')).to.equal('true');
    expect(chat.fieldError('email')).to.contain('valid e-mail');
    expect(chat.view()).to.equal('prechat');
    expect(chat.started.details).to.deep.equal([]);
    await expect(chat.element).to.be.accessible();
  });

  it('start → queue → operator joins (name) → messages both ways with typing (accessible while waiting and chatting)', async () => {
    const chat = await LiveChatHarness.mount();
    const idChat = await chat.startChat('4');
    expect(chat.waiting, 'waiting for an operator').to.equal(true);
    // The queue position, once the service says it.
    await until(() => /\d/.test(chat.notice()));
    expect(chat.windowText()).to.match(/queue/i);
    // Screen readers hear the queue and then the operator's arrival from one region that stays.
    const status = chat.inWindow('.conversation > p[role=status]')!;
    expect(status.textContent).to.match(/queue|Waiting/);
    // The waiting state is what axe checks here (nobody takes HUMAN chats until the operator joins).
    expect(chat.waiting).to.equal(true);
    await expect(chat.element).to.be.accessible();

    operator = await TestOperator.joined(idChat);
    await until(() => chat.chatting && chat.operatorName());
    // Without an avatar the header shows the operator's initial beside the name.
    expect(chat.operatorName()).to.equal('Operatore Demo');
    expect(textOf(chat.inWindow('header .avatar.initial'))).to.equal('O');
    expect(chat.inWindow('.conversation > p[role=status]') === status, 'the same region').to.equal(true);
    await until(() => status.textContent === 'You are now chatting with Operatore Demo.');

    operator.typing(idChat, true);
    await until(() => chat.typingLine().includes('Operatore Demo'));

    await chat.send('Hello from the visitor');
    await until(() => [...operator!.messages.values()].some((m) => m.text === 'Hello from the visitor'));
    await chat.waitForDelivered('Hello from the visitor');
    await until(() => operator!.events.some((e) => e.type === 'typing' && e.from === 'visitor' && e.typing === true));

    operator.send(idChat, 'Hello from the operator');
    await chat.waitForDelivered('Hello from the operator');
    // The operator's message ends their typing.
    await until(() => chat.typingLine() === '');
    expect(chat.rows().filter((r) => r.text === 'Hello from the visitor')).to.have.length(1);
    // The operator reads it: the visitor's tick turns to "read".
    const mine = (await operator.history(idChat)).messages.find((m) => m.text === 'Hello from the visitor')!;
    operator.session.publish(`/app/chat.${idChat}.read`, { upToId: Number(mine.id) });
    const read = await chat.waitForRow((r) => r.text === 'Hello from the visitor' && r.state === 'read');
    expect(textOf(read.element.querySelector('.status'))).to.contain('Read');
    await expect(chat.element).to.be.accessible();
  });

  it('a transfer: the operator who joins takes the header and the status line; one who leaves is said so', async () => {
    const chat = await LiveChatHarness.mount();
    const idChat = await chat.startChat('2');
    await until(() => chat.operatorName() === 'Giulia' && chat.rows().some((r) => r.text.includes("I'm Giulia")));
    // A real operator takes the chat from the scripted one: 'left' (Giulia), then 'joined'.
    operator = await TestOperator.joined(idChat);
    await until(() => chat.operatorName() === 'Operatore Demo');
    const status = chat.inWindow('.conversation > p[role=status]')!;
    await until(() => status.textContent === 'You are now chatting with Operatore Demo.');
    // The simulator's operators never leave a chat without someone taking over; a real service's
    // may: the simulator is asked to let this one leave.
    await simulator.operatorLeaves(idChat);
    await until(() => chat.operatorName() === '');
    expect(chat.inWindow('header .operator')).to.equal(null);
    await until(() => status.textContent === 'Operatore Demo left the conversation.');
    expect(chat.notice()).to.equal('Operatore Demo left the conversation.');
    // The conversation goes on with what was said, authors kept.
    const greeting = await chat.waitForRow((r) => r.text.includes("I'm Giulia"));
    expect(textOf(greeting.element)).to.match(/^Giulia/);
  });

  it('bot category: the bot is named with its avatar; quick replies are buttons and choosing one sends it', async () => {
    const chat = await LiveChatHarness.mount();
    await chat.startChat('3');
    const botMessage = await chat.waitForRow((r) => r.role === 'other' && r.quickReplies.length > 0);
    // The header and the bot's rows show who answers: the name the widget configuration gives the
    // bot and its avatar from the service's public endpoint (a real image).
    expect(chat.operatorName()).to.equal('Sportellino');
    expect(botMessage.author).to.equal('Sportellino');
    const headerAvatar = chat.inWindow<HTMLImageElement>('header img.avatar')!;
    expect(headerAvatar.src).to.equal(`${CHAT_URL}/public/api/bot/avatar?widgetKey=demo`);
    await until(() => headerAvatar.complete && headerAvatar.naturalWidth > 0);
    const rowAvatar = await until(() => botMessage.element.querySelector<HTMLImageElement>('img.avatar'));
    expect(rowAvatar.src).to.equal(headerAvatar.src);
    const button = await until(() => botMessage.element.querySelector<HTMLButtonElement>('.quick button'));
    const label = textOf(button);
    expect(botMessage.quickReplies).to.include(label);
    const botRows = chat.rows().filter((r) => r.role === 'other').length;
    button.click();
    const mine = await chat.waitForRow((r) => r.role === 'self' && r.text === label && r.state !== 'pending');
    expect(mine.state).to.not.equal('failed');
    // The bot answers the choice.
    await until(() => chat.rows().filter((r) => r.role === 'other').length > botRows);
  });

  it('attachment: upload progress, then an image thumbnail and a named link', async () => {
    const chat = await LiveChatHarness.mount();
    const idChat = await chat.startChat('2');
    // A real PNG (1x1, then padding after its end) of 4.5 MiB, under the widget's 5 MiB limit.
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
      (c) => c.charCodeAt(0),
    );
    const size = 4.5 * 1024 * 1024;
    const limit = (await widgetConfig()).attachments?.maxBytes;
    expect(limit, "the widget's attachment limit").to.be.a('number');
    expect(size).to.be.below(limit!);
    const bytes = new Uint8Array(size);
    bytes.set(png);
    const file = new File([bytes], 'photo.png', { type: 'image/png' });
    // The service holds the upload before reading it until the test lets it go: the bytes already
    // sent wait on the wire, so the bar stops part-way for as long as the test looks.
    await simulator.fault({ kind: 'hold', match: '/chat/public/api/attachments/upload' });
    // On a new connection: one kept alive from earlier tests' large bodies has grown buffers that
    // take the whole file at once (the bar would jump from 0 to 1).
    await simulator.closeIdleConnections();
    const composer = await chat.composerReady();
    await composer.attach(file);
    // What the visitor sees in the composer's tray while it uploads, every turn of the event loop.
    const shown: number[] = [];
    const look = () => {
      const [item] = composer.tray();
      if (item?.progress !== undefined && item.progress !== shown.at(-1)) shown.push(item.progress);
      return item;
    };
    await until(() => (look(), shown.some((p) => p > 0 && p < 1)), 1);
    await simulator.clearFaults();
    await until(() => look()?.state === 'done', 1);
    expect(
      shown.some((p) => p > 0 && p < 1),
      `a bar part-way through, among ${JSON.stringify(shown)}`,
    ).to.equal(true);
    expect(
      shown.every((p, i) => i === 0 || p >= shown[i - 1]!),
      `the bar never goes back: ${JSON.stringify(shown)}`,
    ).to.equal(true);
    expect(textOf(composer.tray()[0]!.element)).to.contain('photo.png uploaded');
    await chat.send('here is the photo');
    const sent = await chat.waitForRow((r) => r.files.length > 0 && delivered(r));
    expect(sent.files).to.deep.equal(['photo.png']);
    // The service holds the whole file.
    const record = (
      await new TestOperator().http.json<{ messages: Array<{ attachments?: Array<{ name: string; size: number }> }> }>(
        `/api/chat/history/${idChat}`,
      )
    ).messages.flatMap((m) => m.attachments ?? []);
    expect(record.map((a) => [a.name, a.size])).to.deep.equal([['photo.png', size]]);
    const img = await until(() => sent.element.querySelector<HTMLImageElement>('.files img'));
    expect(img.src).to.contain('/public/api/attachments/image');
    expect(img.alt).to.equal('photo.png');
    await until(() => img.complete && img.naturalWidth === 1);
  });

  it('a file the widget does not accept is refused before uploading, with a reason', async () => {
    const chat = await LiveChatHarness.mount();
    await chat.startChat('2');
    const composer = await chat.composerReady();
    await composer.attach(new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }));
    const refused = await composer.waitForTray('failed', 'tool.exe');
    expect(refused.error).to.contain('not accepted');
  });

  it('offline widget: contact request by e-mail (accessible)', async () => {
    const chat = await LiveChatHarness.mount({ widgetKey: 'demo-offline' });
    await chat.waitFor('offline');
    await expect(chat.element).to.be.accessible();
    // When the chat opens again, from the widget's business hours (the zone is named only when it
    // is not the visitor's, which depends on the machine running the test).
    expect(textOf(chat.inWindow('p.hours'))).to.match(
      /^Opening hours: Mon–Fri 09:00–18:00( \(Central European Time\))?$/,
    );
    await chat.submit();
    await until(() => chat.invalidFields().length);
    expect(chat.field('name')!.getAttribute('aria-invalid')).to.equal('true');
    await chat.fill({ name: 'Ada', email: 'ada@example.com', message: 'Please call me back', consent: true });
    await chat.submit();
    await chat.waitFor('offline-sent');
    expect(chat.windowText()).to.contain('contact you');
  });

  it('"End chat" asks first: keeping the chat changes nothing and gives the focus back (accessible while asking)', async () => {
    const chat = await LiveChatHarness.mount();
    await chat.startChat('2');
    const end = await chat.findInWindow<HTMLButtonElement>('header .end-chat');
    end.click();
    const keep = await chat.findInWindow<HTMLButtonElement>('#confirm-end .keep');
    await until(() => chat.windowFocus() === keep);
    expect(end.getAttribute('aria-expanded')).to.equal('true');
    expect(chat.inWindow('#confirm-end')!.textContent).to.contain('End this conversation?');
    await expect(chat.element).to.be.accessible();
    keep.click();
    await until(() => !chat.inWindow('#confirm-end'));
    await until(() => chat.windowFocus() === end);
    expect(end.getAttribute('aria-expanded')).to.equal('false');
    expect(chat.view()).to.equal('conversation');
    // The chat goes on.
    await chat.sendAndConfirm('still here');
  });

  it('end of chat: rating and transcript by e-mail (accessible)', async () => {
    const chat = await LiveChatHarness.mount();
    const idChat = await chat.startChat('2');
    await chat.endChat();
    await expect(chat.element).to.be.accessible();
    await chat.rate(4);
    const email = chat.field('transcript-email')!;
    email.value = 'ada@example.com';
    email.form!.requestSubmit();
    await until(() => chat.windowText().includes('on its way'));
    expect(chat.view()).to.equal('rated');
    await expect(chat.element).to.be.accessible();
    operator = new TestOperator();
    const detail = await operator.http.json<{ rating: number }>(`/api/chat/${idChat}`);
    expect(detail.rating).to.equal(4);
  });

  it('reload continuity: a new element on the same page resumes the same chat and transcript', async () => {
    const chat = await LiveChatHarness.mount();
    const idChat = await chat.startChat('2');
    await chat.sendAndConfirm('before reload');
    const before = chat.rows().map((r) => r.text);
    // A half-written draft survives the reload too.
    await chat.composer.type('half a thought');
    chat.element.remove();
    const again = await LiveChatHarness.mount();
    await again.waitFor('conversation');
    // The same chat: the new element listens to it, and shows what was said, once.
    await simulator.visitorListening(idChat);
    await again.waitForDelivered('before reload');
    expect(
      again
        .rows()
        .map((r) => r.text)
        .slice(0, before.length),
    ).to.deep.equal(before);
    expect(again.rows().filter((r) => r.text === 'before reload')).to.have.length(1);
    expect((await again.composerReady()).value).to.equal('half a thought');
    expect(again.started.details, 'no new chat').to.deep.equal([]);
  });

  it('reload continuity: a real reload of the page resumes the same chat, its transcript in order, a message sent meanwhile once, and the draft', async function (this: {
    timeout(ms: number): void;
  }) {
    this.timeout(60000);
    // Arrange: the chat runs in a page of its own (a same-origin frame) that can really reload.
    const { frame, chat: element } = await openTabHere();
    const page = () => frame.contentWindow as Window & { __chat?: SportelloLiveChat };
    try {
      const chat = new LiveChatHarness(element);
      const idChat = await chat.startChat('4');
      operator = await TestOperator.joined(idChat);
      await until(() => chat.chatting);
      await chat.sendAndConfirm('before reload 1');
      operator.send(idChat, 'operator before reload');
      await chat.waitForDelivered('operator before reload');
      await chat.sendAndConfirm('before reload 2');
      await chat.composer.type('half a thought');
      // Reloaded right after the keystroke, before the batched save: leaving the page saves it.
      // The new page may not connect until the operator has spoken: the message is sent while no
      // page of this visitor is connected.
      await simulator.refuseSockets(60000);

      // Act: reload.
      const reloaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      page().location.reload();
      await reloaded;
      const elementAgain = await until(() => page().__chat);
      expect(elementAgain === element, 'a new element in a new page').to.equal(false);
      const again = new LiveChatHarness(elementAgain);
      await eventually(async () => (await simulator.visitorSockets()).length === 0);
      operator.send(idChat, 'sent during the reload');
      await eventually(async () =>
        (await operator!.history(idChat)).messages.some((m) => m.text === 'sent during the reload'),
      );
      await simulator.clearFaults();

      // Assert: the same chat, everything the service holds in its order, the new message once, the draft.
      await again.waitFor('conversation');
      await simulator.visitorListening(idChat);
      await again.waitForDelivered('sent during the reload');
      const server = (await operator.history(idChat)).messages.map((m) => m.text);
      expect(server).to.deep.equal([
        'before reload 1',
        'operator before reload',
        'before reload 2',
        'sent during the reload',
      ]);
      expect((await said(again)).map((r) => r.text)).to.deep.equal(server);
      expect(again.started.details, 'no new chat').to.deep.equal([]);
      const composer = await again.composerReady();
      expect(composer.value).to.equal('half a thought');
    } finally {
      frame.remove();
    }
  });

  it('two tabs: a chat started in another tab (iframe, same origin) is followed here through storage events', async () => {
    // This tab shows only the closed launcher (its window not even loaded yet).
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat lang="en" widget-key="demo" endpoint=${CHAT_URL} .stomp=${FAST_RECONNECT} .reportNavigation=${false}></sportello-live-chat>`,
    );
    const here = new LiveChatHarness(el);
    const { frame, chat: other } = await openTabHere();
    try {
      const tabB = new LiveChatHarness(other);
      await tabB.startChat('2', 'Tab B');
      // This tab follows it: the page sees a running conversation on this element too.
      await until(() => here.waiting || here.chatting);
      await tabB.sendAndConfirm('sent from tab B');
      // The scripted operator's answers arrive here too, and count as unread on the closed launcher.
      await until(() => here.badge());
      // Opened, this tab shows the chat of tab B.
      await here.open();
      await here.waitFor('conversation');
      await here.waitForDelivered('sent from tab B');
    } finally {
      frame.remove();
    }
  });

  it('one socket per site: the follower tab sends through the leader tab; the operator gets it once, both tabs show it once', async () => {
    // Tab A (an iframe) loads first and leads: it asked for the site's one socket while it loaded.
    // This page's chat, loaded after it, follows.
    const tabA = await openTabHere();
    const a = new LiveChatHarness(tabA.chat);
    await a.waitFor('prechat');
    const b = await LiveChatHarness.mount();
    await b.waitFor('prechat');

    // Started in the follower: the leader starts it on its socket; tab A follows the stored chat.
    const idChat = await b.startChat('4', 'Follower');
    await a.waitFor('conversation');
    const socket = await simulator.visitorListening(idChat);
    expect(await simulator.visitorSockets()).to.have.length(1);

    operator = await TestOperator.joined(idChat);
    await until(() => b.chatting);
    await b.sendAndConfirm('from the follower tab');
    await a.waitForDelivered('from the follower tab');
    operator.send(idChat, 'from the operator');
    await b.waitForDelivered('from the operator');
    await a.waitForDelivered('from the operator');
    // Typing goes through the leader too.
    operator.events.length = 0;
    await b.composer.type('I am typing');
    await until(() => operator!.events.some((e) => e.type === 'typing' && e.from === 'visitor' && e.typing === true));

    const server = await operator.history(idChat);
    expect(server.messages.filter((m) => m.text === 'from the follower tab')).to.have.length(1);
    expect([...operator.messages.values()].filter((m) => m.text === 'from the follower tab')).to.have.length(1);
    for (const tab of [b, a]) {
      expect(tab.rows().filter((r) => r.text === 'from the follower tab')).to.have.length(1);
      expect(tab.rows().filter((r) => r.text === 'from the operator')).to.have.length(1);
    }
    // Still one socket for the two tabs (the operator's is not a visitor's), and one visitor.
    expect(await simulator.visitorSockets()).to.have.length(1);
    const visitorId = await simulator.visitorId();
    const detail = await operator.http.json<{ visitorId: string }>(`/api/chat/${idChat}`);
    expect(detail.visitorId).to.equal(visitorId);
    // The socket was tab A's: without tab A, this tab opens its own.
    tabA.frame.remove();
    await eventually(async () => {
      const sockets = await simulator.visitorSockets();
      return sockets.length === 1 && sockets[0]!.id !== socket;
    });
  });

  it('the leader tab goes away mid-conversation: the follower takes over the socket, 0 lost, 0 duplicated', async function (this: {
    timeout(ms: number): void;
  }) {
    this.timeout(60000);
    // Tab A loads first and leads (see the test above); this page's chat follows it.
    const tabA = await openTabHere();
    const a = new LiveChatHarness(tabA.chat);
    await a.waitFor('prechat');
    const chat = await LiveChatHarness.mount();
    await chat.waitFor('prechat');
    const idChat = await chat.startChat('4', 'Survivor');
    operator = await TestOperator.joined(idChat);
    await until(() => chat.chatting);
    const leaderSocket = await simulator.visitorListening(idChat);
    const visitorId = await simulator.visitorId();

    const composer = await chat.composerReady();
    for (let i = 0; i < 40; i++) {
      await composer.send(`v${i}`);
      operator.send(idChat, `o${i}`);
      // The leader's tab closes while messages flow both ways.
      if (i === 20) tabA.frame.remove();
    }
    // This tab now holds the site's one socket, a new one.
    const takenOver = await eventually(async () => {
      const sockets = await simulator.visitorSockets();
      return sockets.length === 1 && sockets[0]!.id !== leaderSocket && sockets[0];
    });
    expect(takenOver.visitorId).to.equal(visitorId);
    const expected = (await operator.recordOfFlow(idChat, 80)).map((line) => line.slice(line.indexOf(':') + 1));
    const rows = await eventually(async () => {
      const shown = await said(chat);
      return shown.length >= expected.length && shown.every((r) => r.role !== 'self' || delivered(r)) && shown;
    });
    expect(rows.map((r) => r.text)).to.deep.equal(expected);
    expect(new Set(rows.map((r) => r.text)).size).to.equal(rows.length);
    expect(rows.filter((r) => r.role === 'self' && !delivered(r)).map((r) => r.text)).to.deep.equal([]);
    // And the chat goes on.
    await simulator.visitorListening(idChat);
    operator.send(idChat, 'still here?');
    await chat.waitForDelivered('still here?');
    await chat.send('yes');
    await until(() => [...operator!.messages.values()].some((m) => m.text === 'yes'));
  });

  it('past conversations: an ended chat is kept on this device and opens read-only from the window (keyboard, focus, accessible)', async () => {
    const XSS = '<img src=x onerror="window.__xss=1">';
    const chat = await LiveChatHarness.mount();
    const idChat = await chat.startChat('4');
    operator = await TestOperator.joined(idChat);
    await until(() => chat.chatting);
    await chat.sendAndConfirm('My printer is on fire\nand it smells');
    operator.send(idChat, `${XSS} Let me check`);
    await chat.waitForRow((r) => r.text.endsWith('Let me check'));
    expect(chat.pastButton).to.equal(null);
    await chat.endChat();

    // The list: date, operator, first line; focus on its heading.
    const open = await until(() => chat.pastButton);
    expect(open.getAttribute('aria-label')).to.equal('Past conversations');
    const [item, ...more] = await chat.openPast();
    expect(more, 'one past conversation').to.have.length(0);
    expect(item!.dataset['id']).to.equal(idChat);
    await until(() => chat.windowFocus()?.id === 'past-title');
    expect(textOf(item!.querySelector('.past-operator'))).to.equal('Operatore Demo');
    expect(textOf(item!.querySelector('.past-preview'))).to.equal('My printer is on fire');
    expect(item!.querySelector('.past-date')!.textContent).to.match(/\d/);
    expect(chat.inWindow('sportello-composer')).to.equal(null);
    await expect(chat.element).to.be.accessible();

    // Opened with the keyboard: the transcript, read-only, with focus on its title.
    item!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => chat.windowFocus()?.id === 'past-chat-title');
    const list = chat.thread;
    await until(() => list.text().includes('Let me check'));
    expect(list.text()).to.contain('My printer is on fire');
    expect(list.$('img[src="x"]')).to.equal(null);
    expect((window as { __xss?: number }).__xss).to.equal(undefined);
    expect(list.$('.status button, .quick button')).to.equal(null);
    expect(chat.inWindow('sportello-composer')).to.equal(null);
    expect(chat.inWindow('#past-chat-title')!.textContent).to.contain('Operatore Demo');
    await expect(chat.element).to.be.accessible();

    // Back to the list: focus returns to the entry that was open.
    chat.inWindow<HTMLButtonElement>('.past-head button')!.click();
    await until(() => chat.windowFocus()?.dataset?.['id'] === idChat);

    // Start a new chat from there: the pre-chat form, and the past one is still listed.
    chat.pastAction('Start a new chat')!.click();
    await chat.waitFor('prechat');
    expect(chat.pastItems()).to.have.length(0);
    expect(chat.field('name')).to.not.equal(null);
    expect(await chat.openPast()).to.have.length(1);

    // Kept across a reload, and deletable from the device.
    chat.element.remove();
    const again = await LiveChatHarness.mount();
    await again.waitFor('prechat');
    const kept = await again.openPast();
    expect(kept.map((b) => b.dataset['id'])).to.deep.equal([idChat]);
    (await again.findInWindow<HTMLButtonElement>('.past .forget')).click();
    await until(() => again.windowText().includes('deleted from this device'));
    expect(again.pastItems()).to.have.length(0);
    expect(localStorage.getItem(`sportello-chat:${CHAT_URL}:demo:past`)).to.equal(null);
    again.inWindow<HTMLButtonElement>('.past-actions button')!.click();
    await until(() => again.field('name'));
    expect(again.pastButton).to.equal(null);
  });

  it('past conversations during a running chat: news from the operator is announced there, back returns to the chat with its draft', async () => {
    const chat = await LiveChatHarness.mount();
    await chat.startChat('2', 'Ada');
    await chat.sendAndConfirm('first chat');
    await chat.endChat();
    await chat.newChat();
    const idChat = await chat.startChat('4', 'Ada');
    operator = await TestOperator.joined(idChat);
    await until(() => chat.chatting);
    await (await chat.composerReady()).type('half written');

    const items = await chat.openPast();
    expect(items).to.have.length(1);
    expect(textOf(chat.inWindow('.past-preview'))).to.equal('first chat');
    // The running chat goes on meanwhile.
    expect(chat.inWindow('.away')!.textContent).to.equal('');
    operator.send(idChat, 'are you still there?');
    await until(() => chat.inWindow('.away')!.textContent === 'New messages in the current chat: 1');
    expect(chat.inWindow('.away')!.getAttribute('role')).to.equal('status');
    await expect(chat.element).to.be.accessible();

    chat.pastAction('Back to the chat')!.click();
    await until(() => chat.windowFocus()?.classList.contains('past-button'));
    expect((await chat.composerReady()).value).to.equal('half written');
    await chat.waitForDelivered('are you still there?');
    expect(chat.chatting).to.equal(true);
  });

  it('a handover while the visitor reads past conversations brings the window back to the chat', async () => {
    const chat = await LiveChatHarness.mount({ category: '2' });
    await chat.startChat('2', 'Ada');
    await chat.sendAndConfirm('first chat');
    await chat.endChat();
    await chat.openPast();
    await chat.element.startFromHandoff({
      name: 'Ada',
      email: 'ada@example.com',
      transcript: 'Visitor: help\nAssistant: sure',
    });
    await chat.loaded();
    // Booleans, not elements: a failing comparison of elements hangs the runner's error reporting.
    expect(chat.pastItems().length === 0, 'past list closed').to.equal(true);
    // Consent was given in this window for this visitor: the handed-over chat starts and is in view.
    await chat.waitFor('conversation');
    await until(() => chat.inWindow('sportello-message-list'));
    expect(chat.windowFocus() !== null, 'focus in the window').to.equal(true);
  });

  it('past conversations speak Italian with lang="it"', async () => {
    const chat = await LiveChatHarness.mount({ lang: 'it' });
    await chat.startChat('2', 'Ada');
    await chat.sendAndConfirm('Buongiorno');
    await chat.endChat();
    const open = await until(() => chat.pastButton);
    expect(open.getAttribute('aria-label')).to.equal('Conversazioni precedenti');
    await chat.openPast();
    expect(chat.inWindow('#past-title')!.textContent).to.equal('Conversazioni precedenti');
    expect(chat.inWindow('.past .hint')!.textContent).to.contain('solo su questo dispositivo');
    chat.pastItems()[0]!.click();
    await chat.findInWindow('#past-chat-title');
    expect(chat.inWindow('#past-chat-title')!.textContent).to.contain('Conversazione del');
    expect(chat.inWindow('.past-head button')!.textContent).to.contain('Tutte le conversazioni precedenti');
    await expect(chat.element).to.be.accessible();
  });

  it('XSS vectors in the operator name, operator messages, file names and the visitor name stay text', async () => {
    const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';
    const chat = await LiveChatHarness.mount();
    const idChat = await chat.startChat('4', XSS);
    // The operator's name as visitors see it, set through the service (reset restores it).
    await new TestOperator().http.json('/api/users/change-nickname', {
      method: 'POST',
      json: { idUser: 1, nickname: XSS },
    });
    operator = await TestOperator.joined(idChat);
    await until(() => chat.operatorName() === XSS);
    expect(textOf(chat.inWindow('header .avatar.initial'))).to.equal('<');
    await until(() => chat.status() === `You are now chatting with ${XSS}.`);
    expect(chat.inWindow('script, img[src="x"]')).to.equal(null);
    operator.typing(idChat, true);
    await until(() => chat.typingLine().includes(XSS));
    operator.send(idChat, `${XSS} javascript:alert(1) https://example.com`);
    // A file name carrying markup. The service keeps names without path or quotes (a name cut at
    // its last '/' would lose the vector above), so this vector has neither and arrives verbatim.
    const FILE_XSS = '<img src=x onerror=window.__xss=1><svg onload=window.__xss=1>';
    const composer = await chat.composerReady();
    await composer.attach(new File(['hello'], `${FILE_XSS}.txt`, { type: 'text/plain' }));
    await composer.waitForTray('done');
    await composer.send(XSS);
    // The visitor's own message with the file, confirmed by the service with the name it kept.
    const mine = await chat.waitForRow((r) => r.role === 'self' && r.files.length > 0 && delivered(r));
    expect(mine.text).to.equal(XSS);
    expect(mine.files).to.deep.equal([`${FILE_XSS}.txt`]);
    const list = chat.thread;
    await until(() => list.text().includes('javascript:alert(1)'));
    const link = await until(() => mine.element.querySelector<HTMLAnchorElement>('.files a'));
    // The name is the link's text, nothing else: no element was made from it.
    expect(link.textContent).to.equal(`${FILE_XSS}.txt`);
    expect(link.childElementCount).to.equal(0);
    expect(mine.element.querySelector('.files')!.childElementCount).to.equal(1);
    expect(mine.element.textContent).to.contain(XSS);
    expect(list.$('script, img[src="x"], svg[onload]')).to.equal(null);
    for (const a of list.$$<HTMLAnchorElement>('a')) {
      expect(a.href).to.match(/^https?:/);
      expect(a.rel).to.equal('noopener noreferrer');
    }
    // Nothing ran now, nor a frame later.
    expect((window as { __xss?: number }).__xss).to.equal(undefined);
    await nextFrame();
    await nextFrame();
    expect((window as { __xss?: number }).__xss).to.equal(undefined);
  });

  it('reconnect torture: 10 drops while 200 messages flow both ways — identical transcripts, 0 lost, 0 duplicated', async function (this: {
    timeout(ms: number): void;
  }) {
    this.timeout(240000);
    // Arrange: a visitor chatting with a real operator, both over their own STOMP socket. A tall
    // window, so that the latest exchanges are all on screen at once.
    const chat = await LiveChatHarness.mount();
    chat.element.style.setProperty('--sportello-chat-height', '2400px');
    const idChat = await chat.startChat('4');
    const beforeOperator = new Set((await new TestOperator().history(idChat)).messages.map((m) => m.id));
    const op = (operator = await TestOperator.joined(idChat));
    await until(() => chat.chatting);
    await simulator.visitorListening(idChat);

    const operatorSession = async () =>
      (await simulator.sockets()).find((s) => s.kind === 'operator' && s.username === 'operator')?.id;
    const visitorSessions = new Set([await simulator.visitorListening(idChat)]);
    const operatorSessions = new Set([await eventually(operatorSession)]);
    let v = 0;
    let o = 0;
    const composer = await chat.composerReady();
    // The visitor writes in the real composer; the operator publishes on its own session.
    const visitorWrites = async (n: number) => {
      const texts: string[] = [];
      for (let k = 0; k < n; k++) {
        texts.push(`v${v++}`);
        await composer.send(texts.at(-1)!);
      }
      return texts;
    };
    const operatorWrites = (n: number) =>
      Array.from({ length: n }, () => `o${o++}`).map((text) => (op.send(idChat, text), text));
    const visitorSees = (texts: string[]) => {
      const rows = chat.rows();
      return texts.every((t) => rows.some((r) => r.text === t && (r.role !== 'self' || delivered(r))));
    };
    const operatorSees = (texts: string[]) => texts.every((t) => [...op.messages.values()].some((m) => m.text === t));

    for (let outage = 1; outage <= 10; outage++) {
      // Up: both sides write over live sockets; everything lands and the operator's outbox is empty.
      const up = [...(await visitorWrites(5)), ...operatorWrites(5)];
      await until(() => visitorSees(up) && operatorSees(up) && op.session.pending === 0);

      // Act: a real outage. Reconnects are refused until lifted; the operator stays away longer.
      const visitorBefore = await simulator.visitorListening(idChat);
      const operatorBefore = await operatorSession();
      expect(operatorBefore, `outage ${outage}: the operator's socket is open before the drop`).to.be.a('string');
      await simulator.refuseSockets(120000);
      op.hold();
      const dropped = await simulator.dropSockets();
      expect(
        dropped,
        `outage ${outage}: sockets the simulator dropped (the visitor's and the operator's)`,
      ).to.be.at.least(2);
      // Written straight after the drop, before either side may have noticed it.
      const rightAfter = [...(await visitorWrites(2)), ...operatorWrites(2)];
      // Both sides know they are offline: the visitor is told so, the operator's session says so.
      await until(() => chat.reconnecting() && op.session.state !== 'open');
      const listed = await simulator.sockets();
      expect(
        listed.some((s) => s.id === visitorBefore || s.id === operatorBefore),
        `outage ${outage}: a dropped socket is still listed`,
      ).to.equal(false);
      // Written while both sides know they are offline.
      const whileDown = [...(await visitorWrites(3)), ...operatorWrites(3)];

      // The visitor's network comes back first: its outbox goes out on a new socket.
      await simulator.clearFaults();
      const visitorAfter = await eventually(async () => {
        const id = await simulator.visitorListening(idChat);
        return id !== visitorBefore && id;
      });
      await until(() => !chat.reconnecting());
      const visitorTexts = [...rightAfter, ...whileDown].filter((t) => t.startsWith('v'));
      await until(() => visitorSees(visitorTexts));
      // Then the operator's: it catches up with what it missed and sends what it wrote offline.
      op.release();
      await until(() => op.session.state === 'open');
      const operatorAfter = await eventually(async () => {
        const id = await operatorSession();
        return id !== operatorBefore && id;
      });
      visitorSessions.add(visitorAfter);
      operatorSessions.add(operatorAfter);
      await until(() => visitorSees([...rightAfter, ...whileDown]) && operatorSees([...rightAfter, ...whileDown]));
    }

    // Assert: 10 outages each replaced both sockets (11 sessions per side, all different).
    expect(visitorSessions.size, 'visitor sessions: the first and one after each outage').to.equal(11);
    expect(operatorSessions.size, 'operator sessions: the first and one after each outage').to.equal(11);
    expect([v, o]).to.deep.equal([100, 100]);

    const line = (m: { id?: string | number | undefined; clientMessageId?: string | null | undefined; text: string }) =>
      `${m.id}:${m.clientMessageId ?? ''}:${m.text}`;
    const checkBothSides = async (what: string) => {
      const server = (await op.history(idChat)).messages;
      expect(
        server.filter((m) => /^[vo]\d+$/.test(m.text)),
        `${what}: numbered messages on the server`,
      ).to.have.length(200);
      // Visitor: exactly the server's record, in order, each message once, all of its own confirmed.
      const visitor = await said(chat);
      expect(
        visitor.map((r) => r.text),
        `${what}: visitor transcript = server record`,
      ).to.deep.equal(server.map((m) => m.text));
      expect(new Set(visitor.map((r) => r.text)).size, `${what}: each message once`).to.equal(visitor.length);
      expect(
        visitor.filter((r) => r.role === 'self' && !delivered(r)).map((r) => r.text),
        `${what}: visitor messages not confirmed`,
      ).to.deep.equal([]);
      // Operator: every message since it joined delivered exactly once, live or by a catch-up sync.
      const times = new Map<number, number>();
      for (const d of op.deliveries) times.set(d.id, (times.get(d.id) ?? 0) + 1);
      expect(
        [...times].filter(([, n]) => n !== 1),
        `${what}: operator deliveries not exactly once (id, times)`,
      ).to.deep.equal([]);
      const sinceJoin = server.filter((m) => !beforeOperator.has(m.id));
      expect(
        [...op.deliveries].sort((a, b) => a.id - b.id).map(line),
        `${what}: operator side = server record`,
      ).to.deep.equal(sinceJoin.map(line));
    };
    await op.recordOfFlow(idChat, 200);
    await until(() => visitorSees(['v99', 'o99']) && op.deliveries.length >= 200);
    await checkBothSides('when the counts are reached');
    // Two more round trips, so a late duplicate (a resend, a replay) has time to show.
    op.send(idChat, 'last from the operator');
    await until(() => visitorSees(['last from the operator']));
    await composer.send('last from the visitor');
    await until(() => visitorSees(['last from the visitor']) && operatorSees(['last from the visitor']));
    await checkBothSides('after two more round trips');
  });

  it('handoff with name, e-mail and one topic: no chat starts until the visitor gives the privacy consent (focused, with a hint), then the AI conversation goes first', async () => {
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat lang="en" widget-key="demo" category="2" endpoint=${CHAT_URL} .stomp=${FAST_RECONNECT}></sportello-live-chat>`,
    );
    const chat = new LiveChatHarness(el);
    await el.startFromHandoff({
      name: 'Grace Consent',
      email: 'grace@example.com',
      transcript: 'Visitor: help\nAssistant: sure',
      summary: 'Needs a human',
    });
    expect(el.opened).to.equal(true);
    expect(await chat.waitFor('prechat')).to.equal('prechat');
    expect(chat.started.details).to.deep.equal([]);
    operator = new TestOperator();
    const before = await operator.http.json<{ totalElements: number }>('/api/chat/', {
      query: { query: 'Grace Consent' },
    });
    expect(before.totalElements, 'chats started on the server before consent').to.equal(0);
    // Prefilled from the handover: only the consent is missing, and that is where the visitor lands.
    expect(chat.field('name')!.value).to.equal('Grace Consent');
    expect(chat.field('email')!.value).to.equal('grace@example.com');
    expect(chat.field<HTMLSelectElement>('idChatCategory')!.value).to.equal('2');
    // Nothing is marked red before the visitor tries to send the form (issue #21, defect 2): the
    // consent box is focused and the hint says why.
    expect(chat.field('privacy')!.getAttribute('aria-invalid')).to.equal('false');
    expect(chat.inWindow('.field-error')).to.equal(null);
    await until(() => chat.windowFocus()?.id === 'privacy');
    expect(chat.inWindow('.handoff-consent')!.textContent).to.match(/privacy/i);
    expect(chat.inWindow('details.handoff')!.textContent).to.contain('Visitor: help');
    await expect(el).to.be.accessible();
    // Sent without it, the consent is all the form asks for, and still no chat starts.
    await chat.submit();
    await until(() => chat.invalidFields().length > 0);
    expect(chat.invalidFields()).to.deep.equal(['privacy']);
    expect(chat.started.details).to.deep.equal([]);

    await chat.fillPrechat({ consent: true });
    await chat.waitFor('conversation');
    const first = await chat.waitForRow((r) => r.role === 'self' && delivered(r));
    expect(first.text).to.contain('Visitor: help');
    expect(first.text).to.contain('Needs a human');
    const detail = await operator.http.json<{ name: string; email: string }>(`/api/chat/${chat.idChat}`);
    expect(detail.name).to.equal('Grace Consent');
    expect(detail.email).to.equal('grace@example.com');
    expect(chat.inWindow('details.handoff')).to.equal(null);
    expect(chat.inWindow('.handoff-consent')).to.equal(null);
  });

  it('handoff into a running chat goes straight in; after it ends, the consent given in this window starts the next one directly', async () => {
    const chat = await LiveChatHarness.mount({ category: '2' });
    const idChat = await chat.startChat('2', 'Running');
    await chat.element.startFromHandoff({ name: 'Running', transcript: 'Visitor: one more thing' });
    await chat.waitForRow((r) => r.text.includes('Visitor: one more thing') && delivered(r));
    expect(chat.view()).to.equal('conversation');
    expect(
      chat.started.details.map((d) => d.idChat),
      'the same chat',
    ).to.deep.equal([idChat]);

    await chat.endChat();
    await chat.element.startFromHandoff({ name: 'Running', transcript: 'Visitor: and another' });
    expect(chat.view()).to.equal('conversation');
    expect(chat.started.details).to.have.length(2);
    expect(chat.idChat).to.be.a('string').and.not.equal(idChat);
    await chat.waitForRow((r) => r.text.includes('Visitor: and another') && delivered(r));
  });

  it('a window re-attached after its chat ended starts a new chat from the pre-chat form (not the ended one)', async () => {
    const chat = await LiveChatHarness.mount({ category: '2' });
    const ended = await chat.startChat('2', 'Before');
    await chat.endChat();
    // A single-page app moving the widget: the element leaves the page and comes back.
    const parent = chat.element.parentElement!;
    chat.element.remove();
    parent.append(chat.element);
    await chat.waitFor('prechat');
    await chat.fillPrechat({ name: 'After', email: 'after@example.com', category: '2', message: 'hello again' });
    await chat.waitFor('conversation');
    await chat.started.next(2);
    expect(chat.idChat).to.be.a('string').and.not.equal(ended);
  });

  it('handoff after the page gave the widget to another visitor (storage cleared, element re-attached) asks that visitor for the consent', async () => {
    const chat = await LiveChatHarness.mount({ category: '2' });
    const idChat = await chat.startChat('2', 'First');
    const firstVisitor = (await new TestOperator().http.json<{ visitorId: string }>(`/api/chat/${idChat}`)).visitorId;
    await chat.endChat();
    // A portal signing the first visitor out: the chat's storage goes, the element leaves and comes back.
    const parent = chat.element.parentElement!;
    chat.element.remove();
    localStorage.removeItem(storageKey(CHAT_URL, 'demo'));
    parent.append(chat.element);
    await chat.waitFor('prechat');
    await chat.element.startFromHandoff({ name: 'Second', email: 'second@example.com', transcript: 'Visitor: hello' });
    expect(chat.started.details, "a chat started without this visitor's consent").to.have.length(1);
    expect(chat.view()).to.equal('prechat');
    await until(() => chat.windowFocus()?.id === 'privacy');
    await chat.submit();
    await until(() => chat.invalidFields().length > 0);
    expect(chat.invalidFields()).to.deep.equal(['privacy']);
    expect(chat.started.details).to.have.length(1);
    // Given, it starts the second visitor's chat: someone else for the service.
    await chat.fillPrechat({ consent: true });
    const second = (await chat.started.next(2)).idChat;
    const secondVisitor = (await new TestOperator().http.json<{ visitorId: string }>(`/api/chat/${second}`)).visitorId;
    expect(secondVisitor).to.be.a('string').and.not.equal(firstVisitor);
  });

  it('handoff with a widget that asks for no consent starts the chat directly', async () => {
    // The simulator's widgets all require consent: its owner configures this one not to.
    const owner = new TestOperator();
    const widget = await owner.http.json<{ idChatWidget: number; configuration: string }>('/api/widget/1');
    const configuration = JSON.parse(widget.configuration) as Record<string, unknown>;
    await owner.http.json('/api/widget/', {
      method: 'PUT',
      json: {
        idChatWidget: widget.idChatWidget,
        configuration: JSON.stringify({ ...configuration, privacyRequired: false }),
      },
    });
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat lang="en" widget-key="demo" category="2" endpoint=${CHAT_URL} .stomp=${FAST_RECONNECT}></sportello-live-chat>`,
    );
    const chat = new LiveChatHarness(el);
    await el.show();
    await chat.waitFor('prechat');
    // No name either: the operator sees the stand-in.
    await el.startFromHandoff({ transcript: 'Visitor: help\nAssistant: sure' });
    expect(chat.view()).to.equal('conversation');
    const first = await chat.waitForRow((r) => r.role === 'self' && delivered(r));
    expect(first.text).to.contain('Visitor: help');
    const detail = await owner.http.json<{ name: string }>(`/api/chat/${chat.idChat}`);
    expect(detail.name).to.equal('You');
  });

  it('handoff without a name: the form leaves the name empty and focused, unmarked until the visitor sends the form, then marked like the other missing fields', async () => {
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat lang="en" widget-key="demo" category="2" endpoint=${CHAT_URL} .stomp=${FAST_RECONNECT}></sportello-live-chat>`,
    );
    const chat = new LiveChatHarness(el);
    await el.startFromHandoff({ email: 'anon@example.com', transcript: 'Visitor: help' });
    await chat.waitFor('prechat');
    await until(() => chat.windowFocus()?.id === 'name');
    expect(chat.field('name')!.value).to.equal('');
    // Before any action of the visitor (issue #21, defect 2): nothing red, no "please correct" line.
    expect(chat.field('name')!.getAttribute('aria-invalid')).to.equal('false');
    expect(chat.inWindow('[aria-invalid="true"]')).to.equal(null);
    expect(chat.inWindow('.field-error')).to.equal(null);
    await expect(el).to.be.accessible();
    await chat.submit();
    await until(() => chat.field('name')?.getAttribute('aria-invalid') === 'true');
    expect(chat.inWindow('.field-error[role=alert]')).to.exist;
    expect(chat.started.details).to.deep.equal([]);
  });

  it('handoff without a topic: the pre-chat form asks for it (no error notice) and the AI conversation goes first once started', async () => {
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat lang="en" widget-key="demo" endpoint=${CHAT_URL} .stomp=${FAST_RECONNECT}></sportello-live-chat>`,
    );
    const chat = new LiveChatHarness(el);
    await el.startFromHandoff({
      name: 'Grace',
      transcript: 'Visitor: my invoice\nAssistant: let me find someone',
      summary: 'Invoice question',
    });
    await chat.waitFor('prechat');
    expect(chat.started.details).to.deep.equal([]);
    expect(chat.inWindow('.notice.error')).to.equal(null);
    expect(chat.errors.details).to.have.length(0);
    expect(chat.field('name')!.value).to.equal('Grace');
    expect(chat.field<HTMLSelectElement>('idChatCategory')!.value).to.equal('');
    // Asked for, not marked: the visitor has not tried to send the form yet (issue #21, defect 2).
    expect(chat.field('idChatCategory')!.getAttribute('aria-invalid')).to.equal('false');
    expect(chat.inWindow('.field-error')).to.equal(null);
    expect(chat.inWindow('details.handoff')!.textContent).to.contain('Visitor: my invoice');
    await expect(el).to.be.accessible();

    await chat.fillPrechat({ email: 'grace@example.com', category: '4', message: 'Still there?' });
    await chat.waitFor('conversation');
    const first = await chat.waitForRow((r) => r.role === 'self' && delivered(r));
    expect(first.text).to.contain('Visitor: my invoice');
    expect(first.text).to.contain('Invoice question');
    expect(first.text.trim().endsWith('Still there?')).to.equal(true);
    expect(chat.inWindow('details.handoff')).to.equal(null);
  });

  it('pre-chat with several topics preselects none and asks for one', async () => {
    const chat = await LiveChatHarness.mount();
    await chat.waitFor('prechat');
    await chat.fillPrechat({ name: 'Ada', email: 'ada@example.com' });
    await until(() => chat.invalidFields().length > 0 && !chat.busy);
    expect(chat.invalidFields()).to.deep.equal(['idChatCategory']);
    expect(chat.fieldError('idChatCategory')).to.match(/required/i);
    expect(chat.started.details).to.deep.equal([]);
  });

  it('past-chats="false": copies kept before are deleted and an ended chat is not kept', async () => {
    const key = storageKey(CHAT_URL, 'demo');
    const ts = new Date().toISOString();
    writePastChats(key, [
      {
        idChat: 'old-1',
        endedAt: ts,
        operator: 'Giulia',
        preview: 'An old question',
        messages: [
          { key: 'k1', id: '1', from: 'visitor', text: 'An old question', attachments: [], ts, state: 'sent' },
        ],
      },
    ]);
    expect(readPastChats(key)).to.have.length(1);
    const chat = await LiveChatHarness.mount({ attributes: { 'past-chats': 'false' } });
    await chat.startChat('4');
    expect(localStorage.getItem(pastChatsKey(key)) ?? '[]').to.equal('[]');
    await chat.sendAndConfirm('Nothing to keep');
    await chat.endChat();
    expect(readPastChats(key)).to.have.length(0);
    expect(chat.pastButton).to.equal(null);
  });

  it('a message the server refuses is shown failed with a retry button, and never twice', async () => {
    const chat = await LiveChatHarness.mount();
    await chat.startChat('2');
    const tooLong = 'x'.repeat(5000);
    await chat.send(tooLong);
    const failed = await chat.waitForRow((r) => r.text === tooLong && r.state === 'failed');
    const retry = await until(() => failed.element.querySelector<HTMLButtonElement>('.status button'));
    retry.click();
    // Messages go out in order: once a later one is confirmed, the retried one has had its answer.
    // (The failed one stays last, below it: the whole conversation is read to find the later one.)
    await chat.send('after the retry');
    const rows = await eventually(async () => {
      const all = await chat.thread.allRows();
      return all.some((r) => r.text === 'after the retry' && delivered(r)) && all;
    });
    expect(rows.find((r) => r.key === failed.key)?.state).to.equal('failed');
    expect(rows.filter((r) => r.text === tooLong)).to.have.length(1);
  });

  it('closed launcher counts unread operator messages on its badge and reports the page visited', async () => {
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat lang="en" widget-key="demo" category="4" endpoint=${CHAT_URL} .stomp=${FAST_RECONNECT}></sportello-live-chat>`,
    );
    const chat = new LiveChatHarness(el);
    await el.startFromHandoff({ name: 'Badge', transcript: 'context' });
    await chat.waitFor('prechat');
    await chat.fillPrechat({ email: 'visitor@example.com' });
    await chat.waitFor('conversation');
    const idChat = (await chat.started.next(1)).idChat;
    await el.close();
    operator = await TestOperator.joined(idChat);
    operator.send(idChat, 'are you there?');
    operator.send(idChat, 'hello?');
    await until(() => chat.badge() === '2');
    // The count's words need the plural rules, which the launcher loads when it first has a count.
    await until(() => chat.launcher!.getAttribute('aria-label')!.includes('2 unread'));
    await el.show();
    expect(chat.$('[part=badge]')).to.equal(null);
    // The visitor moves to another page of a single-page site: the operator sees where.
    const start = location.href;
    document.title = 'Product 42';
    location.hash = 'products-42';
    try {
      const page = await eventually(async () =>
        (
          await operator!.http.json<{ navigationPages: Array<{ url: string; title: string }> }>(`/api/chat/${idChat}`)
        ).navigationPages.find((p) => p.url.endsWith('#products-42')),
      );
      expect(page.title).to.equal('Product 42');
    } finally {
      history.replaceState(null, '', start);
    }
  });

  it('a failing service (503) shows an error with retry and reports sportello-error; retry recovers', async () => {
    await simulator.fault({ kind: 'status', status: 503, match: '/chat/public/api/widget', count: 3 });
    const errors: string[] = [];
    const onError = (e: Event) => errors.push((e as CustomEvent).detail.operation);
    document.addEventListener('sportello-error', onError);
    try {
      const chat = await LiveChatHarness.mount();
      await chat.waitFor('error');
      expect(errors).to.include('load-widget');
      // Said for a visitor: what happened and what to do, not the service's own message.
      const alert = chat.inWindow('[role=alert]')!;
      expect(textOf(alert)).to.contain('The service is having a problem. Please try again in a few minutes.');
      expect(alert.textContent).to.contain('chat: HTTP 503');
      expect(alert.textContent).not.to.contain('Injected fault');
      const retry = chat.inWindow<HTMLButtonElement>('[part="error-retry"]')!;
      expect(retry.textContent).to.contain('Try again');
      retry.click();
      await chat.waitFor('prechat');
    } finally {
      document.removeEventListener('sportello-error', onError);
    }
  });

  it("an unknown widget key (404) reads as a setup problem for the site's owner, in the visitor's language", async () => {
    const chat = await LiveChatHarness.mount({ lang: 'it', widgetKey: 'no-such-widget' });
    await chat.waitFor('error');
    // The page's setup is wrong (its widget key), which the site's owner can fix, not the visitor.
    expect(textOf(chat.inWindow('[role=alert]'))).to.contain(
      'Questo servizio non è configurato correttamente su questa pagina. La preghiamo di avvisare il gestore del sito.',
    );
  });

  it('speaks Italian with lang="it", with the widget labels from the server', async () => {
    const chat = await LiveChatHarness.mount({ lang: 'it' });
    await chat.waitFor('prechat');
    expect(chat.inWindow('label[for=name]')!.textContent).to.equal('Nome');
    expect(chat.inWindow('h2')!.textContent).to.equal('Parla con noi');
    expect(chat.inWindow('form button[type=submit]')!.textContent).to.equal('Inizia la chat');
  });

  it('shows "reconnecting…" only while the connection stays down, then catches up', async () => {
    const chat = await LiveChatHarness.mount();
    const idChat = await chat.startChat('2');
    await simulator.visitorListening(idChat);
    // The window's timers run on the test's clock: how long the connection has been down is the
    // time the test lets pass, whatever the machine's load.
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await simulator.refuseSockets(120000, '');
      const droppedAt = clock.now;
      await simulator.dropSockets();
      // The window noticed: its reconnects are refused. Until the connection has been down for
      // 1.5 s, nothing is said (a blip is not worth a notice)…
      await advanceUntil(clock, async () => (await simulator.faultHits('refuse-ws')) > 0);
      while (clock.now - droppedAt < 1400) {
        expect(chat.reconnecting(), `${clock.now - droppedAt} ms after the drop`).to.equal(false);
        clock.tick(100);
        await pollStep(20);
      }
      expect(chat.reconnecting(), 'still a blip').to.equal(false);
      // …then it is.
      await advanceUntil(clock, () => chat.reconnecting());
      expect(chat.inWindow('.notice.warn')!.textContent).to.contain('reconnecting');
      await chat.send('written while offline');
      // The network is back: the message goes out, the notice goes away.
      await simulator.clearFaults();
      await advanceUntil(clock, () => chat.rows().some((r) => r.text === 'written while offline' && delivered(r)));
      await advanceUntil(clock, () => !chat.reconnecting());
    } finally {
      clock.uninstall();
    }
  });

  it('the window opens again on the next page when it was open with a running chat', async () => {
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat lang="en" widget-key="demo" category="2" endpoint=${CHAT_URL} .stomp=${FAST_RECONNECT} .reportNavigation=${false}></sportello-live-chat>`,
    );
    const chat = new LiveChatHarness(el);
    await el.startFromHandoff({ name: 'Nav', transcript: 'context' });
    await chat.waitFor('prechat');
    await chat.fillPrechat({ email: 'visitor@example.com' });
    await chat.waitFor('conversation');
    const idChat = (await chat.started.next(1)).idChat;
    el.remove();
    const next = new LiveChatHarness(
      await fixture<SportelloLiveChat>(
        html`<sportello-live-chat lang="en" widget-key="demo" endpoint=${CHAT_URL} .stomp=${FAST_RECONNECT} .reportNavigation=${false}></sportello-live-chat>`,
      ),
    );
    // The launcher reads the open flag and the stored chat once the browser is idle (the closed
    // launcher touches no storage while the page starts).
    await until(() => next.isOpen);
    await next.waitFor('conversation');
    // The same chat, resumed.
    await simulator.visitorListening(idChat);
    await next.waitForRow((r) => r.text === 'context' || r.text.includes('context'));
  });

  it('wrong attributes: a clear in-element error and one console warning', async () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      const el = await fixture<SportelloLiveChat>(
        html`<sportello-live-chat mode="inline" lang="en" endpoint=${CHAT_URL}></sportello-live-chat>`,
      );
      const chat = new LiveChatHarness(el);
      await chat.waitFor('misconfigured');
      expect(chat.inWindow('[role=alert]')!.textContent).to.contain('widget-key');
      expect(warnings.filter((w) => w.includes('sportello-live-chat'))).to.have.length(1);
    } finally {
      console.warn = original;
    }
  });
});
