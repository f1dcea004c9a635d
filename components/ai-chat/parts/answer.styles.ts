import { css } from 'lit';

/**
 * The messages of the AI thread, inside the shared message list's rows (sportello-ai-thread): a
 * question, an answer with its reasoning, tools, sources, cards, and the markdown it is written in.
 */
export const answerStyles = css`
  /* The list's row bubble holds a whole answer (text, reasoning, cards): the answer text has its own. */
  .item.other .bubble {
    background: none;
    padding: 0;
    border-radius: 0;
    width: 100%;
    max-width: 100%;
    white-space: normal;
    overflow-wrap: normal;
  }
  .item.self .bubble {
    /* The question keeps its line breaks (.msg.user); the Edit button beside it is laid out normally. */
    white-space: normal;
    max-width: 80%;
    border-radius: var(--_radius) var(--_radius) var(--_radius-small) var(--_radius);
  }
  /* The question's bubble is the list's own (accent colours). */
  .msg.user {
    white-space: pre-wrap;
  }
  .msg.user .files {
    font-size: 0.85em;
    opacity: 0.9;
    margin-top: 4px;
  }
  .msg.user .files svg {
    vertical-align: -2px;
  }
  .msg.assistant {
    width: 100%;
  }
  /* Rows of the AI thread are spaced as the panel's messages were, and wider than a chat's. */
  .item {
    padding: calc(var(--_space) * 0.75) calc(var(--_space) * 1.5);
  }
  .answer {
    background: var(--_surface-alt);
    border-radius: var(--_radius) var(--_radius) var(--_radius) var(--_radius-small);
    padding: var(--_space) calc(var(--_space) * 1.5);
    overflow-wrap: anywhere;
  }
  .answer:empty,
  .answer:has(> .md:empty) {
    display: none;
  }
  .activity,
  details.thinking > summary,
  .note {
    color: var(--_text-muted);
    font-size: 0.85em;
  }
  .activity {
    margin: 2px 0 4px;
  }
  details {
    margin: 0 0 4px;
  }
  details > summary {
    cursor: pointer;
  }
  details.thinking .thinking-text {
    white-space: pre-wrap;
    font-size: 0.85em;
    color: var(--_text-muted);
    border-inline-start: 3px solid var(--_border);
    padding-inline-start: var(--_space);
    margin: 4px 0;
  }
  .steps ol,
  ol.thinking-text {
    padding-left: 2.2em;
  }
  .tool {
    margin: 2px 0 4px;
    color: var(--_text-muted);
    font-size: 0.85em;
  }
  .tool > summary {
    cursor: pointer;
  }
  /* Code reads left to right in every language: in a right-to-left answer a JSON "{" would show as "}". */
  .tool pre,
  .card pre,
  .md pre {
    direction: ltr;
  }
  .tool pre {
    margin: 2px 0 4px;
    font-family: var(--_font-mono);
    white-space: pre-wrap;
    color: var(--_text);
  }
  .tool-state {
    display: inline-block;
    margin-left: 4px;
    padding: 0 6px;
    border-radius: 999px;
    border: 1px solid var(--_border);
    font-size: 0.9em;
  }
  .tool.error .tool-state,
  .tool-state.denied {
    color: var(--_danger);
    border-color: var(--_danger);
  }
  .confidence {
    margin-top: 4px;
    color: var(--_text-muted);
    font-size: 0.85em;
  }
  .confidence .review {
    font-size: 1em;
  }
  .confidence > summary {
    cursor: pointer;
  }
  .confidence dl {
    margin: 4px 0 0;
    display: grid;
    gap: 2px;
  }
  .confidence dl > div {
    display: flex;
    gap: var(--_space);
  }
  .confidence dt {
    min-width: 9em;
  }
  .confidence dd {
    margin: 0;
    color: var(--_text);
  }
  /* [n] markers linked to the sources (citations.ts): the source's title on hover and focus. */
  .md .cite {
    position: relative;
    font: inherit;
    font-size: 0.75em;
    vertical-align: super;
    line-height: 1;
    padding: 0 4px;
    margin: 0 1px;
    border: 1px solid var(--_accent);
    border-radius: 999px;
    background: var(--_surface);
    color: var(--_accent);
    cursor: pointer;
  }
  .md .cite:hover::after,
  .md .cite:focus-visible::after {
    content: attr(data-preview);
    position: absolute;
    left: 0;
    bottom: calc(100% + 4px);
    z-index: 1;
    width: max-content;
    max-width: 16em;
    padding: 4px 8px;
    border-radius: var(--_radius-small);
    background: var(--_text);
    color: var(--_surface);
    font-size: 1.2em;
    white-space: normal;
  }
  .sources li:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .answer-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 2px;
    margin-top: 2px;
  }
  /* The two thumbs are one choice: they wrap to the next line together, never apart. */
  .answer-actions .ratings {
    display: inline-flex;
    flex-wrap: nowrap;
    gap: 2px;
  }
  .answer-actions .rating svg {
    display: block;
  }
  .answer-actions .rating svg.down {
    transform: rotate(180deg);
  }
  .answer-actions .rating[aria-pressed='true'] {
    border-color: var(--_accent);
    background: var(--_surface-alt);
  }
  /* Inside the question's bubble (accent colours): the Edit button takes the bubble's text colour. */
  .item.self .icon-button.edit {
    display: block;
    margin: 4px 0 0 auto;
    color: inherit;
    border-color: currentColor;
    opacity: 0.95;
  }
  /* An edited question's versions ("2 of 2"), under it in its bubble, in the bubble's text colour. */
  .item.self .versions {
    display: flex;
    align-items: center;
    justify-content: flex-end;
    gap: 4px;
    margin-top: 4px;
    font-size: 0.875em;
  }
  /* At least 24 px square: WCAG 2.2's target size, with the 16 px chevron inside. */
  .item.self .versions .icon-button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-inline-size: 24px;
    min-block-size: 24px;
    color: inherit;
    border-color: currentColor;
    padding: 2px;
  }
  .item.self .versions .icon-button[aria-disabled='true'] {
    opacity: 0.5;
    cursor: default;
  }
  .versions svg {
    display: block;
  }
  :host(:dir(rtl)) .versions svg {
    transform: scaleX(-1);
  }
  /* As wide as the bubble may grow (its max-width caps the 24em): on a phone it never overflows it. */
  .edit-form {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    width: 24em;
    max-width: 100%;
  }
  .edit-form textarea {
    box-sizing: border-box;
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    padding: var(--_space);
    resize: vertical;
  }
  .edit-form textarea[aria-invalid='true'] {
    border-color: var(--_danger);
  }
  /* The form sits in the question's (accent) bubble: the error brings its own surface. */
  .edit-form .field-error {
    color: var(--_danger);
    background: var(--_danger-surface);
    border-radius: var(--_radius-small);
    padding: 2px 6px;
    font-size: 0.85em;
  }
  .edit-form .actions {
    display: flex;
    gap: var(--_space);
  }
  .sources ol {
    margin: 4px 0 0;
    padding-inline-start: 1.4em;
  }
  .sources li {
    margin-bottom: 4px;
  }
  .sources .preview {
    display: block;
    color: var(--_text-muted);
    font-size: 0.85em;
  }
  .review {
    display: inline-block;
    margin-top: 4px;
    padding: 2px 8px;
    border-radius: var(--_radius-small);
    background: var(--_warning-surface);
    color: var(--_warning);
    font-size: 0.85em;
  }
  .card,
  .notice.error {
    margin-top: var(--_space);
    padding: var(--_space) calc(var(--_space) * 1.5);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_surface);
  }
  .card.error,
  .notice.error {
    border-color: var(--_danger);
    background: var(--_danger-surface);
    color: var(--_danger);
  }
  .card .actions {
    display: flex;
    gap: var(--_space);
    margin-top: var(--_space);
  }
  .card pre {
    margin: 4px 0 0;
    font-family: var(--_font-mono);
    font-size: 0.8em;
    white-space: pre-wrap;
    color: var(--_text);
  }
  .stopped {
    color: var(--_text-muted);
    font-size: 0.85em;
    font-style: italic;
  }
  .typing {
    color: var(--_text-muted);
    font-size: 0.85em;
  }
  .typing::after {
    content: '▍';
    animation: blink 1s steps(2) infinite;
  }
  @keyframes blink {
    50% {
      opacity: 0;
    }
  }
  /* Markdown content, built by src/markdown. */
  .md > :first-child {
    margin-top: 0;
  }
  .md > :last-child,
  .md > .md-group:last-child > :last-child {
    margin-bottom: 0;
  }
  /* A group is its own layout context (content-visibility contains it): its first block's top
     margin would add to the previous block's bottom one instead of collapsing with it. */
  .md-group > :first-child {
    margin-top: 0;
  }
  /* A long answer is hundreds of blocks, in groups of 16 (src/controllers/ai): groups out of view
     skip style, layout and paint (their last measured size stands in), so each streamed frame costs
     what is visible, not the whole answer, and the browser tracks tens of groups, not every block.
     A group of 16 blocks gets a placeholder nearer its real height, so that a whole answer shown at
     once does not fit dozens of never-measured groups in the view. The open tail (blocks directly
     in .md, rebuilt on each frame) is left out: it is at the end, in view while the answer is
     followed, and as a new element each frame it would cost a visibility check (and a
     contentvisibilityautostatechange task) every frame for nothing. */
  .md > .md-group {
    content-visibility: auto;
    contain-intrinsic-size: auto 40em;
  }
  /* Inside a group in view, blocks out of view are skipped too. A streamed answer renders the new
     content at the end of the log on each frame: whole groups near the view were laid out
     (about 330 layout objects a frame, ~16 blocks where 5 or 6 show); now only their blocks near
     the view are (bench ai.stream100k: laid-out objects per answer 1,315 -> 513, style, layout and
     paint time about halved). */
  .md-group > * {
    content-visibility: auto;
    contain-intrinsic-size: auto 4em;
  }
  /* content-visibility contains paint: let focus rings of links at a block's edge show. */
  .md > .md-group,
  .md-group > * {
    overflow-clip-margin: 4px;
  }
  /* A contained block keeps its children's margins inside: the last paragraph of a list or quote
     would add its bottom margin to the block's own (they used to collapse into one). */
  .md-group > * > :last-child,
  .md-group > * > :last-child > :last-child {
    margin-bottom: 0;
  }
  .md p,
  .md ul,
  .md ol,
  .md pre,
  .md blockquote,
  .md .md-table {
    margin: 0 0 0.6em;
  }
  .md h3,
  .md h4,
  .md h5,
  .md h6 {
    margin: 0.6em 0 0.3em;
    font-size: 1em;
  }
  .md .md-h1 {
    font-size: 1.2em;
  }
  .md .md-h2 {
    font-size: 1.1em;
  }
  .md ul,
  .md ol {
    padding-inline-start: 1.4em;
  }
  .md li.md-task {
    list-style: none;
  }
  .md code {
    font-family: var(--_font-mono);
    font-size: 0.9em;
    background: var(--_surface);
    border-radius: 4px;
    padding: 0 3px;
  }
  .md pre {
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    padding: var(--_space);
    overflow-x: auto;
  }
  .md pre code {
    padding: 0;
    background: none;
  }
  /* A code block: its language and copy button above the code (code-blocks.ts). */
  .md .code-block {
    margin: 0 0 0.6em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_surface);
  }
  .md .code-block pre {
    margin: 0;
    border: none;
    border-top: 1px solid var(--_border);
    border-radius: 0 0 var(--_radius-small) var(--_radius-small);
  }
  .code-bar {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
    padding: 2px 4px 2px var(--_space);
    font-size: 0.8em;
    color: var(--_text-muted);
  }
  .code-copy {
    font: inherit;
    border: 1px solid transparent;
    border-radius: var(--_radius-small);
    background: transparent;
    color: var(--_text-muted);
    padding: 2px 8px;
    cursor: pointer;
  }
  .code-copy:hover,
  .code-copy:focus-visible {
    border-color: var(--_border);
    color: var(--_text);
  }
  /* Highlighted code (highlight.js classes through lowlight), colours at 4.5:1 or more on the surface. */
  .hljs-keyword,
  .hljs-selector-tag,
  .hljs-deletion {
    color: #b3202a;
  }
  .hljs-string,
  .hljs-regexp,
  .hljs-addition {
    color: #0a3069;
  }
  .hljs-comment,
  .hljs-quote,
  .hljs-meta {
    color: #57606a;
    font-style: italic;
  }
  .hljs-number,
  .hljs-literal,
  .hljs-attr,
  .hljs-attribute,
  .hljs-variable,
  .hljs-template-variable {
    color: #0550ae;
  }
  .hljs-title,
  .hljs-section,
  .hljs-name {
    color: #6639ba;
  }
  .hljs-built_in,
  .hljs-type,
  .hljs-symbol,
  .hljs-params {
    color: #953800;
  }
  /* Dark (palette.ts): GitHub's dark colours, 4.5:1 or more on the dark surfaces. */
  @supports (color: light-dark(#000, #fff)) {
    .hljs-keyword,
    .hljs-selector-tag,
    .hljs-deletion {
      color: light-dark(#b3202a, #ff7b72);
    }
    .hljs-string,
    .hljs-regexp,
    .hljs-addition {
      color: light-dark(#0a3069, #a5d6ff);
    }
    .hljs-comment,
    .hljs-quote,
    .hljs-meta {
      color: light-dark(#57606a, #9ba3ad);
    }
    .hljs-number,
    .hljs-literal,
    .hljs-attr,
    .hljs-attribute,
    .hljs-variable,
    .hljs-template-variable {
      color: light-dark(#0550ae, #79c0ff);
    }
    .hljs-title,
    .hljs-section,
    .hljs-name {
      color: light-dark(#6639ba, #d2a8ff);
    }
    .hljs-built_in,
    .hljs-type,
    .hljs-symbol,
    .hljs-params {
      color: light-dark(#953800, #ffa657);
    }
  }
  .md blockquote {
    border-inline-start: 3px solid var(--_border);
    padding-inline-start: var(--_space);
    color: var(--_text-muted);
  }
  .md .md-table {
    overflow-x: auto;
  }
  .md table {
    border-collapse: collapse;
    font-size: 0.9em;
  }
  .md th,
  .md td {
    border: 1px solid var(--_border);
    padding: 3px 8px;
    text-align: start;
    /* Words stay whole in a cell (the bubble's 'anywhere' would let a narrow panel squeeze a
       table into broken words): a table wider than the panel scrolls in its wrapper instead. */
    overflow-wrap: normal;
  }
  .md .md-align-center {
    text-align: center;
  }
  .md .md-align-right {
    text-align: right;
  }
  .md img {
    max-width: 100%;
    height: auto;
  }
  .md a,
  .sources a {
    color: var(--_accent);
  }
  .md .md-raw {
    font-family: var(--_font-mono);
    font-size: 0.85em;
    white-space: pre-wrap;
  }
  @media (prefers-reduced-motion: reduce) {
    .typing::after {
      animation: none;
    }
  }
`;
