import { expect, fixture, html } from '@open-wc/testing';
import fc from 'fast-check';
import { configure } from '../config.js';
import { SportelloElement } from '../../components/shared/sportello-element.js';
import '../../components/shared/sportello-config.js';
import { builtInStrings, loadAllCatalogues, type Catalogue, type Namespace } from './catalogue.js';
import { BUILT_IN_LANGS, normaliseLang } from './lang.js';
import { parseMessage } from './message.js';
import { languageOf, translator } from './translate.js';
import en from './locales/en.js';
import composeEn from './locales/compose/en.js';
import { until } from '../../test/harness/harness.js';

/** A minimal element that shows one string, as every element of the kit does. */
class Probe extends SportelloElement {
  override render() {
    return html`<p>${translator('chat')(this, 'title')}</p><span>${this.language}</span>`;
  }
}
SportelloElement.define('sportello-i18n-probe', Probe);
const shown = (el: Probe) => el.shadowRoot!.querySelector('p')!.textContent;

/** The argument names a message uses (placeholders, plural and select arguments). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (parts: ReturnType<typeof parseMessage>) => {
    for (const part of parts) {
      if (typeof part === 'string' || part.kind === 'pound') continue;
      names.add(part.name);
      if (part.kind === 'plural' || part.kind === 'select') Object.values(part.cases).forEach(walk);
    }
  };
  walk(parseMessage(message));
  return [...names].sort();
}

describe('catalogues', () => {
  afterEach(() => configure({ strings: undefined, lang: undefined }));

  // First in the file, before anything loads every catalogue: a page pays only for what it shows.
  it('loads only the language an element shows', async () => {
    await fixture<Probe>(html`<sportello-i18n-probe lang="de-CH"></sportello-i18n-probe>`);
    const loaded = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((name) => /\/i18n\/locales\/(launcher\/)?\w+\.ts/.test(name))
      .map((name) => /locales\/((?:launcher\/)?\w+)\.ts/.exec(name)![1]);
    expect(loaded).to.include('de');
    expect(loaded.filter((l) => ['fr', 'es', 'it'].includes(l!))).to.deep.equal([]);
  });

  it('every built-in message parses, and uses the same placeholders as the English one (the composer’s too)', async () => {
    await loadAllCatalogues();
    const sources: Record<string, Readonly<Record<string, string>>> = { ...en, compose: composeEn };
    for (const lang of BUILT_IN_LANGS) {
      for (const ns of Object.keys(sources) as Namespace[]) {
        const strings = builtInStrings(lang, ns) as Record<string, string> | undefined;
        for (const [key, source] of Object.entries(sources[ns]!)) {
          const message = strings?.[key];
          expect(message, `${lang} ${ns}.${key}`).to.be.a('string').and.not.equal('');
          expect(argumentsOf(message!), `${lang} ${ns}.${key}`).to.deep.equal(argumentsOf(source));
        }
      }
    }
  });

  it('the composer’s catalogues are translations, not copies of the English one', async () => {
    await loadAllCatalogues();
    const keys = Object.keys(composeEn) as Array<keyof typeof composeEn>;
    for (const lang of BUILT_IN_LANGS.filter((l) => l !== 'en')) {
      const strings = builtInStrings(lang, 'compose')!;
      // A few words are the same in both languages (E-mail, Documents, Options, Urgent…); not a tenth of them.
      const same = keys.filter((key) => strings[key] === composeEn[key]);
      expect(same.length, `${lang}: ${same.join(', ')}`).to.be.below(keys.length / 10);
    }
  });

  it('the type check catches a catalogue that lacks a key, or has one too many', () => {
    // These lines are checked by `npm run typecheck`: remove an @ts-expect-error and it fails.
    // @ts-expect-error — `close`, `unread` and `dialog` are missing
    const missing: Catalogue['launcher'] = { open: 'Öffnen' };
    // @ts-expect-error — `welcome` is not a key of the launcher
    const extra: Catalogue['launcher'] = { open: 'a', close: 'b', unread: 'c', dialog: 'd', welcome: 'e' };
    expect(missing.open).to.equal('Öffnen');
    expect(extra.open).to.equal('a');
  });
});

describe('which language an element speaks', () => {
  afterEach(() => configure({ strings: undefined, lang: undefined }));

  it('a region falls back to its language, anything unknown to the configured one (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BUILT_IN_LANGS),
        fc.string(),
        fc.constantFrom('', '-CH', '_AT', '-Latn-ES'),
        (lang, junk, region) => {
          expect(normaliseLang(`${lang.toUpperCase()}${region}`)).to.equal(lang);
          const unknown = `zz${junk.replace(/[^a-z]/gi, '')}`;
          expect(normaliseLang(unknown, undefined, 'fr')).to.equal('fr');
          expect(normaliseLang(unknown, undefined, 'de-AT')).to.equal('de');
        },
      ),
    );
  });

  it('follows its own lang, then the nearest ancestor’s, then the page’s; unknown → configure({ lang })', async () => {
    const page = document.documentElement.lang;
    try {
      document.documentElement.lang = 'es';
      const outer = await fixture<HTMLElement>(
        html`<div lang="fr"><sportello-i18n-probe></sportello-i18n-probe></div>`,
      );
      const el = outer.querySelector<Probe>('sportello-i18n-probe')!;
      await el.updateComplete;
      expect(el.language).to.equal('fr');
      el.setAttribute('lang', 'de-CH');
      await el.updateComplete;
      expect(el.language).to.equal('de');
      expect(shown(el)).to.equal('Schreiben Sie uns');
      el.removeAttribute('lang');
      outer.removeAttribute('lang');
      await el.updateComplete;
      expect(el.language).to.equal('es');
      expect(shown(el)).to.equal('Hable con nosotros');
      // A language with no catalogue: the configured fallback, not silently English.
      configure({ lang: 'it' });
      document.documentElement.lang = 'pl';
      // The page's language is watched (a mutation observer): the element follows once it heard.
      await until(() => shown(el) !== 'Hable con nosotros');
      expect(el.language).to.equal('it');
      expect(shown(el)).to.equal('Chat con noi');
    } finally {
      document.documentElement.lang = page;
    }
  });
});

describe('integrator strings', () => {
  afterEach(() => configure({ strings: undefined, lang: undefined }));

  it('the element’s strings win over <sportello-config>’s, which win over configure()’s, which win over the built-in', async () => {
    configure({ strings: { de: { chat: { title: 'Von configure()' } } } });
    const host = await fixture<HTMLElement>(
      html`<sportello-config lang="de"><sportello-i18n-probe></sportello-i18n-probe></sportello-config>`,
    );
    const el = host.querySelector<Probe>('sportello-i18n-probe')!;
    await el.updateComplete;
    expect(shown(el)).to.equal('Von configure()');
    (host as HTMLElement & { strings: unknown }).strings = { 'de-DE': { chat: { title: 'Von <sportello-config>' } } };
    el.requestUpdate();
    await el.updateComplete;
    expect(shown(el)).to.equal('Von <sportello-config>');
    el.strings = { de: { chat: { title: 'Vom Element' } } };
    await el.updateComplete;
    expect(shown(el)).to.equal('Vom Element');
    // Only the language named: in Italian the built-in string stays.
    el.lang = 'it';
    await el.updateComplete;
    expect(shown(el)).to.equal('Chat con noi');
  });

  it('a whole new language, right to left, with the configured language for what it lacks', async () => {
    configure({ lang: 'fr', strings: { ar: { chat: { title: 'تحدث معنا' } } } });
    const el = await fixture<Probe>(html`<sportello-i18n-probe lang="ar-MA" dir="rtl"></sportello-i18n-probe>`);
    expect(languageOf(el)).to.equal('ar');
    expect(shown(el)).to.equal('تحدث معنا');
    // A key the integrator did not bring: French (configured), not English.
    expect(translator('chat')(el, 'send')).to.equal('Envoyer');
  });
});
