/**
 * Moving and sizing an area on a page, by pointer or by keys, in the page's frame as shown (what
 * the user sees and points at), turned back to the page as stored for keeping (§2.4's frame, see
 * practice-draft.ts). Pure.
 */
import { clampBox, displayBox, storedBox, type NormalizedBox } from '../../../pdf/geometry.js';
import type { UploadAcrofield } from '../../../services/sign-authoring.js';

/** The smallest area, as a fraction of the page (about 6 × 3 points on A4). */
export const MIN_SIZE = 0.01;
/** One arrow key's step: 1% of the page; with Alt a fine step of 0.1%. */
export const KEY_STEP = 0.01;
export const FINE_STEP = 0.001;
/** A new area's size as a fraction of the page shown: a signature, and a field to fill in. */
export const NEW_SIGNATURE = { width: 0.28, height: 0.07 } as const;
export const NEW_FIELD = { width: 0.22, height: 0.035 } as const;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A box kept whole on the page: at least MIN_SIZE, no larger than the page, moved inside it. */
export function keepOnPage(box: NormalizedBox): NormalizedBox {
  const width = clamp(box.width, MIN_SIZE, 1);
  const height = clamp(box.height, MIN_SIZE, 1);
  return { x: clamp(box.x, 0, 1 - width), y: clamp(box.y, 0, 1 - height), width, height };
}

/** Moved by (dx, dy) on the page as shown, then kept on the page. */
export function moveBy(box: NormalizedBox, dx: number, dy: number): NormalizedBox {
  return keepOnPage({ ...box, x: box.x + dx, y: box.y + dy });
}

/** Grown by (dw, dh) from its top-left corner on the page as shown, kept on the page and at least MIN_SIZE. */
export function resizeBy(box: NormalizedBox, dw: number, dh: number): NormalizedBox {
  return {
    ...box,
    width: clamp(box.width + dw, MIN_SIZE, 1 - box.x),
    height: clamp(box.height + dh, MIN_SIZE, 1 - box.y),
  };
}

/** A new box of `size` centred on a point of the page as shown, kept on the page. */
export function boxAt(point: { x: number; y: number }, size: { width: number; height: number }): NormalizedBox {
  return keepOnPage({ x: point.x - size.width / 2, y: point.y - size.height / 2, ...size });
}

/** What an arrow key does to an area: a move, or (Shift) a resize. */
export function keyEdit(
  box: NormalizedBox,
  key: string,
  modifiers: { shift: boolean; alt: boolean },
): NormalizedBox | undefined {
  const step = modifiers.alt ? FINE_STEP : KEY_STEP;
  const [dx, dy] =
    key === 'ArrowLeft'
      ? [-step, 0]
      : key === 'ArrowRight'
        ? [step, 0]
        : key === 'ArrowUp'
          ? [0, -step]
          : key === 'ArrowDown'
            ? [0, step]
            : [0, 0];
  if (!dx && !dy) return undefined;
  return modifiers.shift ? resizeBy(box, dx, dy) : moveBy(box, dx, dy);
}

/** A change made on the page as shown, applied to a box kept as stored. */
export function editShown(
  stored: NormalizedBox,
  rotation: number,
  edit: (shown: NormalizedBox) => NormalizedBox | undefined,
): NormalizedBox | undefined {
  const next = edit(displayBox(stored, rotation));
  return next ? storedBox(next, rotation) : undefined;
}

/** Where a pointer is on a page element, as a fraction of it (0..1 from its top-left as shown). */
export function pointOnPage(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
) {
  return {
    x: clamp((clientX - rect.left) / (rect.width || 1), 0, 1),
    y: clamp((clientY - rect.top) / (rect.height || 1), 0, 1),
  };
}

/** A form field of an upload (points, origin bottom-left, on the page as stored) as a box of §2.4's frame. */
export function fieldBox(field: UploadAcrofield, page: { width: number; height: number }): NormalizedBox {
  return clampBox({
    x: field.x / page.width,
    y: (page.height - field.y - field.height) / page.height,
    width: field.width / page.width,
    height: field.height / page.height,
  });
}

/** An area's place in whole percents of the page as shown, for words: left, top, width, height. */
export function percents(box: NormalizedBox): { left: number; top: number; width: number; height: number } {
  const pc = (v: number) => Math.round(v * 100);
  return { left: pc(box.x), top: pc(box.y), width: pc(box.width), height: pc(box.height) };
}
