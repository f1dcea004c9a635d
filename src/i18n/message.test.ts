import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { formatMessage, parseMessage } from './message.js';

describe('ICU messages', () => {
  it('replaces placeholders and formats numbers for the locale', () => {
    expect(formatMessage('Hello {name}', { name: 'Ada' })).to.equal('Hello Ada');
    expect(formatMessage('{n} items', { n: 1234.5 }, 'de')).to.equal('1.234,5 items');
    expect(formatMessage('{n, number} items', { n: 1234 }, 'en')).to.equal('1,234 items');
  });

  it('chooses the plural form with the language’s rules, exact matches first', () => {
    const m = '{n, plural, =0 {no files} one {# file} other {# files}}';
    expect(formatMessage(m, { n: 0 }, 'en')).to.equal('no files');
    expect(formatMessage(m, { n: 1 }, 'en')).to.equal('1 file');
    expect(formatMessage(m, { n: 2 }, 'en')).to.equal('2 files');
    // French: 0 and 1 are both "one"; Arabic has six forms (Latin digits: Chromium's default for `ar`).
    expect(formatMessage('{n, plural, one {# fichier} other {# fichiers}}', { n: 0 }, 'fr')).to.equal('0 fichier');
    const ar = '{n, plural, zero {صفر} one {واحد} two {اثنان} few {# قليلة} many {# كثيرة} other {# أخرى}}';
    expect(formatMessage(ar, { n: 2 }, 'ar')).to.equal('اثنان');
    expect(formatMessage(ar, { n: 3 }, 'ar')).to.equal('3 قليلة');
  });

  it('selects by a value, with nested plurals', () => {
    const m = '{who, select, operator {{n, plural, one {# operator} other {# operators}}} other {nobody}}';
    expect(formatMessage(m, { who: 'operator', n: 2 })).to.equal('2 operators');
    expect(formatMessage(m, { who: 'x', n: 2 })).to.equal('nobody');
  });

  it('leaves lone apostrophes alone and quotes braces as ICU does', () => {
    expect(formatMessage("Chiudi l'assistente", {})).to.equal("Chiudi l'assistente");
    expect(formatMessage("Type '{name}' literally, it''s fine", { name: 'x' })).to.equal(
      "Type {name} literally, it's fine",
    );
  });

  it('keeps an unknown placeholder visible, and refuses malformed messages', () => {
    expect(formatMessage('Hi {name}', {})).to.equal('Hi {name}');
    expect(() => parseMessage('{n, plural, one {x}}')).to.throw(SyntaxError);
    expect(() => parseMessage('oops }')).to.throw(SyntaxError);
    expect(() => parseMessage('{n, date}')).to.throw(SyntaxError);
  });

  it('text without ICU syntax is returned as it is (property)', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/[{}']/.test(s)),
        (text) => {
          expect(formatMessage(text, { a: 1 })).to.equal(text);
        },
      ),
    );
  });

  it('a quoted text comes back literally, whatever braces it holds (property)', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes("'")),
        (text) => {
          expect(formatMessage(`'{${text}'`, {})).to.equal(`{${text}`);
        },
      ),
    );
  });
});
