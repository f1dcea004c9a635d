import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { languageOf } from '../../src/i18n/translate.js';
import { launcherLabels } from '../../src/i18n/launcher.js';
import { builtInStrings, loadAllCatalogues } from '../../src/i18n/catalogue.js';
import { BUILT_IN_LANGS } from '../../src/i18n/lang.js';
import { BUILT_IN_LAUNCHER_LABELS } from './parts/launcher-strings.js';

const tags = ['', 'it', 'en', 'IT-it', ' en_GB ', 'de', 'it-CH', 'fr', 'pl'];

describe('launcher labels', () => {
  it('the launcher speaks the language the kit resolves for any element (across shadow roots and the page)', async () => {
    const pageLang = document.documentElement.lang;
    try {
      await fc.assert(
        fc.asyncProperty(
          // From the outermost level in: a lang attribute (or none), and whether the next level sits in a shadow root.
          fc.array(fc.record({ lang: fc.option(fc.constantFrom(...tags), { nil: undefined }), shadow: fc.boolean() }), {
            minLength: 1,
            maxLength: 6,
          }),
          fc.constantFrom(...tags),
          async (levels, page) => {
            document.documentElement.lang = page;
            const top = document.createElement('div');
            document.body.append(top);
            try {
              let el: Element = top;
              levels.forEach((level, i) => {
                if (level.lang !== undefined) el.setAttribute('lang', level.lang);
                if (i === levels.length - 1) return;
                const child = document.createElement('div');
                (level.shadow ? el.attachShadow({ mode: 'open' }) : el).append(child);
                el = child;
              });
              expect((await launcherLabels(el)).lang).to.equal(languageOf(el));
            } finally {
              top.remove();
            }
          },
        ),
        { numRuns: 100 },
      );
    } finally {
      document.documentElement.lang = pageLang;
    }
  });

  it('has Italian and English labels, the unread count in the language’s plural', async () => {
    const it = document.createElement('div');
    it.lang = 'it';
    const en = document.createElement('div');
    en.lang = 'en';
    const [itLabels, enLabels] = await Promise.all([launcherLabels(it), launcherLabels(en)]);
    expect(itLabels.open).to.equal('Apri la chat');
    expect(itLabels.unread(1)).to.equal('1 messaggio non letto');
    expect(itLabels.unread(3)).to.equal('3 messaggi non letti');
    expect(enLabels.unread(1)).to.equal('1 unread message');
    expect(enLabels.unread(3)).to.equal('3 unread messages');
  });

  it('the labels inside the launcher module are the catalogues’ own, in every built-in language', async () => {
    await loadAllCatalogues();
    for (const lang of BUILT_IN_LANGS) {
      const { open, close, dialog } = builtInStrings(lang, 'launcher')!;
      expect(BUILT_IN_LAUNCHER_LABELS[lang], lang).to.deep.equal({ open, close, dialog });
    }
    expect(Object.keys(BUILT_IN_LAUNCHER_LABELS).sort()).to.deep.equal([...BUILT_IN_LANGS].sort());
  });

  it('the closed launcher is named at once in a built-in language, and by the integrator’s catalogue in another', async () => {
    const { fixture, html } = await import('@open-wc/testing');
    await import('./index.js');
    const host = await fixture<HTMLElement>(
      html`<div lang="de-AT"><sportello-live-chat widget-key="demo"></sportello-live-chat></div>`,
    );
    const chat = host.querySelector('sportello-live-chat')!;
    expect(chat.shadowRoot!.querySelector('button.launcher')!.getAttribute('aria-label')).to.equal('Chat öffnen');
    // A language the kit does not ship, brought by the page: the kit's full rule, fetched lazily.
    host.lang = 'pl';
    chat.strings = { pl: { launcher: { open: 'Otwórz czat' } } };
    await chat.updateComplete;
    expect(chat.shadowRoot!.querySelector('button.launcher')!.getAttribute('aria-label')).to.equal('Otwórz czat');
  });
});
