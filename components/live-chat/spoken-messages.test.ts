/**
 * What a screen reader hears of the conversation: the hidden polite log says an operator's message
 * as it reads, without the markdown's marks; the header's title is never cut, in any language.
 */
import { expect } from '@open-wc/testing';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { TestOperator } from '../../test/browser/helpers/live-chat.js';
import { textOf, until } from '../../test/harness/harness.js';
import { LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';

ignoreResizeObserverLoop();

describe('sportello-live-chat: what is heard and read of the conversation', () => {
  let operator: TestOperator | undefined;
  liveChatSuite(async () => {
    await operator?.stop();
    operator = undefined;
  });

  /** The last line of the hidden polite log (what a screen reader was last told of a new message). */
  const heard = (chat: LiveChatHarness) =>
    textOf(chat.inWindow('sportello-message-list')!.shadowRoot!.querySelector('[aria-live=polite] > p:last-child'));

  it('the hidden log reads an operator’s markdown as text: no ** or _', async () => {
    const chat = await LiveChatHarness.mount();
    const idChat = await chat.startChat('4');
    operator = await TestOperator.joined(idChat);
    await until(() => chat.operatorName() === 'Operatore Demo');
    operator.send(idChat, 'Your order is **on its way** and _arrives_ on `Monday`.');
    await chat.waitForRow((r) => r.role === 'other' && r.text.includes('on its way'));
    await until(() => heard(chat).includes('Monday'));
    expect(heard(chat)).to.equal('Operatore Demo: Your order is on its way and arrives on Monday.');
  });

  for (const lang of ['de', 'fr']) {
    it(`the title is whole while chatting in ${lang} (launcher window, operator, every header button)`, async () => {
      const chat = await LiveChatHarness.mount({ mode: 'launcher', lang, attributes: { sound: '' } });
      await chat.open();
      const idChat = await chat.startChat('4');
      operator = await TestOperator.joined(idChat);
      await until(() => chat.operatorName() === 'Operatore Demo');
      await chat.settled();
      const title = chat.inWindow('header h2')!;
      expect(title.scrollWidth, 'no text cut off').to.be.at.most(title.clientWidth + 1);
      expect(getComputedStyle(title).textOverflow).to.not.equal('ellipsis');
      const header = chat.inWindow('header')!.getBoundingClientRect();
      const box = title.getBoundingClientRect();
      expect(box.right, 'inside the header').to.be.at.most(header.right);
    });
  }
});
