/**
 * The preview above the closed launcher: the operator's new message, shortened, with who wrote it
 * and a close button, said once by a polite live region; a click on it opens the chat. In the
 * visitor's five languages, axe clean, by keyboard, gone when the window opens.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { expectAxeClean, siteLandmarks } from '../../test/browser/helpers/axe-page.js';
import { TestOperator } from '../../test/browser/helpers/live-chat.js';
import { textOf, until } from '../../test/harness/harness.js';
import { LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';

ignoreResizeObserverLoop();

const LONG =
  'Your parcel left our warehouse this morning and the courier expects to deliver it tomorrow between nine and twelve; you will get a text message with the exact time.';

describe('sportello-live-chat: the preview of a new message above the closed launcher', () => {
  let operator: TestOperator | undefined;
  liveChatSuite(async () => {
    await operator?.stop();
    operator = undefined;
  });

  /** A chat started in the launcher's window, then the window closed: the visitor is on the page. */
  async function chatThenClose(lang: string): Promise<{ chat: LiveChatHarness; idChat: string }> {
    // On a page with its own header and main, as a site has (the launcher's landmarks are judged there).
    const chat = await LiveChatHarness.mount({ mode: 'launcher', lang, parent: siteLandmarks() });
    await chat.open();
    const idChat = await chat.startChat('4');
    operator = await TestOperator.joined(idChat);
    await until(() => chat.operatorName() === 'Operatore Demo');
    await chat.element.close();
    return { chat, idChat };
  }

  const card = (chat: LiveChatHarness) => chat.$('.above.preview');
  const spoken = (chat: LiveChatHarness) => textOf(chat.$('.above-status[role=status]'));

  it('shows the operator’s message shortened, with the name and a close button; a click opens the chat (axe clean)', async () => {
    const { chat, idChat } = await chatThenClose('en');
    operator!.send(idChat, LONG);
    const shown = await until(() => card(chat));
    expect(textOf(shown.querySelector('.from'))).to.equal('Operatore Demo');
    const words = textOf(shown.querySelector('.text'));
    expect(words.endsWith('…'), 'shortened').to.equal(true);
    expect(words.length).to.be.at.most(120);
    expect(LONG.startsWith(words.slice(0, -1).trimEnd()), 'the start of the message').to.equal(true);
    expect(spoken(chat)).to.equal(`New message from Operatore Demo: ${words}`);
    expect(shown.querySelector('.dismiss')!.getAttribute('aria-label')).to.equal('Dismiss the message');
    await expectAxeClean(document, 'preview above the closed launcher');
    shown.querySelector<HTMLButtonElement>('.say')!.click();
    await until(() => chat.isOpen);
    expect(card(chat), 'no preview over the open window').to.equal(null);
    await chat.waitForRow((r) => r.role === 'other' && r.text === LONG);
  });

  it('the close button puts it away until the next message, from the keyboard', async () => {
    const { chat, idChat } = await chatThenClose('en');
    operator!.send(idChat, 'Are you still there?');
    const shown = await until(() => card(chat));
    shown.querySelector<HTMLButtonElement>('.dismiss')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => !card(chat));
    expect(chat.isOpen, 'closing the preview does not open the chat').to.equal(false);
    operator!.send(idChat, 'I have found your order.');
    const next = await until(() => card(chat));
    expect(textOf(next.querySelector('.text'))).to.equal('I have found your order.');
    next.querySelector<HTMLButtonElement>('.say')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => chat.isOpen);
  });

  it('reads the message as text: no markdown marks, no markup', async () => {
    const { chat, idChat } = await chatThenClose('en');
    operator!.send(idChat, 'It is **on its way** <img src=x onerror=alert(1)>');
    const shown = await until(() => card(chat));
    await until(() => !textOf(shown.querySelector('.text')).includes('**'));
    expect(textOf(shown.querySelector('.text'))).to.match(/^It is on its way/);
    expect(shown.querySelector('img, strong'), 'no markup from the message').to.equal(null);
  });

  for (const [lang, said, dismiss] of [
    ['it', 'Nuovo messaggio da Operatore Demo: Ci sono novità.', 'Chiudi il messaggio'],
    ['de', 'Neue Nachricht von Operatore Demo: Ci sono novità.', 'Nachricht schließen'],
    ['fr', 'Nouveau message de Operatore Demo : Ci sono novità.', 'Fermer le message'],
    ['es', 'Nuevo mensaje de Operatore Demo: Ci sono novità.', 'Cerrar el mensaje'],
  ] as const) {
    it(`is said and named in ${lang}`, async () => {
      const { chat, idChat } = await chatThenClose(lang);
      operator!.send(idChat, 'Ci sono novità.');
      const shown = await until(() => card(chat));
      await until(() => spoken(chat) === said);
      expect(shown.querySelector('.dismiss')!.getAttribute('aria-label')).to.equal(dismiss);
    });
  }
});
