import { css } from 'lit';

export const liveChatStyles = css`
  :host {
    --_width: var(--sportello-chat-width, 380px);
    --_height: var(--sportello-chat-height, 560px);
    --_offset: var(--sportello-chat-offset, 20px);
    display: contents;
  }
  :host([mode='inline']) {
    display: block;
  }
  .launcher {
    position: fixed;
    bottom: var(--_offset);
    right: var(--_offset);
    z-index: 2147483000;
    width: 56px;
    height: 56px;
    border-radius: 50%;
    border: none;
    background: var(--_accent);
    color: var(--_accent-contrast);
    box-shadow: var(--_shadow);
    font-size: 26px;
    line-height: 1;
    display: grid;
    place-items: center;
  }
  :host([position='bottom-left']) .launcher,
  :host([position='bottom-left']) .window {
    right: auto;
    left: var(--_offset);
  }
  .badge {
    position: absolute;
    top: -4px;
    right: -4px;
    min-width: 22px;
    height: 22px;
    padding: 0 6px;
    border-radius: 11px;
    background: var(--_danger);
    color: #fff;
    font-size: 12px;
    font-weight: 700;
    line-height: 22px;
  }
  .window {
    position: fixed;
    bottom: calc(var(--_offset) + 68px);
    right: var(--_offset);
    z-index: 2147483000;
    width: min(var(--_width), calc(100vw - 2 * var(--_offset)));
    height: min(var(--_height), calc(100vh - 120px));
    border-radius: var(--_radius);
    box-shadow: var(--_shadow);
    overflow: hidden;
    background: var(--_surface);
    border: 1px solid var(--_border);
  }
  :host([mode='inline']) .window {
    position: relative;
    inset: auto;
    width: 100%;
    height: var(--_height);
    box-shadow: none;
  }
  .window[hidden] {
    display: none;
  }
  .loading {
    padding: 16px;
  }
`;
