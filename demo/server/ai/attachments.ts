import type { Attachment } from './validate.js';
import { PHRASES } from './phrases.js';
import { escapeMarkdown, type Lang } from './text.js';

const kb = (n: number) => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`);

/** What the assistant can honestly say about each file: size, and a look inside text and PDF files. */
export function describeAttachments(files: Attachment[], lang: Lang): string {
  if (files.length === 0) return '';
  const say = PHRASES[lang];
  const lines = files.map((f) => {
    const name = escapeMarkdown(f.filename);
    let detail = '';
    if (/^text\/|json|csv|markdown/.test(f.content_type)) {
      const text = f.bytes.toString('utf8');
      const lineCount = text.split(/\r?\n/).filter((l) => l.trim()).length;
      const wordCount = text.split(/\s+/).filter(Boolean).length;
      detail = ` — ${say.lines(lineCount)}, ${say.words(wordCount)}`;
    } else if (f.content_type === 'application/pdf') {
      const head = f.bytes.subarray(0, 5).toString('latin1');
      if (head !== '%PDF-') detail = ` — ${say.notPdf}`;
      else {
        const pages = (f.bytes.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
        detail = ` — ${say.pdfPages(pages)}`;
      }
    }
    return `- **${name}** (${escapeMarkdown(f.content_type)}, ${kb(f.bytes.length)})${detail}`;
  });
  return `${say.received(files.length)}\n${lines.join('\n')}`;
}
