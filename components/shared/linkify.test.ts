import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { splitLinks } from './linkify.js';

describe('linkify', () => {
  it('finds http(s), www and e-mail links and trims sentence punctuation', () => {
    const parts = splitLinks('See https://example.com/a?b=1, or www.test.it. Mail me@x.org!');
    expect(parts.filter((p) => p.href).map((p) => [p.text, p.href])).to.deep.equal([
      ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
      ['www.test.it', 'https://www.test.it/'],
      ['me@x.org', 'mailto:me@x.org'],
    ]);
  });

  it('never links javascript:, data: or vbscript: URLs', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'JaVaScRiPt:alert(1)',
    ]) {
      expect(splitLinks(text).every((p) => !p.href)).to.equal(true, text);
    }
  });

  it('property: segments always join back to the original text and hrefs are http(s)/mailto', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.constantFrom('', ' https://a.b/c ', 'www.x.io', 'javascript:x', ' a@b.co '),
        (s, extra) => {
          const text = s + extra + s;
          const parts = splitLinks(text);
          expect(parts.map((p) => p.text).join('')).to.equal(text);
          for (const p of parts) if (p.href) expect(/^(https?:|mailto:)/.test(p.href)).to.equal(true);
        },
      ),
    );
  });
});
