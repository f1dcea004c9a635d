/**
 * Past conversations kept on this device (and, for a verified visitor, those of their account the
 * gateway lists, marked as such): the list, one conversation read-only, the way back to the running
 * chat (with what arrived there meanwhile), and forgetting those kept on the device.
 */
import { html, nothing } from 'lit';
import '../../shared/message-list.js';
import { PAST_CHATS_MAX } from '../../../src/storage/past-chats.js';
import { formatDate } from '../../../src/i18n/format.js';
import type { TranscriptRows } from './transcript-rows.js';
import type { WindowContext } from './window-context.js';

/** What the window shows: the running chat (whatever its phase), the list of past ones, or one of them. */
export type WindowView = { kind: 'current' } | { kind: 'past-list' } | { kind: 'past'; idChat: string };

export class PastChatsView {
  view: WindowView = { kind: 'current' };
  /** Operator/bot messages that arrived in the running chat while a past one was open. */
  missedWhileAway = 0;
  private pastNotice = '';

  constructor(
    private readonly ctx: WindowContext,
    private readonly rows: TranscriptRows,
    /** Back to the pre-chat form for a new conversation. */
    private readonly newChat: () => void,
  ) {}

  /** Messages arrived in the running chat: counted while the visitor reads a past one. */
  incoming(count: number): void {
    if (this.view.kind === 'current') return;
    this.missedWhileAway += count;
    this.ctx.requestUpdate();
  }

  render() {
    return this.view.kind === 'past-list'
      ? this.renderList()
      : this.view.kind === 'past'
        ? this.renderChat(this.view.idChat)
        : nothing;
  }

  private pastDate(iso: string): string {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '';
    try {
      return formatDate(date, this.ctx.language);
    } catch {
      return date.toLocaleString();
    }
  }

  async showPastList(focusId?: string): Promise<void> {
    this.view = { kind: 'past-list' };
    this.ctx.requestUpdate();
    await this.ctx.updateComplete;
    // Back from one conversation: focus returns to its entry; else to the view's heading.
    const entry = focusId
      ? [...this.ctx.renderRoot.querySelectorAll<HTMLElement>('.past-item')].find((b) => b.dataset.id === focusId)
      : undefined;
    (entry ?? this.ctx.renderRoot.querySelector<HTMLElement>('#past-title'))?.focus();
  }

  private async openPast(idChat: string): Promise<void> {
    this.view = { kind: 'past', idChat };
    this.ctx.requestUpdate();
    await this.ctx.updateComplete;
    this.ctx.renderRoot.querySelector<HTMLElement>('#past-chat-title')?.focus();
  }

  /** The running chat's view again (from past conversations). */
  showCurrent(): void {
    this.view = { kind: 'current' };
    this.pastNotice = '';
    this.missedWhileAway = 0;
    this.ctx.requestUpdate();
  }

  private async backToChat(): Promise<void> {
    this.showCurrent();
    await this.ctx.updateComplete;
    const button = this.ctx.renderRoot.querySelector<HTMLElement>('.past-button');
    if (button) button.focus();
    else await this.ctx.focusFirst();
  }

  private newChatFromPast(): void {
    this.showCurrent();
    this.newChat();
  }

  private forgetPast(): void {
    this.ctx.chat.past.forget();
    this.pastNotice = this.ctx.labels.tr('pastForgotten');
    void this.ctx.updateComplete.then(() => this.ctx.renderRoot.querySelector<HTMLElement>('#past-title')?.focus());
  }

  private renderActions() {
    const { tr } = this.ctx.labels;
    const phase = this.ctx.chat.conversation.phase;
    // Always rendered, so that a screen reader hears when the running chat gets news.
    return html`<p class="away" role="status">${this.missedWhileAway ? tr('newInCurrent', { n: this.missedWhileAway }) : ''}</p>
      <div class="past-actions">
      <button class="primary" type="button" @click=${() => this.backToChat()}>${tr('backToChat')}</button>
      ${phase === 'ended' || phase === 'rated' ? html`<button class="secondary" type="button" @click=${() => this.newChatFromPast()}>${tr('newChat')}</button>` : nothing}
    </div>`;
  }

  renderList() {
    const { tr } = this.ctx.labels;
    const list = this.ctx.chat.past.list;
    return html`<div class="body past" part="body">
      <h3 id="past-title" tabindex="-1">${tr('pastChats')}</h3>
      <p class="hint">${tr('pastChatsHint', { max: PAST_CHATS_MAX })}${
        list.some((p) => p.fromAccount) ? html` ${tr('pastAccountHint')}` : nothing
      }</p>
      ${
        list.length
          ? html`<ul class="past-list" aria-labelledby="past-title">
            ${list.map(
              (p) => html`<li>
                <button type="button" class="past-item" data-id=${p.idChat} @click=${() => this.openPast(p.idChat)}>
                  <span class="past-meta"><span class="past-date">${this.pastDate(p.startedAt ?? p.endedAt)}</span> · <span class="past-operator">${p.operator || tr('pastNoOperator')}</span>${
                    p.fromAccount ? html` · <span class="past-account">${tr('pastFromAccount')}</span>` : nothing
                  }</span>
                  <span class="past-preview">${p.preview}</span>
                </button>
              </li>`,
            )}
          </ul>`
          : html`<p role="status">${this.pastNotice || tr('pastEmpty')}</p>`
      }
      ${this.renderActions()}
      ${list.length ? html`<button class="link forget" type="button" @click=${() => this.forgetPast()}>${tr('forgetPast')}</button>` : nothing}
    </div>`;
  }

  renderChat(idChat: string) {
    const { tr } = this.ctx.labels;
    const chat = this.ctx.chat.past.find(idChat);
    // Deleted meanwhile (here or in another tab): back to the list.
    if (!chat) return this.renderList();
    return html`<div class="conversation past-chat">
      <div class="past-head">
        <button class="link" type="button" @click=${() => this.showPastList(idChat)}><span class="flip-rtl" aria-hidden="true">←</span> ${tr('backToPast')}</button>
        <h3 id="past-chat-title" tabindex="-1">
          ${tr('pastChatTitle', { date: this.pastDate(chat.startedAt ?? chat.endedAt) })}
          <span class="past-operator">${tr('pastWith', { name: chat.operator || tr('pastNoOperator') })}</span>
        </h3>
        <p class="hint">${tr(chat.fromAccount ? 'pastAccountReadOnly' : 'pastReadOnly')}</p>
      </div>
      <sportello-message-list
        .items=${this.rows.past(chat)}
        .labels=${this.ctx.labels.list('pastLog')}
        .renderBody=${this.ctx.bodies.render}
      ></sportello-message-list>
      ${this.renderActions()}
    </div>`;
  }
}
