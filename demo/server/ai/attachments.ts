import type { Attachment } from './validate.js';
import { escapeMarkdown, type Lang } from './text.js';

const kb = (n: number) => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`);

/** What the assistant can honestly say about each file: size, and a look inside text and PDF files. */
export function describeAttachments(files: Attachment[], lang: Lang): string {
  if (files.length === 0) return '';
  const lines = files.map((f) => {
    const name = escapeMarkdown(f.filename);
    let detail = '';
    if (/^text\/|json|csv|markdown/.test(f.content_type)) {
      const text = f.bytes.toString('utf8');
      const lineCount = text.split(/\r?\n/).filter((l) => l.trim()).length;
      const wordCount = text.split(/\s+/).filter(Boolean).length;
      const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
      detail =
        lang === 'it'
          ? ` — ${count(lineCount, 'riga', 'righe')}, ${count(wordCount, 'parola', 'parole')}`
          : ` — ${count(lineCount, 'line', 'lines')}, ${count(wordCount, 'word', 'words')}`;
    } else if (f.content_type === 'application/pdf') {
      const head = f.bytes.subarray(0, 5).toString('latin1');
      if (head !== '%PDF-')
        detail =
          lang === 'it' ? ' — attenzione: non sembra un PDF valido' : ' — note: this does not look like a valid PDF';
      else {
        const pages = (f.bytes.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
        detail = lang === 'it' ? ` — PDF di ${pages} pagine` : ` — a ${pages}-page PDF`;
      }
    }
    return `- **${name}** (${escapeMarkdown(f.content_type)}, ${kb(f.bytes.length)})${detail}`;
  });
  const intro =
    lang === 'it'
      ? `Ho ricevuto ${files.length === 1 ? '1 allegato' : `${files.length} allegati`}:`
      : `I received ${files.length === 1 ? '1 attachment' : `${files.length} attachments`}:`;
  return `${intro}\n${lines.join('\n')}`;
}
