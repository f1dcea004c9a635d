import { css } from 'lit';

export const emojiPickerStyles = css`
  :host {
    display: block;
  }
  .picker {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 0.5);
    padding: var(--_space);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: var(--_shadow);
  }
  input[type='search'] {
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    padding: calc(var(--_space) * 0.5) calc(var(--_space) * 0.75);
  }
  .tabs {
    display: flex;
    gap: 2px;
    overflow-x: auto;
    scrollbar-width: thin;
  }
  .tabs button {
    /* Ten tabs (the recent ones and nine categories) fit a 320 px picker side by side, each at
       least ~30 px wide (WCAG 2.2's 24 px target); a narrower one scrolls them. */
    flex: 1 0 1.8em;
    min-height: 2.2em;
    border: 0;
    border-bottom: 2px solid transparent;
    background: none;
    font-size: 1.15em;
    border-radius: var(--_radius-small) var(--_radius-small) 0 0;
  }
  .tabs button[aria-selected='true'] {
    border-bottom-color: var(--_accent);
    background: var(--_surface-alt);
  }
  .grid {
    /* One height for every tab and search: the picker does not jump under the pointer when a tab
       of two recent emoji or a search of three results is shown. */
    height: min(13.5em, 36vh);
    overflow-y: auto;
    scrollbar-width: thin;
  }
  [role='row'] {
    display: grid;
    grid-template-columns: repeat(8, minmax(0, 1fr));
  }
  [role='gridcell'] button {
    width: 100%;
    aspect-ratio: 1;
    min-height: 2.2em;
    border: 0;
    background: none;
    border-radius: var(--_radius-small);
    font-size: 1.35em;
    line-height: 1;
    padding: 0;
  }
  [role='gridcell'] button:hover,
  [role='gridcell'] button:focus-visible {
    background: var(--_surface-alt);
  }
  [role='gridcell'] button:focus-visible {
    outline-offset: -2px;
  }
  /* The skin tones: "Skin tone" and six swatches on one line under the grid. */
  .tones {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
  .tones legend {
    /* Floated: beside the swatches, not in the fieldset's border. */
    float: inline-start;
    padding: 0;
    margin-inline-end: calc(var(--_space) * 0.5);
    line-height: 2.2em;
    font-size: 0.85em;
    color: var(--_text-muted);
  }
  .swatches {
    display: flex;
    flex-wrap: wrap;
    gap: 2px;
  }
  .tones label {
    position: relative;
    display: flex;
  }
  /* The radio itself is invisible over its swatch: the swatch shows the choice and the focus. */
  .tones input {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
  .swatch {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 1.9em;
    min-height: 1.9em;
    border: 2px solid transparent;
    border-radius: var(--_radius-small);
    font-size: 1.05em;
    line-height: 1;
  }
  .tones input:checked + .swatch {
    border-color: var(--_accent);
    background: var(--_surface-alt);
  }
  .tones input:focus-visible + .swatch {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
  .status:empty {
    display: none;
  }
  .status,
  .preview {
    margin: 0;
    color: var(--_text-muted);
    font-size: 0.9em;
    min-height: 1.5em;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .preview .glyph {
    font-size: 1.2em;
  }
`;
