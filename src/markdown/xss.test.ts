import { expect } from '@open-wc/testing';
import { MarkdownView, renderMarkdown } from './index.js';
import { MARKDOWN_IT_XSS, OWN_VECTORS } from './xss-vectors.js';

const ALLOWED_TAGS = new Set([
  'DIV',
  'P',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'PRE',
  'CODE',
  'BLOCKQUOTE',
  'UL',
  'OL',
  'LI',
  'SPAN',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
  'HR',
  'STRONG',
  'EM',
  'DEL',
  'BR',
  'A',
  'IMG',
]);
const ALLOWED_ATTRS = new Set([
  'class',
  'href',
  'target',
  'rel',
  'title',
  'src',
  'alt',
  'loading',
  'decoding',
  'referrerpolicy',
  'start',
  'scope',
  'tabindex',
]);

declare global {
  interface Window {
    __xss?: number;
  }
}

/** Every way a rendered tree could run script: unknown tags or attributes, on*, bad URLs. */
const NEVER_TAGS = new Set([
  'SCRIPT',
  'IFRAME',
  'FRAME',
  'OBJECT',
  'EMBED',
  'STYLE',
  'FORM',
  'INPUT',
  'BUTTON',
  'SVG',
  'MATH',
  'META',
  'LINK',
  'BASE',
  'TEMPLATE',
  'VIDEO',
  'AUDIO',
  'SOURCE',
]);

function assertInert(root: ParentNode, input: string, format: 'markdown' | 'html' = 'markdown'): void {
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const tag = el.tagName.toUpperCase();
    expect(NEVER_TAGS.has(tag), `tag <${tag}> from ${JSON.stringify(input)}`).to.equal(false);
    if (format === 'markdown')
      expect(ALLOWED_TAGS.has(tag), `tag <${tag}> from ${JSON.stringify(input)}`).to.equal(true);
    for (const attr of Array.from(el.attributes)) {
      if (format === 'markdown')
        expect(ALLOWED_ATTRS.has(attr.name), `attribute ${attr.name} from ${JSON.stringify(input)}`).to.equal(true);
      expect(attr.name.toLowerCase().startsWith('on'), `attribute ${attr.name}`).to.equal(false);
      // Only the builder's own scroll containers are focusable, and only in page order.
      if (attr.name === 'tabindex') expect(attr.value).to.equal('0');
      expect(attr.name.toLowerCase(), `attribute ${attr.name}`).not.to.be.oneOf([
        'style',
        'srcdoc',
        'formaction',
        'action',
        'xlink:href',
      ]);
      expect(attr.value.toLowerCase().replace(/\s/g, ''), `attribute ${attr.name}`).not.to.match(
        /^(javascript|vbscript|data):/,
      );
    }
    const href = el.getAttribute('href');
    if (href !== null) {
      expect(new URL(href).protocol, `href ${href}`).to.be.oneOf(['http:', 'https:', 'mailto:', 'tel:']);
      expect(el.getAttribute('rel')).to.equal('noopener noreferrer');
      expect(el.getAttribute('target')).to.equal('_blank');
    }
    const src = el.getAttribute('src');
    if (src !== null) expect(new URL(src).protocol, `src ${src}`).to.be.oneOf(['http:', 'https:']);
  }
}

async function renderAttached(input: string, format: 'markdown' | 'html' = 'markdown'): Promise<HTMLElement> {
  const host = document.createElement('div');
  document.body.append(host);
  host.append(renderMarkdown(input, { format }));
  // Give an injected onerror/onload a chance to fire.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return host;
}

describe('markdown renderer: XSS', () => {
  beforeEach(() => {
    window.__xss = undefined;
  });

  afterEach(() => {
    expect(window.__xss, 'a payload ran').to.equal(undefined);
  });

  describe('markdown-it xss.txt fixtures', () => {
    for (const input of MARKDOWN_IT_XSS) {
      it(JSON.stringify(input), async () => {
        const host = await renderAttached(input);
        assertInert(host, input);
        host.remove();
      });
    }

    it('turns the dangerous fixtures into text, keeps the harmless ones as links', async () => {
      const host = await renderAttached(
        '[xss link](javascript:alert(1))\n\n[normal link](/javascript:link)\n\n[x](&#74;avascript:alert(1))',
      );
      const links = host.querySelectorAll('a');
      expect(links.length).to.equal(1);
      expect(links[0]!.textContent).to.equal('normal link');
      expect(host.textContent).to.contain('xss link');
      host.remove();
    });

    it('drops data: images and keeps their alt text', async () => {
      const host = await renderAttached(
        '![pixel](data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7)',
      );
      expect(host.querySelector('img')).to.equal(null);
      expect(host.textContent).to.contain('pixel');
      host.remove();
    });
  });

  describe(`${OWN_VECTORS.length} more vectors (markdown)`, () => {
    for (const input of OWN_VECTORS) {
      it(JSON.stringify(input), async () => {
        const host = await renderAttached(input);
        assertInert(host, input);
        // Raw HTML is text: the markup the attacker typed is visible, not interpreted.
        if (input.startsWith('<script>')) expect(host.textContent).to.contain('<script>');
        host.remove();
      });
    }
  });

  describe('the same vectors as html answers (DOMPurify)', () => {
    it('leaves nothing executable in any of them', async () => {
      for (const input of [...MARKDOWN_IT_XSS, ...OWN_VECTORS]) {
        const host = await renderAttached(input, 'html');
        assertInert(host, input, 'html');
        host.remove();
      }
    });
  });

  it('streamed in one-character chunks, no intermediate render is ever unsafe', async () => {
    for (const input of OWN_VECTORS.slice(0, 25)) {
      const frames: Array<() => void> = [];
      const view = new MarkdownView({ schedule: (cb) => frames.push(cb) });
      document.body.append(view.root);
      for (const char of input) {
        view.append(char);
        frames.splice(0).forEach((cb) => cb());
        assertInert(view.root, input);
      }
      view.finish();
      assertInert(view.root, input);
      view.root.remove();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
