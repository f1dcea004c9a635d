/**
 * The widget's look as the service configures it (`colors`, `position`), made readable: each
 * background the service names gets a text colour that keeps WCAG AA contrast (4.5:1) with it —
 * the service's own where it does, else the kit's dark text or white, whichever reads better. The
 * service gives backgrounds (`background`, `visitorBubble`, `operatorBubble`) without their text:
 * light bubbles under the kit's white-on-accent text would be unreadable. Pure: no DOM.
 */

/** What the launcher applies and remembers for the next page (colours as `#rrggbb` / `rgba()`). */
export interface WidgetLook {
  accent?: string | undefined;
  accentText?: string | undefined;
  surface?: string | undefined;
  text?: string | undefined;
  visitorBubble?: string | undefined;
  visitorBubbleText?: string | undefined;
  operatorBubble?: string | undefined;
  operatorBubbleText?: string | undefined;
  position?: 'bottom-right' | 'bottom-left' | undefined;
}

/** The service's `colors` (all optional; anything else is ignored). */
export interface ServiceColours {
  primary?: unknown;
  primaryText?: unknown;
  background?: unknown;
  visitorBubble?: unknown;
  operatorBubble?: unknown;
}

type Rgb = readonly [number, number, number];

/** The kit's text colour (tokens.styles.ts `--sportello-text`) and white: the two text candidates. */
const KIT_TEXT = '#1c2230';
const WHITE = '#ffffff';
const KIT_TEXT_RGB: Rgb = [0x1c, 0x22, 0x30];
const WHITE_RGB: Rgb = [255, 255, 255];

/** WCAG 2.2 AA for body text. */
export const MIN_CONTRAST = 4.5;

/**
 * An opaque colour written `#rgb`, `#rrggbb` or `rgb(r, g, b)` / `rgb(r g b)`, as the service's
 * configuration writes them; undefined for anything else (a named colour, a translucent one):
 * those are left to the kit's own colours rather than guessed.
 */
export function parseColour(value: unknown): Rgb | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  let m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(v);
  if (m) {
    const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
  }
  m = /^rgba?\(\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*(?:[,/]\s*(1|1\.0+|100%)\s*)?\)$/.exec(v);
  if (m) {
    const rgb = [m[1], m[2], m[3]].map(Number);
    return rgb.every((c) => c <= 255) ? (rgb as unknown as Rgb) : undefined;
  }
  return undefined;
}

function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance (WCAG 2.2). */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The text for `background`: `preferred` if it reads well on it, else the kit's text or white, whichever reads better. */
function textOn(background: Rgb, preferred?: Rgb): string {
  if (preferred && contrast(background, preferred) >= MIN_CONTRAST) return hex(preferred);
  return contrast(background, KIT_TEXT_RGB) >= contrast(background, WHITE_RGB) ? KIT_TEXT : WHITE;
}

/** The look of a widget configuration: only what the service gives (and can be read), with readable text. */
export function resolveLook(colours: ServiceColours | undefined, position: unknown): WidgetLook {
  const look: WidgetLook = {};
  const accent = parseColour(colours?.primary);
  if (accent) {
    look.accent = hex(accent);
    look.accentText = textOn(accent, parseColour(colours?.primaryText));
  }
  const surface = parseColour(colours?.background);
  if (surface) {
    look.surface = hex(surface);
    // The kit's text where it reads on the service's background (the usual light one): unchanged.
    look.text = textOn(surface, KIT_TEXT_RGB);
  }
  const visitor = parseColour(colours?.visitorBubble);
  if (visitor) {
    look.visitorBubble = hex(visitor);
    look.visitorBubbleText = textOn(visitor);
  }
  const operator = parseColour(colours?.operatorBubble);
  if (operator) {
    look.operatorBubble = hex(operator);
    look.operatorBubbleText = textOn(operator);
  }
  if (position === 'bottom-left' || position === 'bottom-right') look.position = position;
  return look;
}
