import type { PdfDocument, PdfPage } from '../../../src/pdf/pdfjs.js';
import { displayBox, rectToNormalized, type ViewBox } from '../../../src/pdf/geometry.js';

/** A link of the PDF, reduced to what is safe to follow: an http(s) address or a page of the document. */
export type PdfLink = { box: ReturnType<typeof displayBox> } & (
  { kind: 'url'; url: string } | { kind: 'page'; page: number }
);

interface LinkAnnotation {
  subtype?: string;
  rect?: number[];
  url?: string;
  unsafeUrl?: string;
  dest?: unknown;
}

/** Only http(s) addresses are followed: no javascript:, data:, file: or custom schemes. */
export function safeUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The page (1-based) an internal destination points to, if it can be resolved. */
async function destinationPage(pdf: PdfDocument, dest: unknown): Promise<number | undefined> {
  try {
    const explicit = typeof dest === 'string' ? await pdf.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || !explicit.length) return undefined;
    const ref = explicit[0] as unknown;
    if (typeof ref === 'number') return ref + 1;
    return (await pdf.getPageIndex(ref as Parameters<PdfDocument['getPageIndex']>[0])) + 1;
  } catch {
    return undefined;
  }
}

/** The page's links, placed on the page as shown (its `/Rotate` carries them like the areas). */
export async function pageLinks(pdf: PdfDocument, page: PdfPage, rotation: number): Promise<PdfLink[]> {
  const annotations = (await page.getAnnotations({ intent: 'display' })) as LinkAnnotation[];
  const view = page.view as unknown as ViewBox;
  const links: PdfLink[] = [];
  for (const a of annotations) {
    if (a.subtype !== 'Link' || !a.rect) continue;
    const box = displayBox(rectToNormalized(a.rect, view), rotation);
    const url = safeUrl(a.url);
    if (url) links.push({ box, kind: 'url', url });
    else if (a.dest !== undefined && a.dest !== null) {
      const target = await destinationPage(pdf, a.dest);
      if (target && target >= 1 && target <= pdf.numPages) links.push({ box, kind: 'page', page: target });
    }
  }
  return links;
}

/**
 * Fills `layer` with one anchor per link: built as DOM (no HTML strings), placed through the
 * CSSOM, `rel="noopener noreferrer"` and a new tab for addresses; a page link moves the view.
 */
export function fillLinkLayer(
  layer: HTMLElement,
  links: PdfLink[],
  label: (link: PdfLink) => string,
  goToPage: (page: number) => void,
): void {
  layer.replaceChildren(
    ...links.map((link) => {
      const a = document.createElement('a');
      a.setAttribute('aria-label', label(link));
      a.title = label(link);
      a.style.setProperty('left', `${link.box.x * 100}%`);
      a.style.setProperty('top', `${link.box.y * 100}%`);
      a.style.setProperty('width', `${link.box.width * 100}%`);
      a.style.setProperty('height', `${link.box.height * 100}%`);
      if (link.kind === 'url') {
        a.href = link.url;
        a.target = '_blank';
        a.rel = 'noopener noreferrer';
      } else {
        a.href = `#page-${link.page}`;
        a.dataset.page = String(link.page);
        a.addEventListener('click', (e) => {
          e.preventDefault();
          goToPage(link.page);
        });
      }
      return a;
    }),
  );
}

/**
 * A document's link layers: each page's links read once (again after a failure), drawn into the
 * page's `.links` layer while the same document is shown, each named and followed as the view says.
 */
export class PageLinks {
  private linked = new Set<number>();

  constructor(
    private readonly view: {
      pdf(): PdfDocument | undefined;
      rotation(n: number): number;
      layer(n: number): HTMLElement | null | undefined;
      t(key: 'linkPage' | 'linkTo', params: Record<string, string | number>): string;
      goToPage(n: number): void;
    },
  ) {}

  /** Another document: every page's links are read anew. */
  reset(): void {
    this.linked = new Set();
  }

  show(n: number, page: PdfPage): void {
    const pdf = this.view.pdf();
    if (!pdf || this.linked.has(n)) return;
    this.linked.add(n);
    void pageLinks(pdf, page, this.view.rotation(n))
      .then((links) => {
        const layer = this.view.layer(n);
        if (!layer || this.view.pdf() !== pdf || !links.length) return;
        fillLinkLayer(
          layer,
          links,
          (link) => this.label(link),
          (target) => this.view.goToPage(target),
        );
      })
      .catch(() => this.linked.delete(n));
  }

  private label(link: PdfLink): string {
    if (link.kind === 'page') return this.view.t('linkPage', { n: link.page });
    return this.view.t('linkTo', { host: new URL(link.url).host });
  }
}
