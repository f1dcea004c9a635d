// Issue #35: a verified visitor reads their earlier conversations on any device. Through the
// gateway, which lists the ended chats started under the same verified identity (the token's
// `sub`): a chat Ada had on one device shows on another where nothing was kept, read-only and
// marked as coming from her account; Bruno, signed in on that device, gets his own and none of hers.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { GATEWAY_URL } from '/__sportello/env.js';
import '../../../components/live-chat/index.js';
import type { SportelloLiveChat } from '../../../components/live-chat/live-chat.js';
import { FAST_RECONNECT, LiveChatHarness, liveChatSuite } from '../../harness/live-chat.js';
import { textOf, until } from '../../harness/harness.js';

type User = 'ada' | 'bruno';

const tokenOf = async (user: User): Promise<string> =>
  ((await (await fetch(`/__sportello/visitor-token?user=${user}`)).json()) as { token: string }).token;

/** The live chat on a page of the site, signed in as `user`, through the gateway. */
const signedIn = async (user: User, lang = 'en') =>
  new LiveChatHarness(
    await fixture<SportelloLiveChat>(html`<sportello-live-chat
      lang=${lang}
      widget-key="demo"
      mode="inline"
      endpoint=${`${GATEWAY_URL}/chat`}
      .tokenProvider=${() => tokenOf(user)}
      .stomp=${FAST_RECONNECT}
      .reportNavigation=${false}
    ></sportello-live-chat>`),
  );

/** One chat on a device of `user`'s, with one message, ended by the visitor; the device then forgets it. */
async function chatOnAnotherDevice(user: User, text: string): Promise<string> {
  const chat = await signedIn(user);
  const idChat = await chat.startChat('2');
  await chat.sendAndConfirm(text);
  await chat.endChat();
  chat.element.remove();
  // Another device: nothing of that chat is kept in this browser.
  localStorage.clear();
  sessionStorage.clear();
  return idChat;
}

/** The account's marker in each language (the element's own words, from its catalogues). */
const FROM_ACCOUNT: Record<string, string> = {
  it: 'dal Suo account',
  en: 'from your account',
  de: 'aus Ihrem Konto',
  fr: 'de votre compte',
  es: 'de su cuenta',
};

describe('through the gateway: a verified visitor’s past chats on another device', () => {
  liveChatSuite();

  it('lists Ada’s chat from her other device, read-only, with the keyboard and axe clean', async () => {
    const idChat = await chatOnAnotherDevice('ada', 'Where is my order 1042?');

    const chat = await signedIn('ada');
    await chat.waitFor('prechat');
    const open = await until(() => chat.pastButton);
    open.focus();
    await sendKeys({ press: 'Enter' });
    await chat.waitFor('past');
    await until(() => chat.windowFocus()?.id === 'past-title');
    const item = await until(() => chat.pastItems().find((b) => b.dataset['id'] === idChat));
    expect(textOf(item.querySelector('.past-account'))).to.equal('from your account');
    expect(textOf(item.querySelector('.past-preview'))).to.equal('Where is my order 1042?');
    expect(textOf(chat.inWindow('.past .hint'))).to.contain('on any device');
    await expect(chat.element).to.be.accessible();

    item.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => chat.windowFocus()?.id === 'past-chat-title');
    await until(() => chat.thread.text().includes('Where is my order 1042?'));
    expect(textOf(chat.inWindow('.past-head .hint'))).to.equal('A read-only copy from your account.');
    expect(chat.inWindow('sportello-composer')).to.equal(null);
    await expect(chat.element).to.be.accessible();

    // Back to the list with the keyboard: the entry that was open has the focus again.
    chat.inWindow<HTMLButtonElement>('.past-head button')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => chat.windowFocus()?.dataset?.['id'] === idChat);
  });

  it('Bruno, signed in on that device, lists his own chat and none of Ada’s', async () => {
    const adas = await chatOnAnotherDevice('ada', 'For Ada only: my address is 12 Via Roma');
    const brunos = await chatOnAnotherDevice('bruno', 'Bruno asks about his invoice');

    const chat = await signedIn('bruno');
    await chat.waitFor('prechat');
    await chat.openPast();
    await until(() => chat.pastItems().some((b) => b.dataset['id'] === brunos));
    const listed = chat.pastItems().map((b) => b.dataset['id']);
    expect(listed, 'Ada’s chat in Bruno’s list').to.not.include(adas);
    expect(chat.windowText()).to.not.contain('For Ada only');
    // What his page could ask the gateway itself holds nothing of hers either.
    const raw = await (
      await fetch(`${GATEWAY_URL}/chat/sportello/past-chats`, {
        headers: { Authorization: `Bearer ${await tokenOf('bruno')}` },
      })
    ).text();
    expect(raw).to.not.contain('For Ada only');
    expect(raw).to.contain('Bruno asks about his invoice');
  });

  it('marks the account’s chats in the five languages', async () => {
    await chatOnAnotherDevice('ada', 'Buongiorno');
    for (const [lang, words] of Object.entries(FROM_ACCOUNT)) {
      const chat = await signedIn('ada', lang);
      await chat.waitFor('prechat');
      await chat.openPast();
      const marker = await until(() => chat.inWindow('.past-account'));
      expect(textOf(marker), lang).to.equal(words);
      await expect(chat.element).to.be.accessible();
      chat.element.remove();
    }
  });
});
