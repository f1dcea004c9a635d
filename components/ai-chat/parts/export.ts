/**
 * The conversation as a Markdown file the visitor keeps: the panel's title and the date, then each
 * question and answer in order, with the files a question carried and the sources an answer cited.
 * Answers are written as the service wrote them (markdown as is; an html answer as the text shown).
 * Built in the browser and saved with a download link: nothing goes to a server.
 */
import type { ChatMessage } from '../../../src/model/ai/messages.js';

export interface ExportWords {
  title: string;
  /** The date and time of the export, in the visitor's language. */
  date: string;
  you: string;
  assistant: string;
  sources: string;
  files(names: string): string;
}

/** Text of a line the visitor or the service wrote, safe as a Markdown paragraph's start. */
const quoted = (text: string) => text.replace(/\r\n?/g, '\n').trim();

/**
 * The Markdown of a conversation. `plainText(id)` gives an html answer's shown text (markdown
 * answers are kept as written, so their tables, lists and code survive).
 */
export function conversationMarkdown(
  messages: readonly ChatMessage[],
  words: ExportWords,
  plainText: (id: string) => string,
): string {
  const parts = [`# ${words.title}`, words.date];
  for (const m of messages) {
    if (m.role === 'user') {
      parts.push(`**${words.you}:** ${quoted(m.text)}`);
      if (m.files.length) parts.push(`_${words.files(m.files.join(', '))}_`);
      continue;
    }
    const text = m.format === 'html' ? plainText(m.id) : m.text;
    if (!text.trim()) continue;
    parts.push(`**${words.assistant}:**`, quoted(text));
    if (m.sources.length)
      parts.push(
        `${words.sources}:\n\n${m.sources
          .map((s) => {
            const url =
              typeof s.metadata?.url === 'string' && /^https?:\/\//i.test(s.metadata.url) ? s.metadata.url : '';
            return `${s.citation}. ${url ? `[${s.title}](${url})` : s.title}`;
          })
          .join('\n')}`,
      );
  }
  return `${parts.join('\n\n')}\n`;
}

/** The file's name: `conversation-2026-03-14.md` (the local date). */
export function exportFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `conversation-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.md`;
}
