import { noChange, nothing } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';
import type { MarkdownView } from '../../src/markdown/markdown-view.js';

/**
 * `<div ${markdownView(view)}></div>`: puts a MarkdownView's root inside the element once. Lit
 * never re-renders its content: the view updates its own nodes, which is what makes streaming cheap.
 */
class MarkdownViewDirective extends Directive {
  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('markdownView() must be used as an element binding');
  }

  override render(_view: MarkdownView) {
    return nothing;
  }

  override update(part: ElementPart, [view]: [MarkdownView]) {
    const host = part.element;
    if (view.root.parentNode !== host) host.replaceChildren(view.root);
    return noChange;
  }
}

export const markdownView = directive(MarkdownViewDirective);
