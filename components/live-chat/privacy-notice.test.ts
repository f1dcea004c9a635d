/**
 * The widget's privacy notice is the owner's own words (README "privacy"): the widget shows it in
 * the visitor's language where the owner wrote one, as the text itself — not marked as another
 * language, and not replaced by the kit's generic words.
 */
import { expect } from '@open-wc/testing';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { textOf } from '../../test/harness/harness.js';
import { LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';

ignoreResizeObserverLoop();

describe('sportello-live-chat: the privacy notice', () => {
  liveChatSuite();

  for (const [lang, words] of [
    ['it', 'I dati che inserisci sono usati solo per rispondere alla tua richiesta.'],
    ['en', 'The data you enter are used only to answer your request.'],
    ['de', 'Die Daten, die Sie eingeben, werden nur zur Beantwortung Ihrer Anfrage verwendet.'],
    ['fr', 'Les données que vous saisissez servent uniquement à répondre à votre demande.'],
    ['es', 'Los datos que introduce se usan solo para responder a su solicitud.'],
  ] as const) {
    it(`on a ${lang} page, in ${lang} as the owner wrote it, with its link`, async () => {
      const chat = await LiveChatHarness.mount({ lang });
      await chat.waitFor('prechat');
      const notice = chat.inWindow('p.privacy')!;
      expect(textOf(notice)).to.contain(words);
      expect(notice.getAttribute('lang'), 'in the page’s language: no language of its own').to.equal(null);
      expect(notice.querySelector<HTMLAnchorElement>('a')!.href).to.equal('https://example.com/privacy');
    });
  }
});
