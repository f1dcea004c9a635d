/**
 * The image viewer of the live chat: an image attachment shown inside the widget (a modal dialog
 * over the conversation), fitted to the window or at its own size, with the download link kept.
 * Keyboard: the focus moves into it and stays there (Tab cycles), Escape closes it and gives the
 * focus back to the thumbnail that opened it. Loaded the first time an image is opened.
 */
import { css, html, type CSSResult } from 'lit';
import type { AttachmentOpenDetail } from '../../shared/chat-events.js';
import type { Translate } from './window-labels.js';

export const imageViewerStyles: CSSResult = css`
  section.frame {
    position: relative;
  }
  .viewer {
    position: absolute;
    inset: 0;
    z-index: 5;
    display: flex;
    flex-direction: column;
    background: var(--_surface);
  }
  .viewer-bar {
    display: flex;
    align-items: center;
    gap: var(--_space);
    padding: var(--_space);
    border-bottom: 1px solid var(--_border);
  }
  .viewer-bar h3 {
    flex: 1;
    min-width: 0;
    margin: 0;
    font-size: 1em;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .viewer-bar button,
  .viewer-bar a {
    font: inherit;
    color: var(--_text);
    background: var(--_surface-alt);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    padding: 4px 10px;
    text-decoration: none;
  }
  .viewer-stage {
    flex: 1;
    min-height: 0;
    overflow: auto;
    display: grid;
    place-items: center;
    background: #1c2230;
  }
  .viewer-stage img {
    display: block;
  }
  .viewer-stage.fit img {
    max-width: 100%;
    max-height: 100%;
    object-fit: contain;
  }
`;

export class ImageViewer {
  image: AttachmentOpenDetail | undefined;
  private fit = true;
  private opener: HTMLElement | undefined;

  constructor(
    private readonly host: {
      readonly renderRoot: HTMLElement | DocumentFragment;
      readonly updateComplete: Promise<boolean>;
      requestUpdate(): void;
    },
  ) {}

  async open(image: AttachmentOpenDetail, opener: HTMLElement | undefined): Promise<void> {
    this.image = image;
    this.fit = true;
    this.opener = opener;
    this.host.requestUpdate();
    await this.host.updateComplete;
    this.host.renderRoot.querySelector<HTMLElement>('.viewer .close')?.focus();
  }

  close(): void {
    if (!this.image) return;
    this.image = undefined;
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => this.opener?.focus());
  }

  private toggleFit(): void {
    this.fit = !this.fit;
    this.host.requestUpdate();
  }

  /** Escape closes; Tab stays among the viewer's controls (it is modal). */
  private onKeydown = (e: KeyboardEvent): void => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      e.preventDefault();
      this.close();
      return;
    }
    if (e.key !== 'Tab') return;
    const focusable = [
      ...(e.currentTarget as HTMLElement).querySelectorAll<HTMLElement>('button, a[href], [tabindex="0"]'),
    ];
    const first = focusable[0];
    const last = focusable.at(-1);
    const active = (this.host.renderRoot as ShadowRoot).activeElement;
    if (e.shiftKey && active === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  render(tr: Translate) {
    const image = this.image;
    if (!image) return null;
    return html`<div class="viewer" role="dialog" aria-modal="true" aria-labelledby="viewer-title" @keydown=${this.onKeydown}>
      <div class="viewer-bar">
        <h3 id="viewer-title">${image.name}</h3>
        <button type="button" class="zoom" aria-pressed=${this.fit ? 'false' : 'true'} @click=${() => this.toggleFit()}>
          ${tr('imageActualSize')}
        </button>
        <a class="download" href=${image.href} download=${image.name} target="_blank" rel="noopener noreferrer">${tr('imageDownload')}</a>
        <button type="button" class="close" aria-label=${tr('imageClose')} @click=${() => this.close()}>✕</button>
      </div>
      <div class="viewer-stage ${this.fit ? 'fit' : ''}" tabindex="0" role="group" aria-label=${image.name}>
        <img src=${image.image} alt=${image.name} />
      </div>
    </div>`;
  }
}
