import { css } from 'lit';

/**
 * The kit's look, as CSS custom properties a page may override on any element:
 * `--sportello-accent`, `--sportello-radius`, `--sportello-font`, … Every element includes this
 * first in its `static styles` and uses only these variables for colour, radius, font and spacing.
 */
export const tokens = css`
  :host {
    --_accent: var(--sportello-accent, #2457d6);
    --_accent-contrast: var(--sportello-accent-contrast, #ffffff);
    --_surface: var(--sportello-surface, #ffffff);
    --_surface-alt: var(--sportello-surface-alt, #f3f5f9);
    --_text: var(--sportello-text, #1c2230);
    --_text-muted: var(--sportello-text-muted, #5b6474);
    --_border: var(--sportello-border, #d5dbe5);
    --_danger: var(--sportello-danger, #b42318);
    --_danger-surface: var(--sportello-danger-surface, #fdecea);
    --_warning: var(--sportello-warning, #8a5a00);
    --_warning-surface: var(--sportello-warning-surface, #fff6e0);
    --_success: var(--sportello-success, #146c43);
    --_success-surface: var(--sportello-success-surface, #e7f6ee);
    --_focus: var(--sportello-focus-ring, #1a4fd0);
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
