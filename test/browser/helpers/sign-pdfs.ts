// PDFs made in the browser for the viewer's tests (not a test file itself).
// @ts-expect-error -- pdf-lib's bundled ESM build (it loads in the browser without a bundler) has no .d.ts of its own.
import * as PdfLibEsm from 'pdf-lib/dist/pdf-lib.esm.js';
import type { NormalizedBox } from '../../../src/pdf/geometry.js';

const { PDFDocument, StandardFonts, degrees, rgb } = PdfLibEsm as typeof import('pdf-lib');

export interface TestPage {
  /** Size as stored, in points. */
  width: number;
  height: number;
  /** `/Rotate`. */
  rotation?: number;
  /** Filled pure-red boxes at normalized coordinates on the page as stored (§2.4: Y from the top). */
  boxes?: NormalizedBox[];
  text?: string;
  /** Link annotations at normalized boxes: to a URI, or (`page`, 1-based) inside the document. */
  links?: Array<{ box: NormalizedBox; uri?: string; page?: number }>;
}

export async function makePdf(pages: TestPage[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const p of pages) {
    const page = doc.addPage([p.width, p.height]);
    if (p.rotation) page.setRotation(degrees(p.rotation));
    if (p.text) page.drawText(p.text, { x: 40, y: p.height / 2, size: 14, font });
    for (const b of p.boxes ?? []) {
      page.drawRectangle({
        x: b.x * p.width,
        y: p.height - (b.y + b.height) * p.height,
        width: b.width * p.width,
        height: b.height * p.height,
        color: rgb(1, 0, 0),
      });
    }
  }
  // Links after every page exists: an internal one names its target page's object.
  doc.getPages().forEach((page, i) => {
    const p = pages[i]!;
    const ctx = doc.context;
    for (const l of p.links ?? []) {
      const rect = [
        l.box.x * p.width,
        p.height - (l.box.y + l.box.height) * p.height,
        (l.box.x + l.box.width) * p.width,
        p.height - l.box.y * p.height,
      ];
      const target = l.page ? doc.getPage(l.page - 1).ref : undefined;
      const annot = ctx.register(
        target
          ? ctx.obj({
              Type: 'Annot',
              Subtype: 'Link',
              Rect: rect,
              Border: [0, 0, 0],
              Dest: [target, PdfLibEsm.PDFName.of('Fit')],
            })
          : ctx.obj({
              Type: 'Annot',
              Subtype: 'Link',
              Rect: rect,
              Border: [0, 0, 0],
              A: { Type: 'Action', S: 'URI', URI: PdfLibEsm.PDFString.of(l.uri ?? '') },
            }),
      );
      const existing = page.node.Annots();
      if (existing) existing.push(annot);
      else page.node.set(PdfLibEsm.PDFName.of('Annots'), ctx.obj([annot]));
    }
  });
  return doc.save();
}

/** The bounding box, in CSS px from the canvas' top-left, of the pure-red pixels painted on it. */
export function redBox(
  canvas: HTMLCanvasElement,
): { left: number; top: number; right: number; bottom: number } | undefined {
  const ctx = canvas.getContext('2d')!;
  const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (data[i]! > 200 && data[i + 1]! < 80 && data[i + 2]! < 80 && data[i + 3]! > 200) {
        if (x < minX) minX = x;
        if (y < minY) minY = y;
        if (x > maxX) maxX = x;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (maxX < 0) return undefined;
  const css = canvas.getBoundingClientRect();
  const k = css.width / canvas.width;
  return { left: minX * k, top: minY * k, right: (maxX + 1) * k, bottom: (maxY + 1) * k };
}
