/**
 * No hard-coded string left: every element, in every state of states.ts, rendered in the
 * pseudo-locale, shows only pseudo-strings (from the catalogue) and data. A word in plain Latin
 * letters outside `[…]` came from somewhere else, and the test names it and where it is.
 */
import { expect } from '@open-wc/testing';
import { configure } from '../../../src/config.js';
import { pseudoCatalogue } from '../../../src/i18n/pseudo.js';
import { loadAllCatalogues, builtInStrings, type Catalogue, type Namespace } from '../../../src/i18n/catalogue.js';
import en from '../../../src/i18n/locales/en.js';
import { collectTexts, intlVocabulary, untranslated } from './visible-text.js';
import { ELEMENT_STATES, LANG, resetSim } from './states.js';

// The pseudo-language has no Intl data: Intl formats its dates in the browser's default locale.
const vocabulary = intlVocabulary(new Intl.DateTimeFormat(LANG).resolvedOptions().locale);

describe('pseudo-locale: every visible string comes from the catalogue or from data', () => {
  before(async () => {
    await loadAllCatalogues();
    // The core catalogue's namespaces, and the composer's, which is a module apart.
    const namespaces = [...(Object.keys(en) as Namespace[]), 'compose' as const];
    const source = Object.fromEntries(namespaces.map((ns) => [ns, builtInStrings('en', ns)])) as unknown as Catalogue;
    configure({ strings: { [LANG]: pseudoCatalogue(source) } });
  });
  after(() => configure({ strings: undefined }));
  beforeEach(resetSim);

  for (const { element, state, show } of ELEMENT_STATES) {
    it(`${element}: ${state}`, async () => {
      const shown = await show();
      try {
        const texts = collectTexts(shown.root, shown.skip);
        expect(texts.length, 'the state shows something').to.be.greaterThan(0);
        const leaks = untranslated(texts, shown.data ?? [], vocabulary);
        expect(
          leaks.map((l) => `${l.where}: ${l.text}`),
          'text not from the catalogue',
        ).to.deep.equal([]);
      } finally {
        await shown.done?.();
      }
    });
  }
});
