/**
 * Pure geometry between the service's normalized areas (spec §2.4: 0..1, X from left, Y from top,
 * width/height as page fractions) and PDF user space (points, origin bottom-left).
 */
export interface NormalizedBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A page's view box in PDF points: [xMin, yMin, xMax, yMax]. */
export type ViewBox = readonly [number, number, number, number];

const clamp01 = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);

/** Keeps a box inside the page: origin clamped to 0..1, size trimmed to what is left. */
export function clampBox(box: NormalizedBox): NormalizedBox {
  const x = clamp01(box.x);
  const y = clamp01(box.y);
  return { x, y, width: Math.min(clamp01(box.width), 1 - x), height: Math.min(clamp01(box.height), 1 - y) };
}

/** Spec §2.4: absolute position in points = normalized value × page width (X, width) or height (Y, height). */
export function toPoints(box: NormalizedBox, pageWidth: number, pageHeight: number): NormalizedBox {
  return { x: box.x * pageWidth, y: box.y * pageHeight, width: box.width * pageWidth, height: box.height * pageHeight };
}

/** A rectangle in PDF user space ([x1, y1, x2, y2], bottom-left origin, any corner order) as a normalized box. */
export function rectToNormalized(rect: readonly number[], viewBox: ViewBox): NormalizedBox {
  const [vx0, vy0, vx1, vy1] = viewBox;
  const w = vx1 - vx0;
  const h = vy1 - vy0;
  const [a = 0, b = 0, c = 0, d = 0] = rect;
  const left = Math.min(a, c);
  const right = Math.max(a, c);
  const bottom = Math.min(b, d);
  const top = Math.max(b, d);
  return { x: (left - vx0) / w, y: (vy1 - top) / h, width: (right - left) / w, height: (top - bottom) / h };
}

/** A text run (pdf.js `transform` [a,b,c,d,e,f], width and height in points) as a normalized box. */
export function textRunToNormalized(
  transform: readonly number[],
  width: number,
  height: number,
  viewBox: ViewBox,
): NormalizedBox {
  const e = transform[4] ?? 0;
  const f = transform[5] ?? 0;
  // `f` is the baseline; a run's height is its font size, so the glyphs sit between f and f + height.
  const fontHeight = height || Math.hypot(transform[2] ?? 0, transform[3] ?? 0);
  return rectToNormalized([e, f, e + width, f + fontHeight], viewBox);
}

/** Where to put the area of an anchor found at `found`: offsets added, the area's own size or a default. */
export function anchorArea(
  found: NormalizedBox,
  area: {
    width?: number | undefined;
    height?: number | undefined;
    offsetX?: number | undefined;
    offsetY?: number | undefined;
    offsetLeft?: number | undefined;
    offsetTop?: number | undefined;
  },
  pageWidthPt: number,
  pageHeightPt: number,
): NormalizedBox {
  const x = found.x + (area.offsetX ?? 0) + (area.offsetLeft ?? 0) / pageWidthPt;
  const y = found.y + (area.offsetY ?? 0) + (area.offsetTop ?? 0) / pageHeightPt;
  return clampBox({ x, y, width: area.width ?? DEFAULT_AREA.width, height: area.height ?? DEFAULT_AREA.height });
}

/** Size of an area whose width/height the service left out. */
export const DEFAULT_AREA = { width: 0.25, height: 0.06 } as const;

/** Does a form field name match a keyword under the spec's `acrofieldMatch` rule (§2.6)? */
export function acrofieldMatches(name: string, keyword: string, match: string | undefined): boolean {
  switch (match) {
    case 'full':
      return name === keyword;
    case 'prefix':
      return name.startsWith(keyword);
    case 'postfix':
      return name.endsWith(keyword);
    default:
      return name.includes(keyword);
  }
}

/** The scale at which a page of `pageWidth`×`pageHeight` CSS px (scale 1) fits the box. */
export function fitScale(
  mode: 'fit-width' | 'fit-page',
  pageWidth: number,
  pageHeight: number,
  boxWidth: number,
  boxHeight: number,
): number {
  if (pageWidth <= 0 || pageHeight <= 0 || boxWidth <= 0) return 1;
  const byWidth = boxWidth / pageWidth;
  if (mode === 'fit-width' || boxHeight <= 0) return byWidth;
  return Math.min(byWidth, boxHeight / pageHeight);
}

export const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4] as const;

/** The next zoom step above (`dir` 1) or below (-1) the current scale. */
export function stepZoom(scale: number, dir: 1 | -1): number {
  if (dir > 0) return ZOOM_STEPS.find((s) => s > scale + 0.001) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
  return [...ZOOM_STEPS].reverse().find((s) => s < scale - 0.001) ?? ZOOM_STEPS[0]!;
}

/** Pages that should hold a canvas: every visible page and one on each side (1-based, sorted). */
export function pagesToRender(visible: Iterable<number>, pageCount: number): number[] {
  const set = new Set<number>();
  for (const p of visible) for (const q of [p - 1, p, p + 1]) if (q >= 1 && q <= pageCount) set.add(q);
  return [...set].sort((a, b) => a - b);
}

/** A page's quarter-turn (PDF `/Rotate`, clockwise), normalised to 0, 90, 180 or 270. */
export type QuarterTurn = 0 | 90 | 180 | 270;

export function quarterTurn(degrees: number | undefined): QuarterTurn {
  const d = (((Math.round((degrees ?? 0) / 90) * 90) % 360) + 360) % 360;
  return d as QuarterTurn;
}

/**
 * A box given on the page as stored (spec §2.4 coordinates, form fields and text runs are all in
 * the page's own space: X from the left, Y from the top of the unrotated page) as it appears once
 * the page is turned clockwise by `rotation` (its `/Rotate`), as a viewer shows it. A box at the
 * top-left of a page stored in portrait and shown turned 90° sits at the top-right.
 */
export function displayBox(box: NormalizedBox, rotation: number | undefined): NormalizedBox {
  const { x, y, width: w, height: h } = box;
  switch (quarterTurn(rotation)) {
    case 90:
      return { x: 1 - (y + h), y: x, width: h, height: w };
    case 180:
      return { x: 1 - (x + w), y: 1 - (y + h), width: w, height: h };
    case 270:
      return { x: y, y: 1 - (x + w), width: h, height: w };
    default:
      return { x, y, width: w, height: h };
  }
}

/**
 * The inverse of {@link displayBox}: a box drawn on the page as shown (turned clockwise by
 * `rotation`) as it sits on the page as stored — what the composer writes after the user placed an
 * area on a turned page, so the viewer, turning it back, shows it where it was put.
 */
export function storedBox(box: NormalizedBox, rotation: number | undefined): NormalizedBox {
  const turn = quarterTurn(rotation);
  return displayBox(box, turn === 90 ? 270 : turn === 270 ? 90 : turn);
}

/** Highest device pixel ratio a page is painted at: a 3× phone gains little past 2× and pays 2.25× the memory. */
export const MAX_PAINT_RATIO = 2;
/** Most pixels one page canvas may hold (64 MB of RGBA): a deep zoom on a poster-sized page stays bounded. */
export const MAX_CANVAS_PIXELS = 16_777_216;

/** The backing-store ratio for a page of `width`×`height` CSS px on a screen of `dpr`. */
export function paintRatio(width: number, height: number, dpr: number): number {
  let ratio = Math.min(Math.max(dpr || 1, 1), MAX_PAINT_RATIO);
  const pixels = width * height * ratio * ratio;
  if (pixels > MAX_CANVAS_PIXELS) ratio *= Math.sqrt(MAX_CANVAS_PIXELS / pixels);
  return ratio;
}

/** A scale as the viewer keeps it: to 3 decimals, between 10 % and 600 %. */
export function roundScale(scale: number): number {
  return Math.round(Math.max(0.1, Math.min(scale, 6)) * 1000) / 1000;
}
