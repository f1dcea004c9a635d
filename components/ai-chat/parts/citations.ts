import type { AssistantMessage, ChatMessage, CitedSource } from '../../../src/model/ai/messages.js';
import type { AiCitationDetail } from '../events.js';

/** The id of source `n` of answer `messageId` in the thread (the sources list's items carry it). */
export const citationId = (messageId: string, n: number) => `cite-${messageId}-${n}`;

const MARKER = /\[(\d{1,2})\]/g;
/** The same without the global flag: `test` on a global pattern keeps its position between calls. */
const HAS_MARKER = /\[\d{1,2}\]/;

/**
 * Turns `[n]` markers in a finished answer into links to its sources: a small button described by
 * the source's list item (title and preview, read on focus) with the title shown on hover and focus,
 * which opens the sources and moves to the item. Markers inside code, links or buttons stay text, and
 * so do markers with no source of that number. Built node by node; nothing is parsed.
 */
export function linkCitations(root: Element, messageId: string, sources: readonly CitedSource[]): void {
  if (!sources.length) return;
  const byNumber = new Map(sources.map((s) => [s.citation, s]));
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest('pre, code, a, button, .md-chrome')
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (HAS_MARKER.test((node as Text).data)) texts.push(node as Text);
  for (const text of texts) {
    const fragment = doc.createDocumentFragment();
    let last = 0;
    for (const match of text.data.matchAll(MARKER)) {
      const source = byNumber.get(Number(match[1]));
      if (!source) continue;
      fragment.append(text.data.slice(last, match.index));
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = 'cite';
      button.textContent = match[1]!;
      button.dataset['preview'] = source.title;
      button.setAttribute('aria-describedby', citationId(messageId, source.citation));
      button.addEventListener('click', () => {
        // The page (a viewer showing the cited document) may bring the cited passage into view.
        button.dispatchEvent(
          new CustomEvent<AiCitationDetail>('sportello-citation', {
            bubbles: true,
            composed: true,
            detail: { citation: source.citation, source },
          }),
        );
        openSource(root, messageId, source.citation);
      });
      fragment.append(button);
      last = match.index + match[0].length;
    }
    if (!last) continue;
    fragment.append(text.data.slice(last));
    text.replaceWith(fragment);
  }
}

/** Opens the answer's sources and brings the cited one into view, with the focus on it. */
function openSource(root: Element, messageId: string, n: number): void {
  const item = (root.getRootNode() as ShadowRoot | Document).getElementById?.(citationId(messageId, n));
  const details = item?.closest('details');
  if (details) details.open = true;
  item?.focus();
}

/**
 * Sources come at the end of an answer: its markers are linked once it is finished, and once the
 * thread has rendered its sources list (whose items describe the markers). Each answer once.
 */
export class CitationLinks {
  private readonly linked = new WeakSet<AssistantMessage>();

  /** After a render of the panel: `rootOf` an answer's rendered markdown, `threadReady` the thread's next render. */
  update(
    messages: readonly ChatMessage[],
    rootOf: (id: string) => Element | undefined,
    threadReady: Promise<unknown> | undefined,
  ): void {
    const pending = messages.filter(
      (m): m is AssistantMessage =>
        m.role === 'assistant' && m.status === 'done' && m.sources.length > 0 && !this.linked.has(m),
    );
    if (!pending.length) return;
    void threadReady?.then(() => {
      for (const message of pending) {
        const root = rootOf(message.id);
        if (!root || this.linked.has(message)) continue;
        this.linked.add(message);
        linkCitations(root, message.id, message.sources);
      }
    });
  }
}
