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
    flex: 0 0 auto;
    min-width: 2.2em;
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
    max-height: min(13.5em, 36vh);
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
