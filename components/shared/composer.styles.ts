import { css } from 'lit';

export const composerStyles = css`
  :host {
    display: block;
  }
  form {
    position: relative;
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 0.75);
    padding: var(--_space);
    border-top: 1px solid var(--_border);
    background: var(--_surface);
  }
  form.dragging {
    outline: 2px dashed var(--_accent);
    outline-offset: -4px;
  }
  .row {
    display: flex;
    align-items: flex-end;
    gap: calc(var(--_space) * 0.75);
  }
  textarea {
    flex: 1;
    min-height: 2.5em;
    max-height: 9em;
    resize: none;
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    padding: calc(var(--_space) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    field-sizing: content;
  }
  button {
    display: inline-grid;
    place-items: center;
    border: 1px solid var(--_border);
    background: var(--_surface-alt);
    color: var(--_text);
    border-radius: var(--_radius-small);
    min-width: 2.5em;
    min-height: 2.5em;
    padding: 0 calc(var(--_space) * 1.25);
  }
  button.send {
    background: var(--_accent);
    color: var(--_accent-contrast);
    border-color: var(--_accent);
  }
  button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 0.5);
  }
  li {
    display: flex;
    align-items: center;
    gap: calc(var(--_space) * 0.5);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    padding: 2px calc(var(--_space) * 0.5);
    max-width: 100%;
    font-size: 0.9em;
  }
  li sportello-image-thumb {
    --sportello-thumb-size: 40px;
    margin-inline-start: -2px;
  }
  li.failed {
    border-color: var(--_danger);
    color: var(--_danger);
  }
  li .name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    max-width: 14em;
  }
  li button {
    min-width: 1.8em;
    min-height: 1.8em;
    padding: 0 6px;
  }
  progress {
    width: 5em;
    accent-color: var(--_accent);
  }
  .emoji-picker {
    position: absolute;
    z-index: 2;
    bottom: 100%;
    left: var(--_space);
    right: var(--_space);
    max-width: 24em;
  }
  input[type='file'] {
    display: none;
  }
`;
