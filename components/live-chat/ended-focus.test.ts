/**
 * The end of a chat from the keyboard: a form the visitor sends (the rating, the transcript by
 * e-mail) is replaced by its confirmation, and the focus goes there, not to the page's <body>.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { textOf, until } from '../../test/harness/harness.js';
import { LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';

ignoreResizeObserverLoop();

/** Focus is in the chat window (the page's active element is the chat), on `selector`. */
function focusedOn(chat: LiveChatHarness, selector: string): boolean {
  return document.activeElement === chat.element && !!chat.windowFocus()?.matches(selector);
}

describe('sportello-live-chat: the end of a chat from the keyboard', () => {
  liveChatSuite();

  it('after sending the rating, the focus is on its thanks', async () => {
    const chat = await LiveChatHarness.mount();
    await chat.startChat('2');
    await chat.endChat();
    const star = await chat.findInWindow<HTMLInputElement>('input[name=rating][value="4"]');
    star.focus();
    await sendKeys({ press: 'Space' });
    await until(() => !chat.inWindow<HTMLButtonElement>('.ended form button[type=submit]')!.disabled);
    chat.inWindow<HTMLButtonElement>('.ended form button[type=submit]')!.focus();
    await sendKeys({ press: 'Enter' });
    await chat.waitFor('rated');
    await until(() => focusedOn(chat, '.ended .rated'));
    expect(textOf(chat.windowFocus())).to.equal('Thank you for your feedback.');
    expect(document.activeElement === chat.element, 'not the page’s body').to.equal(true);
  });

  it('after asking for the transcript, the focus is on "sent", and Tab goes on to a new chat', async () => {
    const chat = await LiveChatHarness.mount();
    await chat.startChat('2');
    await chat.endChat();
    const email = await chat.findInWindow<HTMLInputElement>('#transcript-email');
    email.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => focusedOn(chat, '.ended .transcript-sent'));
    expect(textOf(chat.windowFocus())).to.contain('ada@example.com');
    await sendKeys({ press: 'Tab' });
    expect(textOf(chat.windowFocus()), 'the next control after the confirmation').to.equal('Start a new chat');
  });
});
