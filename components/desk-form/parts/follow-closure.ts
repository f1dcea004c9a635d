/**
 * What a closed request offers: reopening it with a note (the service creates a new linked
 * request, spec §3) and rating the service, 1 to 5 with an optional note. Once reopened it points
 * to the new request; once rated it thanks the customer with the rating given.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { canRate, canReopen, givenRating, reopenedAs, type RatingInput } from '../../../src/model/desk/follow-model.js';
import type { Reopened, RequestDetail } from '../../../src/services/desk.js';
import type { FollowView } from './follow-view.js';
import type { DeskStringKey } from '../strings.js';
import { renderWriteFailure } from '../../shared/task-view.js';
import { renderNoteField } from './note-field.js';

export interface ClosureHost {
  host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment; updateComplete: Promise<boolean> };
  view: () => FollowView;
  ratingBody: () => (input: RatingInput) => Record<string, unknown>;
  reopened: (answer: Reopened) => void;
  rated: (input: RatingInput) => void;
  follow: (id: number) => void;
}

export class ClosureBox {
  private reopenNote = '';
  private stars = 0;
  private ratingNote = '';
  private ratingMissing = false;

  constructor(private readonly options: ClosureHost) {}

  clear(): void {
    this.reopenNote = '';
    this.stars = 0;
    this.ratingNote = '';
    this.ratingMissing = false;
  }

  private update(): void {
    this.options.host.requestUpdate();
  }

  private readonly sendReopen = async (event?: Event): Promise<void> => {
    event?.preventDefault();
    const answer = await this.options.view().controller.reopen(this.reopenNote);
    if (answer) {
      this.reopenNote = '';
      this.options.reopened(answer);
    }
  };

  private readonly sendRating = async (event?: Event): Promise<void> => {
    event?.preventDefault();
    const view = this.options.view();
    const id = Number(view.controller.id);
    if (!this.stars) {
      this.ratingMissing = true;
      this.update();
      await this.options.host.updateComplete;
      this.options.host.renderRoot.querySelector<HTMLElement>('input[name="rating"]')?.focus();
      return;
    }
    const input: RatingInput = { idRichiesta: id, valutazione: this.stars, note: this.ratingNote.trim() || undefined };
    if (await view.controller.rate(input, this.options.ratingBody())) {
      this.options.rated(input);
      await this.options.host.updateComplete;
      this.options.host.renderRoot.querySelector<HTMLElement>('#rating-done')?.focus();
    }
  };

  render(detail: RequestDetail): TemplateResult {
    const view = this.options.view();
    const next = reopenedAs(detail);
    return html`<section class="closure" part="closure" aria-labelledby="closed-title">
      <h3 id="closed-title">${view.tr('closedTitle')}</h3>
      ${
        next !== undefined
          ? html`<p class="notice">
            <span>${view.tr('reopenedAs', { id: String(next) })}</span>
            <button type="button" class="link" @click=${() => this.options.follow(next)}>${view.tr('openReopened', { id: String(next) })}</button>
          </p>`
          : nothing
      }
      ${this.renderRating(detail)} ${canReopen(detail) ? this.renderReopen() : nothing}
    </section>`;
  }

  private renderReopen(): TemplateResult {
    const view = this.options.view();
    const c = view.controller;
    const sending = c.reopenState === 'pending';
    return html`<form class="reopen" part="reopen" aria-labelledby="reopen-title" @submit=${this.sendReopen}>
      <h4 id="reopen-title">${view.tr('reopenTitle')}</h4>
      ${renderNoteField({
        id: 'reopen-note',
        label: view.tr('reopenLabel'),
        value: this.reopenNote,
        rows: 3,
        maxLength: 2000,
        required: true,
        sending,
        errorId: c.reopenState === 'error' ? 'reopen-error' : undefined,
        onInput: (value) => {
          this.reopenNote = value;
          this.update();
        },
      })}
      ${renderWriteFailure(c.reopening, {
        speaker: view.speaker,
        id: 'reopen-error',
        note: view.tr('reopenFailed'),
        retry: () => this.sendReopen(),
      })}
      <div class="actions">
        <button type="submit" class="secondary" ?disabled=${sending || !this.reopenNote.trim()}>
          ${sending ? view.tr('reopening') : view.tr('reopenSend')}
        </button>
      </div>
    </form>`;
  }

  private renderRating(detail: RequestDetail): TemplateResult | typeof nothing {
    const view = this.options.view();
    const given = givenRating(detail);
    if (given)
      return html`<p class="notice" id="rating-done" tabindex="-1" part="rating">
        ${view.tr('ratingThanks', { n: given.stars })}
      </p>`;
    if (!canRate(detail)) return nothing;
    const c = view.controller;
    const sending = c.ratingState === 'pending';
    return html`<form class="rating" part="rating" aria-labelledby="rating-title" novalidate @submit=${this.sendRating}>
      <h4 id="rating-title">${view.tr('ratingTitle')}</h4>
      <fieldset class="stars" aria-describedby=${ifDefined(this.ratingMissing ? 'rating-missing' : undefined)} ?disabled=${sending}>
        <legend>${view.tr('ratingLegend')}</legend>
        ${[1, 2, 3, 4, 5].map(
          (n) =>
            html`<label class="star">
              <input
                type="radio"
                name="rating"
                value=${n}
                .checked=${this.stars === n}
                @change=${() => {
                  this.stars = n;
                  this.ratingMissing = false;
                  this.update();
                }}
              />
              <span>${view.tr('ratingOption', { n, label: view.tr(`rating_${n}` as DeskStringKey) })}</span>
            </label>`,
        )}
        ${this.ratingMissing ? html`<p class="error" id="rating-missing">${view.tr('ratingMissing')}</p>` : nothing}
      </fieldset>
      ${renderNoteField({
        id: 'rating-note',
        label: view.tr('ratingNote'),
        value: this.ratingNote,
        rows: 2,
        maxLength: 1000,
        sending,
        onInput: (value) => {
          this.ratingNote = value;
          this.update();
        },
      })}
      ${renderWriteFailure(c.rating, {
        speaker: view.speaker,
        note: view.tr('ratingFailed'),
        retry: () => this.sendRating(),
      })}
      <div class="actions">
        <button type="submit" class="primary" ?disabled=${sending}>${sending ? view.tr('ratingSending') : view.tr('ratingSend')}</button>
      </div>
    </form>`;
  }
}
