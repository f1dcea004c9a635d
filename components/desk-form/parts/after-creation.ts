/**
 * What follows a created request in the desk form: the confirmation (focused once it shows), the
 * way on to follow the request in the form itself, and back from there to an empty form (focus on
 * its first field). The element keeps which request it shows (`request-id`); this keeps whether
 * the form opened it itself, which offers the way back.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { CreatedRequest } from '../../../src/services/desk.js';
import { ConfirmationPanel } from './confirmation-view.js';
import type { DeskStringKey } from '../strings.js';

export interface AfterCreationOptions {
  host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment };
  tr: (key: DeskStringKey, params?: Record<string, string | number>) => string;
  /** What the last submission created. */
  created(): CreatedRequest | undefined;
  /** Shows this request in the form (or the form again, with undefined). */
  show(requestId: string | undefined): void;
  /** Empties the form. */
  reset(): void;
}

export class AfterCreation {
  private followingCreated = false;
  private focusConfirmation = false;
  private readonly panel: ConfirmationPanel;

  constructor(private readonly o: AfterCreationOptions) {
    this.panel = new ConfirmationPanel({
      host: o.host,
      tr: o.tr,
      follow: () => this.follow(),
      newRequest: () => this.newRequest(),
    });
  }

  /** The request was just created: the confirmation takes the focus once it is on screen. */
  created(): void {
    this.focusConfirmation = true;
  }

  /** After each render of the element. */
  updated(): void {
    if (!this.focusConfirmation) return;
    this.focusConfirmation = false;
    this.panel.focus();
  }

  /** A new request starts clean (no copy status); the form is no longer following its own. */
  clear(): void {
    this.panel.clear();
  }

  /** Another request is shown by the page (`fill`, a new `request-id`): no way back offered. */
  forget(): void {
    this.followingCreated = false;
    this.o.host.requestUpdate();
  }

  renderConfirmation(created: CreatedRequest): TemplateResult {
    return this.panel.render(created);
  }

  /** Under the follow-up the form opened itself: the way back to an empty form. */
  renderWayBack(): TemplateResult | typeof nothing {
    if (!this.followingCreated) return nothing;
    return html`<div class="actions after-follow"><button type="button" class="secondary" @click=${() => this.back()}>${this.o.tr('newRequest')}</button></div>`;
  }

  private follow(): void {
    const id = this.o.created()?.idRichiesta;
    if (id === undefined) return;
    this.followingCreated = true;
    this.o.show(String(id));
  }

  /** From the follow-up the form itself opened, back to an empty form. */
  private back(): void {
    this.followingCreated = false;
    this.o.show(undefined);
    this.newRequest();
  }

  private newRequest(): void {
    this.o.reset();
    void this.o.host.updateComplete.then(() =>
      this.o.host.renderRoot.querySelector<HTMLElement>('[data-field="servizio"]')?.focus(),
    );
  }
}
