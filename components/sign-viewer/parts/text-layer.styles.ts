import { css } from 'lit';

/** pdf.js' text layer (from its pdf_viewer.css, reduced to what selection, search and reading need). */
export const textLayerStyles = css`
  .textLayer {
    position: absolute;
    text-align: initial;
    inset: 0;
    overflow: clip;
    opacity: 1;
    line-height: 1;
    text-size-adjust: none;
    forced-color-adjust: none;
    transform-origin: 0 0;
    caret-color: CanvasText;
    z-index: 0;
    --min-font-size: 1;
    --text-scale-factor: calc(var(--total-scale-factor) * var(--min-font-size));
    --min-font-size-inv: calc(1 / var(--min-font-size));
  }
  .textLayer :is(span, br) {
    color: transparent;
    position: absolute;
    white-space: pre;
    cursor: text;
    transform-origin: 0% 0%;
  }
  .textLayer > :not(.markedContent),
  .textLayer .markedContent span:not(.markedContent) {
    z-index: 1;
    --font-height: 0;
    font-size: calc(var(--text-scale-factor) * var(--font-height));
    --scale-x: 1;
    --rotate: 0deg;
    transform: rotate(var(--rotate)) scaleX(var(--scale-x)) scale(var(--min-font-size-inv));
  }
  .textLayer .markedContent {
    display: contents;
  }
  .textLayer ::selection {
    background: rgb(0 0 255 / 0.25);
  }
  .textLayer br::selection {
    background: transparent;
  }
  .textLayer .endOfContent {
    display: block;
    position: absolute;
    inset: 100% 0 0;
    z-index: 0;
    cursor: default;
    user-select: none;
  }
  /* A page turned by its /Rotate: pdf.js lays its text out unturned and names the turn. */
  .textLayer[data-main-rotation='90'] {
    transform: rotate(90deg) translateY(-100%);
  }
  .textLayer[data-main-rotation='180'] {
    transform: rotate(180deg) translate(-100%, -100%);
  }
  .textLayer[data-main-rotation='270'] {
    transform: rotate(270deg) translateX(-100%);
  }
`;
