/**
 * The kit's colours, light and dark: the defaults of the `--sportello-*` colour properties (a page's
 * own value of one still wins in both). Plain strings, no Lit: the tokens (tokens.styles.ts), the
 * live chat's window frame and `<sportello-config>` read them.
 *
 * Which one an element shows follows its CSS `color-scheme`, inherited from the page like any
 * property: a page that declares `color-scheme: light dark` (or `<meta name="color-scheme"
 * content="light dark">`) gets the dark colours when the visitor's system prefers them; a page that
 * declares nothing stays light. `theme="dark" | "light" | "auto"` on an element or on
 * `<sportello-config>` decides instead. Each dark pair reads at 4.5:1 or more, as the light one does.
 */
export const PALETTE = {
  accent: ['#2457d6', '#8ab4ff'],
  'accent-contrast': ['#ffffff', '#0d1526'],
  surface: ['#ffffff', '#1a1e26'],
  'surface-alt': ['#f3f5f9', '#252a34'],
  text: ['#1c2230', '#e7eaf0'],
  'text-muted': ['#5b6474', '#a8b0bd'],
  border: ['#d5dbe5', '#4a5262'],
  danger: ['#b42318', '#ff8e84'],
  'danger-surface': ['#fdecea', '#3a1a18'],
  warning: ['#8a5a00', '#f2c265'],
  'warning-surface': ['#fff6e0', '#352a10'],
  success: ['#146c43', '#74d6a0'],
  'success-surface': ['#e7f6ee', '#11301f'],
  'focus-ring': ['#1a4fd0', '#9cbcff'],
} as const satisfies Record<string, readonly [light: string, dark: string]>;

export type PaletteColour = keyof typeof PALETTE;

/** A colour's default in both schemes: `light-dark(light, dark)`. */
export const both = (colour: PaletteColour): string => `light-dark(${PALETTE[colour][0]}, ${PALETTE[colour][1]})`;

/** Where `light-dark()` is known (Chromium 123, Firefox 120, Safari 17.5); elsewhere the light colours hold. */
export const SUPPORTS_LIGHT_DARK = '@supports (color: light-dark(#000, #fff))';

/**
 * The `theme` attribute: `dark` or `light` forces one, `auto` follows the visitor's system; without
 * it the element follows the page's `color-scheme` (light unless the page says otherwise).
 */
export const THEME_RULES = `
  :host([theme='light']) { color-scheme: light; }
  :host([theme='dark']) { color-scheme: dark; }
  :host([theme='auto']) { color-scheme: light dark; }
`;
