/**
 * The form's launcher mode (`mode="launcher"`): a button opens the form in a modal `<dialog>`, so a
 * site can offer "Open a request" without giving it a page. `showModal()` makes the rest of the page
 * inert (focus stays inside), Escape or Close closes it, and focus returns to the button that
 * opened it. Inline mode (the default) renders the form where the tag stands.
 */
import { html, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { DeskStringKey } from '../strings.js';

export interface LauncherHost {
  host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment; updateComplete: Promise<boolean> };
  tr: (key: DeskStringKey, params?: Record<string, string | number>) => string;
  /** The dialog opened or closed (by the customer, Escape, or the page). */
  toggled: (open: boolean) => void;
}

export class LauncherShell {
  private isOpen = false;
  /** What had focus before opening (the launcher, or whatever the page called `open()` from). */
  private returnFocus: HTMLElement | null = null;

  constructor(private readonly o: LauncherHost) {}

  get open(): boolean {
    return this.isOpen;
  }

  private get dialog(): HTMLDialogElement | null {
    return this.o.host.renderRoot.querySelector<HTMLDialogElement>('dialog.desk-dialog');
  }

  async show(): Promise<void> {
    if (this.isOpen) return;
    const active = document.activeElement;
    const inner = (this.o.host.renderRoot as ShadowRoot).activeElement as HTMLElement | null;
    this.returnFocus = inner ?? (active instanceof HTMLElement ? active : null);
    this.isOpen = true;
    this.o.host.requestUpdate();
    await this.o.host.updateComplete;
    const dialog = this.dialog;
    if (dialog && !dialog.open) dialog.showModal();
    // The first field (or the dialog's heading in the confirmation and follow views) takes focus.
    const first =
      dialog?.querySelector<HTMLElement>('[data-field]:not([disabled])') ??
      dialog?.querySelector<HTMLElement>('h2[tabindex]');
    first?.focus();
    this.o.toggled(true);
  }

  hide(): void {
    const dialog = this.dialog;
    if (dialog?.open) dialog.close();
    else this.closed();
  }

  /** After the dialog closed (Close, Escape, or `hide()`): focus goes back where it came from. */
  private readonly closed = (): void => {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.o.host.requestUpdate();
    const back = this.returnFocus ?? this.o.host.renderRoot.querySelector<HTMLElement>('.desk-launcher');
    this.returnFocus = null;
    void this.o.host.updateComplete.then(() => back?.focus());
    this.o.toggled(false);
  };

  /**
   * Tab from the last control goes to the first, Shift+Tab from the first to the last: a modal
   * dialog alone lets focus leave for the browser's own toolbar.
   */
  private readonly trap = (event: KeyboardEvent): void => {
    if (event.key !== 'Tab' || !this.dialog) return;
    const selector = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';
    const focusable = Array.from(this.dialog.querySelectorAll<HTMLElement>(selector)).filter(
      (el) => !(el as HTMLButtonElement).disabled && el.checkVisibility?.() !== false,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = (this.o.host.renderRoot as ShadowRoot).activeElement;
    if (event.shiftKey && (active === first || !this.dialog.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !this.dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  render(content: () => TemplateResult): TemplateResult {
    const { tr } = this.o;
    return html`<button
        type="button"
        class="primary desk-launcher"
        part="launcher"
        aria-haspopup="dialog"
        aria-expanded=${this.isOpen ? 'true' : 'false'}
        @click=${() => void this.show()}
      >
        ${tr('launcherOpen')}
      </button>
      <dialog class="desk-dialog" part="dialog" aria-label=${tr('formTitle')} @close=${this.closed} @keydown=${this.trap}>
        <div class="dialog-bar">
          <button type="button" class="secondary dialog-close" @click=${() => this.hide()}>${tr('dialogClose')}</button>
        </div>
        ${this.isOpen ? content() : ''}
      </dialog>`;
  }
}
