import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A passage of a PDF as the document chat retrieves it: a heading and what follows, on one page. */
export interface PdfPassage {
  /** 1-based page number. */
  page: number;
  /** The section heading the passage sits under ('' before the first heading of the document). */
  heading: string;
  /** The passage's text as the PDF's text layer has it (lines joined by spaces), heading excluded. */
  text: string;
}

export interface PdfText {
  pages: number;
  /** The first line of the first page: the document's title as a reader sees it. */
  title: string;
  passages: PdfPassage[];
}

/** Lines a reader takes for a heading: `Art. 4 - …`, `3. …`, or all capitals (a title). */
const HEADING = /^(?:Art\.\s*\d+\b.*|\d{1,2}\.\s+\S.*|[A-ZÀ-Ý0-9][A-ZÀ-Ý0-9 '",.()-]{5,})$/;
/** The footer every generated page carries: not part of any passage. */
const FOOTER = /^(?:Pagina|Page)\s+\d+\s+(?:di|of)\s+\d+$/i;

/**
 * The text of each page, read with pdf.js (the library the viewer uses, eval off), as lines, then
 * cut into passages at headings. What the simulated document agent cites comes from here, so a
 * question whose words are in a clause cites the page the clause is printed on. Throws when the
 * bytes are not a PDF pdf.js can open.
 */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const passages: PdfPassage[] = [];
    let title = '';
    let heading = '';
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const lines: string[] = [];
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line.trim());
          line = '';
        }
      }
      if (line.trim()) lines.push(line.trim());
      let body: string[] = [];
      const flush = () => {
        if (body.length) passages.push({ page: n, heading, text: body.join(' ') });
        body = [];
      };
      for (const text of lines) {
        if (!text || FOOTER.test(text)) continue;
        if (!title) title = text;
        if (HEADING.test(text)) {
          flush();
          heading = text;
        } else body.push(text);
      }
      flush();
      page.cleanup();
    }
    return { pages: doc.numPages, title, passages };
  } finally {
    await doc.destroy();
  }
}
