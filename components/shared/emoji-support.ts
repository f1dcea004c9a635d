/**
 * Which emoji this system can draw, by measuring them as emoji-picker-element does (its ZWJ check
 * measures a sequence against one emoji's width): an emoji the fonts lack is drawn as the box of a
 * missing character, and a sequence a font cannot join (👩‍💻, a flag, a skin tone) as its parts side
 * by side. The picker hides both instead of offering empty boxes. Measured once per emoji and font
 * on a canvas (no layout of the page), lazily: only the emoji about to be shown.
 */

/** A character no font has (unassigned in Unicode): how this system draws a missing glyph. */
const MISSING = '\u0378';
const SIZE = 16;
const ZWJ = '\u200D';

/** Skin-tone modifiers and regional indicators: their own glyph when a font cannot join them. */
const own = (cp: number) => (cp >= 0x1f3fb && cp <= 0x1f3ff) || (cp >= 0x1f1e6 && cp <= 0x1f1ff);
/** The combining keycap and tag characters: drawn on the character before them, never alone. */
const combining = (cp: number) => cp === 0x20e3 || (cp >= 0xe0020 && cp <= 0xe007f);

/** The glyphs an emoji is made of when nothing joins them (presentation selectors dropped). */
export function emojiParts(emoji: string): string[] {
  const parts: string[] = [];
  for (const piece of emoji.replaceAll('\uFE0F', '').split(ZWJ)) {
    let part = '';
    for (const ch of piece) {
      const cp = ch.codePointAt(0)!;
      if (combining(cp) || (part && !own(cp) && !own(part.codePointAt(0)!))) part += ch;
      else {
        if (part) parts.push(part);
        part = ch;
      }
    }
    if (part) parts.push(part);
  }
  return parts;
}

class GlyphCheck {
  private readonly ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  private readonly widths = new Map<string, number>();
  private readonly drawnCache = new Map<string, boolean>();
  private missingWidth = 0;
  private missingImage: Uint8ClampedArray | undefined;

  constructor(fontFamily: string) {
    const canvas =
      typeof OffscreenCanvas === 'function'
        ? new OffscreenCanvas(SIZE * 4, SIZE * 2)
        : document.createElement('canvas');
    canvas.width = SIZE * 4;
    canvas.height = SIZE * 2;
    this.ctx = canvas.getContext('2d', { willReadFrequently: true }) as
      CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!this.ctx) return;
    this.ctx.font = `${SIZE}px ${fontFamily}`;
    this.ctx.textBaseline = 'top';
    this.missingWidth = this.width(MISSING);
  }

  private width(text: string): number {
    let w = this.widths.get(text);
    if (w === undefined) {
      w = this.ctx!.measureText(text).width;
      this.widths.set(text, w);
    }
    return w;
  }

  private image(text: string): Uint8ClampedArray {
    const ctx = this.ctx!;
    ctx.clearRect(0, 0, SIZE * 4, SIZE * 2);
    ctx.fillText(text, 0, SIZE / 4);
    return ctx.getImageData(0, 0, SIZE * 4, SIZE * 2).data;
  }

  private sameImage(a: string, b: Uint8ClampedArray): boolean {
    const image = this.image(a);
    for (let i = 0; i < image.length; i++) if (image[i] !== b[i]) return false;
    return true;
  }

  /** Drawn as the missing box: the same width, then (rarely needed) the same pixels. */
  private missing(part: string): boolean {
    if (Math.abs(this.width(part) - this.missingWidth) > 0.01) return false;
    this.missingImage ??= this.image(MISSING);
    return this.sameImage(part, this.missingImage);
  }

  drawn(emoji: string): boolean {
    if (!this.ctx) return true; // nothing to measure with: offer everything, as before
    let drawn = this.drawnCache.get(emoji);
    if (drawn === undefined) {
      const parts = emojiParts(emoji);
      drawn =
        !parts.some((p) => this.missing(p)) &&
        // Parts side by side are as wide as their sum; a joined glyph is about one emoji wide.
        (parts.length < 2 || this.width(emoji) < 0.75 * parts.reduce((sum, p) => sum + this.width(p), 0)) &&
        // A tag sequence (a subdivision's flag) a font cannot join shows its base flag alone.
        !(/[\u{E0020}-\u{E007F}]/u.test(emoji) && this.sameImage(emoji, this.image(emoji.slice(0, 2))));
      this.drawnCache.set(emoji, drawn);
    }
    return drawn;
  }
}

const checks = new Map<string, GlyphCheck>();

/** Whether this system draws `emoji` whole in `fontFamily` (the picker's own font, as computed). */
export function emojiDrawn(emoji: string, fontFamily: string): boolean {
  let check = checks.get(fontFamily);
  if (!check) checks.set(fontFamily, (check = new GlyphCheck(fontFamily)));
  return check.drawn(emoji);
}
