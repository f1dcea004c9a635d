/**
 * Syntax highlighting for the answers' code blocks, loaded the first time an answer has one:
 * highlight.js's common languages through lowlight, which returns a tree (hast), not an HTML
 * string. The tree becomes DOM here with createElement/createTextNode only — spans and their
 * `hljs-*` classes — so nothing is parsed as HTML and the strict CSP with Trusted Types holds.
 */
import { common, createLowlight } from 'lowlight';

/** The part of a hast node the builder reads. */
interface HastNode {
  type: string;
  value?: string;
  properties?: { className?: unknown };
  children?: HastNode[];
}

const lowlight = createLowlight(common);

function build(parent: Node, nodes: readonly HastNode[], doc: Document): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      parent.appendChild(doc.createTextNode(node.value ?? ''));
    } else if (node.type === 'element') {
      const span = doc.createElement('span');
      const names = node.properties?.className;
      // Only the highlighter's own classes (hljs-keyword, …): nothing from the code becomes an attribute.
      const classes = Array.isArray(names)
        ? names.filter((c): c is string => typeof c === 'string' && /^hljs-[\w-]+$/.test(c))
        : [];
      if (classes.length) span.className = classes.join(' ');
      build(span, node.children ?? [], doc);
      parent.appendChild(span);
    } else if (node.children) {
      build(parent, node.children, doc);
    }
  }
}

/** Highlights `code` in place when its language is known; its text stays exactly the same. */
export function highlightElement(code: HTMLElement, language: string): boolean {
  const name = language.toLowerCase();
  if (!lowlight.registered(name)) return false;
  const text = code.textContent ?? '';
  const tree = lowlight.highlight(name, text);
  const fragment = code.ownerDocument.createDocumentFragment();
  build(fragment, tree.children as HastNode[], code.ownerDocument);
  if (fragment.textContent !== text) return false; // never show other text than the answer's
  code.replaceChildren(fragment);
  code.classList.add('hljs');
  return true;
}
