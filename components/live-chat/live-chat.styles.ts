import { PALETTE, SUPPORTS_LIGHT_DARK, THEME_RULES, both } from '../shared/palette.js';

/**
 * The launcher's styles as a plain string (adopted as a constructable stylesheet, allowed under a
 * strict `style-src 'self'`): the launcher does not load Lit. Same `--sportello-*` tokens and
 * fallbacks as components/shared/tokens.styles.ts. Only what paints the closed launcher: this sheet
 * is parsed and matched while the host page starts (no universal or pseudo-element rules, no
 * reduced-motion block: the launcher has no pseudo-elements and no motion).
 */
export const launcherCss = `
  :host {
    --_offset: var(--sportello-chat-offset, 20px);
    /* The page's colours first, then the service's (widget-look.ts: the last ones seen in this
       browser, from the first paint), then the kit's. */
    --_accent: var(--sportello-accent, var(--_look-accent, #2457d6));
    --_accent-contrast: var(--sportello-accent-contrast, var(--_look-accent-contrast, #ffffff));
    --_danger: var(--sportello-danger, #b42318);
    --_focus: var(--sportello-focus-ring, #1a4fd0);
    --_shadow: var(--sportello-shadow, 0 8px 28px rgb(16 24 40 / 0.16));
    display: contents;
    font-family: var(--sportello-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  }
  :host([hidden]) {
    display: none !important;
  }
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .launcher {
    position: fixed;
    bottom: var(--_offset);
    inset-inline-end: var(--_offset);
    z-index: 2147483000;
    width: 56px;
    height: 56px;
    border-radius: 50%;
    border: none;
    background: var(--_accent);
    color: var(--_accent-contrast);
    box-shadow: var(--_shadow);
    display: grid;
    place-items: center;
    cursor: pointer;
    padding: 0;
  }
  /* The default corner is logical (bottom-right in LTR, bottom-left in RTL); the physical
     positions stay where they are named, whatever the direction. */
  :host([position='bottom-start']) .launcher {
    inset-inline-end: auto;
    inset-inline-start: var(--_offset);
  }
  :host([position='bottom-left']) .launcher {
    inset-inline-end: auto;
    left: var(--_offset);
  }
  :host([position='bottom-right']) .launcher {
    inset-inline-end: auto;
    right: var(--_offset);
  }
  /* The closed bubble (launcher-icons.ts): the chat bubble's path, 24 units drawn 26 px wide. */
  .icon {
    width: 24px;
    height: 24px;
    scale: calc(26 / 24);
    background: currentColor;
    clip-path: path(
      'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01z'
    );
    /* Not forced to the page's background: drawn in the button's text colour (below), as an SVG
       fill of currentColor is. Inherited, currentColor would be the accent's contrast colour. */
    forced-color-adjust: none;
  }
  @media (forced-colors: active) {
    .icon {
      background: ButtonText;
    }
  }
  .badge {
    position: absolute;
    top: -4px;
    inset-inline-end: -4px;
    box-sizing: border-box;
    min-width: 22px;
    height: 22px;
    padding: 0 6px;
    border-radius: 11px;
    background: var(--_danger);
    color: #fff;
    font: 700 12px/22px system-ui, sans-serif;
  }
`;

/**
 * The window frame's styles, adopted only once the frame is shown (open or inline): the closed
 * launcher does not pay for parsing them while the page starts.
 */
export const windowCss = `
  :host {
    /* The service's look reaches the window as the kit's properties, after the page's own: each
       resolves here (a property neither sets stays unset, and the window keeps its own default). */
    --_window-accent: var(--sportello-accent, var(--_look-accent));
    --_window-accent-contrast: var(--sportello-accent-contrast, var(--_look-accent-contrast));
    --_window-surface: var(--sportello-surface, var(--_look-surface));
    --_window-text: var(--sportello-text, var(--_look-text));
    --_window-visitor-bubble: var(--sportello-chat-visitor-bubble, var(--_look-visitor-bubble));
    --_window-visitor-bubble-text: var(--sportello-chat-visitor-bubble-text, var(--_look-visitor-bubble-text));
    --_window-operator-bubble: var(--sportello-chat-operator-bubble, var(--_look-operator-bubble));
    --_window-operator-bubble-text: var(--sportello-chat-operator-bubble-text, var(--_look-operator-bubble-text));
    --_width: var(--sportello-chat-width, 380px);
    --_height: var(--sportello-chat-height, 560px);
    --_surface: var(--sportello-surface, #ffffff);
    --_border: var(--sportello-border, #d5dbe5);
    --_radius: var(--sportello-radius, 10px);
  }
  /* Dark (palette.ts): the service's look is chosen for a light window, so in dark the kit's dark
     colours stand in for it; the page's own --sportello-* still win in both. */
  ${SUPPORTS_LIGHT_DARK} {
    :host {
      --_window-accent: var(--sportello-accent, light-dark(var(--_look-accent, ${PALETTE.accent[0]}), ${PALETTE.accent[1]}));
      --_window-accent-contrast: var(--sportello-accent-contrast, light-dark(var(--_look-accent-contrast, ${PALETTE['accent-contrast'][0]}), ${PALETTE['accent-contrast'][1]}));
      --_window-surface: var(--sportello-surface, light-dark(var(--_look-surface, ${PALETTE.surface[0]}), ${PALETTE.surface[1]}));
      --_window-text: var(--sportello-text, light-dark(var(--_look-text, ${PALETTE.text[0]}), ${PALETTE.text[1]}));
      --_window-visitor-bubble: var(--sportello-chat-visitor-bubble, light-dark(var(--_look-visitor-bubble, var(--_window-accent)), var(--_window-accent)));
      --_window-visitor-bubble-text: var(--sportello-chat-visitor-bubble-text, light-dark(var(--_look-visitor-bubble-text, var(--_window-accent-contrast)), var(--_window-accent-contrast)));
      --_window-operator-bubble: var(--sportello-chat-operator-bubble, light-dark(var(--_look-operator-bubble, var(--sportello-surface-alt, ${PALETTE['surface-alt'][0]})), var(--sportello-surface-alt, ${PALETTE['surface-alt'][1]})));
      --_window-operator-bubble-text: var(--sportello-chat-operator-bubble-text, light-dark(var(--_look-operator-bubble-text, var(--_window-text)), var(--_window-text)));
      --_surface: var(--sportello-surface, ${both('surface')});
      --_border: var(--sportello-border, ${both('border')});
    }
  }
  :host([mode='inline']) {
    display: block;
  }
  ${THEME_RULES}
  :host([position='bottom-start']) .window {
    inset-inline-end: auto;
    inset-inline-start: var(--_offset);
  }
  :host([position='bottom-left']) .window {
    inset-inline-end: auto;
    left: var(--_offset);
  }
  :host([position='bottom-right']) .window {
    inset-inline-end: auto;
    right: var(--_offset);
  }
  .window {
    --sportello-accent: var(--_window-accent);
    --sportello-accent-contrast: var(--_window-accent-contrast);
    --sportello-surface: var(--_window-surface);
    --sportello-text: var(--_window-text);
    --sportello-chat-visitor-bubble: var(--_window-visitor-bubble);
    --sportello-chat-visitor-bubble-text: var(--_window-visitor-bubble-text);
    --sportello-chat-operator-bubble: var(--_window-operator-bubble);
    --sportello-chat-operator-bubble-text: var(--_window-operator-bubble-text);
    box-sizing: border-box;
    position: fixed;
    bottom: calc(var(--_offset) + 68px);
    inset-inline-end: var(--_offset);
    z-index: 2147483000;
    width: min(var(--_width), calc(100vw - 2 * var(--_offset)));
    height: min(var(--_height), calc(100vh - 120px));
    border-radius: var(--_radius);
    box-shadow: var(--_shadow);
    overflow: hidden;
    background: var(--_surface);
    border: 1px solid var(--_border);
  }
  :host([mode='inline']) .window {
    position: relative;
    inset: auto;
    width: 100%;
    height: var(--_height);
    box-shadow: none;
  }
  .window[hidden] {
    display: none;
  }
  .loading {
    padding: 16px;
  }
  /* A phone: the window takes the screen (a floating panel would leave slivers of the page around
     it); the window's own close button and Escape close it, so the launcher steps aside. */
  @media (max-width: 480px) {
    :host(:not([mode='inline'])) .window {
      inset: 0;
      width: auto;
      height: auto;
      border: none;
      border-radius: 0;
    }
    :host([open]:not([mode='inline'])) .launcher {
      display: none;
    }
  }
`;
