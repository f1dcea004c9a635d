import { css } from 'lit';

export const messageListStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    min-height: 0;
    flex: 1;
    position: relative;
  }
  .scroller {
    flex: 1;
    min-height: 0;
    overflow-y: auto;
    padding: var(--_space) 0;
    /* Rows above that change size (measured for the first time) must not move what the reader reads. */
    overflow-anchor: auto;
  }
  .scroller:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: -2px;
  }
  .spacer {
    /* A spacer grows and shrinks as rows enter and leave the window: never the anchor. */
    overflow-anchor: none;
  }
  .new-messages {
    position: absolute;
    bottom: var(--_space);
    left: 50%;
    transform: translateX(-50%);
    border: 1px solid var(--_accent);
    color: var(--_accent-contrast);
    background: var(--_accent);
    border-radius: 999px;
    padding: 4px 12px;
    font: inherit;
    font-size: 0.85em;
    cursor: pointer;
    box-shadow: 0 1px 4px rgb(0 0 0 / 0.2);
  }
  .new-messages:focus-visible {
    outline: 2px solid var(--_text);
    outline-offset: 2px;
  }
  .item {
    /* A row is laid out on its own and painted as its own layer: an append lays out and paints the
       new row, the rows already there are replayed from the paint cache (without this every append
       repainted the whole window: ~0.75 -> 0.25 ms of Paint per append in a trace). Not paint
       containment: that would also clip focus rings at the row's edge, for no measured gain. */
    contain: layout style;
    width: 100%;
    padding: calc(var(--_space) * 0.5) var(--_space);
    display: flex;
    flex-direction: column;
    align-items: flex-start;
  }
  .item.self {
    align-items: flex-end;
  }
  .item.system {
    align-items: center;
  }
  /* The first message of a day carries the day's name above it, across the whole row. */
  .day {
    align-self: stretch;
    display: flex;
    align-items: center;
    gap: var(--_space);
    margin: calc(var(--_space) * 0.5) 0 var(--_space);
    font-size: 0.8em;
    color: var(--_text-muted);
  }
  .day::before,
  .day::after {
    content: '';
    flex: 1;
    border-top: 1px solid var(--_border);
  }
  .meta {
    display: flex;
    align-items: center;
    gap: 6px;
    font-size: 0.8em;
    color: var(--_text-muted);
    margin-bottom: 2px;
  }
  .avatar {
    width: 24px;
    height: 24px;
    border-radius: 50%;
    object-fit: cover;
  }
  .bubble {
    max-width: 85%;
    padding: calc(var(--_space) * 0.75) var(--_space);
    border-radius: var(--_radius);
    background: var(--sportello-chat-operator-bubble, var(--_surface-alt));
    color: var(--sportello-chat-operator-bubble-text, inherit);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .self .bubble {
    background: var(--sportello-chat-visitor-bubble, var(--_accent));
    color: var(--sportello-chat-visitor-bubble-text, var(--_accent-contrast));
  }
  .self .bubble a {
    color: inherit;
  }
  .system .bubble {
    background: transparent;
    color: var(--_text-muted);
    font-size: 0.9em;
    text-align: center;
  }
  .failed .bubble {
    background: var(--_danger-surface);
    color: var(--_danger);
    border: 1px solid var(--_danger);
  }
  .pending .bubble {
    opacity: 0.75;
  }
  .status {
    font-size: 0.75em;
    color: var(--_text-muted);
    display: flex;
    gap: 6px;
    align-items: center;
    margin-top: 2px;
  }
  .failed .status {
    color: var(--_danger);
  }
  .status button,
  .quick button {
    border: 1px solid var(--_accent);
    color: var(--_accent);
    background: var(--_surface);
    border-radius: 999px;
    padding: 2px 10px;
    font-size: 1em;
  }
  .quick {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin-top: 6px;
  }
  .quick button {
    font-size: 0.9em;
    min-height: 2em;
  }
  .files {
    display: flex;
    flex-direction: column;
    gap: 4px;
    margin-top: 4px;
  }
  .files img {
    display: block;
    max-width: 180px;
    max-height: 140px;
    border-radius: var(--_radius-small);
    border: 1px solid var(--_border);
    background: var(--_surface);
  }
  .files a {
    overflow-wrap: anywhere;
  }
  /* Markdown bodies (the live chat's operators and bots, restricted): compact inside a bubble. */
  .md > :first-child {
    margin-top: 0;
  }
  .md > :last-child {
    margin-bottom: 0;
  }
  .md p {
    margin: 0 0 0.4em;
  }
  .md ul,
  .md ol {
    margin: 0.2em 0 0.4em;
    padding-inline-start: 1.3em;
  }
  .md code {
    font-family: var(--_font-mono);
    font-size: 0.92em;
    /* A grey wash, visible on a light and on a dark surface alike. */
    background: rgb(128 128 128 / 0.14);
    border-radius: 3px;
    padding: 0 0.2em;
  }
`;
