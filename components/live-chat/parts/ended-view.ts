/**
 * The end of a conversation: the rating (stars and a comment), the transcript by e-mail, and a
 * new chat.
 */
import { html } from 'lit';
import type { WindowContext } from './window-context.js';

export class EndedView {
  private rating = 0;
  private transcriptSentTo = '';

  constructor(private readonly ctx: WindowContext) {}

  private rate(n: number): void {
    this.rating = n;
    this.ctx.requestUpdate();
  }

  render() {
    const { tr } = this.ctx.labels;
    const c = this.ctx.chat.conversation;
    const { busy } = this.ctx.chat.requests;
    return html`<div class="body ended" part="body">
      <p role="status" class="ended-title" tabindex="-1">${tr('ended')}</p>
      ${
        c.phase === 'rated'
          ? html`<p role="status" class="rated" tabindex="-1">${tr('rated')}</p>`
          : html`<form @submit=${this.onRate}>
            <fieldset>
              <legend>${tr('rateQuestion')}</legend>
              <div class="stars">
                ${[1, 2, 3, 4, 5].map(
                  (n) => html`<label class=${n <= this.rating ? 'on' : ''}>
                    <input type="radio" name="rating" value=${n} .checked=${n === this.rating} @change=${() => this.rate(n)} aria-label=${tr('ratingValue', { n })} />
                    <span aria-hidden="true">★</span>
                  </label>`,
                )}
              </div>
            </fieldset>
            <div class="field">
              <label for="comment">${tr('comment')}</label>
              <textarea id="comment" name="comment" rows="2"></textarea>
            </div>
            <button class="primary" type="submit" ?disabled=${!this.rating || busy}>${tr('rate')}</button>
          </form>`
      }
      ${
        this.transcriptSentTo
          ? html`<p role="status" class="transcript-sent" tabindex="-1">${tr('transcriptSent', { email: this.transcriptSentTo })}</p>`
          : html`<form @submit=${this.onTranscript}>
            <div class="field">
              <label for="transcript-email">${tr('transcriptEmail')}</label>
              <input id="transcript-email" name="email" type="email" autocomplete="email" required .value=${c.email} />
            </div>
            <button class="secondary" type="submit" ?disabled=${busy}>${tr('transcriptSend')}</button>
          </form>`
      }
      <button class="secondary" type="button" @click=${() => this.newChat()}>${tr('newChat')}</button>
      ${this.ctx.renderDeskHandoff()}
    </div>`;
  }

  private onRate = async (e: SubmitEvent): Promise<void> => {
    e.preventDefault();
    const form = new FormData(e.target as HTMLFormElement);
    if (await this.ctx.chat.requests.rate(this.rating, String(form.get('comment') ?? ''))) await this.focusOn('.rated');
  };

  /**
   * A form the visitor sent is replaced by its confirmation: the focus goes to that line (read out,
   * and the next Tab leads on from there), not to the page's <body> with the removed button.
   */
  private async focusOn(selector: string): Promise<void> {
    await this.ctx.updateComplete;
    this.ctx.renderRoot.querySelector<HTMLElement>(`.ended ${selector}`)?.focus();
  }

  private onTranscript = async (e: SubmitEvent): Promise<void> => {
    e.preventDefault();
    const email = String(new FormData(e.target as HTMLFormElement).get('email') ?? '').trim();
    if (email && (await this.ctx.chat.requests.requestTranscript(email))) {
      this.transcriptSentTo = email;
      this.ctx.requestUpdate();
      await this.focusOn('.transcript-sent');
    }
  };

  /** Back to the pre-chat form for a new conversation. */
  newChat(): void {
    this.rating = 0;
    this.transcriptSentTo = '';
    this.ctx.chat.newChat();
    void this.ctx.focusFirst();
  }
}
