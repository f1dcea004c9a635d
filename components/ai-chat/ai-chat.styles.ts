import { css } from 'lit';

/** Buttons of the panel and of its messages (both shadow roots). */
export const controlStyles = css`
  .icon-button {
    background: transparent;
    border: 1px solid transparent;
    border-radius: var(--_radius-small);
    color: var(--_text-muted);
    padding: 4px 8px;
    cursor: pointer;
    font: inherit;
    font-size: 0.85em;
  }
  .icon-button.close {
    display: inline-grid;
    place-items: center;
    padding: 6px;
  }
  .icon-button:hover {
    border-color: var(--_border);
    color: var(--_text);
  }
  .button {
    font: inherit;
    border-radius: var(--_radius-small);
    border: 1px solid var(--_accent);
    background: var(--_accent);
    color: var(--_accent-contrast);
    padding: 4px 12px;
    cursor: pointer;
  }
  .button.secondary {
    background: var(--_surface);
    color: var(--_accent);
  }
  .button.danger {
    border-color: var(--_danger);
    background: var(--_danger);
    color: var(--_accent-contrast);
  }
`;

/** The panel around the thread: launcher, header, welcome, footer. */

export const aiChatStyles = css`
  /* The thread keeps its rows (and the reader's place) while the list of kept conversations is open. */
  [hidden] {
    display: none !important;
  }
  /* Printing the conversation (parts/print.ts): a frame the browser prints from, never seen. */
  .print-frame {
    position: fixed;
    inset-block-start: 0;
    inset-inline-start: 0;
    width: 0;
    height: 0;
    border: 0;
    opacity: 0;
    pointer-events: none;
  }
  :host {
    display: block;
    --_panel-height: var(--sportello-ai-chat-height, 560px);
    --_panel-width: var(--sportello-ai-chat-width, 400px);
  }
  /* The bubble stays where it was when the panel opens above it (right-aligned, as the live chat's). */
  :host([mode='launcher']) {
    position: fixed;
    /* Logical: the bubble mirrors with the page (bottom-left in a right-to-left page), as the live chat's. */
    inset: auto;
    inset-block-end: var(--sportello-launcher-bottom, 20px);
    inset-inline-end: var(--sportello-launcher-right, 20px);
    z-index: var(--sportello-z-index, 2147483000);
    display: flex;
    flex-direction: column;
    align-items: flex-end;
  }
  .launcher {
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
  }
  .panel {
    display: flex;
    flex-direction: column;
    height: var(--_panel-height);
    max-height: 100%;
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow: hidden;
  }
  :host([mode='launcher']) .panel {
    width: min(var(--_panel-width), calc(100vw - 24px));
    height: min(var(--_panel-height), calc(100vh - 100px));
    box-shadow: var(--_shadow);
    margin-bottom: calc(var(--_space) * 1.5);
  }
  /* A phone: the open panel takes the screen, as the live chat's window does; its close button
     closes it, so the bubble steps aside. */
  @media (max-width: 480px) {
    :host([mode='launcher'][open]) {
      inset: 0;
      align-items: stretch;
    }
    :host([mode='launcher'][open]) .panel {
      flex: 1;
      width: auto;
      height: auto;
      margin: 0;
      border: none;
      border-radius: 0;
      box-shadow: none;
    }
    :host([mode='launcher'][open]) .launcher {
      display: none;
    }
  }
  header {
    display: flex;
    align-items: center;
    gap: var(--_space);
    padding: calc(var(--_space) * 1.25) calc(var(--_space) * 1.5);
    border-bottom: 1px solid var(--_border);
    background: var(--_surface-alt);
  }
  /* The text buttons' own padding parts them: a narrow column gap keeps a phone's header to two lines. */
  header {
    flex-wrap: wrap;
    column-gap: 2px;
  }
  header h2 {
    flex: 1;
    margin: 0;
    font-size: 1.05em;
  }
  .icon-button[aria-expanded='true'] {
    border-color: var(--_border);
    color: var(--_text);
  }
  /* The conversations kept on this device, in the thread's place while open. */
  .past {
    flex: 1;
    min-height: 0;
    overflow-y: auto;
    padding: calc(var(--_space) * 1.5);
  }
  .past-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
    flex-wrap: wrap;
  }
  .past h3 {
    margin: 0;
    font-size: 1em;
  }
  .past .note {
    color: var(--_text-muted);
    font-size: 0.85em;
    margin: 4px 0 var(--_space);
  }
  .past-list {
    list-style: none;
    margin: 0 0 var(--_space);
    padding: 0;
  }
  .past-item {
    display: flex;
    align-items: center;
    gap: 4px;
    border-bottom: 1px solid var(--_border);
  }
  .past-open {
    flex: 1;
    min-width: 0;
    display: grid;
    gap: 2px;
    text-align: start;
    background: transparent;
    border: 1px solid transparent;
    border-radius: var(--_radius-small);
    padding: 8px;
    font: inherit;
    color: var(--_text);
    cursor: pointer;
  }
  .past-open:hover {
    border-color: var(--_border);
  }
  .past-open[aria-current='true'] .past-title {
    font-weight: 600;
  }
  .past-title {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .past-meta {
    color: var(--_text-muted);
    font-size: 0.8em;
  }
  .past-actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
  }
  .confirm {
    max-width: min(360px, calc(100vw - 32px));
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
    box-shadow: var(--_shadow);
    padding: calc(var(--_space) * 2);
  }
  .confirm p {
    margin: 0 0 calc(var(--_space) * 1.5);
  }
  .confirm .actions {
    display: flex;
    justify-content: flex-end;
    flex-wrap: wrap;
    gap: var(--_space);
  }
  /* The thread (sportello-ai-thread: the shared message list) takes the room between header and composer. */
  sportello-ai-thread,
  .welcome-wrap {
    flex: 1;
    min-height: 0;
  }
  /* Before the first question the welcome takes the room; the empty thread (its log) stays. */
  sportello-ai-thread.empty {
    flex: none;
  }
  .welcome-wrap {
    overflow-y: auto;
    padding: calc(var(--_space) * 1.5);
  }
  .welcome {
    color: var(--_text-muted);
  }
  .suggestions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
    margin-top: var(--_space);
  }
  .chip,
  ::slotted([data-prompt]) {
    border: 1px solid var(--_border);
    background: var(--_surface);
    color: var(--_accent);
    border-radius: 999px;
    padding: 4px 12px;
    font: inherit;
    font-size: 0.9em;
    cursor: pointer;
  }
  .footer {
    padding: 0 var(--_space) var(--_space);
  }
  .footer .bar {
    display: flex;
    justify-content: center;
    margin-bottom: var(--_space);
  }
  .file-errors {
    color: var(--_danger);
    font-size: 0.85em;
    margin: 0 0 4px;
  }
  .file-errors ul {
    margin: 0;
    padding-left: 1.2em;
  }
  .config-error {
    padding: calc(var(--_space) * 2);
    color: var(--_danger);
    background: var(--_danger-surface);
    border-radius: var(--_radius);
  }
`;
