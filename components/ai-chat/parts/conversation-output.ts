/**
 * The conversation taken away by the visitor, from the panel's header: saved as a Markdown file
 * (export.ts) or printed on its own (print.ts), both in the visitor's language and built in the
 * browser (nothing goes to a server).
 */
import type { ReactiveControllerHost } from 'lit';
import { formatDate } from '../../../src/i18n/format.js';
import type { ChatMessage } from '../../../src/model/ai/messages.js';
import { saveBlob } from '../../shared/save-blob.js';
import type { AnswerViews } from './answer-views.js';
import { conversationMarkdown, exportFileName, type ExportWords } from './export.js';
import { ConversationPrinter } from './print.js';
import type { AiChatStringKey } from '../strings.js';

export interface OutputHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly language: string;
}

export interface OutputInputs {
  messages(): readonly ChatMessage[];
  /** The panel's heading (the page's, else the kit's). */
  title(): string;
  s(key: AiChatStringKey, params?: Record<string, string>): string;
  /** Said by the panel's polite live region. */
  announce(text: string): void;
  views: AnswerViews;
}

export class ConversationOutput {
  private readonly printer: ConversationPrinter;

  constructor(
    private readonly host: OutputHost,
    private readonly inputs: OutputInputs,
  ) {
    this.printer = new ConversationPrinter(host);
  }

  /** What the file and the printed pages call things, in the visitor's language. */
  private words(now: Date): ExportWords {
    const { s } = this.inputs;
    return {
      title: this.inputs.title(),
      date: formatDate(now, this.host.language),
      you: s('you'),
      assistant: s('assistant'),
      sources: s('exportSources'),
      files: (names) => s('exportFiles', { names }),
    };
  }

  /** Saves the conversation as Markdown and says so. */
  download(): void {
    const now = new Date();
    const name = exportFileName(now);
    const { views } = this.inputs;
    const markdown = conversationMarkdown(this.inputs.messages(), this.words(now), (id) => views.plainText(id));
    saveBlob(new Blob([markdown], { type: 'text/markdown;charset=utf-8' }), name, this.host.renderRoot);
    this.inputs.announce(this.inputs.s('exportDone', { name }));
  }

  /** The browser's print dialog for the conversation alone; the focus stays on the button. */
  print(): void {
    const { views } = this.inputs;
    this.printer.print({
      messages: this.inputs.messages(),
      words: this.words(new Date()),
      rendered: (id) => views.rendered(id),
      lang: this.host.language,
      dir: getComputedStyle(this.host).direction === 'rtl' ? 'rtl' : 'ltr',
      frameTitle: this.inputs.s('printConversation'),
    });
  }
}
