import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { resolveLang } from '../../src/i18n/lang.js';
import { launcherLang, launcherText } from './launcher-strings.js';

const tags = ['', 'it', 'en', 'IT-it', ' en_GB ', 'de', 'it-CH', 'fr'];

describe('launcher strings', () => {
  it('the launcher resolves the language exactly as src/i18n/lang.ts does (across shadow roots and the page)', () => {
    const pageLang = document.documentElement.lang;
    try {
      fc.assert(
        fc.property(
          // From the outermost level in: a lang attribute (or none), and whether the next level sits in a shadow root.
          fc.array(fc.record({ lang: fc.option(fc.constantFrom(...tags), { nil: undefined }), shadow: fc.boolean() }), {
            minLength: 1,
            maxLength: 6,
          }),
          fc.constantFrom(...tags),
          (levels, page) => {
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
              expect(launcherLang(el)).to.equal(resolveLang(el));
            } finally {
              top.remove();
            }
          },
        ),
        { numRuns: 200 },
      );
    } finally {
      document.documentElement.lang = pageLang;
    }
  });

  it('has Italian and English labels with the unread count', () => {
    expect(launcherText('it', 'open')).to.equal('Apri la chat');
    expect(launcherText('en', 'unread', 3)).to.equal('3 unread');
    expect(launcherText('it', 'unread', 3)).to.equal('3 non letti');
  });
});
