import { Lexer, type Token, type Tokens, type MarkedOptions } from 'marked';
import { decodeEntities } from './entities.js';
import { safeImageUrl, safeLinkUrl } from './safe-url.js';

/**
 * Turns marked tokens into DOM nodes with createElement / createTextNode only. No string of
 * markup is ever parsed, so nothing from the answer can become an element, attribute or URL we
 * did not choose: raw HTML tokens become text, links and images pass the URL allow-list.
 */

const LEXER_OPTIONS: MarkedOptions = { gfm: true, breaks: false, pedantic: false };

export interface BuildOptions {
  /**
   * The element level every markdown heading gets (default 3). One level for all: a streamed answer
   * cannot know its deepest heading in advance, and `###` right under the page's h2 would skip a
   * level (axe heading-order). The markdown depth stays visible as class `md-h1` … `md-h6`.
   */
  headingLevel?: number;
  /** Owner document of the created nodes (tests may pass another). */
  document?: Document;
  /**
   * Chat messages: bold, italics, lists, links, inline code and line breaks only. Headings, code
   * blocks, quotes, tables and rules become paragraphs of their text; images become their alt text;
   * a single newline is a line break. Raw HTML stays text, as everywhere.
   */
  restricted?: boolean;
}

interface BlockOptions extends BuildOptions {
  /** Source of a block still receiving text: a bare URL at its very end may be cut, so it stays text. */
  openTail?: string;
}

const RESTRICTED_LEXER_OPTIONS: MarkedOptions = { ...LEXER_OPTIONS, breaks: true };

export function lexBlock(markdown: string, restricted = false) {
  return new Lexer(restricted ? RESTRICTED_LEXER_OPTIONS : LEXER_OPTIONS).lex(markdown);
}

/** Renders one block of markdown (see blocks.ts) into `parent`, returning the nodes appended. */
export function appendMarkdownBlock(parent: Node, markdown: string, options: BlockOptions = {}): Node[] {
  const builder = new DomBuilder(options);
  const fragment = builder.doc.createDocumentFragment();
  builder.blocks(fragment, lexBlock(markdown, options.restricted));
  const nodes = Array.from(fragment.childNodes);
  parent.appendChild(fragment);
  return nodes;
}

class DomBuilder {
  readonly doc: Document;
  private readonly headingLevel: number;
  private readonly openTail: string | undefined;
  private readonly restricted: boolean;

  constructor(options: BlockOptions) {
    this.restricted = options.restricted === true;
    this.doc = options.document ?? document;
    this.headingLevel = Math.min(6, Math.max(1, Math.round(options.headingLevel ?? 3)));
    this.openTail = options.openTail;
  }

  private el<K extends keyof HTMLElementTagNameMap>(
    parent: Node,
    tag: K,
    className?: string,
  ): HTMLElementTagNameMap[K] {
    const node = this.doc.createElement(tag);
    if (className) node.className = className;
    parent.appendChild(node);
    return node;
  }

  private text(parent: Node, value: string): void {
    if (value) parent.appendChild(this.doc.createTextNode(value));
  }

  blocks(parent: Node, tokens: readonly Token[]): void {
    for (const token of tokens) this.block(parent, token);
  }

  private block(parent: Node, token: Token): void {
    if (this.restricted && this.restrictedBlock(parent, token)) return;
    switch (token.type) {
      case 'space':
      case 'def':
        return;
      case 'paragraph':
        this.inline(this.el(parent, 'p'), (token as Tokens.Paragraph).tokens);
        return;
      case 'heading': {
        const heading = token as Tokens.Heading;
        // `## ` whose words have not arrived yet: an empty heading until they do (axe empty-heading).
        if (this.openTail !== undefined && !heading.text.trim()) return;
        this.inline(this.el(parent, `h${this.headingLevel}` as 'h1', `md-h${heading.depth}`), heading.tokens);
        return;
      }
      case 'code': {
        const code = token as Tokens.Code;
        const pre = this.el(parent, 'pre');
        // A long line scrolls sideways: the block takes the focus so the keyboard can scroll it.
        pre.tabIndex = 0;
        const inner = this.el(pre, 'code');
        const lang = (code.lang ?? '').trim().split(/\s+/)[0] ?? '';
        if (/^[\w+#.-]{1,32}$/.test(lang)) inner.className = `language-${lang}`;
        this.text(inner, code.text);
        return;
      }
      case 'blockquote':
        this.blocks(this.el(parent, 'blockquote'), (token as Tokens.Blockquote).tokens);
        return;
      case 'list':
        this.list(parent, token as Tokens.List);
        return;
      case 'table':
        this.table(parent, token as Tokens.Table);
        return;
      case 'hr':
        this.el(parent, 'hr');
        return;
      case 'html':
        // Raw HTML is shown as the text it is, never interpreted.
        this.text(this.el(parent, 'p', 'md-raw'), (token as Tokens.HTML).text.replace(/\n+$/, ''));
        return;
      case 'text': {
        // Block-level text appears in tight list items; it carries inline tokens.
        const text = token as Tokens.Text;
        if (text.tokens) this.inline(parent, text.tokens);
        else this.text(parent, decodeEntities(text.text));
        return;
      }
      default:
        // Unknown token types (extensions): show their source text rather than lose it.
        if ('raw' in token && typeof token.raw === 'string') this.text(this.el(parent, 'p'), token.raw);
    }
  }

  /** What the restricted mode shows instead of a block it does not allow; false: the block is allowed. */
  private restrictedBlock(parent: Node, token: Token): boolean {
    switch (token.type) {
      case 'heading':
        this.inline(this.el(parent, 'p'), (token as Tokens.Heading).tokens);
        return true;
      case 'code':
        this.text(this.el(this.el(parent, 'p'), 'code'), (token as Tokens.Code).text);
        return true;
      case 'blockquote':
        this.blocks(parent, (token as Tokens.Blockquote).tokens);
        return true;
      case 'table':
      case 'hr':
        if ('raw' in token && typeof token.raw === 'string' && token.raw.trim())
          this.text(this.el(parent, 'p'), token.raw.trim());
        return true;
      default:
        return false;
    }
  }

  private list(parent: Node, list: Tokens.List): void {
    const node = this.el(parent, list.ordered ? 'ol' : 'ul');
    const start = typeof list.start === 'number' ? list.start : Number.parseInt(String(list.start), 10);
    if (list.ordered && Number.isFinite(start) && start !== 1) node.setAttribute('start', String(start));
    for (const item of list.items) {
      const li = this.el(node, 'li');
      if (item.task) {
        li.className = 'md-task';
        // A character, not a disabled checkbox: nothing to operate, nothing unlabelled.
        this.text(this.el(li, 'span', 'md-check'), item.checked ? '☑ ' : '☐ ');
      }
      this.blocks(li, item.tokens);
    }
  }

  private table(parent: Node, table: Tokens.Table): void {
    const wrapper = this.el(parent, 'div', 'md-table');
    // A wide table scrolls sideways in its wrapper: focusable, so the keyboard can scroll it too.
    wrapper.tabIndex = 0;
    const node = this.el(wrapper, 'table');
    const headRow = this.el(this.el(node, 'thead'), 'tr');
    table.header.forEach((cell) => this.cell(headRow, 'th', cell));
    if (table.rows.length) {
      const body = this.el(node, 'tbody');
      for (const row of table.rows) {
        const tr = this.el(body, 'tr');
        row.forEach((cell) => this.cell(tr, 'td', cell));
      }
    }
  }

  private cell(row: Node, tag: 'th' | 'td', cell: Tokens.TableCell): void {
    // Alignment by class: a style attribute would be an inline style, refused by a strict CSP.
    const node = this.el(row, tag, cell.align ? `md-align-${cell.align}` : undefined);
    if (tag === 'th') node.setAttribute('scope', 'col');
    this.inline(node, cell.tokens);
  }

  private inline(parent: Node, tokens: readonly Token[] | undefined): void {
    if (!tokens) return;
    for (const token of tokens) this.inlineToken(parent, token);
  }

  private inlineToken(parent: Node, token: Token): void {
    switch (token.type) {
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens?.length) this.inline(parent, text.tokens);
        else this.text(parent, decodeEntities(text.text));
        return;
      }
      case 'escape':
        this.text(parent, (token as Tokens.Escape).text);
        return;
      case 'strong':
        this.inline(this.el(parent, 'strong'), (token as Tokens.Strong).tokens);
        return;
      case 'em':
        this.inline(this.el(parent, 'em'), (token as Tokens.Em).tokens);
        return;
      case 'del':
        this.inline(this.el(parent, 'del'), (token as Tokens.Del).tokens);
        return;
      case 'codespan':
        this.text(this.el(parent, 'code'), (token as Tokens.Codespan).text);
        return;
      case 'br':
        this.el(parent, 'br');
        return;
      case 'html':
        this.text(parent, (token as Tokens.Tag).text);
        return;
      case 'link':
        this.link(parent, token as Tokens.Link);
        return;
      case 'image':
        if (this.restricted) this.text(parent, decodeEntities((token as Tokens.Image).text ?? ''));
        else this.image(parent, token as Tokens.Image);
        return;
      default:
        if ('raw' in token && typeof token.raw === 'string') this.text(parent, token.raw);
    }
  }

  private link(parent: Node, link: Tokens.Link): void {
    // GFM autolinks a bare `https://exa` that is still arriving: until more text comes it is text.
    const bare = !link.raw.startsWith('[') && !link.raw.startsWith('<');
    const cut = bare && this.openTail !== undefined && this.openTail.endsWith(link.raw);
    const href = cut ? null : safeLinkUrl(link.href);
    if (!href) {
      // A refused URL keeps the words, loses the link.
      this.inline(parent, link.tokens);
      return;
    }
    const anchor = this.el(parent, 'a');
    anchor.setAttribute('href', href);
    anchor.setAttribute('target', '_blank');
    anchor.setAttribute('rel', 'noopener noreferrer');
    if (link.title) anchor.setAttribute('title', decodeEntities(link.title));
    this.inline(anchor, link.tokens);
  }

  private image(parent: Node, image: Tokens.Image): void {
    const src = safeImageUrl(image.href);
    const alt = decodeEntities(image.text ?? '');
    if (!src) {
      this.text(parent, alt);
      return;
    }
    const img = this.el(parent, 'img');
    img.setAttribute('src', src);
    img.setAttribute('alt', alt);
    img.setAttribute('loading', 'lazy');
    img.setAttribute('decoding', 'async');
    img.setAttribute('referrerpolicy', 'no-referrer');
    if (image.title) img.setAttribute('title', decodeEntities(image.title));
  }
}
