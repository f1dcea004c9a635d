import { escapeMarkdown } from './text.js';
import type { PdfText } from './pdf-text.js';

const LANGUAGES = ['it', 'en', 'de', 'fr', 'es'] as const;
type SummaryLanguage = (typeof LANGUAGES)[number];

/** `options.language` as the simulator writes summaries: one of five, Italian otherwise (the tenant's default). */
export function summaryLanguage(asked: string | undefined): SummaryLanguage {
  const primary = (asked ?? '').toLowerCase().split(/[-_]/)[0] as SummaryLanguage;
  return LANGUAGES.includes(primary) ? primary : 'it';
}

const WORDS: Record<SummaryLanguage, { intro: (title: string, pages: number) => string; page: string }> = {
  it: { intro: (t, n) => `**${t}** è un documento di ${n} ${n === 1 ? 'pagina' : 'pagine'}. In breve:`, page: 'pag.' },
  en: { intro: (t, n) => `**${t}** is a ${n}-page document. In short:`, page: 'p.' },
  de: {
    intro: (t, n) => `**${t}** ist ein Dokument mit ${n} ${n === 1 ? 'Seite' : 'Seiten'}. Kurz gesagt:`,
    page: 'S.',
  },
  fr: { intro: (t, n) => `**${t}** est un document de ${n} page${n === 1 ? '' : 's'}. En bref :`, page: 'p.' },
  es: {
    intro: (t, n) => `**${t}** es un documento de ${n} ${n === 1 ? 'página' : 'páginas'}. En resumen:`,
    page: 'pág.',
  },
};

const MAX_SECTIONS = 10;

const firstSentence = (text: string) => {
  const end = text.search(/[.;:](\s|$)/);
  const sentence = end === -1 ? text : text.slice(0, end + 1);
  return sentence.length > 180 ? `${sentence.slice(0, 177)}…` : sentence;
};

/**
 * The simulated model's plain-language summary (`result.response`, markdown): the document's
 * title and length in the asked language, then each section with its page and first sentence
 * (quoted in the document's own language: the simulator does not translate).
 */
export function documentSummary(text: PdfText, filename: string, language: SummaryLanguage): string {
  const words = WORDS[language];
  const sections = text.passages
    .filter((p) => p.heading && p.text)
    .filter((p, i, all) => all.findIndex((q) => q.heading === p.heading) === i)
    .slice(0, MAX_SECTIONS)
    .map(
      (p) => `- **${escapeMarkdown(p.heading)}** (${words.page} ${p.page}): ${escapeMarkdown(firstSentence(p.text))}`,
    );
  const title = escapeMarkdown(text.title || filename);
  return [words.intro(title, text.pages), sections.join('\n')].filter(Boolean).join('\n\n');
}
