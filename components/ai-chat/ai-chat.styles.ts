import { css } from 'lit';

export const aiChatStyles = css`
  :host {
    display: block;
    --_panel-height: var(--sportello-ai-chat-height, 560px);
    --_panel-width: var(--sportello-ai-chat-width, 400px);
  }
  /* The bubble stays where it was when the panel opens above it (right-aligned, as the live chat's). */
  :host([mode='launcher']) {
    position: fixed;
    inset: auto var(--sportello-launcher-right, 20px) var(--sportello-launcher-bottom, 20px) auto;
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
  header h2 {
    flex: 1;
    margin: 0;
    font-size: 1.05em;
  }
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
  .log-wrap {
    position: relative;
    flex: 1;
    min-height: 0;
  }
  /* Bottom-anchored: in a column-reverse scroller the scroll origin is the bottom (scrollTop 0,
     negative above), so while the visitor is at the latest message new text stays in view during
     layout itself, with no script scrolling after it. Script scrolling after layout (from a
     ResizeObserver) made every streamed frame lay out twice: once where the view was, where the
     browser had already rendered the new content near it, and again at the new bottom. A visitor
     who scrolled up keeps their place by script (ai-chat.ts followBottom): the browser's own
     anchoring picked a growing or placeholder-sized block as anchor here and jumped. */
  .log {
    height: 100%;
    overflow-y: auto;
    padding: calc(var(--_space) * 1.5);
    overscroll-behavior: contain;
    contain: strict;
    will-change: scroll-position;
    display: flex;
    flex-direction: column-reverse;
    overflow-anchor: none;
  }
  .log-content {
    /* A short conversation starts at the top, as in any list. */
    margin-bottom: auto;
    flex: none;
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 1.5);
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
  .msg {
    max-width: 92%;
  }
  .msg.user {
    align-self: flex-end;
    max-width: 80%;
    background: var(--_accent);
    color: var(--_accent-contrast);
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-radius: var(--_radius) var(--_radius) var(--_radius-small) var(--_radius);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
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
    align-self: flex-start;
    width: 100%;
  }
  .bubble {
    background: var(--_surface-alt);
    border-radius: var(--_radius) var(--_radius) var(--_radius) var(--_radius-small);
    padding: var(--_space) calc(var(--_space) * 1.5);
    overflow-wrap: anywhere;
  }
  .bubble:empty,
  .bubble:has(> .md:empty) {
    display: none;
  }
  .activity,
  details.thinking > summary,
  .meta {
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
    border-left: 3px solid var(--_border);
    padding-left: var(--_space);
    margin: 4px 0;
  }
  .sources ol {
    margin: 4px 0 0;
    padding-left: 1.4em;
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
  .card {
    margin-top: var(--_space);
    padding: var(--_space) calc(var(--_space) * 1.5);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_surface);
  }
  .card.error {
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
  .jump {
    position: absolute;
    left: 50%;
    bottom: var(--_space);
    transform: translateX(-50%);
    box-shadow: var(--_shadow);
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
  .config-error {
    padding: calc(var(--_space) * 2);
    color: var(--_danger);
    background: var(--_danger-surface);
    border-radius: var(--_radius);
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
    padding-left: 1.4em;
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
  .md blockquote {
    border-left: 3px solid var(--_border);
    padding-left: var(--_space);
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
    text-align: left;
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
    .log {
      scroll-behavior: auto;
    }
  }
`;
