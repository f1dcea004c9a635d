import { css, unsafeCSS } from 'lit';
import { PALETTE, SUPPORTS_LIGHT_DARK, THEME_RULES, both, type PaletteColour } from './palette.js';

const colours = Object.keys(PALETTE) as PaletteColour[];
/** `--_surface: var(--sportello-surface, <default>)` for every colour of the palette. */
const colourTokens = (value: (c: PaletteColour) => string) =>
  unsafeCSS(
    colours.map((c) => `--_${c === 'focus-ring' ? 'focus' : c}: var(--sportello-${c}, ${value(c)});`).join('\n'),
  );

/**
 * The kit's look, as CSS custom properties a page may override on any element:
 * `--sportello-accent`, `--sportello-radius`, `--sportello-font`, … Every element includes this
 * first in its `static styles` and uses only these variables for colour, radius, font and spacing.
 * The colours have a dark default too (palette.ts), shown when the element's `color-scheme` is dark.
 */
export const tokens = css`
  :host {
    ${colourTokens((c) => PALETTE[c][0])}
    --_radius: var(--sportello-radius, 10px);
    --_radius-small: var(--sportello-radius-small, 6px);
    --_font: var(--sportello-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_font-mono: var(--sportello-font-mono, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    --_font-size: var(--sportello-font-size, 15px);
    --_space: var(--sportello-space, 8px);
    --_shadow: var(--sportello-shadow, 0 8px 28px rgb(16 24 40 / 0.16));
    font-family: var(--_font);
    font-size: var(--_font-size);
    color: var(--_text);
    line-height: 1.45;
    box-sizing: border-box;
  }
  ${unsafeCSS(`${SUPPORTS_LIGHT_DARK} { :host { ${colourTokens(both)} --_shadow: var(--sportello-shadow, 0 8px 28px light-dark(rgb(16 24 40 / 0.16), rgb(0 0 0 / 0.55))); } }`)}
  ${unsafeCSS(THEME_RULES)}
  :host([hidden]) {
    display: none !important;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  button {
    font: inherit;
    cursor: pointer;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
