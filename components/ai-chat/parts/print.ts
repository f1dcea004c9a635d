/**
 * The conversation on paper (the browser's print dialog, or its "Save as PDF"): the panel's title
 * and the date, then each question (with the names of its files) and answer in order, each answer
 * as the panel shows it, with its sources. It prints from a frame of its own inside the panel, so
 * neither the page around the panel nor the page's styles reach the paper.
 *
 * Built with DOM calls, never an HTML string: an answer is a copy of its rendering, which the one
 * sanitising renderer made; the frame's styles are a constructed stylesheet. The strict CSP and
 * Trusted Types allow all of it (the frame is `about:blank`: nothing is loaded).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatMessage } from '../../../src/model/ai/messages.js';
import type { ExportWords } from './export.js';

/** Paper, not screen: black on white, the answers' own structure, no controls. */
const PRINT_CSS = `
  @page { margin: 18mm 16mm; }
  body { font: 11pt/1.5 system-ui, sans-serif; color: #000; background: #fff; margin: 0; }
  h1 { font-size: 16pt; margin: 0 0 2pt; }
  .date { color: #444; margin: 0 0 14pt; }
  section { margin: 0 0 12pt; break-inside: auto; }
  h2 { font-size: 10pt; margin: 0 0 2pt; color: #444; break-after: avoid; }
  .question { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; font-weight: 600; }
  .files { font-style: italic; color: #444; margin: 2pt 0 0; }
  .answer { overflow-wrap: anywhere; }
  .answer > :first-child, .answer .md-group > :first-child { margin-top: 0; }
  .answer pre { white-space: pre-wrap; border: 1px solid #999; padding: 6pt; }
  .answer table { border-collapse: collapse; }
  .answer th, .answer td { border: 1px solid #999; padding: 2pt 6pt; text-align: start; }
  .answer img { max-width: 100%; }
  .answer h1, .answer h2, .answer h3, .answer h4 { font-size: 12pt; margin: 8pt 0 4pt; }
  /* Controls have no use on paper; a citation stays, as the number of its source below. */
  .answer button:not(.cite), .answer [aria-hidden="true"] { display: none; }
  .answer button.cite { all: unset; font-size: 0.75em; vertical-align: super; }
  .answer button.cite::before { content: "["; }
  .answer button.cite::after { content: "]"; }
  .sources-title { font-size: 10pt; margin: 6pt 0 2pt; }
  .sources { margin: 0; padding-inline-start: 18pt; }
  a { color: inherit; }
`;

export interface PrintInputs {
  messages: readonly ChatMessage[];
  words: ExportWords;
  /** The answer's rendering as the panel shows it (copied, not moved), or undefined for its text. */
  rendered(id: string): Node | undefined;
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The frame's name for assistive technology (it is never on screen). */
  frameTitle: string;
}

/** Fills the frame's document with the conversation. Exported for its test. */
export function writeConversation(doc: Document, inputs: PrintInputs): void {
  const { words } = inputs;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) => {
    const node = doc.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  doc.documentElement.lang = inputs.lang;
  doc.documentElement.dir = inputs.dir;
  doc.title = words.title;
  const body = doc.body;
  body.replaceChildren(el('h1', undefined, words.title), el('p', 'date', words.date));
  for (const m of inputs.messages) {
    const section = el('section');
    if (m.role === 'user') {
      section.className = 'user';
      section.append(el('h2', undefined, words.you), el('p', 'question', m.text.trim()));
      if (m.files.length) section.append(el('p', 'files', words.files(m.files.join(', '))));
      body.append(section);
      continue;
    }
    const rendered = inputs.rendered(m.id);
    if (!m.text.trim() && !rendered?.textContent?.trim()) continue;
    section.className = 'assistant';
    const answer = el('div', 'answer');
    if (rendered) answer.append(doc.importNode(rendered, true));
    else answer.append(el('p', undefined, m.text.trim()));
    section.append(el('h2', undefined, words.assistant), answer);
    if (m.sources.length) {
      const list = el('ol', 'sources');
      for (const s of m.sources) {
        const item = el('li');
        item.value = s.citation;
        const url = typeof s.metadata?.url === 'string' && /^https?:\/\//i.test(s.metadata.url) ? s.metadata.url : '';
        if (url) {
          const a = el('a', undefined, s.title);
          a.href = url;
          a.rel = 'noopener noreferrer';
          item.append(a, ` (${url})`);
        } else item.textContent = s.title;
        list.append(item);
      }
      section.append(el('h3', 'sources-title', words.sources), list);
    }
    body.append(section);
  }
  const sheet = new (doc.defaultView as Window & typeof globalThis).CSSStyleSheet();
  sheet.replaceSync(PRINT_CSS);
  doc.adoptedStyleSheets = [sheet];
}

/**
 * Prints through a frame in the panel's root. The frame stays until the browser says the printing
 * is over (`afterprint`), the next print, or `dispose()`: some browsers show the dialog after
 * `print()` has returned and would lose a frame removed at once.
 */
export class ConversationPrinter implements ReactiveController {
  private frame: HTMLIFrameElement | undefined;

  constructor(private readonly host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment }) {
    host.addController(this);
  }

  /** The panel left the page: its frame goes with it. */
  hostDisconnected(): void {
    this.dispose();
  }

  print(inputs: PrintInputs): void {
    this.dispose();
    const frame = document.createElement('iframe');
    frame.className = 'print-frame';
    frame.title = inputs.frameTitle;
    frame.tabIndex = -1;
    this.host.renderRoot.append(frame);
    const win = frame.contentWindow;
    if (!win) {
      frame.remove();
      return;
    }
    this.frame = frame;
    writeConversation(win.document, inputs);
    win.addEventListener('afterprint', () => this.frame === frame && this.dispose(), { once: true });
    win.print();
  }

  dispose(): void {
    this.frame?.remove();
    this.frame = undefined;
  }
}
