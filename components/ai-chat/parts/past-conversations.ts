/**
 * The list of conversations kept on this device (`persist`): reopen one, start a new one, delete
 * one or all (after a confirmation in a modal dialog). What is shown is what this device kept: the
 * AI service's spec has no endpoint for a conversation's messages.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { PastConversation } from '../../../src/storage/ai-conversations.js';
import { formatDate } from '../../../src/i18n/format.js';
import type { Lang } from '../../../src/i18n/lang.js';
import type { AiChatStringKey } from '../strings.js';

/** What the visitor is asked to confirm. */
export type PastConfirmation = { kind: 'one'; entry: PastConversation } | { kind: 'all'; count: number };

export interface PastListState {
  s(key: AiChatStringKey, params?: Record<string, string | number>): string;
  lang: Lang;
  entries: readonly PastConversation[];
  /** The conversation in the panel, if any. */
  current: string | undefined;
  confirming: PastConfirmation | undefined;
}

export interface PastListHandlers {
  open(localId: string): void;
  back(): void;
  newConversation(): void;
  ask(confirmation: PastConfirmation): void;
  confirm(): void;
  cancel(): void;
}

/** The list section's id (the header's toggle controls it). */
export const PAST_LIST_ID = 'past-conversations';

/** A kept conversation's name in the list: its first question. */
export const pastTitle = (p: Pick<PastListState, 's'>, entry: PastConversation): string =>
  entry.title || p.s('pastUntitled');

export function renderPastList(p: PastListState, on: PastListHandlers): TemplateResult {
  const { s } = p;
  const onKeydown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    // In the dialog Escape cancels it (the browser closes it); in the list it goes back.
    e.stopPropagation();
    if (!p.confirming) on.back();
  };
  return html`<section class="past" id=${PAST_LIST_ID} aria-labelledby="past-heading" @keydown=${onKeydown}>
    <div class="past-head">
      <h3 id="past-heading" tabindex="-1">${s('pastHeading')}</h3>
      <button type="button" class="icon-button" @click=${on.back}>${s('pastBack')}</button>
    </div>
    <p class="note">${s('pastNote')}</p>
    ${
      p.entries.length
        ? html`<ul class="past-list">
          ${p.entries.map((entry) => {
            const title = pastTitle(p, entry);
            const current = entry.localId === p.current;
            return html`<li class="past-item">
              <button
                type="button"
                class="past-open"
                data-id=${entry.localId}
                aria-current=${current ? 'true' : nothing}
                @click=${() => on.open(entry.localId)}
              >
                <span class="past-title" dir="auto">${title}</span>
                <span class="past-meta"
                  ><time datetime=${new Date(entry.updatedAt).toISOString()}>${formatDate(entry.updatedAt, p.lang)}</time
                  >${current ? html` · ${s('pastCurrent')}` : nothing}</span
                >
              </button>
              <button
                type="button"
                class="icon-button past-delete"
                data-id=${entry.localId}
                aria-label=${s('pastDeleteOne', { title })}
                @click=${() => on.ask({ kind: 'one', entry })}
              >
                ${s('pastDelete')}
              </button>
            </li>`;
          })}
        </ul>`
        : html`<p class="past-empty">${s('pastEmpty')}</p>`
    }
    <div class="past-actions">
      <button type="button" class="button" @click=${on.newConversation}>${s('newChat')}</button>
      ${
        p.entries.length
          ? html`<button type="button" class="button secondary" @click=${() => on.ask({ kind: 'all', count: p.entries.length })}>
              ${s('pastDeleteAll')}
            </button>`
          : nothing
      }
    </div>
    ${p.confirming ? renderConfirm(p, p.confirming, on) : nothing}
  </section>`;
}

/**
 * Opened modal by the element (`showModal`): the focus starts on Cancel (the first button: deleting
 * takes a deliberate move) and stays in the dialog until the visitor decides.
 */
function renderConfirm(p: PastListState, c: PastConfirmation, on: PastListHandlers): TemplateResult {
  const { s } = p;
  const question =
    c.kind === 'one'
      ? s('confirmDeleteOne', { title: pastTitle(p, c.entry) })
      : s('confirmDeleteAll', { count: c.count });
  return html`<dialog class="confirm" aria-labelledby="confirm-question" @cancel=${on.cancel}>
    <p id="confirm-question">${question}</p>
    <div class="actions">
      <button type="button" class="button secondary" @click=${on.cancel}>${s('confirmKeep')}</button>
      <button type="button" class="button danger" @click=${on.confirm}>${s('pastDelete')}</button>
    </div>
  </dialog>`;
}
