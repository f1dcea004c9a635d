/**
 * Test support: compares a rendering with the HTML the CommonMark spec expects, the way the spec's
 * own test runner normalises (its `normalize.py`): whitespace collapsed outside `<pre>` and dropped
 * around block tags, attributes sorted, character references read as the characters they stand for.
 * On top of that, what our renderer adds by design is set aside: the heading level (`<h3
 * class="md-h1">` reads as `<h1>`), the focus and link-safety attributes, the table wrapper, and
 * URLs are compared resolved against the page, as our links carry them.
 */

const BLOCK_TAGS = new Set([
  'blockquote',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
]);
const VOID_TAGS = new Set(['br', 'hr', 'img']);
/** Attributes that carry meaning in the spec's output; the rest are ours (focus, safety, loading). */
const KEPT_ATTRIBUTES = new Set(['alt', 'href', 'src', 'start', 'title']);

type Piece = { tag: string; block: boolean; text?: undefined } | { text: string; pre: boolean };

function tagOfPiece(piece: Piece | undefined): string | undefined {
  return piece && piece.text === undefined ? piece.tag : undefined;
}

function resolved(url: string): string {
  try {
    return new URL(url, document.baseURI).href;
  } catch {
    return url;
  }
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function openTag(element: Element, tag: string): string {
  const attributes: string[] = [];
  for (const { name, value } of Array.from(element.attributes)) {
    const kept = KEPT_ATTRIBUTES.has(name) || (name === 'class' && tag === 'code' && value.startsWith('language-'));
    if (!kept) continue;
    const shown = name === 'href' || name === 'src' ? resolved(value) : value;
    attributes.push(`${name}="${escapeText(shown).replace(/"/g, '&quot;')}"`);
  }
  attributes.sort();
  return `<${[tag, ...attributes].join(' ')}>`;
}

/** Our heading `<h3 class="md-h2">` is a level-2 heading of the answer. */
function tagOf(element: Element): string {
  const tag = element.localName;
  const depth = /^md-h([1-6])$/.exec(element.className)?.[1];
  return /^h[1-6]$/.test(tag) && depth ? `h${depth}` : tag;
}

function walk(node: Node, pieces: Piece[], pre: boolean): void {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === Node.TEXT_NODE) {
      pieces.push({ text: child.nodeValue ?? '', pre });
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    // Our wrappers and chrome: a table's scrolling box is not part of the table.
    if (element.classList.contains('md-table') || element.classList.contains('md-group')) {
      walk(element, pieces, pre);
      continue;
    }
    const tag = tagOf(element);
    const block = BLOCK_TAGS.has(tag);
    pieces.push({ tag: openTag(element, tag), block });
    if (VOID_TAGS.has(tag)) continue;
    walk(element, pieces, pre || tag === 'pre');
    pieces.push({ tag: `</${tag}>`, block });
  }
}

/** The normalised form of a rendered tree (our DOM, or the spec's HTML parsed into a template). */
export function normaliseRendering(root: Node): string {
  const pieces: Piece[] = [];
  walk(root, pieces, false);
  let out = '';
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece.text === undefined) {
      out += piece.tag;
      continue;
    }
    if (piece.pre) {
      // A code block's last line ends in a newline in the spec's HTML, not in our text node.
      const last = tagOfPiece(pieces[i + 1]) === '</code>' && tagOfPiece(pieces[i + 2]) === '</pre>';
      out += escapeText(last ? piece.text.replace(/\n$/, '') : piece.text);
      continue;
    }
    let text = piece.text.replace(/\s+/g, ' ');
    const before = pieces[i - 1];
    const after = pieces[i + 1];
    // Around block tags, and after a line break, whitespace is layout only.
    if (!before || (before.text === undefined && (before.block || before.tag === '<br>'))) text = text.trimStart();
    if (!after || (after.text === undefined && after.block)) text = text.trimEnd();
    out += escapeText(text);
  }
  return out.replace(/ (?=<br>)/g, '');
}

/** The spec's expected HTML (or another library's output), normalised the same way. Test-only parse. */
export function normaliseHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return normaliseRendering(template.content);
}
