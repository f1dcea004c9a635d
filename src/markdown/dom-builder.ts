import type { Token, Tokens } from 'marked';
import { decodeEntities } from './entities.js';
import { pageLinkUrl, safeImageUrl, safeLinkUrl } from './safe-url.js';
import { lexBlock, type LexedBlock, type Definitions } from './lexer.js';

/**
 * Turns marked tokens into DOM nodes with createElement / createTextNode only. No string of
 * markup is ever parsed, so nothing from the answer can become an element, attribute or URL we
 * did not choose: raw HTML tokens become text, links and images pass the URL allow-list.
 */

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

/** What building one block gives: its nodes, and what lexing it learnt about definitions. */
export interface BuiltBlock extends Omit<LexedBlock, 'tokens' | 'inline'> {
  nodes: Node[];
}

/** Renders one block of markdown (see blocks.ts) into `parent`, after `before` if given (else at the end). */
export function appendMarkdownBlock(
  parent: Node,
  markdown: string,
  options: BlockOptions = {},
  definitions?: Definitions,
  before: Node | null = null,
): BuiltBlock {
  const { tokens, defined, unresolved, inline } = lexBlock(markdown, options.restricted, definitions);
  const builder = new DomBuilder(options, inline);
  const fragment = builder.doc.createDocumentFragment();
  builder.blocks(fragment, tokens);
  const nodes = Array.from(fragment.childNodes);
  parent.insertBefore(fragment, before);
  return { nodes, defined, unresolved };
}

class DomBuilder {
  readonly doc: Document;
  private readonly headingLevel: number;
  private readonly openTail: string | undefined;
  private readonly restricted: boolean;
  /** Inside a link's words: a link there would be a link in a link, so it keeps its words only. */
  private inLink = false;

  constructor(
    options: BlockOptions,
    private readonly lexInline: (text: string) => Token[],
  ) {
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

  /**
   * Block tokens in order. Text tokens (the words of a list item) that follow each other are one
   * run of text, lines apart; in a loose list item (blank lines between its parts) that run is a
   * paragraph, so the parts do not run together.
   */
  blocks(parent: Node, tokens: readonly Token[], loose = false): void {
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (token.type !== 'text') {
        this.block(parent, token);
        continue;
      }
      const run = loose ? this.el(parent, 'p') : parent;
      this.blockText(run, token as Tokens.Text);
      while (tokens[i + 1]?.type === 'text') {
        this.text(run, '\n');
        this.blockText(run, tokens[++i] as Tokens.Text);
      }
    }
  }

  private blockText(parent: Node, text: Tokens.Text): void {
    if (text.tokens) this.inline(parent, text.tokens);
    else this.text(parent, decodeEntities(text.text));
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
        // The info string's first word names the language (a class: no character of it is markup).
        const lang =
          decodeEntities(code.lang ?? '')
            .trim()
            .split(/\s+/)[0] ?? '';
        if (lang && lang.length <= 32) inner.className = `language-${lang}`;
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
      case 'text':
        // Block-level text: the words of a list item (see `blocks`).
        this.blockText(parent, token as Tokens.Text);
        return;
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
      this.blocks(li, item.tokens, item.loose);
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
    if (!bare && this.notALink(parent, link)) return;
    // `[](url)`: no words, nothing to click and no name to announce (an empty link fails WCAG 2.4.4).
    if (!link.tokens.length) return;
    const cut = bare && this.openTail !== undefined && this.openTail.endsWith(link.raw);
    // An empty destination (`[words]()`) is the page itself, as `href=""` would be.
    const href = cut || this.inLink ? null : link.href === '' ? pageLinkUrl() : safeLinkUrl(link.href);
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
    this.inLink = true;
    this.inline(anchor, link.tokens);
    this.inLink = false;
  }

  /**
   * CommonMark: a link never contains a link; of two nested ones the inner one is the link. marked
   * makes the outer one a link too: it is shown as the text it is, `[`, its words (with the inner
   * link) and what followed them, read again (`][ref]` may hold a reference of its own).
   */
  private notALink(parent: Node, link: Tokens.Link): boolean {
    const opening = `[${link.text}]`;
    if (
      !link.raw.startsWith(opening) ||
      !link.tokens.some(function holds(token: Token): boolean {
        return token.type === 'link' || ('tokens' in token && Array.isArray(token.tokens) && token.tokens.some(holds));
      })
    )
      return false;
    this.text(parent, '[');
    this.inline(parent, link.tokens);
    this.inline(parent, this.lexInline(link.raw.slice(opening.length - 1)));
    return true;
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
