import { expect } from '@open-wc/testing';
import { renderMarkdown } from './markdown-view.js';
import { MARKDOWN_IT_XSS, OWN_VECTORS } from './xss-vectors.js';

const html = (text: string) => {
  const div = document.createElement('div');
  div.append(renderMarkdown(text, { restricted: true }));
  return div;
};

describe('markdown, restricted mode (chat messages)', () => {
  it('keeps bold, italics, lists, links, inline code and line breaks', () => {
    const div = html('**bold** and *it*\nnext line `code`\n\n- one\n- two\n\n1. first\n\n[site](https://example.com)');
    expect(div.querySelector('strong')!.textContent).to.equal('bold');
    expect(div.querySelector('em')!.textContent).to.equal('it');
    expect(div.querySelector('br'), 'a single newline breaks the line').to.not.equal(null);
    expect(div.querySelector('code')!.textContent).to.equal('code');
    expect(div.querySelectorAll('ul li')).to.have.length(2);
    expect(div.querySelectorAll('ol li')).to.have.length(1);
    const a = div.querySelector('a')!;
    expect(a.getAttribute('href')).to.equal('https://example.com/');
    expect(a.rel).to.equal('noopener noreferrer');
  });

  it('shows no headings, images, code blocks, tables or raw HTML: their text only', () => {
    const div = html(
      '# Title\n\n![a cat](https://example.com/cat.png)\n\n```\nblock\n```\n\n<b>raw</b>\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(div.querySelector('h1, h2, h3, h4, h5, h6, img, pre, table, b')).to.equal(null);
    expect(div.textContent).to.contain('Title').and.contain('a cat').and.contain('block').and.contain('<b>raw</b>');
  });

  it('the XSS corpus leaves no script, handler or unsafe URL', () => {
    for (const vector of [...MARKDOWN_IT_XSS, ...OWN_VECTORS]) {
      const div = html(vector);
      expect(div.querySelector('script, iframe, object, embed, img, svg, style')).to.equal(null);
      for (const el of div.querySelectorAll('*')) {
        for (const attr of el.attributes) expect(attr.name.startsWith('on'), attr.name).to.equal(false);
        if (el instanceof HTMLAnchorElement) expect(el.protocol).to.match(/^(https?|mailto|tel):$/);
      }
    }
  });
});
