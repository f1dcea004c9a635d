/**
 * The closed launcher's labels cost no request (issue #23: `chat.loader.met.nothingAtIdle`): in the
 * five built-in languages they are inside the launcher's module, and it follows `<html lang>` by
 * itself. The kit's full language rule is fetched only when the page configured the kit.
 * A file of its own: which modules were fetched is a fact of the whole page.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { CHAT_URL, resetSim } from '../../test/browser/helpers/live-chat.js';
import type { SportelloLiveChat } from './live-chat.js';

/** The page idle again and again: long enough for a module the launcher asked for at idle to arrive. */
const idlePeriods = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => requestIdleCallback(() => r(undefined), { timeout: 5000 }));
};
/** Modules of the kit's language machinery the page has fetched (the dev server serves each file). */
const i18nFetched = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name).pathname)
    .filter((path) => path.startsWith('/src/i18n/') || path.startsWith('/src/config'));
const label = (chat: SportelloLiveChat) =>
  chat.shadowRoot!.querySelector('button.launcher')!.getAttribute('aria-label');

describe('closed live-chat launcher: labels without requests', () => {
  const pageLang = document.documentElement.lang;
  beforeEach(resetSim);
  afterEach(() => {
    document.documentElement.lang = pageLang;
  });

  it('fetches nothing for its labels at idle, nor when <html lang> changes to another built-in language', async () => {
    document.documentElement.lang = 'it';
    await import('./index.js');
    const before = i18nFetched();
    const chat = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat widget-key="demo" endpoint=${CHAT_URL}></sportello-live-chat>`,
    );
    expect(label(chat)).to.equal('Apri la chat');
    await idlePeriods(20);
    document.documentElement.lang = 'de-CH';
    await waitUntil(() => label(chat) === 'Chat öffnen', `still "${label(chat)}"`, { timeout: 5000 });
    expect(chat.shadowRoot!.querySelector('[role=dialog]')!.getAttribute('aria-label')).to.equal('Chat');
    document.documentElement.lang = 'es';
    await waitUntil(() => label(chat) === 'Abrir el chat', `still "${label(chat)}"`, { timeout: 5000 });
    await idlePeriods(5);
    expect(i18nFetched()).to.deep.equal(before);
  });

  it('with no lang anywhere and nothing configured, speaks English without fetching', async () => {
    document.documentElement.removeAttribute('lang');
    const before = i18nFetched();
    const chat = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat widget-key="demo" endpoint=${CHAT_URL}></sportello-live-chat>`,
    );
    await idlePeriods(10);
    expect(label(chat)).to.equal('Open chat');
    expect(i18nFetched()).to.deep.equal(before);
  });

  it('takes the strings a page configured before it came (configure()), through the full rule', async () => {
    const { configure, resetConfiguration } = await import('../../src/config.js');
    document.documentElement.lang = 'fr';
    configure({ strings: { fr: { launcher: { open: 'Écrivez-nous' } } } });
    try {
      const chat = await fixture<SportelloLiveChat>(
        html`<sportello-live-chat widget-key="demo" endpoint=${CHAT_URL}></sportello-live-chat>`,
      );
      await waitUntil(() => label(chat) === 'Écrivez-nous', `still "${label(chat)}"`, { timeout: 10000 });
      // The page's language changes: the full rule again, in the new language.
      document.documentElement.lang = 'it';
      await waitUntil(() => label(chat) === 'Apri la chat', `still "${label(chat)}"`, { timeout: 10000 });
    } finally {
      resetConfiguration();
    }
  });
});
