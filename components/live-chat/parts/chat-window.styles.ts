import { css } from 'lit';

export const chatWindowStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    height: 100%;
    min-height: 0;
    background: var(--_surface);
    color: var(--_text);
  }
  section.frame {
    display: flex;
    flex-direction: column;
    flex: 1;
    min-height: 0;
  }
  header {
    display: flex;
    align-items: center;
    gap: var(--_space);
    padding: var(--_space) calc(var(--_space) * 1.5);
    background: var(--_accent);
    color: var(--_accent-contrast);
  }
  header .titles {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
  }
  /* The title wraps rather than being cut: German and French titles are long, and the header's
     buttons (end chat, sound, past chats, close) leave them little room while chatting. */
  header h2 {
    font-size: 1.05em;
    line-height: 1.25;
    margin: 0;
    overflow-wrap: break-word;
    hyphens: auto;
  }
  header .operator {
    font-size: 0.85em;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    opacity: 0.92;
  }
  header .avatar {
    flex: none;
    width: 32px;
    height: 32px;
    border-radius: 50%;
    object-fit: cover;
    background: var(--_surface);
  }
  header .initial {
    display: grid;
    place-items: center;
    color: var(--_accent);
    font-weight: 600;
  }
  header button {
    background: transparent;
    color: inherit;
    border: 1px solid currentColor;
    border-radius: var(--_radius-small);
    padding: 2px 8px;
    min-height: 2em;
  }
  header button:focus-visible {
    outline-color: var(--_accent-contrast);
  }
  .notice {
    padding: 6px calc(var(--_space) * 1.5);
    font-size: 0.9em;
    background: var(--_surface-alt);
    border-bottom: 1px solid var(--_border);
  }
  .notice.warn {
    background: var(--_warning-surface);
    color: var(--_warning);
  }
  .notice.error {
    background: var(--_danger-surface);
    color: var(--_danger);
    display: flex;
    gap: var(--_space);
    align-items: center;
  }
  .notice.error span {
    flex: 1;
  }
  .notice.confirm {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
    align-items: center;
  }
  .notice.confirm span {
    flex: 1 1 12em;
  }
  .notice.confirm .actions {
    display: flex;
    gap: var(--_space);
    margin-inline-start: auto;
  }
  .notice.confirm button {
    font-size: 0.95em;
    padding: 4px 12px;
    min-height: 2.2em;
  }
  .notice.confirm .end {
    background: var(--_danger);
    border-color: var(--_danger);
    color: var(--_surface);
  }
  .notice button {
    font-size: 0.9em;
    border: 1px solid currentColor;
    background: transparent;
    color: inherit;
    border-radius: var(--_radius-small);
  }
  .body {
    flex: 1;
    min-height: 0;
    overflow-y: auto;
    padding: calc(var(--_space) * 1.5);
  }
  .body.ended {
    flex: 0 1 auto;
    max-height: 60%;
    border-top: 1px solid var(--_border);
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }
  .body.ended p {
    margin: 0;
  }
  .conversation {
    flex: 1;
    min-height: 0;
    display: flex;
    flex-direction: column;
  }
  .typing {
    min-height: 1.6em;
    padding: 0 calc(var(--_space) * 1.5);
    font-size: 0.85em;
    color: var(--_text-muted);
    font-style: italic;
  }
  form {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }
  /* The pre-chat form waits behind "Glad it helped" (answers before a chat): hidden means hidden. */
  form[hidden] {
    display: none;
  }
  label,
  legend {
    font-weight: 600;
    font-size: 0.9em;
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: 4px;
  }
  .field.check {
    flex-direction: row;
    align-items: flex-start;
    gap: 8px;
  }
  .field.check label {
    font-weight: normal;
  }
  input[type='text'],
  input[type='email'],
  input[type='tel'],
  select,
  textarea {
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    padding: 6px 8px;
  }
  [aria-invalid='true'] {
    border-color: var(--_danger);
  }
  .field-error {
    color: var(--_danger);
    font-size: 0.85em;
  }
  fieldset {
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    padding: var(--_space);
    margin: 0;
  }
  .radios {
    display: flex;
    gap: calc(var(--_space) * 2);
    flex-wrap: wrap;
  }
  .radios label {
    font-weight: normal;
  }
  button.primary {
    background: var(--_accent);
    color: var(--_accent-contrast);
    border: 1px solid var(--_accent);
    border-radius: var(--_radius-small);
    padding: 8px 14px;
  }
  button.secondary {
    background: var(--_surface);
    color: var(--_accent);
    border: 1px solid var(--_accent);
    border-radius: var(--_radius-small);
    padding: 8px 14px;
  }
  button:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  .stars {
    display: flex;
    gap: 4px;
  }
  .stars label {
    /* The hidden radio sits on its star: focusing it scrolls the star into view, not a far corner. */
    position: relative;
    font-size: 1.6em;
    font-weight: normal;
    cursor: pointer;
    color: var(--_text-muted);
  }
  .stars label.on {
    color: #b8860b;
  }
  .stars input {
    position: absolute;
    top: 0;
    left: 0;
    opacity: 0;
    width: 1px;
    height: 1px;
  }
  .stars input:focus-visible + span {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  p.privacy {
    margin: 0;
    font-size: 0.85em;
    color: var(--_text-muted);
  }
  details.handoff {
    font-size: 0.9em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    padding: 0.4em 0.6em;
  }
  details.handoff summary {
    cursor: pointer;
  }
  details.handoff p {
    margin: 0.5em 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    max-height: 10em;
    overflow: auto;
    color: var(--_text-muted);
  }
  p.intro {
    margin: 0 0 var(--_space);
    color: var(--_text-muted);
  }
  p.hours {
    margin: 0 0 var(--_space);
    padding: 6px 10px;
    border-radius: var(--_radius-small);
    background: var(--_surface-alt);
    font-size: 0.9em;
  }
  .center {
    text-align: center;
    color: var(--_text-muted);
  }
  a {
    color: var(--_accent);
  }
  header button.icon {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 2em;
    padding: 2px 4px;
  }
  /* Past conversations: a list of entries, then one read-only transcript. */
  .past h3,
  .past-head h3 {
    margin: 0;
    font-size: 1em;
  }
  /* Headings take focus only so a screen reader lands on the new view; they are not controls. */
  .past h3:focus,
  .past-head h3:focus {
    outline: none;
  }
  .hint {
    margin: 4px 0 var(--_space);
    font-size: 0.85em;
    color: var(--_text-muted);
  }
  .past-list {
    list-style: none;
    margin: 0 0 var(--_space);
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 6px;
  }
  .past-item {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 2px;
    width: 100%;
    text-align: start;
    font: inherit;
    color: var(--_text);
    background: var(--_surface-alt);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    padding: 8px 10px;
    cursor: pointer;
  }
  .past-item:hover {
    border-color: var(--_accent);
  }
  .past-meta {
    font-size: 0.8em;
    color: var(--_text-muted);
  }
  .past-preview {
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .past-head {
    padding: var(--_space) calc(var(--_space) * 1.5) 0;
    border-bottom: 1px solid var(--_border);
  }
  .past-head .past-operator {
    font-weight: normal;
    color: var(--_text-muted);
  }
  .past-actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
  }
  .past-chat .past-actions {
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-top: 1px solid var(--_border);
  }
  button.link {
    font: inherit;
    font-size: 0.9em;
    background: none;
    border: none;
    padding: 2px 0;
    color: var(--_accent);
    text-decoration: underline;
    cursor: pointer;
  }
  .away {
    margin: 0;
    font-size: 0.9em;
    font-weight: 600;
    color: var(--_accent);
  }
  .past-chat .away {
    padding: 0 calc(var(--_space) * 1.5);
  }
  .past .forget {
    margin-top: var(--_space);
  }
  /* Arrows that point a direction turn round in a right-to-left page. */
  .flip-rtl {
    display: inline-block;
  }
  :host(:dir(rtl)) .flip-rtl {
    transform: scaleX(-1);
  }
  /* The proactive greeting the visitor answered, as the widget's first message. */
  .greeting-first {
    margin: 0 0 var(--_space);
    padding: calc(var(--_space) * 1.25);
    background: var(--_surface-alt);
    border-radius: var(--_radius);
  }
  .verified {
    margin: 0 0 var(--_space);
  }
  .verified-badge {
    display: inline-block;
    margin-inline-end: 0.4em;
    padding: 0 0.5em;
    border-radius: 999px;
    background: var(--_success-surface);
    color: var(--_success);
    font-weight: 600;
    font-size: 0.85em;
  }
  /* Answers before a chat: the AI service's knowledge under the question, then the way to a person. */
  .answers {
    margin: 0 0 var(--_space);
    padding: var(--_space);
    background: var(--_surface-alt);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .answers h3 {
    margin: 0 0 var(--_space);
    font-size: 0.95em;
  }
  .answers ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }
  .answer {
    padding: var(--_space);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    overflow-wrap: anywhere;
  }
  .answer h4 {
    margin: 0 0 4px;
    font-size: 0.95em;
  }
  /* A long answer scrolls inside its card: the button that starts the chat stays near. */
  .answer-body {
    max-height: 12em;
    overflow-y: auto;
    font-size: 0.9em;
    line-height: 1.4;
  }
  .answer-body > .md > :first-child {
    margin-top: 0;
  }
  .answer-body table {
    border-collapse: collapse;
    font-size: 0.9em;
  }
  .answer-body th,
  .answer-body td {
    border: 1px solid var(--_border);
    padding: 2px 6px;
    text-align: start;
  }
  .answer button.answered {
    margin-top: var(--_space);
  }
  .answers .hint {
    margin: var(--_space) 0 0;
  }
  .answers-failed {
    margin: 0 0 var(--_space);
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-inline-start: 4px solid var(--_text-muted);
    border-radius: var(--_radius-small);
    font-size: 0.9em;
  }
  .answers-failed p {
    margin: 0 0 4px;
  }
  /* A control of its own (not a link in a sentence): at least 24 px tall (WCAG 2.2 target size). */
  .answers-failed .retry-answers {
    font-size: 1em;
    min-height: 24px;
    padding: 4px 0;
  }
  .answers-solved {
    margin: 0 0 var(--_space);
    padding: calc(var(--_space) * 1.25);
    background: var(--_success-surface);
    border-radius: var(--_radius);
  }
  .answers-solved .done {
    margin: 0 0 var(--_space);
    font-weight: 600;
  }
  .answers-solved .done:focus {
    outline: none;
  }
`;
