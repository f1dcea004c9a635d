import { svg } from 'lit';
import { CHAT_BUBBLE_PATH, CLOSE_PATH } from './icon-paths.js';

/** Static SVG icons for the shared chat parts (no icon font, no emoji: they render the same everywhere). Decorative. */
export const paperclipIcon = (size = 20) =>
  svg`<svg viewBox="0 0 24 24" width=${size} height=${size} aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" d="M21 11.5l-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l9-9a3.7 3.7 0 0 1 5.2 5.2l-9 9a1.8 1.8 0 0 1-2.6-2.6l8.3-8.3"/></svg>`;

export const chatBubbleIcon = (size = 26) =>
  svg`<svg viewBox="0 0 24 24" width=${size} height=${size} aria-hidden="true" focusable="false"><path fill="currentColor" d=${CHAT_BUBBLE_PATH}/></svg>`;

export const closeIcon = (size = 26) =>
  svg`<svg viewBox="0 0 24 24" width=${size} height=${size} aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" d=${CLOSE_PATH}/></svg>`;
