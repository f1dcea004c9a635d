import { css, unsafeCSS } from 'lit';

/** Gap around pages inside the scroller, in CSS px (the view's scroll arithmetic uses it too). */
export const PAGE_GAP = 16;
const gap = unsafeCSS(PAGE_GAP);
/** Up to this width (CSS px) the view is a phone's: compact toolbar, thumbnails as a strip in the head. */
export const NARROW_WIDTH = 520;
const narrow = unsafeCSS(NARROW_WIDTH);

/** The document view: toolbar, the pages, the areas drawn over them. */
export const documentViewStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    min-height: 0;
    height: 100%;
    container-type: inline-size;
  }
  /*
   * Toolbar, search row and (on a phone) the thumbnail strip stay at the top of the window while
   * the document is on screen: when the page around is what scrolls (a phone, or
   * --sportello-sign-viewer-height: auto) they would otherwise scroll away with the first page.
   */
  .head {
    position: sticky;
    top: 0;
    z-index: 4;
    background: var(--_surface);
  }
  .page {
    scroll-margin-top: calc(var(--head-height, 0px) + ${gap}px);
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) * 0.75);
    padding: calc(var(--_space) * 0.75) var(--_space);
    border-bottom: 1px solid var(--_border);
    background: var(--_surface);
  }
  .toolbar .group {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  .toolbar .group > span {
    white-space: nowrap;
  }
  .toolbar button {
    white-space: nowrap;
    min-width: 36px;
    min-height: 36px;
    padding: 4px 10px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_surface);
    color: var(--_text);
  }
  /* A drawn icon sits on the text's middle, as the glyph icons beside it do. */
  .toolbar button > svg {
    display: block;
    margin: auto;
  }
  .toolbar button[aria-pressed='true'] {
    background: var(--_accent);
    color: var(--_accent-contrast);
    border-color: var(--_accent);
  }
  .toolbar button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .toolbar input {
    width: 4.5em;
    min-height: 36px;
    font: inherit;
    padding: 4px 6px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    text-align: end;
  }
  .zoom-level {
    min-width: 4.5em;
    text-align: center;
    color: var(--_text-muted);
  }
  .icon {
    display: none;
  }
  /* A phone's width: one row of compact controls (three rows of wrapped buttons hid the page). */
  @container (max-width: ${narrow}px) {
    /*
     * One row: zoom and fit are in the "More tools" panel, so every control fits a phone's width
     * without swiping the row (which hid search and "Fit page" beyond the right edge). A still
     * narrower view wraps to a second row rather than hiding anything.
     */
    .toolbar {
      flex-wrap: wrap;
      justify-content: space-between;
      gap: 4px;
      padding: 6px;
    }
    .toolbar .group {
      flex: none;
    }
    .toolbar button {
      min-width: 32px;
      padding: 2px 6px;
    }
    .toolbar input {
      width: 3.2em;
    }
    .zoom-level,
    .label-text {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    .icon {
      display: inline;
    }
    /* In the panel there is room for the words beside the icons, and for the zoom level. */
    .more-panel .zoom-level,
    .more-panel .label-text {
      position: static;
      width: auto;
      height: auto;
      overflow: visible;
      clip-path: none;
    }
  }
  .toolbar {
    position: relative;
  }
  /* "More tools" (a phone's width): the panel hangs under the toolbar at its end, over the pages. */
  .more-panel {
    position: absolute;
    top: 100%;
    inset-inline-end: 6px;
    z-index: 5;
    display: grid;
    grid-template-columns: auto auto auto;
    align-items: center;
    justify-items: stretch;
    gap: 6px;
    padding: 8px;
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    box-shadow: 0 4px 16px rgb(0 0 0 / 0.18);
  }
  .more-panel[hidden] {
    display: none;
  }
  .more-panel button:nth-last-child(-n + 2) {
    grid-column: 1 / -1;
    display: flex;
    gap: 6px;
    align-items: center;
    justify-content: flex-start;
  }
  .body {
    display: flex;
    flex: 1;
    min-height: 0;
  }
  /* Thumbnails beside the pages; above them on a phone. */
  .thumbs {
    flex: none;
    display: flex;
    flex-direction: column;
    gap: 8px;
    overflow: auto;
    padding: 8px;
    border-right: 1px solid var(--_border);
    background: var(--_surface);
    /* Beside the pages when the page around scrolls (height: auto): under the head, a window high. */
    position: sticky;
    top: var(--head-height, 0px);
    max-height: calc(100dvh - var(--head-height, 0px));
  }
  .thumb {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 2px;
    padding: 4px;
    border: 2px solid transparent;
    border-radius: var(--_radius-small);
    background: none;
    color: var(--_text);
    font: inherit;
    font-size: 12px;
    cursor: pointer;
  }
  .thumb[aria-selected='true'] {
    border-color: var(--_accent);
  }
  .thumb:focus-visible {
    outline: 3px solid var(--_accent);
    outline-offset: 1px;
  }
  .thumb-page {
    position: relative;
    display: block;
    background: #fff;
    box-shadow: 0 1px 3px rgb(16 24 40 / 0.25);
  }
  .thumb-page canvas {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
  }
  /* A phone: the strip in the head, swiped sideways; only the thumbnails in it hold pixels. */
  .head .thumbs {
    position: relative;
    flex-direction: row;
    align-items: flex-start;
    overflow-x: auto;
    overflow-y: hidden;
    overscroll-behavior-x: contain;
    border-right: 0;
    border-top: 1px solid var(--_border);
    padding: 6px;
  }
  .head .thumb {
    flex: none;
  }
  .scroller {
    position: relative;
    flex: 1;
    min-height: 0;
    min-width: 0;
    overflow: auto;
    background: var(--sportello-sign-page-gutter, #e6e9ef);
    padding: ${gap}px;
  }
  /* Dark (palette.ts): the gutter darkens; the pages themselves stay as the PDF draws them. */
  @supports (color: light-dark(#000, #fff)) {
    .scroller {
      background: var(--sportello-sign-page-gutter, light-dark(#e6e9ef, #0f1217));
    }
  }
  .pages {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: ${gap}px;
    width: max-content;
    min-width: 100%;
  }
  .page {
    /* A PDF page is drawn as the document is, whatever the page's direction (pdf.js' canvas text
       and text layer are positioned for a left-to-right context). */
    direction: ltr;
    position: relative;
    flex: none;
    background: #fff;
    box-shadow: 0 1px 4px rgb(16 24 40 / 0.2);
    --scale-round-x: 1px;
    --scale-round-y: 1px;
  }
  .page canvas {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
  }
  .area {
    position: absolute;
    z-index: 2;
    pointer-events: none;
    border: 2px dashed var(--sportello-sign-area-color, #6b7280);
    background: rgb(107 114 128 / 0.08);
    border-radius: 3px;
  }
  /* Reached with the "next area" control: the focus ring around the area, over the page. */
  .area:focus-visible,
  .area:focus {
    outline: 3px solid var(--_accent);
    outline-offset: 2px;
    z-index: 4;
  }
  /* Each family has its own outline (and icon), so the types differ without colour: a signature
     sits on a thick signing line, text is dotted, a date is dashed with round ends, a checkbox or
     choice has a double frame (round for a choice), an attachment a dashed, folder-like frame. */
  .area.type-signature {
    border-style: dashed;
    border-bottom: 4px solid var(--sportello-sign-area-color, #6b7280);
  }
  .area.type-text {
    border-style: dotted;
    border-radius: 0;
  }
  .area.type-date {
    border-style: dashed;
    border-radius: 999px;
  }
  .area.type-checkbox {
    border-style: double;
    border-width: 4px;
    border-radius: 0;
  }
  .area.type-choice {
    border-style: double;
    border-width: 4px;
    border-radius: 999px;
  }
  .area.type-attachment {
    border-style: dashed;
    border-radius: 0 10px 10px 10px;
  }
  /* States change colour and weight, never the family's outline: the viewer's own areas carry a
     halo (and "(you)" in their words), signed ones a tick. */
  .area.mine {
    border-color: var(--sportello-sign-mine-color, var(--_accent));
    background: rgb(36 87 214 / 0.12);
    box-shadow: 0 0 0 2px rgb(36 87 214 / 0.35);
  }
  /* Signed areas look signed: a green frame and a tick, whoever signed them. */
  .area.signed {
    border-color: var(--sportello-sign-signed-color, #1a7f37);
    background: rgb(26 127 55 / 0.1);
  }
  .area.rejected {
    border-color: var(--sportello-sign-rejected-color, #b42318);
    background: rgb(180 35 24 / 0.08);
  }
  .area .label {
    position: absolute;
    /* Inside the box's top edge: a label above it would cover the document's own text. */
    left: 0;
    top: 0;
    max-width: 100%;
    padding: 1px 6px;
    font-size: 11px;
    line-height: 1.4;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    color: #fff;
    background: var(--sportello-sign-area-color, #4b5563);
    border-radius: 0 0 3px 0;
  }
  .area.mine .label {
    background: var(--sportello-sign-mine-color, var(--_accent));
  }
  .area.signed .label {
    background: var(--sportello-sign-signed-color, #1a7f37);
  }
  .area.rejected .label {
    background: var(--sportello-sign-rejected-color, #b42318);
  }
  .area-icon {
    display: inline-block;
    vertical-align: -1px;
    margin-inline-end: 3px;
  }
  /* An area stamped turned (coordinate rotation 90/270): its label runs along the turned box. */
  .area.turned .label {
    writing-mode: vertical-rl;
    max-width: none;
    max-height: 100%;
    border-radius: 0 0 0 3px;
    left: auto;
    right: 0;
  }
  .area.turn-270 .label {
    transform: rotate(180deg);
  }
  .area.turn-180 .label {
    transform: rotate(180deg);
  }
  .required {
    font-weight: 700;
  }
  /* A page pdf.js could not read or paint says so in its box; a document with no readable page, above the pages. */
  .page-error {
    position: absolute;
    inset: 0;
    z-index: 2;
    margin: 0;
    display: flex;
    align-items: center;
    justify-content: center;
    padding: 1rem;
    text-align: center;
    color: #3d4451;
  }
  .doc-error {
    padding: 1.5rem;
    text-align: center;
  }
  /* Links inside the PDF (annotation layer): transparent targets over the painted link. */
  .links {
    position: absolute;
    inset: 0;
    z-index: 3;
    pointer-events: none;
  }
  .links a {
    position: absolute;
    pointer-events: auto;
    border-radius: 2px;
  }
  .links a:hover,
  .links a:focus-visible {
    background: rgb(36 87 214 / 0.15);
    outline: 2px solid var(--_accent);
  }
  /* The next-area button's icon and its words, apart (they touched). */
  .next-area {
    display: inline-flex;
    align-items: center;
    gap: 0.35em;
  }
  /* Page arrows point the way the pages go: turned round in a right-to-left page. */
  .flip-rtl {
    display: inline-block;
  }
  :host(:dir(rtl)) .flip-rtl {
    transform: scaleX(-1);
  }
  .search {
    display: flex;
    align-items: center;
    gap: 4px;
    padding: 6px var(--_space);
    border-bottom: 1px solid var(--_border);
    background: var(--_surface);
  }
  .search input {
    flex: 1;
    min-width: 0;
    min-height: 36px;
    font: inherit;
    padding: 4px 8px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
  }
  .search button {
    min-width: 36px;
    min-height: 36px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_surface);
    color: var(--_text);
  }
  .search-status {
    min-width: 5em;
    color: var(--_text-muted);
    white-space: nowrap;
  }
  /* Search hits in the (transparent) text layer: each piece of a hit is a mark in its span. */
  .textLayer mark.hit {
    color: transparent;
    background: rgb(255 196 0 / 0.45);
    border-radius: 2px;
  }
  .textLayer mark.hit.current {
    background: rgb(255 120 0 / 0.6);
    outline: 2px solid rgb(180 70 0);
  }
  /* The passage an AI answer cited (parts/cited-passage.ts): its spans, tinted. */
  .textLayer span.cited {
    background: rgb(0 150 255 / 0.28);
    border-radius: 2px;
  }
`;
