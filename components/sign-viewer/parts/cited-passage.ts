import { matchPieces, type TextPiece } from '../../../src/pdf/search.js';
import type { SignDocumentView } from './document-view.js';

/** How long a page's text layer may take to appear after the jump (a loaded machine, a big page). */
const TEXT_LAYER_DEADLINE_MS = 15_000;
/** Words of the quote tried when the whole passage is not found as one run (a hyphenated line break…). */
const HEAD_WORDS = 8;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** The page's text layer once pdf.js has filled it, or undefined past the deadline. */
async function textLayer(view: SignDocumentView, page: number): Promise<Element | undefined> {
  const until = performance.now() + TEXT_LAYER_DEADLINE_MS;
  while (performance.now() < until) {
    const layer = view.pageElement(page)?.querySelector('.textLayer');
    if (layer?.childElementCount) return layer;
    await nextFrame();
  }
  return undefined;
}

/**
 * Shows the page an answer cited and, where the page's text layer has the passage, tints its
 * spans (class `cited`) and brings the first into view. Returns whether the passage was found:
 * without it (a scanned page, other words) the page alone is shown.
 */
export async function showCitedPassage(
  view: SignDocumentView,
  page: number,
  quote: string | undefined,
): Promise<boolean> {
  if (page < 1 || page > view.pageCount) return false;
  view.goToPage(page);
  // The view may itself be off screen (a phone's single column: the questions above it): the
  // window goes to it, and its pages then paint and lay out their text.
  const box = view.pageElement(page)?.getBoundingClientRect();
  if (box && (box.top >= window.innerHeight || box.bottom <= 0)) view.scrollIntoView({ block: 'start' });
  for (const old of view.renderRoot.querySelectorAll('.textLayer span.cited')) old.classList.remove('cited');
  if (!quote?.trim()) return false;
  const layer = await textLayer(view, page);
  if (!layer) return false;
  const nodes = [...layer.querySelectorAll<HTMLElement>('span[role="presentation"], br')];
  const pieces: TextPiece[] = nodes.map((node) =>
    node.tagName === 'BR' ? { str: '', eol: true } : { str: node.textContent ?? '', eol: false },
  );
  const head = quote.split(/\s+/).filter(Boolean).slice(0, HEAD_WORDS).join(' ');
  const match = matchPieces(pieces, quote)[0] ?? matchPieces(pieces, head)[0];
  if (!match?.length) return false;
  const spans = match.map((part) => nodes[part.piece]!);
  for (const span of spans) span.classList.add('cited');
  view.reveal(spans[0]!);
  return true;
}
