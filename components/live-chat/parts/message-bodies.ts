/**
 * How a message's text is shown in the live chat's thread: what operators and bots write goes
 * through the kit's one sanitising markdown renderer in its restricted mode (bold, italics, lists,
 * links, inline code, line breaks); the visitor's own text, and system lines, stay plain text with
 * links. The renderer (with its markdown parser) is fetched the first time a message needs it.
 */
import type { ChatListItem } from '../../shared/message-list.js';
import { linkify } from '../../shared/linkify.js';
import { plainText } from '../../../src/markdown/plain-text.js';

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

  /**
   * The list's `spokenText`: what a screen reader hears of a message, the rendered markdown's plain
   * text (never its `**` and `_`), once the renderer is here.
   */
  spoken = (item: ChatListItem): string | Promise<string> => {
    if (item.role !== 'other' || !MARKDOWN_HINT.test(item.text)) return item.text;
    if (this.renderer) return this.plain(item);
    return this.load().then(() => (this.renderer ? this.plain(item) : item.text));
  };

  private plain(item: ChatListItem): string {
    const node = this.rendered.get(item) ?? this.renderBodyOf(item);
    return plainText(node);
  }

  private renderBodyOf(item: ChatListItem): HTMLElement {
    const node = document.createElement('div');
    node.className = 'md';
    node.append(this.renderer!.renderMarkdown(item.text, { restricted: true }));
    this.rendered.set(item, node);
    return node;
  }

  private body(item: ChatListItem): unknown {
    if (item.role !== 'other' || !MARKDOWN_HINT.test(item.text)) return linkify(item.text);
    if (!this.renderer) {
      void this.load();
      return linkify(item.text);
    }
    return this.rendered.get(item) ?? this.renderBodyOf(item);
  }

  /** Rendered answers from the knowledge base, by key (built once each). */
  private readonly documents = new Map<string, HTMLElement>();

  /**
   * A text from the AI service's knowledge (an answer before a chat): its markdown through the same
   * sanitising renderer, whole (headings, lists, links), once it has arrived; plain text with links
   * until then.
   */
  document(key: string, text: string): unknown {
    if (!this.renderer) {
      void this.load();
      return linkify(text);
    }
    let node = this.documents.get(key);
    if (!node) {
      node = document.createElement('div');
      node.className = 'md';
      node.append(this.renderer.renderMarkdown(text));
      this.documents.set(key, node);
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
