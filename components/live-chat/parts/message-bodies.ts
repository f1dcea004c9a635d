/**
 * How a message's text is shown in the live chat's thread: what operators and bots write goes
 * through the kit's one sanitising markdown renderer in its restricted mode (bold, italics, lists,
 * links, inline code, line breaks); the visitor's own text, and system lines, stay plain text with
 * links. The renderer (with its markdown parser) is fetched the first time a message needs it.
 */
import type { ChatListItem } from '../../shared/message-list.js';
import { linkify } from '../../shared/linkify.js';

type Renderer = typeof import('../../../src/markdown/markdown-view.js');

/** Markdown worth parsing: emphasis, code, a list, a link. Plain sentences are shown as they are. */
const MARKDOWN_HINT = /(\*\*?|__?|`)\S|^\s*(?:[-*+]|\d+[.)])\s+\S|\[[^\]\n]+\]\([^)\s]+\)/m;

export class MessageBodies {
  private renderer: Renderer | undefined;
  private loading: Promise<void> | undefined;
  private readonly rendered = new WeakMap<ChatListItem, HTMLElement>();

  /** `changed` runs once the renderer has arrived: the host hands the list a new `render`. */
  constructor(private readonly changed: () => void) {}

  /**
   * The list's `renderBody`. A new function once the renderer is in, so the list renders its rows
   * again (each row once: the result is kept per row).
   */
  render: (item: ChatListItem) => unknown = (item) => this.body(item);

  private body(item: ChatListItem): unknown {
    if (item.role !== 'other' || !MARKDOWN_HINT.test(item.text)) return linkify(item.text);
    if (!this.renderer) {
      void this.load();
      return linkify(item.text);
    }
    let node = this.rendered.get(item);
    if (!node) {
      node = document.createElement('div');
      node.className = 'md';
      node.append(this.renderer.renderMarkdown(item.text, { restricted: true }));
      this.rendered.set(item, node);
    }
    return node;
  }

  private load(): Promise<void> {
    return (this.loading ??= import('../../../src/markdown/markdown-view.js').then(
      (renderer) => {
        this.renderer = renderer;
        this.render = (item) => this.body(item);
        this.changed();
      },
      (error: unknown) => {
        // Offline or a CDN hiccup: the text stays plain; the next message tries again.
        this.loading = undefined;
        console.warn('[sportello] the markdown renderer could not be loaded:', error);
      },
    ));
  }
}
