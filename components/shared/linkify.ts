import { html, type TemplateResult } from 'lit';
import { safeLinkUrl } from '../../src/markdown/safe-url.js';

/**
 * Plain text with its links made clickable — and safe: every candidate goes through the same
 * allow-list as the markdown renderer (`safeLinkUrl`), so `javascript:` and friends stay text.
 * Returns Lit values only (text bindings and `<a>` templates): nothing is parsed as HTML.
 */
const CANDIDATE = /\b(?:https?:\/\/|www\.|mailto:)[^\s<>"'`]+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/gi;
/** Punctuation that usually ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?)\]}'"»]+$/;

export interface TextSegment {
  text: string;
  href?: string;
}

export function splitLinks(text: string): TextSegment[] {
  const out: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    let candidate = match[0];
    const trailing = TRAILING.exec(candidate)?.[0] ?? '';
    // Keep a closing bracket that has its opening one inside the URL (wiki-style links).
    candidate = candidate.slice(0, candidate.length - trailing.length);
    if (!candidate) continue;
    const start = match.index ?? 0;
    const raw = /^www\./i.test(candidate)
      ? `https://${candidate}`
      : !/^[a-z]+:/i.test(candidate) && candidate.includes('@')
        ? `mailto:${candidate}`
        : candidate;
    const href = safeLinkUrl(raw);
    if (!href) continue;
    if (start > last) out.push({ text: text.slice(last, start) });
    out.push({ text: candidate, href });
    last = start + candidate.length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

export function linkify(text: string): Array<string | TemplateResult> {
  return splitLinks(text).map((s) =>
    s.href ? html`<a href=${s.href} target="_blank" rel="noopener noreferrer">${s.text}</a>` : s.text,
  );
}
