import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { StringKey } from '../strings.js';

export interface MoreToolsHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
  t(key: StringKey, params?: Record<string, string | number>): string;
}

/**
 * The "More tools" disclosure of the toolbar at a phone's width: the controls that do not fit in
 * one row (zoom and fit) open in a panel under the toolbar, instead of sitting beyond its right
 * edge until the row is swiped. A button with `aria-expanded` and the panel right after it in the
 * tab order; Escape closes it and gives the focus back to the button, and so does a click
 * elsewhere (without moving the focus).
 */
export class MoreTools implements ReactiveController {
  open = false;

  constructor(private readonly host: MoreToolsHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.setOpen(false);
  }

  toggle(): void {
    this.setOpen(!this.open);
  }

  /** Closes the panel; `refocus`: the focus goes back to the "More tools" button. */
  close(refocus = false): void {
    this.setOpen(false);
    if (refocus) void this.host.updateComplete.then(() => this.button()?.focus());
  }

  render(tools: TemplateResult): TemplateResult {
    return html`<button
        type="button"
        part="button"
        class="more"
        title=${this.host.t('moreTools')}
        aria-label=${this.host.t('moreTools')}
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="more-tools"
        @click=${() => this.toggle()}
        @keydown=${this.onKeydown}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      <div id="more-tools" class="more-panel" role="group" aria-label=${this.host.t('moreTools')} ?hidden=${!this.open} @keydown=${this.onKeydown}>
        ${tools}
      </div>`;
  }

  private button(): HTMLButtonElement | null {
    return this.host.renderRoot.querySelector<HTMLButtonElement>('button.more');
  }

  private setOpen(open: boolean): void {
    if (open === this.open) return;
    this.open = open;
    // Any press outside the button and the panel closes it (listened to only while it is open).
    if (open) document.addEventListener('pointerdown', this.onOutside, true);
    else document.removeEventListener('pointerdown', this.onOutside, true);
    this.host.requestUpdate();
  }

  private readonly onKeydown = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || !this.open) return;
    e.preventDefault();
    e.stopPropagation();
    this.close(true);
  };

  private readonly onOutside = (e: Event): void => {
    const path = e.composedPath();
    const panel = this.host.renderRoot.querySelector('#more-tools');
    const button = this.button();
    if ((panel && path.includes(panel)) || (button && path.includes(button))) return;
    this.close();
  };
}
