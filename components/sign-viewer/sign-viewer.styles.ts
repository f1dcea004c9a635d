import { css } from 'lit';

export const signViewerStyles = css`
  :host {
    display: block;
    container-type: inline-size;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow: clip; /* not hidden: a scroll container would hold the document's sticky toolbar */
  }
  .layout {
    display: grid;
    grid-template-columns: minmax(16rem, 22rem) 1fr;
    height: var(--sportello-sign-viewer-height, 46rem);
  }
  /*
   * Narrow (a phone, a side column): one column. The side panel flows at its full height (a nested
   * 22rem scroller hid signers and history and cut the last download in half), and the document
   * below keeps a bounded height of its own so its toolbar stays in reach; a page that sets
   * --sportello-sign-viewer-height: auto gets the whole document in the page's own scroll, and
   * the pages still paint only what is on screen.
   */
  @container (max-width: 760px) {
    .layout {
      display: block;
      height: auto;
    }
    .side {
      overflow: visible;
      border-inline-end: 0;
      border-bottom: 1px solid var(--_border);
      padding: calc(var(--_space) * 1.5);
    }
    .main {
      height: var(--sportello-sign-viewer-height, min(46rem, 85svh));
    }
    .downloads {
      flex-direction: row;
      flex-wrap: wrap;
    }
  }
  .side {
    overflow: auto;
    padding: calc(var(--_space) * 2);
    border-inline-end: 1px solid var(--_border);
    background: var(--_surface);
  }
  .main {
    display: flex;
    flex-direction: column;
    min-width: 0;
    min-height: 0;
    background: var(--_surface-alt);
  }
  h2,
  h3 {
    margin: 0 0 var(--_space);
    line-height: 1.25;
  }
  h2 {
    font-size: 1.15em;
  }
  h3 {
    font-size: 0.95em;
    margin-top: calc(var(--_space) * 2);
    color: var(--_text-muted);
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  .facts {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space) calc(var(--_space) * 2);
    margin: 0;
  }
  .facts div {
    display: flex;
    gap: 6px;
    align-items: baseline;
  }
  .facts dt {
    color: var(--_text-muted);
  }
  .facts dd {
    margin: 0;
  }
  .status {
    display: inline-block;
    padding: 1px 8px;
    border-radius: 999px;
    font-weight: 600;
    background: var(--_surface-alt);
    border: 1px solid var(--_border);
  }
  .status-F {
    background: var(--_success-surface);
    color: var(--_success);
    border-color: currentColor;
  }
  .status-R,
  .status-V {
    background: var(--_danger-surface);
    color: var(--_danger);
    border-color: currentColor;
  }
  .status-E {
    background: var(--_warning-surface);
    color: var(--_warning);
    border-color: currentColor;
  }
  .urgent {
    color: var(--_danger);
    font-weight: 600;
  }
  .summary {
    margin: var(--_space) 0 0;
    color: var(--_text-muted);
  }
  ol {
    margin: 0;
    padding-inline-start: 1.4em;
  }
  .signer {
    margin-bottom: 6px;
  }
  .signer .who {
    font-weight: 600;
    display: block;
  }
  .signer .what {
    color: var(--_text-muted);
  }
  .signer .what::after {
    content: ' · ';
  }
  .signer.mine .who {
    color: var(--_accent);
  }
  .signer-status-F {
    color: var(--_success);
  }
  .signer-status-R {
    color: var(--_danger);
  }
  .events li {
    margin-bottom: 6px;
  }
  .events time {
    display: block;
    font-size: 0.85em;
    color: var(--_text-muted);
  }
  .events .notes {
    display: block;
    font-style: italic;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
    margin-top: calc(var(--_space) * 2);
  }
  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-height: 40px;
    padding: 6px 16px;
    border-radius: var(--_radius-small);
    border: 1px solid var(--_border);
    background: var(--_surface);
    color: var(--_text);
    text-decoration: none;
    font: inherit;
    cursor: pointer;
  }
  .button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_accent-contrast);
    font-weight: 600;
  }
  .button[aria-disabled='true'],
  .button:disabled {
    opacity: 0.6;
    cursor: default;
  }
  .actions > .notice,
  .actions > .error {
    flex-basis: 100%;
  }
  .downloads {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 6px;
    margin-top: var(--_space);
  }
  .downloads .button {
    min-height: 36px;
    padding: 4px 12px;
  }
  .notice {
    margin: var(--_space) 0 0;
    padding: var(--_space);
    border-radius: var(--_radius-small);
    background: var(--_surface-alt);
  }
  .switcher {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    padding: var(--_space);
    border-bottom: 1px solid var(--_border);
    background: var(--_surface);
  }
  .switcher button {
    padding: 4px 12px;
    min-height: 36px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_surface);
    color: var(--_text);
  }
  .switcher button[aria-current='true'] {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_accent-contrast);
  }
  sportello-sign-document {
    flex: 1;
    min-height: 0;
  }
  .doc-state {
    flex: 1;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: var(--_space);
    padding: calc(var(--_space) * 3);
    text-align: center;
  }
  /* A protected document's password, asked where the document would be. */
  .password-form {
    display: flex;
    flex-direction: column;
    align-items: stretch;
    gap: calc(var(--_space) * 0.75);
    width: min(22rem, 100%);
    text-align: start;
  }
  .password-title {
    margin: 0;
    font-weight: 600;
  }
  .password-form input {
    font: inherit;
    min-height: 36px;
    padding: 6px 8px;
    /* The field's edge at 3:1 against the page (WCAG 1.4.11): the muted text colour, not the border tone. */
    border: 1px solid var(--_text-muted);
    border-radius: var(--_radius-small);
  }
  .password-form input[aria-invalid='true'] {
    border-color: var(--_danger);
  }
  .password-wrong {
    margin: 0;
    color: var(--_danger);
  }
  .password-actions {
    display: flex;
    gap: var(--_space);
  }
  progress {
    width: min(24rem, 80%);
    accent-color: var(--_accent);
  }
  .error {
    padding: calc(var(--_space) * 2);
    border-radius: var(--_radius-small);
    background: var(--_danger-surface);
    color: var(--_danger);
    border: 1px solid currentColor;
  }
  .error p {
    margin: 0 0 var(--_space);
  }
  .error .reference {
    font-size: 0.85em;
    font-family: var(--_font-mono);
  }
  .loading {
    padding: calc(var(--_space) * 3);
    color: var(--_text-muted);
  }
  dialog {
    width: min(56rem, 96vw);
    height: min(44rem, 92vh);
    padding: 0;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: var(--_shadow);
  }
  dialog::backdrop {
    background: rgb(16 24 40 / 0.45);
  }
  dialog .dialog-bar {
    display: flex;
    justify-content: space-between;
    align-items: center;
    padding: var(--_space) calc(var(--_space) * 2);
    border-bottom: 1px solid var(--_border);
  }
  dialog[open] {
    display: flex;
    flex-direction: column;
  }
  dialog iframe {
    flex: 1;
    min-height: 0;
    width: 100%;
    border: 0;
  }
  /* The way out when the service's page refuses the frame (nothing tells the viewer it did). */
  dialog .frame-fallback {
    margin: 0;
    padding: calc(var(--_space) * 0.75) calc(var(--_space) * 2);
    border-bottom: 1px solid var(--_border);
    background: var(--_surface-alt);
    font-size: 0.95em;
  }
  dialog .frame-fallback a {
    color: var(--_accent);
    font-weight: 600;
  }
  .turn {
    flex-basis: 100%;
    margin: 0;
    padding: var(--_space);
    border-radius: var(--_radius-small);
    border-left: 4px solid var(--_border);
    background: var(--_surface-alt);
    font-weight: 600;
  }
  .turn-your-turn {
    border-left-color: var(--_accent);
  }
  .turn-signed-waiting,
  .turn-completed,
  .turn-signed {
    border-left-color: var(--_success);
    color: var(--_success);
  }
  .turn-rejected,
  .turn-expired,
  .turn-cancelled {
    border-left-color: var(--_danger);
  }
`;
