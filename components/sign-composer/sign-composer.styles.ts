import { css } from 'lit';
import { signerMarks } from './parts/page-editor.styles.js';

export const signComposerStyles = [
  signerMarks,
  css`
    :host {
      display: block;
      container-type: inline-size;
      background: var(--_surface);
      color: var(--_text);
    }
    .composer,
    .sent {
      display: grid;
      gap: calc(var(--_space) * 1.5);
      padding: calc(var(--_space) * 2);
    }
    h2,
    h3,
    h4 {
      margin: 0;
      line-height: 1.25;
    }
    .title {
      font-size: 1.35em;
    }
    .step-title {
      font-size: 1.15em;
    }
    .step-title:focus {
      outline: none;
    }
    .step-title:focus-visible {
      outline: 2px solid var(--_focus);
    }
    p {
      margin: 0;
    }
    .muted,
    .hint {
      color: var(--_text-muted);
      font-size: 0.93em;
    }

    /* header */
    .header {
      display: grid;
      gap: var(--_space);
      grid-template-columns: 1fr auto;
      align-items: center;
    }
    .header .kept {
      grid-column: 1 / -1;
      grid-row: 2;
    }
    .header-actions {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space);
      justify-content: flex-end;
    }
    .header > .confirm,
    .header > sportello-error-notice {
      grid-column: 1 / -1;
    }
    .confirm {
      padding: var(--_space);
      border-inline-start: 4px solid var(--_warning);
      background: var(--_warning-surface);
      color: var(--_text);
    }

    /* steps */
    .steps ol {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space);
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .steps button {
      display: inline-flex;
      align-items: center;
      gap: calc(var(--_space) * 0.75);
      min-height: 44px;
      padding: 0 calc(var(--_space) * 1.5);
      border: 1px solid var(--_border);
      border-radius: 999px;
      background: var(--_surface);
      color: var(--_text);
    }
    .steps button.current {
      border-color: var(--_accent);
      background: var(--_accent);
      color: var(--_accent-contrast);
      font-weight: 600;
    }
    .step-number {
      display: inline-grid;
      place-items: center;
      width: 1.6em;
      height: 1.6em;
      border-radius: 50%;
      border: 1px solid currentColor;
      font-size: 0.85em;
    }
    .step-body {
      display: grid;
      gap: calc(var(--_space) * 1.5);
    }
    .step-nav {
      display: flex;
      justify-content: space-between;
      gap: var(--_space);
      flex-wrap: wrap;
      padding-top: var(--_space);
      border-top: 1px solid var(--_border);
    }

    /* buttons */
    .button {
      min-height: 44px;
      padding: 0 calc(var(--_space) * 2);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-small);
      background: var(--_surface);
      color: var(--_text);
    }
    .button.primary {
      border-color: var(--_accent);
      background: var(--_accent);
      color: var(--_accent-contrast);
      font-weight: 600;
    }
    .button.danger,
    .icon-button.danger {
      color: var(--_danger);
    }
    .button:disabled,
    .icon-button:disabled {
      cursor: not-allowed;
      opacity: 0.6;
    }
    .icon-button {
      min-width: 44px;
      min-height: 44px;
      border: 1px solid var(--_border);
      border-radius: var(--_radius-small);
      background: var(--_surface);
      color: var(--_text);
    }
    .link-button {
      min-height: 24px;
      padding: 2px 0;
      border: none;
      background: none;
      color: var(--_accent);
      text-decoration: underline;
      text-align: start;
    }
    .row-actions {
      display: flex;
      gap: calc(var(--_space) / 2);
      flex-wrap: wrap;
    }

    /* fields */
    .field {
      display: grid;
      gap: calc(var(--_space) / 2);
      min-width: 0;
    }
    label,
    legend {
      font-weight: 600;
    }
    input:not([type='checkbox'], [type='radio']),
    select,
    textarea {
      width: 100%;
      min-height: 44px;
      padding: calc(var(--_space) * 0.75);
      border: 1px solid var(--_text-muted);
      border-radius: var(--_radius-small);
      background: var(--_surface);
      color: var(--_text);
      font: inherit;
    }
    textarea {
      resize: vertical;
    }
    [aria-invalid='true'] {
      border-color: var(--_danger) !important;
      border-width: 2px !important;
    }
    .field-error {
      color: var(--_danger);
      font-weight: 600;
    }
    .required {
      color: var(--_danger);
    }
    .check {
      display: grid;
      grid-template-columns: auto 1fr;
      align-items: center;
      column-gap: var(--_space);
    }
    .check input {
      width: 20px;
      height: 20px;
      margin: 0;
    }
    .check label {
      font-weight: 400;
    }
    .check .hint,
    .check .field-error {
      grid-column: 2;
    }
    fieldset {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space) calc(var(--_space) * 2);
      margin: 0;
      padding: var(--_space) calc(var(--_space) * 1.5);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-small);
    }
    fieldset > .field {
      flex: 1 1 100%;
    }
    .radio {
      display: inline-flex;
      align-items: center;
      gap: calc(var(--_space) * 0.75);
      min-height: 44px;
      font-weight: 400;
    }
    .grid {
      display: grid;
      gap: var(--_space) calc(var(--_space) * 2);
      grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
    }
    .phone {
      display: grid;
      grid-template-columns: 6rem 1fr;
      gap: var(--_space);
    }

    /* documents */
    .type-row {
      display: grid;
      gap: var(--_space);
      max-width: 40rem;
    }
    .type-facts {
      margin: 0;
      padding-inline-start: 1.2em;
      color: var(--_text-muted);
    }
    .documents,
    .signers,
    .copies,
    .drafts,
    .area-list,
    .sent-signers,
    .review-signers {
      display: grid;
      gap: var(--_space);
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .document {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: var(--_space);
      padding: var(--_space) calc(var(--_space) * 1.5);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-small);
    }
    .doc-main {
      display: grid;
      gap: calc(var(--_space) / 2);
      min-width: 0;
      flex: 1 1 14rem;
    }
    .doc-name {
      font-weight: 600;
      overflow-wrap: anywhere;
    }
    .upload {
      display: flex;
      align-items: center;
      gap: var(--_space);
    }
    .drop {
      display: grid;
      justify-items: center;
      gap: var(--_space);
      padding: calc(var(--_space) * 3) calc(var(--_space) * 2);
      border: 2px dashed var(--_text-muted);
      border-radius: var(--_radius);
      text-align: center;
    }
    .drop.active {
      border-color: var(--_accent);
      background: var(--_surface-alt);
    }

    /* signers */
    .signer {
      display: grid;
      gap: var(--_space);
      padding: calc(var(--_space) * 1.5);
      border: 1px solid var(--_border);
      border-inline-start: 6px var(--_line) var(--_mark);
      border-radius: var(--_radius-small);
    }
    .signer h4,
    .review-signers li {
      display: flex;
      align-items: center;
      gap: var(--_space);
    }
    .badge {
      display: inline-grid;
      place-items: center;
      min-width: 1.6em;
      height: 1.6em;
      padding: 0 4px;
      border-radius: 4px;
      background: var(--_mark, var(--_text-muted));
      color: #fff;
      font-weight: 700;
    }
    .copy {
      display: flex;
      align-items: flex-end;
      gap: var(--_space);
    }
    .copy .field {
      flex: 1;
    }
    details summary {
      min-height: 32px;
      cursor: pointer;
      font-weight: 600;
    }
    details[open] {
      display: grid;
      gap: var(--_space);
    }

    /* areas */
    .areas-layout {
      display: grid;
      gap: calc(var(--_space) * 1.5);
      grid-template-columns: minmax(12rem, 16rem) minmax(0, 1fr) minmax(12rem, 16rem);
      align-items: start;
    }
    .palette,
    .properties {
      display: grid;
      gap: var(--_space);
      align-content: start;
    }
    .properties:focus {
      outline: 2px solid var(--_focus);
      outline-offset: 2px;
    }
    .keyword {
      display: grid;
      gap: var(--_space);
    }
    /* The pages fit the column, never the column the pages: the editor measures its width to fit them. */
    .editor {
      display: grid;
      grid-template-columns: minmax(0, 1fr);
      gap: var(--_space);
      min-width: 0;
    }
    .note {
      color: var(--_text);
    }
    .form-fields ul {
      margin: 0;
      padding: 0;
      list-style: none;
    }
    @container (max-width: 60rem) {
      .areas-layout {
        grid-template-columns: minmax(0, 1fr);
      }
    }
    @container (max-width: 30rem) {
      .composer,
      .sent {
        padding: var(--_space);
      }
      .header {
        grid-template-columns: 1fr;
      }
      .header-actions {
        justify-content: flex-start;
      }
      .steps button {
        padding: 0 var(--_space);
      }
    }

    /* review and sending */
    .summary {
      color: var(--_text-muted);
    }
    .problems {
      padding: calc(var(--_space) * 1.5);
      border: 2px solid var(--_danger);
      border-radius: var(--_radius-small);
      background: var(--_danger-surface);
    }
    .problems ul {
      margin: var(--_space) 0 0;
      padding-inline-start: 1.2em;
    }
    .sent > .button {
      justify-self: start;
    }
    .send {
      justify-self: start;
      min-width: 12rem;
    }
    .notice {
      padding: var(--_space);
      border-inline-start: 4px solid var(--_success);
      background: var(--_success-surface);
    }
    .error {
      padding: calc(var(--_space) * 1.5);
      border: 1px solid var(--_danger);
      border-radius: var(--_radius-small);
      background: var(--_danger-surface);
      color: var(--_danger);
    }
    dialog {
      max-width: min(36rem, calc(100vw - 2rem));
      padding: calc(var(--_space) * 2);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      background: var(--_surface);
      color: var(--_text);
    }
    dialog::backdrop {
      background: rgb(16 24 40 / 0.45);
    }
    dialog > * + * {
      margin-top: var(--_space);
    }
    .drafts li {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--_space);
    }
    sportello-sign-viewer {
      display: block;
    }
  `,
];
