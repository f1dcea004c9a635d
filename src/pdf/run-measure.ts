/**
 * How wide a piece of a text run is, in the font pdf.js's text layer draws that run with.
 *
 * pdf.js gives a run's width, not each glyph's; its text layer stretches each run's span to that
 * width after measuring the text with a canvas in the run's font family. Measuring the same way
 * and taking the share of a prefix puts a keyword where the text layer (and so the visitor's
 * selection and search highlight) shows it, whatever the machine's fonts — a run's average
 * character width is off by several characters in a long run of narrow and wide letters.
 */

/** Width of `text` in `fontFamily`, in any unit (only ratios are used); 0 where nothing can measure. */
export type MeasureText = (text: string, fontFamily: string) => number;

/** Any size will do (only ratios are used); a large one keeps rounding small. */
const SIZE = 100;

export function canvasMeasure(): MeasureText | undefined {
  const canvas =
    typeof OffscreenCanvas === 'function'
      ? new OffscreenCanvas(1, 1)
      : typeof document !== 'undefined'
        ? document.createElement('canvas')
        : undefined;
  const ctx = canvas?.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!ctx) return undefined;
  let font = '';
  return (text, fontFamily) => {
    const wanted = `${SIZE}px ${fontFamily}`;
    if (wanted !== font) ctx.font = font = wanted;
    return ctx.measureText(text).width;
  };
}
