import { css, unsafeCSS } from 'lit';

/** Gap around pages inside the scroller, in CSS px. */
export const PAGE_GAP = 16;
const gap = unsafeCSS(PAGE_GAP);

/**
 * Signers told apart by more than colour: each of the first six has a colour, a line (solid,
 * dashed, dotted, double…) and its number in the corner; then they repeat, the number still theirs.
 */
export const signerMarks = css`
  .signer-0 {
    --_mark: var(--sportello-composer-signer-1, #1f5fbf);
    --_line: solid;
  }
  .signer-1 {
    --_mark: var(--sportello-composer-signer-2, #a3361b);
    --_line: dashed;
  }
  .signer-2 {
    --_mark: var(--sportello-composer-signer-3, #1f7a43);
    --_line: dotted;
  }
  .signer-3 {
    --_mark: var(--sportello-composer-signer-4, #7a3aa8);
    --_line: double;
  }
  .signer-4 {
    --_mark: var(--sportello-composer-signer-5, #8a5a00);
    --_line: dashed;
  }
  .signer-5 {
    --_mark: var(--sportello-composer-signer-6, #0f6e80);
    --_line: dotted;
  }
  .practice {
    --_mark: var(--sportello-composer-practice, #5b6474);
    --_line: solid;
  }
`;

export const pageEditorStyles = [
  signerMarks,
  css`
    :host {
      display: block;
      min-height: 0;
    }
    .scroller {
      position: relative;
      height: var(--sportello-composer-pages-height, 36rem);
      overflow: auto;
      background: var(--sportello-sign-page-gutter, var(--_surface-alt));
      border: 1px solid var(--_border);
      border-radius: var(--_radius-small);
      overscroll-behavior: contain;
    }
    /* Pages are laid out as drawn, left to right, whatever the page's direction: an area's place is physical. */
    .pages {
      direction: ltr;
      position: relative;
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: ${gap}px;
      padding: ${gap}px;
      width: max-content;
      min-width: 100%;
    }
    .page {
      position: relative;
      flex: none;
      background: #fff;
      box-shadow: 0 1px 3px rgb(16 24 40 / 0.2);
      touch-action: none;
      contain: layout paint;
    }
    .page.placing {
      cursor: crosshair;
    }
    .page canvas {
      position: absolute;
      inset: 0;
      width: 100%;
      height: 100%;
    }
    .page:focus-visible {
      outline: 3px solid var(--_focus);
      outline-offset: 3px;
    }
    .cursor {
      display: none;
      position: absolute;
      width: 22px;
      height: 22px;
      margin: -11px 0 0 -11px;
      pointer-events: none;
      background:
        linear-gradient(var(--_focus), var(--_focus)) center / 2px 100% no-repeat,
        linear-gradient(var(--_focus), var(--_focus)) center / 100% 2px no-repeat;
    }
    .page:focus .cursor {
      display: block;
    }
    .area,
    .ghost {
      position: absolute;
      border: 2px var(--_line, solid) var(--_mark, var(--_accent));
      background: color-mix(in srgb, var(--_mark, var(--_accent)) 10%, transparent);
      border-radius: 3px;
    }
    .area {
      display: flex;
      align-items: flex-start;
      gap: 3px;
      padding: 1px 2px;
      overflow: hidden;
      cursor: grab;
      touch-action: none;
      font-size: 11px;
      line-height: 1.2;
      color: #1c2230;
      z-index: 1;
    }
    .area.locked {
      cursor: default;
      border-style: dotted;
      background: color-mix(in srgb, var(--_mark) 5%, transparent);
    }
    .area.selected {
      box-shadow: 0 0 0 2px #fff, 0 0 0 4px var(--_mark);
      z-index: 2;
    }
    .area.dragging {
      opacity: 0.35;
    }
    .area:focus-visible {
      outline: 3px solid var(--_focus);
      outline-offset: 2px;
    }
    .badge {
      flex: none;
      min-width: 1.3em;
      padding: 0 2px;
      border-radius: 3px;
      background: var(--_mark);
      color: #fff;
      font-weight: 700;
      text-align: center;
    }
    /* The number drawn from the attribute: the area's visible words stay those its name begins with. */
    .badge::before {
      content: attr(data-badge);
    }
    .area.locked .text::before {
      content: '🔒 ';
    }
    .text {
      overflow: hidden;
      white-space: nowrap;
      text-overflow: ellipsis;
      background: rgb(255 255 255 / 0.85);
    }
    .handle {
      position: absolute;
      right: -1px;
      bottom: -1px;
      width: 14px;
      height: 14px;
      background: var(--_mark);
      cursor: nwse-resize;
      clip-path: polygon(100% 0, 100% 100%, 0 100%);
    }
    .ghost {
      pointer-events: none;
      z-index: 5;
      border-color: var(--_focus);
      border-style: dashed;
    }
    @media (forced-colors: active) {
      .area,
      .ghost {
        border-color: CanvasText;
        forced-color-adjust: none;
        background: Canvas;
        color: CanvasText;
      }
      .badge {
        background: CanvasText;
        color: Canvas;
      }
      .area.selected {
        outline: 3px solid Highlight;
      }
    }
  `,
];
