import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { SportelloElement } from '../shared/sportello-element.js';
import { tokens } from '../shared/tokens.styles.js';
import type { ChatDestinations } from '../../src/services/chat.js';
import { liveChatStyles } from './live-chat.styles.js';
import { launcherText } from './launcher-strings.js';
import { chatBubbleIcon, closeIcon } from '../shared/chat-icons.js';
import type { HandoffInput, SportelloLiveChatWindow } from './chat-window.js';
import './events.js';

type WindowModule = typeof import('./chat-window.js');
let windowModule: Promise<WindowModule> | undefined;
/** The window (STOMP, forms, list, composer) is a separate chunk; the launcher alone stays tiny. */
function loadWindow(): Promise<WindowModule> {
  return (windowModule ??= import('./chat-window.js'));
}

const idle = (fn: () => void): void => {
  if ('requestIdleCallback' in window) requestIdleCallback(fn, { timeout: 4000 });
  else setTimeout(fn, 1500);
};

/**
 * The visitor's live chat: a launcher bubble with an unread badge that opens the chat window as a
 * dialog, or an inline window (`mode="inline"`). Until the visitor interacts (or the browser is
 * idle) only this small launcher is loaded: no request to the chat service, no STOMP.
 *
 * @summary Live chat with operators and bots over the chat service's public API and STOMP.
 * @event sportello-chat-open - The window opened.
 * @event sportello-chat-close - The window closed.
 * @event sportello-chat-started - `{ idChat }` a conversation started.
 * @event sportello-chat-ended - `{ idChat }` a conversation ended.
 * @event sportello-error - `{ error, operation }` something failed (also shown in the window).
 * @csspart launcher - The launcher button.
 * @csspart badge - The unread counter.
 * @csspart window - The chat window (dialog in launcher mode).
 * @cssproperty --sportello-chat-width - Window width (default 380px).
 * @cssproperty --sportello-chat-height - Window height (default 560px).
 * @cssproperty --sportello-chat-offset - Distance of launcher and window from the corner (default 20px).
 */
export class SportelloLiveChat extends SportelloElement {
  static override styles = [tokens, liveChatStyles];

  /** Public widget key of the chat service. */
  @property({ attribute: 'widget-key' }) widgetKey = '';
  /** `launcher` (bubble + dialog) or `inline` (the window in the page flow). */
  @property({ reflect: true }) mode: 'launcher' | 'inline' = 'launcher';
  /** `bottom-right` or `bottom-left`. */
  @property({ reflect: true }) position: 'bottom-right' | 'bottom-left' = 'bottom-right';
  /** Whether the window is open (launcher mode). */
  @property({ type: Boolean, reflect: true }) open = false;
  /** Prefill of the pre-chat form. */
  @property() name?: string;
  @property() email?: string;
  /** Prefilled category id. */
  @property() category?: string;
  /** Prefilled first message. */
  @property() message?: string;
  /** Reports the page the visitor is on to the operator (`add-navigation-page`) on load and on history changes. */
  @property({ type: Boolean, attribute: 'report-navigation' }) reportNavigation = true;
  /** Overrides of the STOMP destinations (see design: visitor protocol). */
  @property({ attribute: false }) destinations?: Partial<ChatDestinations>;
  /** Reconnect tuning, mostly for tests. */
  @property({ attribute: false }) stomp?: { reconnect?: { baseDelayMs?: number; maxDelayMs?: number } };

  @state() private unread = 0;
  @state() private loaded = false;
  @query('.launcher') private launcher?: HTMLButtonElement;

  private warned = false;

  /** The loaded window element, once its chunk is in. */
  get chatWindow(): SportelloLiveChatWindow | null {
    return this.renderRoot.querySelector('sportello-live-chat-window');
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.mode === 'inline' || this.open) void this.ensureWindow(true);
    else idle(() => void this.ensureWindow(this.hasStoredChat()));
    window.addEventListener('popstate', this.onNavigate);
    window.addEventListener('storage', this.onStorage);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('popstate', this.onNavigate);
    window.removeEventListener('storage', this.onStorage);
  }

  /** Another tab started a chat: wake the window here too, so this tab follows it (and counts unread). */
  private onStorage = (e: StorageEvent): void => {
    if (e.key?.startsWith('sportello-chat:') && e.newValue?.includes('"idChat":"') && !this.chatWindow?.chat.idChat) {
      void this.ensureWindow(true);
    }
  };

  /** A chat from a previous page load or another tab: load at idle to follow it and count unread. */
  private hasStoredChat(): boolean {
    try {
      for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith('sportello-chat:')) return /"idChat":"/.test(localStorage.getItem(localStorage.key(i)!) ?? '');
    } catch {
      /* storage disabled */
    }
    return false;
  }

  private async ensureWindow(activate: boolean): Promise<SportelloLiveChatWindow | null> {
    if (!this.isConnected) return null;
    this.checkAttributes();
    await loadWindow();
    this.loaded = true;
    await this.updateComplete;
    const win = this.chatWindow;
    if (win && activate) {
      await win.activate();
      if (this.reportNavigation) win.reportPage(location.href, document.title);
    }
    return win;
  }

  private checkAttributes(): void {
    const endpoint = this.config.endpoints?.chat ?? this.config.endpoint;
    if ((!endpoint || !this.widgetKey) && !this.warned) {
      this.warned = true;
      console.warn(`[sportello] <sportello-live-chat> needs ${!endpoint ? '`endpoint`' : '`widget-key`'}.`);
    }
  }

  /** Opens the chat window and moves focus into it. */
  async show(): Promise<void> {
    this.open = true;
    this.unread = 0;
    const win = await this.ensureWindow(true);
    await this.updateComplete;
    await win?.focusFirst();
  }

  /** Opens the chat window (alias of `show`). */
  override focus(): void {
    void this.show();
  }

  /** Opens the window. */
  openChat(): Promise<void> {
    return this.show();
  }

  /** Closes the window (the conversation goes on) and gives focus back to the launcher. */
  async close(): Promise<void> {
    if (this.mode === 'inline' || !this.open) return;
    this.open = false;
    await this.updateComplete;
    this.launcher?.focus();
  }

  toggle(): Promise<void> {
    return this.open ? this.close() : this.show();
  }

  /**
   * Handoff from the AI panel: opens the window, starts (or reuses) a chat with the visitor's name
   * and sends the AI transcript as the first message, so the operator has the context.
   */
  async startFromHandoff(input: HandoffInput): Promise<void> {
    await this.show();
    await this.chatWindow?.startFromHandoff(input);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('open') && changed.get('open') !== undefined) {
      this.emit(this.open ? 'sportello-chat-open' : 'sportello-chat-close', {});
    }
    if (changed.has('open') && this.open && !this.loaded) void this.show();
  }

  private onNavigate = (): void => {
    if (this.reportNavigation) this.chatWindow?.reportPage(location.href, document.title);
  };

  private onKeydown(e: KeyboardEvent): void {
    if (e.key === 'Escape' && this.mode !== 'inline' && this.open) {
      e.stopPropagation();
      void this.close();
    }
  }

  private onIncoming(e: CustomEvent<{ count: number }>): void {
    e.stopPropagation();
    if (!this.open && this.mode !== 'inline') this.unread += e.detail.count;
  }

  private renderWindow() {
    if (!this.loaded) return this.mode === 'inline' ? html`<div class="loading" role="status">…</div>` : nothing;
    return html`<sportello-live-chat-window
      widget-key=${this.widgetKey}
      .endpoint=${this.endpoint}
      .tokenProvider=${this.tokenProvider}
      .destinations=${this.destinations}
      .stomp=${this.stomp}
      .closable=${this.mode !== 'inline'}
      .prefill=${{ name: this.name, email: this.email, category: this.category, message: this.message }}
      @sportello-chat-close-request=${(e: Event) => {
        e.stopPropagation();
        void this.close();
      }}
      @sportello-chat-incoming=${this.onIncoming}
    ></sportello-live-chat-window>`;
  }

  override render() {
    const lang = this.language;
    if (this.mode === 'inline') {
      return html`<div class="window" part="window">${this.renderWindow()}</div>`;
    }
    const label = this.open ? launcherText(lang, 'close') : launcherText(lang, 'open');
    const unread = this.unread && !this.open ? `, ${launcherText(lang, 'unread', this.unread)}` : '';
    return html`<div
        class="window"
        part="window"
        id="chat-window"
        role="dialog"
        aria-label=${launcherText(lang, 'dialog')}
        ?hidden=${!this.open}
        @keydown=${this.onKeydown}
      >
        ${this.renderWindow()}
      </div>
      <button
        class="launcher"
        part="launcher"
        type="button"
        aria-label=${label + unread}
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="chat-window"
        @click=${() => void this.toggle()}
        @pointerenter=${() => void loadWindow()}
        @focus=${() => void loadWindow()}
      >
        ${this.open ? closeIcon : chatBubbleIcon}
        ${this.unread && !this.open ? html`<span class="badge" part="badge" aria-hidden="true">${this.unread > 99 ? '99+' : this.unread}</span>` : nothing}
      </button>`;
  }
}

SportelloElement.define('sportello-live-chat', SportelloLiveChat);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-live-chat': SportelloLiveChat;
  }
}
