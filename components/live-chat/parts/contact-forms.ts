/**
 * The chat window's two forms: the pre-chat form (who the visitor is, the topic, the first
 * question, the privacy consent; the conversation an AI handover passes on) and the offline
 * contact form (e-mail or phone, with the opening hours when the service gives them).
 */
import { html, nothing } from 'lit';
import { linkify } from '../../shared/linkify.js';
import { foreignZone, readBusinessHours, summariseHours } from './business-hours.js';
import { FormFields } from './form-fields.js';
import type { WindowContext } from './window-context.js';
import type { PrechatFieldConfig } from '../../../src/services/chat.js';
import { readCustomFields, renderCustomFields, usableFields } from './prechat-fields.js';
import type { PrechatAnswers } from './prechat-answers.js';

export class ChatForms {
  readonly fields: FormFields;
  private contactChannel: 'email' | 'phone' = 'email';
  /** What a handover from the AI panel passes to the operator, while the pre-chat form asks for what it lacked. */
  handoffContext: string | undefined;

  constructor(
    private readonly ctx: WindowContext,
    /** Answers from the AI service's knowledge while the visitor writes their question. */
    readonly answers: PrechatAnswers,
  ) {
    this.fields = new FormFields(ctx);
  }

  private setChannel(channel: 'email' | 'phone'): void {
    this.contactChannel = channel;
    this.ctx.requestUpdate();
  }

  /** Keeps the handed-over conversation for the form (or lets it go), and shows it. */
  setHandoffContext(context: string | undefined): void {
    this.handoffContext = context;
    this.ctx.requestUpdate();
  }

  renderPrechat() {
    const { tr } = this.ctx.labels;
    const f = this.fields;
    const c = this.ctx.chat.conversation;
    const { categories } = this.ctx.chat;
    const { busy } = this.ctx.chat.requests;
    const p = this.ctx.prefill;
    const identity = this.ctx.identity;
    const placeholder = (key: string) => this.serverLabel(key) ?? nothing;
    // A handover waits for the consent: say why the form is shown instead of the chat.
    const consentForHandoff = !!this.handoffContext && f.missing('privacy');
    const solved = !!this.answers.solvedBy;
    // A question the page prefilled is asked at once, once: what the visitor types is asked as they type.
    if (p.message && p.message !== this.prefillAsked) {
      this.prefillAsked = p.message;
      this.answers.ask(p.message);
    }
    return html`<div class="body" part="body">
      ${this.answers.renderSolved()}
      ${this.ctx.greeting && !solved ? html`<p class="greeting-first">${this.ctx.greeting}</p>` : nothing}
      <p class="intro" ?hidden=${solved}>${tr('prechatIntro')}</p>
      <form class="prechat" novalidate ?hidden=${solved} @submit=${this.onPrechat} @input=${f.onInput} @focusout=${f.onLeave}>
        ${f.showing ? html`<p class="field-error" role="alert">${tr('fixErrors')}</p>` : nothing}
        ${
          identity
            ? html`<p class="verified" id="verified-identity">
                <span class="verified-badge">${tr('verified')}</span>
                ${tr('verifiedAs', { name: identity.name, email: identity.email })}
              </p>`
            : html`${f.render(
                'name',
                tr('name'),
                html`<input id="name" name="name" type="text" autocomplete="name" required placeholder=${placeholder('namePlaceholder')} .value=${p.name ?? c.name} aria-invalid=${f.invalid('name')} aria-describedby=${f.describedBy('name')} />`,
              )}
              ${f.render(
                'email',
                tr('email'),
                html`<input id="email" name="email" type="email" autocomplete="email" placeholder=${placeholder('emailPlaceholder')} .value=${p.email ?? c.email} aria-invalid=${f.invalid('email')} aria-describedby=${f.describedBy('email')} />`,
              )}`
        }
        ${
          categories.length
            ? f.render(
                'idChatCategory',
                tr('category'),
                html`<select id="idChatCategory" name="idChatCategory" aria-invalid=${f.invalid('idChatCategory')} aria-describedby=${f.describedBy('idChatCategory')}>
                ${categories.length > 1 ? html`<option value="" ?selected=${!p.category}>${tr('chooseCategory')}</option>` : nothing}
                ${categories.map(
                  (cat) =>
                    html`<option value=${String(cat.idChatCategory)} lang=${this.ctx.labels.serviceLang() ?? nothing} ?selected=${String(cat.idChatCategory) === p.category}>${cat.title}</option>`,
                )}
              </select>`,
              )
            : nothing
        }
        ${renderCustomFields(this.customFields, f, tr, this.ctx.labels)}
        ${f.render(
          'message',
          tr('firstMessage'),
          html`<textarea id="message" name="message" rows="3" .value=${p.message ?? ''} aria-invalid=${f.invalid('message')} aria-describedby=${f.describedBy('message')} @input=${this.onQuestion}></textarea>`,
        )}
        ${this.answers.render()}
        ${
          this.handoffContext
            ? html`<details class="handoff">
              <summary>${tr('handoffShared')}</summary>
              <p>${this.handoffContext}</p>
            </details>`
            : nothing
        }
        ${this.renderPrivacy()}
        ${consentForHandoff ? html`<p class="hint handoff-consent" id="handoff-consent">${tr('handoffConsent')}</p>` : nothing}
        <div class="field check">
          <input
            id="privacy"
            name="privacy"
            type="checkbox"
            aria-invalid=${f.invalid('privacy')}
            aria-describedby=${consentForHandoff ? (f.error('privacy') ? 'handoff-consent privacy-error' : 'handoff-consent') : f.describedBy('privacy')}
          />
          <label for="privacy">${tr('privacy')}</label>
        </div>
        ${f.error('privacy') ? html`<span class="field-error" id="privacy-error">${f.error('privacy')}</span>` : nothing}
        <button class="primary" type="submit" ?disabled=${busy}>${tr('start')}</button>
      </form>
    </div>`;
  }

  private prefillAsked: string | undefined;

  private onQuestion = (e: Event): void => this.answers.ask((e.target as HTMLTextAreaElement).value);

  /** The widget's own pre-chat fields (its configuration's `prechatFields`). */
  private get customFields(): PrechatFieldConfig[] {
    return usableFields(this.ctx.chat.config?.prechatFields, this.ctx.labels);
  }

  /** One of the widget's labels that has no key of ours (placeholders), in the visitor's language. */
  private serverLabel(key: string): string | undefined {
    const value = (this.ctx.labels.server() as Record<string, string> | undefined)?.[key];
    return typeof value === 'string' && value.trim() ? value : undefined;
  }

  /** The widget's privacy notice in the visitor's language where it has one (else marked as another). */
  private renderPrivacy() {
    const notice = this.ctx.labels.ownerText(this.ctx.chat.config?.privacy?.text);
    return notice
      ? html`<p class="privacy" dir="auto" lang=${notice.lang ?? nothing}>${linkify(notice.text)}</p>`
      : nothing;
  }

  private onPrechat = async (e: SubmitEvent): Promise<void> => {
    e.preventDefault();
    this.fields.showMarks(); // the visitor tried to send it: what is missing is marked from now on
    const form = new FormData(e.target as HTMLFormElement);
    const identity = this.ctx.identity;
    const ok = await this.ctx.chat.starter.submitPrechat(
      {
        // A visitor the page vouches for is not asked: the token names them.
        name: identity?.name ?? String(form.get('name') ?? '').trim(),
        email: identity?.email ?? String(form.get('email') ?? '').trim(),
        fields: readCustomFields(this.customFields, form),
        idChatCategory: (form.get('idChatCategory') as string | null) ?? undefined,
        message: String(form.get('message') ?? ''),
        consent: form.get('privacy') === 'on',
        context: this.handoffContext,
      },
      location.href,
      document.title,
    );
    if (ok) {
      this.setHandoffContext(undefined);
      void this.ctx.focusFirst();
    } else void this.fields.focusFirstInvalid();
  };

  /** When the chat is closed, when it opens: the widget's weekly hours, if the service gives them. */
  private renderOpeningHours() {
    const { tr } = this.ctx.labels;
    const hours = readBusinessHours(this.ctx.chat.config?.businessHours);
    const lines = hours ? summariseHours(hours, this.ctx.language) : [];
    if (!hours || !lines.length) return nothing;
    const zone = foreignZone(hours, this.ctx.language);
    const text = zone
      ? tr('openingHoursZone', { hours: lines.join('; '), zone })
      : tr('openingHours', { hours: lines.join('; ') });
    return html`<p class="hours">${text}</p>`;
  }

  renderOffline() {
    const { tr } = this.ctx.labels;
    const f = this.fields;
    const c = this.ctx.chat.conversation;
    const { busy } = this.ctx.chat.requests;
    if (c.phase === 'offline-sent')
      return html`<div class="body" part="body"><p role="status">${tr('offlineSent')}</p></div>`;
    const channels = this.contactChannels;
    if (!channels.length) {
      return html`<div class="body" part="body">
        <p class="intro">${tr('offlineNoContact')}</p>
        ${this.renderOpeningHours()} ${this.ctx.renderDeskHandoff()}
      </div>`;
    }
    const ch = this.channel;
    return html`<div class="body" part="body">
      <p class="intro">${tr('offlineIntro')}</p>
      ${this.renderOpeningHours()}
      ${this.ctx.renderDeskHandoff()}
      <form class="offline-contact" novalidate @submit=${this.onContact} @input=${f.onInput} @focusout=${f.onLeave}>
        ${f.render(
          'name',
          tr('name'),
          html`<input id="name" name="name" type="text" autocomplete="name" .value=${this.ctx.prefill.name ?? c.name} aria-invalid=${f.invalid('name')} aria-describedby=${f.describedBy('name')} />`,
        )}
        ${
          channels.length > 1
            ? html`<fieldset>
              <legend>${tr('contactBy')}</legend>
              <div class="radios">
                <label><input type="radio" name="channel" value="email" .checked=${ch === 'email'} @change=${() => this.setChannel('email')} /> ${tr('email')}</label>
                <label><input type="radio" name="channel" value="phone" .checked=${ch === 'phone'} @change=${() => this.setChannel('phone')} /> ${tr('phone')}</label>
              </div>
            </fieldset>`
            : nothing
        }
        ${
          ch === 'email'
            ? f.render(
                'email',
                tr('email'),
                html`<input id="email" name="email" type="email" autocomplete="email" .value=${this.ctx.prefill.email ?? c.email} aria-invalid=${f.invalid('email')} aria-describedby=${f.describedBy('email')} />`,
              )
            : f.render(
                'phone',
                tr('phone'),
                html`<input id="phone" name="phone" type="tel" autocomplete="tel" aria-invalid=${f.invalid('phone')} aria-describedby=${f.describedBy('phone')} />`,
              )
        }
        ${f.render(
          'message',
          tr('firstMessage'),
          html`<textarea id="message" name="message" rows="3" .value=${this.ctx.prefill.message ?? ''} aria-invalid=${f.invalid('message')} aria-describedby=${f.describedBy('message')}></textarea>`,
        )}
        ${this.renderPrivacy()}
        <div class="field check">
          <input id="privacy" name="privacy" type="checkbox" aria-invalid=${f.invalid('privacy')} aria-describedby=${f.describedBy('privacy')} />
          <label for="privacy">${tr('privacyContact')}</label>
        </div>
        ${f.error('privacy') ? html`<span class="field-error" id="privacy-error">${f.error('privacy')}</span>` : nothing}
        <button class="primary" type="submit" ?disabled=${busy}>${tr('send')}</button>
      </form>
    </div>`;
  }

  /** The ways back the widget offers (`contactRequest` of its configuration; both when it does not say). */
  private get contactChannels(): Array<'email' | 'phone'> {
    const offered = this.ctx.chat.config?.contactRequest;
    return (['email', 'phone'] as const).filter((channel) => offered?.[channel] !== false);
  }

  /** The visitor's choice while the widget offers it, else the one way it offers. */
  private get channel(): 'email' | 'phone' {
    const channels = this.contactChannels;
    return channels.includes(this.contactChannel) ? this.contactChannel : (channels[0] ?? 'email');
  }

  private onContact = async (e: SubmitEvent): Promise<void> => {
    e.preventDefault();
    this.fields.showMarks(); // the service's answer to this sending marks the fields afresh
    const form = new FormData(e.target as HTMLFormElement);
    const ok = await this.ctx.chat.requests.submitContact({
      name: String(form.get('name') ?? '').trim(),
      channel: this.channel,
      email: String(form.get('email') ?? '').trim(),
      phone: String(form.get('phone') ?? '').trim(),
      message: String(form.get('message') ?? ''),
      consent: form.get('privacy') === 'on',
    });
    if (!ok) void this.fields.focusFirstInvalid();
  };
}
