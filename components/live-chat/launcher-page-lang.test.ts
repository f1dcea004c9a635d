import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import './index.js';
import type { SportelloLiveChat } from './live-chat.js';

/** The closed launcher follows `<html lang>` as every element of the kit does (issue #17). */
describe('closed live-chat launcher and the page language', () => {
  const pageLang = document.documentElement.lang;
  afterEach(() => {
    document.documentElement.lang = pageLang;
  });

  const label = (chat: SportelloLiveChat) =>
    chat.shadowRoot!.querySelector('button.launcher')!.getAttribute('aria-label');

  it('re-labels when the page language changes (built-in labels)', async () => {
    document.documentElement.lang = 'it';
    const chat = await fixture<SportelloLiveChat>(html`<sportello-live-chat widget-key="demo"></sportello-live-chat>`);
    expect(label(chat)).to.equal('Apri la chat');
    document.documentElement.lang = 'de';
    await waitUntil(() => label(chat) === 'Chat öffnen', `still "${label(chat)}"`, { timeout: 5000 });
    document.documentElement.lang = 'fr-CA';
    await waitUntil(() => label(chat) === 'Ouvrir le chat', `still "${label(chat)}"`, { timeout: 5000 });
  });

  it('catches up with a language the page set before the launcher began to listen (at idle)', async () => {
    document.documentElement.lang = 'it';
    const chat = await fixture<SportelloLiveChat>(html`<sportello-live-chat widget-key="demo"></sportello-live-chat>`);
    expect(label(chat)).to.equal('Apri la chat');
    // Before the first idle period: the launcher's observer of <html lang> is not there yet.
    document.documentElement.lang = 'es';
    await waitUntil(() => label(chat) === 'Abrir el chat', `still "${label(chat)}"`, { timeout: 5000 });
    expect(chat.shadowRoot!.querySelector('[role=dialog]')!.getAttribute('aria-label')).to.equal('Chat');
  });

  it('re-labels with the integrator’s strings of the new language (the full rule)', async () => {
    document.documentElement.lang = 'en';
    const chat = await fixture<SportelloLiveChat>(html`<sportello-live-chat widget-key="demo"></sportello-live-chat>`);
    chat.strings = { es: { launcher: { open: 'Hable con nosotros' } } };
    await chat.updateComplete;
    expect(label(chat)).to.equal('Open chat');
    document.documentElement.lang = 'es';
    await waitUntil(() => label(chat) === 'Hable con nosotros', `still "${label(chat)}"`, { timeout: 5000 });
  });
});
