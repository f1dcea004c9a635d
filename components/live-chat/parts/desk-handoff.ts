/**
 * "Open a request instead": an offline or ended chat hands over to the page's
 * `<sportello-desk-form>` (the launcher's `desk-target`), with a subject and what was said.
 */
import { html, nothing } from 'lit';
import { formatDate } from '../../../src/i18n/format.js';
import type { ChatDeskHandoffDetail } from '../events.js';
import type { WindowContext } from './window-context.js';

/** What the hand-over takes from the window. */
export interface DeskHandoffHost extends WindowContext {
  readonly deskTarget?: string | undefined;
  readonly closable: boolean;
  getRootNode(): Node;
  dispatchEvent(event: Event): boolean;
}

export class DeskHandoff {
  constructor(private readonly host: DeskHandoffHost) {}

  /** A `sportello-*` event out of the window, as the element's own `emit` sends it. */
  private emit(name: string, detail: ChatDeskHandoffDetail | Record<string, never>, cancelable = false): boolean {
    return this.host.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, cancelable, detail }));
  }

  render() {
    if (!this.host.deskTarget) return nothing;
    return html`<button class="secondary desk-handoff" type="button" @click=${() => this.handOver()}>
      ${this.host.labels.tr('deskHandoff')}
    </button>`;
  }

  /**
   * The chat hands over to the page's desk form: a subject and what was said (the transcript of an
   * ended chat, or what the visitor wrote in the contact form) go with it. The launcher finds the
   * form and opens it; a page may cancel the event and do it its own way.
   */
  private handOver(): void {
    const c = this.host.chat.conversation;
    const ended = c.phase === 'ended' || c.phase === 'rated';
    const names = { you: this.host.labels.tr('you'), operator: c.operator?.name ?? this.host.labels.tr('operator') };
    const transcript = ended
      ? c.transcript.messages
          .map((m) => {
            if (m.notice) return `— ${this.host.labels.notice(m.notice)}`;
            const who =
              m.from === 'visitor' ? names.you : (m.author ?? (m.from === 'bot' ? c.bot.name : names.operator));
            const files = m.attachments.map((a) => `[${a.name}]`).join(' ');
            return `${who}: ${[m.text, files].filter(Boolean).join(' ')}`;
          })
          .join('\n')
      : (this.host.renderRoot.querySelector<HTMLTextAreaElement>('#message')?.value ?? '').trim();
    const date = formatDate(new Date(), this.host.language, { dateStyle: 'medium' });
    const subject = ended
      ? this.host.labels.tr('deskHandoffSubject', { date })
      : this.host.labels.tr('deskHandoffOfflineSubject');
    const detail = { target: this.host.deskTarget!, subject, transcript, name: c.name, email: c.email };
    if (!this.emit('sportello-chat-desk-handoff', detail, true)) return;
    // The form is on the page (beside the launcher, whose shadow root holds this window).
    const launcher = (this.host.getRootNode() as ShadowRoot).host;
    const scope = (launcher?.getRootNode() ?? document) as Document | ShadowRoot;
    const desk = (scope.getElementById?.(detail.target) ?? document.getElementById(detail.target)) as
      (HTMLElement & { prefill?: Record<string, unknown> }) | null;
    if (!desk || desk.localName !== 'sportello-desk-form') {
      console.warn(
        `[sportello] <sportello-live-chat> desk-target="${detail.target}" names no <sportello-desk-form> on the page.`,
      );
      return;
    }
    desk.prefill = { ...desk.prefill, oggetto: subject, descrizione: transcript };
    // A launcher's window steps aside for the form; the form gets the focus.
    if (this.host.closable) this.emit('sportello-chat-close-request', {});
    desk.scrollIntoView({ block: 'start' });
    void (desk as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete?.then(() => {
      const field = desk.shadowRoot?.querySelector<HTMLElement>('[data-field="oggetto"]') ?? desk;
      field.focus();
    });
  }
}
