/**
 * The panel's template: header, welcome, thread, footer (stop, file refusals, composer) and the
 * launcher bubble. The element decides; this draws what it decided and hands the visitor's
 * gestures back (`PanelHandlers`).
 */
import { html, nothing, type TemplateResult } from 'lit';
import '../../shared/composer.js';
import type { ComposerLabels } from '../../shared/composer.js';
import type { ChatListItem, MessageListLabels } from '../../shared/message-list.js';
import { chatBubbleIcon, closeIcon, downloadIcon, printIcon } from '../../shared/chat-icons.js';
import { StableRecord } from '../../shared/stable-record.js';
import type { ChatMessage } from '../../../src/model/ai/messages.js';
import type { PanelAttachment } from './attachments.js';
import type { AiChatStringKey } from '../strings.js';
import './ai-thread.js';
import { PAST_LIST_ID } from './past-conversations.js';

/** What the panel shows, as of this render. */
export interface PanelState {
  s(key: AiChatStringKey, params?: Record<string, string | number>): string;
  lang: string;
  heading: string | undefined;
  welcome: string | undefined;
  placeholder: string | undefined;
  suggestions: readonly string[];
  launcher: boolean;
  open: boolean;
  messages: readonly ChatMessage[];
  /** "Talk to a person" in the header. */
  offerHandoff: boolean;
  busy: boolean;
  announcement: string;
  fileErrors: readonly string[];
  draft: string;
  accept: string;
  attachments: PanelAttachment[];
  /** The thread's `renderBody` (stable: rows re-render only with their items). */
  renderBody: (item: ChatListItem) => unknown;
  /** The header's History button (persistence on, something kept), and the list when it is open. */
  pastToggle: boolean;
  pastList: TemplateResult | undefined;
}

/** The visitor's gestures on the panel. */
export interface PanelHandlers {
  newConversation(): void;
  /** Saves the conversation as a Markdown file (export.ts). */
  exportConversation(): void;
  /** Opens the browser's print dialog for the conversation alone (print.ts). */
  printConversation(): void;
  togglePast(): void;
  handoff(): void;
  /** Launcher mode: open or close the panel (the bubble, the close button). */
  setOpen(open: boolean): void;
  keydown(e: KeyboardEvent): void;
  suggestion(e: Event): void;
  stop(): void;
  send(e: CustomEvent<{ text: string }>): void;
  draft(e: CustomEvent<{ value: string }>): void;
  attach(e: CustomEvent<{ files: File[] }>): void;
  remove(e: CustomEvent<{ key: string }>): void;
}

export class PanelView {
  /** The composer's and thread's labels, the same objects while their strings are the same (a new one re-renders them). */
  private composerLabels = new StableRecord<ComposerLabels & Record<string, string>>();
  private threadLabelCache = new StableRecord<Partial<MessageListLabels>>();

  render(p: PanelState, on: PanelHandlers): TemplateResult {
    if (!p.launcher) return this.panel(p, on);
    return html`${p.open ? this.panel(p, on) : nothing}
      <button class="launcher" part="launcher" aria-expanded=${p.open ? 'true' : 'false'} aria-label=${p.open ? p.s('close') : p.s('open')} @click=${() => on.setOpen(!p.open)}>
        ${p.open ? closeIcon() : chatBubbleIcon()}
      </button>`;
  }

  // The header's download and print buttons are small icons beside the title: on a phone, where the text
  // buttons wrap, it adds no line of its own.
  // The suggestions group delegates the clicks of its buttons, ours and the page's slotted ones;
  // buttons handle Enter and Space themselves, so the group needs no key listener.
  /* eslint-disable lit-a11y/click-events-have-key-events */
  private panel(p: PanelState, on: PanelHandlers): TemplateResult {
    const { s, messages, lang } = p;
    return html`<section class="panel" part="panel" aria-label=${p.heading ?? s('title')} @keydown=${on.keydown}>
      <header part="header">
        <h2><slot name="header">${p.heading ?? s('title')}</slot></h2>
        ${messages.length ? html`<button class="icon-button export" part="export" aria-label=${s('exportConversation')} title=${s('exportConversation')} @click=${on.exportConversation}>${downloadIcon(16)}</button>` : nothing}
        ${messages.length ? html`<button class="icon-button print" part="print" aria-label=${s('printConversation')} title=${s('printConversation')} @click=${on.printConversation}>${printIcon(16)}</button>` : nothing}
        ${messages.length ? html`<button class="icon-button" @click=${on.newConversation}>${s('newChat')}</button>` : nothing}
        ${p.pastToggle || p.pastList ? html`<button class="icon-button past-toggle" aria-expanded=${p.pastList ? 'true' : 'false'} aria-controls=${p.pastList ? PAST_LIST_ID : nothing} @click=${on.togglePast}>${s('pastToggle')}</button>` : nothing}
        ${p.offerHandoff ? html`<button class="icon-button" @click=${on.handoff}>${s('handoffButton')}</button>` : nothing}
        ${p.launcher ? html`<button class="icon-button close" aria-label=${s('close')} @click=${() => on.setOpen(false)}>${closeIcon(14)}</button>` : nothing}
      </header>
      ${p.pastList ?? nothing}
      ${
        messages.length || p.pastList
          ? nothing
          : html`<div class="welcome-wrap">
            <div class="welcome">
              <slot name="welcome"><p>${p.welcome ?? s('welcome')}</p></slot>
              <div class="suggestions" role="group" aria-label=${s('suggestions')} @click=${on.suggestion}>
                ${p.suggestions.map((prompt) => html`<button class="chip" dir="auto" data-prompt=${prompt}>${prompt}</button>`)}
                <slot name="suggestions"></slot>
              </div>
            </div>
          </div>`
      }
      <sportello-ai-thread
        class=${messages.length ? '' : 'empty'}
        ?hidden=${!!p.pastList}
        exportparts="list: log, message, bubble, new-messages: jump, user-message, assistant-message, sources, approval, error, answer-actions, tool, confidence, feedback, follow-ups"
        lang=${lang}
        .items=${threadItems(messages, s('assistant'))}
        .labels=${this.threadLabelCache.of({ log: s('log'), you: s('you'), newMessages: s('jump') })}
        .renderBody=${p.renderBody}
      ></sportello-ai-thread>
      <div class="visually-hidden" aria-live="polite" aria-atomic="true">${p.announcement}</div>
      <div class="footer" ?hidden=${!!p.pastList}>
        ${p.busy ? html`<div class="bar"><button class="button secondary" @click=${on.stop}>■ ${s('stop')}</button></div>` : nothing}
        ${p.fileErrors.length ? html`<div class="file-errors" role="alert"><ul>${p.fileErrors.map((e) => html`<li>${e}</li>`)}</ul></div>` : nothing}
        <sportello-composer
          part="composer"
          lang=${lang}
          .value=${p.draft}
          ?allow-attachments=${p.accept !== ''}
          accept=${p.accept}
          .attachments=${p.attachments}
          .labels=${this.labelsForComposer(p)}
          @sportello-composer-send=${on.send}
          @sportello-composer-input=${on.draft}
          @sportello-composer-attach=${on.attach}
          @sportello-composer-remove=${on.remove}
        ></sportello-composer>
      </div>
    </section>`;
  } /* eslint-enable lit-a11y/click-events-have-key-events */

  /** All of the composer's labels (any left out would speak the composer's English defaults). */
  private labelsForComposer({ s, placeholder }: PanelState): ComposerLabels & Record<string, string> {
    return this.composerLabels.of({
      input: s('input'),
      placeholder: placeholder ?? s('placeholder'),
      send: s('send'),
      attach: s('attach'),
      remove: s('remove'),
      retry: s('retryUpload'),
      uploading: s('uploading'),
      uploaded: s('uploaded'),
      failed: s('uploadFailed'),
    });
  }
}

/** The thread's rows: one per message, new objects per render (a row re-renders when its object changes). */
function threadItems(messages: readonly ChatMessage[], assistant: string): ChatListItem[] {
  return messages.map((m) =>
    m.role === 'user'
      ? { key: m.id, role: 'self', text: m.text }
      : { key: m.id, role: 'other', author: assistant, text: '' },
  );
}
