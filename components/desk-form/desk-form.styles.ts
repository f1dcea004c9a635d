import { css } from 'lit';
import { tokens } from '../shared/tokens.styles.js';

/** Shared by `<sportello-desk-form>` and `<sportello-desk-request>`. */
export const deskFormStyles = [
  tokens,
  css`
    :host {
      display: block;
      max-width: 52rem;
      background: var(--_surface);
      color: var(--_text);
    }
    form,
    .confirmation,
    .follow {
      display: grid;
      gap: calc(var(--_space) * 2);
    }
    h2 {
      margin: 0;
      font-size: 1.35em;
      line-height: 1.25;
    }
    h3 {
      margin: 0 0 var(--_space);
      font-size: 1.05em;
    }
    p {
      margin: 0;
    }
    fieldset {
      margin: 0;
      padding: 0;
      border: 0;
      min-width: 0;
    }
    fieldset:disabled {
      opacity: 0.75;
    }
    .outer {
      display: grid;
      gap: calc(var(--_space) * 2);
    }
    fieldset.group,
    .preview {
      display: block;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: calc(var(--_space) * 2);
      margin: 0 0 calc(var(--_space) * 2);
    }
    legend {
      font-weight: 600;
      padding: 0 var(--_space);
      margin-inline-start: calc(var(--_space) * -1);
    }
    .grid {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr));
      gap: calc(var(--_space) * 1.5) calc(var(--_space) * 2);
    }
    .field {
      display: grid;
      gap: calc(var(--_space) / 2);
      align-content: start;
      min-width: 0;
    }
    .field.wide {
      grid-column: 1 / -1;
    }
    label {
      font-weight: 500;
    }
    .req {
      color: var(--_danger);
    }
    input:not([type='checkbox']):not([type='radio']):not([type='file']),
    select,
    textarea {
      font: inherit;
      color: inherit;
      background: var(--_surface);
      border: 1px solid var(--_text-muted);
      border-radius: var(--_radius-small);
      padding: calc(var(--_space) * 0.75) var(--_space);
      width: 100%;
      min-height: 2.5rem;
    }
    textarea {
      resize: vertical;
    }
    input[readonly],
    textarea[readonly] {
      background: var(--_surface-alt);
    }
    select:disabled {
      background: var(--_surface-alt);
      color: var(--_text);
    }
    [aria-invalid='true'] {
      border-color: var(--_danger) !important;
      box-shadow: 0 0 0 1px var(--_danger);
    }
    input[type='checkbox'] {
      width: 1.15rem;
      height: 1.15rem;
      margin: 0.15rem 0 0;
      accent-color: var(--_accent);
    }
    .check-row {
      display: flex;
      gap: var(--_space);
      align-items: flex-start;
    }
    .hint {
      color: var(--_text-muted);
      font-size: 0.92em;
    }
    .error {
      color: var(--_danger);
      font-size: 0.92em;
    }
    .error-summary {
      border: 2px solid var(--_danger);
      background: var(--_danger-surface);
      color: var(--_text);
      border-radius: var(--_radius);
      padding: var(--_space) calc(var(--_space) * 2);
    }
    .error-summary[hidden] {
      display: none;
    }
    .error-summary ul {
      margin: var(--_space) 0 0;
      padding-inline-start: 1.2em;
    }
    .error-summary a {
      color: var(--_danger);
    }
    .banner {
      border-radius: var(--_radius);
      padding: var(--_space) calc(var(--_space) * 2);
      background: var(--_surface-alt);
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space);
      align-items: center;
      justify-content: space-between;
    }
    .error-banner {
      background: var(--_danger-surface);
      border: 1px solid var(--_danger);
    }
    .notice {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space);
      align-items: center;
      background: var(--_warning-surface);
      color: var(--_text);
      border-radius: var(--_radius);
      padding: var(--_space) calc(var(--_space) * 2);
    }
    /* The kit's error notice (components/shared/error-notice.ts) in the desk's colours: a danger box of
       its own, or none inside an error banner, which already is one (no box in a box). */
    .error.notice {
      background: var(--_danger-surface);
      border: 1px solid var(--_danger);
    }
    .error-banner .error.notice {
      background: none;
      border: 0;
      padding: 0;
    }
    .preview h3 {
      margin-bottom: var(--_space);
    }
    .facts {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(min(100%, 12rem), 1fr));
      gap: var(--_space) calc(var(--_space) * 2);
      margin: 0;
    }
    .facts dt {
      color: var(--_text-muted);
      font-size: 0.88em;
    }
    .facts dd {
      margin: 0;
      font-weight: 600;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space);
      align-items: center;
    }
    button {
      border-radius: var(--_radius-small);
      padding: calc(var(--_space) * 0.75) calc(var(--_space) * 2);
      min-height: 2.5rem;
      border: 1px solid var(--_accent);
    }
    button.primary {
      background: var(--_accent);
      color: var(--_accent-contrast);
      font-weight: 600;
    }
    button.secondary {
      background: var(--_surface);
      color: var(--_accent);
    }
    button.link {
      border: 0;
      background: none;
      color: var(--_accent);
      text-decoration: underline;
      padding: 0 calc(var(--_space) / 2);
      min-height: 2rem;
      min-width: 2rem;
    }
    button:disabled {
      opacity: 0.6;
      cursor: not-allowed;
    }
    .dropzone {
      position: relative;
      display: flex;
      flex-wrap: wrap;
      gap: calc(var(--_space) / 2);
      align-items: center;
      justify-content: center;
      border: 2px dashed var(--_border);
      border-radius: var(--_radius);
      padding: calc(var(--_space) * 2);
      color: var(--_text-muted);
    }
    .dropzone.dragging {
      border-color: var(--_accent);
      background: var(--_surface-alt);
    }
    .file-button {
      color: var(--_accent);
      text-decoration: underline;
      cursor: pointer;
      font-weight: 600;
    }
    .file-input {
      position: absolute;
      width: 1px;
      height: 1px;
      opacity: 0;
      overflow: hidden;
    }
    .file-input:focus-visible + .file-button,
    .dropzone:focus-within {
      outline: 2px solid var(--_focus);
      outline-offset: 2px;
    }
    .files {
      list-style: none;
      margin: var(--_space) 0 0;
      padding: 0;
      display: grid;
      gap: calc(var(--_space) / 2);
    }
    .file {
      display: grid;
      grid-template-columns: minmax(0, 1fr) 8rem 3rem auto auto;
      gap: var(--_space);
      align-items: center;
    }
    .file-name {
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .file-renamed {
      grid-column: 1 / -1;
      margin: 0;
    }
    .file.error .file-state {
      color: var(--_danger);
      font-weight: 700;
    }
    .file.done .file-state {
      color: var(--_success);
    }
    progress {
      width: 100%;
      accent-color: var(--_accent);
    }
    .confirmation {
      border: 1px solid var(--_success);
      background: var(--_success-surface);
      border-radius: var(--_radius);
      padding: calc(var(--_space) * 2.5);
    }
    .confirmation h2:focus {
      outline: none;
    }
    .confirmation h2:focus-visible {
      outline: 2px solid var(--_focus);
    }
    .refs {
      margin: 0;
      display: grid;
      gap: var(--_space);
    }
    .refs dt {
      color: var(--_text-muted);
      font-size: 0.9em;
    }
    .refs dd {
      margin: 0;
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space);
      align-items: center;
    }
    .ref {
      font-family: var(--_font-mono);
      font-size: 1.2em;
      font-weight: 700;
      user-select: all;
    }
    .follow-head {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space);
      align-items: center;
      justify-content: space-between;
    }
    .subject {
      font-size: 1.1em;
      font-weight: 600;
    }
    .description {
      white-space: pre-wrap;
    }
    .badge {
      display: inline-block;
      border-radius: 999px;
      padding: 0 var(--_space);
      background: var(--_surface-alt);
      border: 1px solid var(--_border);
    }
    .thread {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: var(--_space);
    }
    .comment {
      background: var(--_surface-alt);
      border-radius: var(--_radius);
      padding: var(--_space) calc(var(--_space) * 1.5);
    }
    .comment.mine {
      border-inline-start: 3px solid var(--_accent);
    }
    .comment .meta {
      display: flex;
      flex-wrap: wrap;
      gap: calc(var(--_space) / 2) var(--_space);
      font-size: 0.9em;
      color: var(--_text-muted);
    }
    .comment .meta strong {
      color: var(--_text);
    }
    .comment .text {
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .composer {
      display: grid;
      gap: var(--_space);
    }
    .after-follow {
      margin-top: calc(var(--_space) * 2);
    }
    ul.plain {
      list-style: none;
      margin: 0;
      padding: 0;
      font-weight: 400;
    }
    h3:focus {
      outline: none;
    }
    h4 {
      margin: 0 0 calc(var(--_space) / 2);
      font-size: 1em;
    }
    #request-title:focus {
      outline: none;
    }
    .file-link {
      color: var(--_accent);
      overflow-wrap: anywhere;
    }
    .file-link:focus-visible {
      outline: 2px solid var(--_accent);
      outline-offset: 2px;
    }
    .comment-files {
      margin: calc(var(--_space) / 2) 0 0;
      padding-left: 1.2em;
    }
    .closure,
    .reopen,
    .rating {
      display: grid;
      gap: var(--_space);
    }
    .closure {
      border-top: 1px solid var(--_border);
      padding-top: var(--_space);
    }
    .stars {
      display: grid;
      gap: calc(var(--_space) / 2);
    }
    .star {
      display: flex;
      gap: var(--_space);
      align-items: center;
      font-weight: 400;
    }
    .star input[type='radio'] {
      flex: none;
      width: 1.25rem;
      min-width: 0;
      height: 1.25rem;
      min-height: 0;
      margin: 0;
      padding: 0;
      accent-color: var(--_accent);
    }
    .star {
      min-height: 44px;
    }
    #rating-done:focus {
      outline: none;
    }
    .desk-dialog {
      width: min(48rem, calc(100vw - 2rem));
      max-height: calc(100dvh - 2rem);
      padding: calc(var(--_space) * 2);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      background: var(--_surface, #fff);
      color: var(--_text);
    }
    .desk-dialog::backdrop {
      background: rgb(0 0 0 / 0.45);
    }
    .dialog-bar {
      display: flex;
      justify-content: flex-end;
      margin-bottom: var(--_space);
    }
    .deflection,
    .suggestion {
      display: grid;
      gap: var(--_space);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: var(--_space) calc(var(--_space) * 1.5);
    }
    .answers {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: var(--_space);
    }
    .answer {
      background: var(--_surface-alt);
      border-radius: var(--_radius);
      padding: var(--_space);
    }
    .answer-body p {
      margin: calc(var(--_space) / 2) 0;
    }
    @media (max-width: 30rem) {
      .desk-dialog {
        width: 100vw;
        max-width: 100vw;
        height: 100dvh;
        max-height: 100dvh;
        margin: 0;
        border-radius: 0;
        border: 0;
      }
      .file {
        grid-template-columns: minmax(0, 1fr) auto auto;
      }
      .file progress {
        grid-column: 1 / -1;
        grid-row: 2;
      }
    }
  `,
];
