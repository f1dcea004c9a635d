/**
 * The widget's proactive greeting above the closed launcher: it goes when the window opens (it
 * would cover the form and take its clicks), and it speaks the visitor's language where the
 * widget's owner wrote it.
 */
import { expect } from '@open-wc/testing';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { changeWidget } from '../../test/browser/helpers/chat-widget.js';
import { textOf } from '../../test/harness/harness.js';
import { LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';

ignoreResizeObserverLoop();

/** An element as a test report can say it (a DOM node in an assertion is not serialisable). */
const nameOf = (el: Element | null) => (el ? `${el.localName}${el.id ? `#${el.id}` : ''}.${el.className}` : 'nothing');

/** The element at the centre of `target` as a pointer there would meet it (through the shadow roots). */
function hitAt(chat: LiveChatHarness, target: Element): Element | null {
  const box = target.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const inLauncher = chat.root.elementFromPoint(x, y);
  return inLauncher === chat.window ? chat.window!.shadowRoot!.elementFromPoint(x, y) : inLauncher;
}

describe('sportello-live-chat: the greeting', () => {
  liveChatSuite();

  it('goes when the visitor opens the window with the launcher: the form under it takes the clicks', async () => {
    await changeWidget('demo-greeting', { greeting: { id: 'now', delaySeconds: 0, text: 'Need a hand?' } });
    const chat = await LiveChatHarness.mount({
      mode: 'launcher',
      widgetKey: 'demo-greeting',
      attributes: { greeting: '' },
    });
    await chat.find('.greeting .say');
    // The visitor ignores it and opens the chat with the launcher.
    await chat.open();
    await chat.waitFor('prechat');
    expect(!!chat.$('.greeting'), 'no greeting over the open window').to.equal(false);
    const start = chat.inWindow<HTMLButtonElement>('form button[type=submit]')!;
    start.scrollIntoView({ block: 'center' });
    expect(nameOf(hitAt(chat, start)), 'a click on "Start chat" reaches it').to.equal(nameOf(start));
    const question = chat.field<HTMLTextAreaElement>('message')!;
    question.scrollIntoView({ block: 'center' });
    expect(nameOf(hitAt(chat, question))).to.equal(nameOf(question));
  });

  for (const [lang, words] of [
    ['de', 'Brauchen Sie Hilfe? Wir sind da.'],
    ['fr', 'Besoin d’aide ? Nous sommes là.'],
    ['es', '¿Necesita ayuda? Estamos aquí.'],
  ] as const) {
    it(`speaks ${lang} where the owner wrote it`, async () => {
      const chat = await LiveChatHarness.mount({
        mode: 'launcher',
        lang,
        widgetKey: 'demo-greeting',
        attributes: { greeting: '' },
      });
      const say = await chat.find('.greeting .say');
      expect(textOf(say)).to.equal(words);
      expect(say.getAttribute('lang'), 'in the page’s language: no lang of its own').to.equal(null);
    });
  }

  it('in English, marked as English, where the owner did not write the visitor’s language', async () => {
    await changeWidget('demo-greeting', {
      greeting: { id: 'two', delaySeconds: 0, text: { it: 'Serve aiuto?', en: 'Need help?' } },
    });
    const chat = await LiveChatHarness.mount({
      mode: 'launcher',
      lang: 'de',
      widgetKey: 'demo-greeting',
      attributes: { greeting: '' },
    });
    const say = await chat.find('.greeting .say');
    expect(textOf(say)).to.equal('Need help?');
    expect(say.getAttribute('lang')).to.equal('en');
  });
});
