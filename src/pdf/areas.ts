/**
 * Signature areas and placeholders of a practice, as boxes on a document's pages. Areas given by
 * coordinates are placed directly (spec §2.4); areas given by an anchor keyword are placed where
 * the PDF's text holds the keyword, and acrofield areas where the named form field sits.
 */
import type { PracticeDetail, PracticeSigner } from '../services/sign.js';
import {
  acrofieldMatches,
  anchorArea,
  clampBox,
  DEFAULT_AREA,
  rectToNormalized,
  textRunToNormalized,
  type NormalizedBox,
  type ViewBox,
} from './geometry.js';
import { findMatches, joinPieces } from './search.js';
import type { PdfDocument } from './pdfjs.js';
import { canvasMeasure, type MeasureText } from './run-measure.js';

export type AreaKind = 'signature' | 'placeholder';

export interface AreaSpec {
  id: string;
  /** 0-based index of the document in the practice (its `order`). */
  document: number;
  /** 1-based page; for anchors a hint where to look first; absent for acrofields. */
  page?: number | undefined;
  kind: AreaKind;
  /** Signature code (§2.3) for signatures, type code (§2.5) for placeholders. */
  code: string;
  signerEmail?: string | undefined;
  signerName?: string | undefined;
  /** A placeholder the signer must fill (§2.5 `required`). */
  required?: boolean | undefined;
  /** §2.4 `rotation`: the stamp's own turn inside its box (0, 90, 180, 270); the box stays where the coordinates put it. */
  rotation?: number | undefined;
  /** Fixed place, on the page as stored (X from left, Y from top, before the page's `/Rotate`). */
  box?: NormalizedBox;
  anchor?: {
    keyword: string;
    width?: number | undefined;
    height?: number | undefined;
    offsetX?: number | undefined;
    offsetY?: number | undefined;
    offsetLeft?: number | undefined;
    offsetTop?: number | undefined;
  };
  acrofield?: { keyword: string; match?: string | undefined };
}

/** An area with its place found. */
export interface PlacedArea {
  spec: AreaSpec;
  page: number;
  box: NormalizedBox;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export function signerName(s: Pick<PracticeSigner, 'firstName' | 'lastName' | 'email'>): string {
  return [s.firstName, s.lastName].filter(Boolean).join(' ') || s.email;
}

function placement(item: {
  positionX?: number;
  positionY?: number;
  width?: number;
  height?: number;
  anchorKeyword?: string;
  offsetX?: number;
  offsetY?: number;
  offsetLeft?: number;
  offsetTop?: number;
}): Pick<AreaSpec, 'box' | 'anchor'> | undefined {
  const x = num(item.positionX);
  const y = num(item.positionY);
  if (typeof item.anchorKeyword === 'string' && item.anchorKeyword.trim() && (x === undefined || y === undefined)) {
    return {
      anchor: {
        keyword: item.anchorKeyword,
        width: num(item.width),
        height: num(item.height),
        offsetX: num(item.offsetX),
        offsetY: num(item.offsetY),
        offsetLeft: num(item.offsetLeft),
        offsetTop: num(item.offsetTop),
      },
    };
  }
  if (x === undefined || y === undefined) return undefined;
  return {
    box: clampBox({
      x: x + (num(item.offsetX) ?? 0),
      y: y + (num(item.offsetY) ?? 0),
      width: num(item.width) ?? DEFAULT_AREA.width,
      height: num(item.height) ?? DEFAULT_AREA.height,
    }),
  };
}

/** Every area of the practice, in signer order then practice-level placeholders. Invisible signatures are skipped. */
export function practiceAreas(practice: Pick<PracticeDetail, 'signers' | 'placeholders'>): AreaSpec[] {
  const out: AreaSpec[] = [];
  const signers = Array.isArray(practice.signers) ? practice.signers : [];
  signers.forEach((s, si) => {
    const who = { signerEmail: s.email, signerName: signerName(s) };
    (s.signatureCoordinates ?? []).forEach((c, i) => {
      if (c.invisible) return;
      const place = placement(c);
      if (!place || !Number.isInteger(c.document)) return;
      out.push({
        id: `s${si}-c${i}`,
        document: c.document,
        page: num(c.page),
        kind: 'signature',
        code: c.signatureType ?? s.action,
        rotation: num(c.rotation),
        ...who,
        ...place,
      });
    });
    (s.acrofields ?? []).forEach((a, i) => {
      if (typeof a.acrofieldKeyword !== 'string' || !a.acrofieldKeyword) return;
      // An acrofield rule may match fields in any document of the practice: resolved per document.
      out.push({
        id: `s${si}-a${i}`,
        document: -1,
        kind: 'signature',
        code: a.acrofieldSignatureType ?? s.action,
        ...who,
        acrofield: { keyword: a.acrofieldKeyword, match: a.acrofieldMatch },
      });
    });
    (s.placeholders ?? []).forEach((p, i) => {
      const place = placement(p);
      if (!place || !Number.isInteger(p.document)) return;
      out.push({
        id: `s${si}-p${i}`,
        document: p.document,
        page: num(p.page),
        kind: 'placeholder',
        code: p.type,
        required: p.required === true,
        ...who,
        ...place,
      });
    });
  });
  (practice.placeholders ?? []).forEach((p, i) => {
    const place = placement(p);
    if (!place || !Number.isInteger(p.document)) return;
    const owner = p.idSigner !== undefined ? signers.find((s) => s.idSigner === p.idSigner) : undefined;
    out.push({
      id: `p${i}`,
      document: p.document,
      page: num(p.page),
      kind: 'placeholder',
      code: p.type,
      required: p.required === true,
      signerEmail: owner?.email,
      signerName: owner ? signerName(owner) : undefined,
      ...place,
    });
  });
  return out;
}

/** What the locator needs from a PDF: page count, per-page view box, text runs and form fields. */
export interface PdfLookup {
  numPages: number;
  viewBox(page: number): Promise<ViewBox>;
  textRuns(page: number): Promise<TextRun[]>;
  fields(page: number): Promise<Array<{ fieldName?: string; rect?: number[] }>>;
  /** Measures a run's text in its font, to place a keyword inside a run (else: by average character). */
  measure?: MeasureText | undefined;
}

/** One run of a page's text as the locator reads it; `eol`: pdf.js's `hasEOL`, the line ends after it. */
export interface TextRun {
  str: string;
  transform: number[];
  width: number;
  height: number;
  eol?: boolean | undefined;
  /** The CSS font family pdf.js's text layer draws the run in. */
  fontFamily?: string | undefined;
}

/** Adapts a pdf.js document to what the area locator needs, caching per page. */
export function pdfLookup(pdf: PdfDocument): PdfLookup {
  const pages = new Map<number, Promise<Awaited<ReturnType<PdfDocument['getPage']>>>>();
  const page = (n: number) => {
    let p = pages.get(n);
    if (!p) pages.set(n, (p = pdf.getPage(n)));
    return p;
  };
  return {
    numPages: pdf.numPages,
    measure: canvasMeasure(),
    viewBox: async (n) => (await page(n)).view as unknown as ViewBox,
    textRuns: async (n) => {
      const content = await (await page(n)).getTextContent();
      return content.items
        .filter((i): i is Extract<typeof i, { str: string }> => 'str' in i)
        .map((i) => ({
          str: i.str,
          transform: i.transform as number[],
          width: i.width,
          height: i.height,
          eol: i.hasEOL,
          fontFamily: content.styles[i.fontName]?.fontFamily,
        }));
    },
    fields: async (n) => {
      const annotations = (await (await page(n)).getAnnotations()) as Array<{
        subtype?: string;
        fieldName?: string;
        rect?: number[];
      }>;
      return annotations.filter((a) => a.subtype === 'Widget');
    },
  };
}

/**
 * Finds `keyword` in one page's text runs; the box covers the keyword's first run. The runs are
 * joined and matched as the viewer's search does (`joinPieces`, `findMatches`): a line's end reads
 * as a space and any run of spaces matches one, so an anchor phrase that wraps onto the next line is
 * found, as the signing service finds it.
 */
export function findKeyword(
  runs: readonly TextRun[],
  keyword: string,
  viewBox: ViewBox,
  measure?: MeasureText,
): NormalizedBox | undefined {
  const { text, starts } = joinPieces(runs.map((r) => ({ str: r.str, eol: !!r.eol })));
  const first = findMatches(text, keyword)[0];
  if (!first) return undefined;
  const [at, end] = first;
  let index = starts.length - 1;
  while (index > 0 && starts[index]! > at) index--;
  const run = runs[index]!;
  const offsetChars = at - starts[index]!;
  const visibleChars = Math.min(end - at, run.str.length - offsetChars);
  const widthOf = runWidths(run, measure);
  const box = textRunToNormalized(run.transform, run.width, run.height, viewBox);
  const vw = viewBox[2] - viewBox[0];
  const shift = widthOf(0, offsetChars) / vw;
  return {
    x: box.x + shift,
    y: box.y,
    width: widthOf(offsetChars, offsetChars + visibleChars) / vw,
    height: box.height,
  };
}

/**
 * The width, in page units, of the run's characters from `from` to `to`: its share of the run as
 * measured in the run's font, or by average character where there is no measure.
 */
function runWidths(run: TextRun, measure: MeasureText | undefined): (from: number, to: number) => number {
  const whole = measure && run.fontFamily ? measure(run.str, run.fontFamily) : 0;
  if (whole > 0)
    return (from, to) =>
      (run.width *
        (measure!(run.str.slice(0, to), run.fontFamily!) - measure!(run.str.slice(0, from), run.fontFamily!))) /
      whole;
  const perChar = run.str.length ? run.width / run.str.length : 0;
  return (from, to) => (to - from) * perChar;
}

/**
 * Where `keyword` first lands in a document, as the service finds an anchor: the `hint` page first
 * (if it has one), then every page in order. The box covers the keyword itself.
 */
export async function locateKeyword(
  pdf: PdfLookup,
  keyword: string,
  hint?: number,
): Promise<{ page: number; found: NormalizedBox; viewBox: ViewBox } | undefined> {
  const first = hint && hint >= 1 && hint <= pdf.numPages ? hint : 1;
  const order = [first, ...Array.from({ length: pdf.numPages }, (_, i) => i + 1).filter((p) => p !== first)];
  for (const page of order) {
    const viewBox = await pdf.viewBox(page);
    const found = findKeyword(await pdf.textRuns(page), keyword, viewBox, pdf.measure);
    if (found) return { page, found, viewBox };
  }
  return undefined;
}

/** Areas in reading order: page by page, top to bottom, then left to right. */
export function inReadingOrder(areas: readonly PlacedArea[]): PlacedArea[] {
  return [...areas].sort((a, b) => a.page - b.page || a.box.y - b.box.y || a.box.x - b.box.x);
}

/** Places every area of document `docIndex`: fixed ones at once, anchors by text, acrofields by form field. */
export async function placeAreas(
  specs: AreaSpec[],
  docIndex: number,
  pdf: PdfLookup,
  signal?: AbortSignal,
): Promise<PlacedArea[]> {
  const placed: PlacedArea[] = [];
  const mine = specs.filter((s) => s.document === docIndex || (s.document === -1 && s.acrofield));
  for (const spec of mine) {
    if (signal?.aborted) break;
    if (spec.box && spec.page !== undefined && spec.page >= 1 && spec.page <= pdf.numPages) {
      placed.push({ spec, page: spec.page, box: spec.box });
    } else if (spec.anchor) {
      const hit = await locateKeyword(pdf, spec.anchor.keyword, spec.page);
      if (hit)
        placed.push({
          spec,
          page: hit.page,
          box: anchorArea(hit.found, spec.anchor, hit.viewBox[2] - hit.viewBox[0], hit.viewBox[3] - hit.viewBox[1]),
        });
    } else if (spec.acrofield) {
      for (let page = 1; page <= pdf.numPages; page++) {
        const viewBox = await pdf.viewBox(page);
        for (const field of await pdf.fields(page)) {
          if (
            field.fieldName &&
            field.rect &&
            acrofieldMatches(field.fieldName, spec.acrofield.keyword, spec.acrofield.match)
          ) {
            placed.push({
              spec: { ...spec, document: docIndex },
              page,
              box: clampBox(rectToNormalized(field.rect, viewBox)),
            });
          }
        }
      }
    }
  }
  return placed;
}
