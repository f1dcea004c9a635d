import { html, nothing, svg, type TemplateResult } from 'lit';
import type { AiConversationHistory } from '../../../src/controllers/ai/conversation-history.js';
import type { UserMessage } from '../../../src/model/ai/messages.js';
import type { AiChatStringKey } from '../strings.js';

export interface VersionPickerDeps {
  /** The thread's versions (the controller's history). */
  history: AiConversationHistory;
  /** An answer is being written: no switching meanwhile. */
  busy: () => boolean;
  /** The thread's shadow root, where the question rows are. */
  root: () => ShadowRoot | null | undefined;
  /** Resolves once the thread shows the panel's latest state. */
  rendered: () => Promise<unknown>;
  s: (key: AiChatStringKey, params?: Record<string, string | number>) => string;
  announce: (text: string) => void;
}

/** A chevron pointing back (mirrored in right-to-left text by the styles). */
const chevron = (back: boolean) =>
  svg`<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" d=${back ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}/></svg>`;

/**
 * The versions of an edited question ("2 of 2", as AI Elements' and assistant-ui's branch pickers
 * show them): Previous and Next switch the thread to the other version from that question on, each
 * continuing its own service conversation (model/ai/versions.ts). The buttons stay focusable at
 * either end (`aria-disabled`), the focus stays on the button pressed, and the switch is announced.
 */
export class VersionPicker {
  constructor(private readonly deps: VersionPickerDeps) {}

  render(m: UserMessage, index: number): TemplateResult | typeof nothing {
    const { history, s } = this.deps;
    const choice = history.versionsOf(m.id);
    if (!choice) return nothing;
    const count = choice.versions.length;
    const n = choice.position + 1;
    const button = (back: boolean) => {
      const off = this.deps.busy() || (back ? n === 1 : n === count);
      return html`<button
        type="button"
        class="icon-button ${back ? 'previous' : 'next'}"
        aria-label=${s(back ? 'previousVersion' : 'nextVersion')}
        aria-disabled=${off ? 'true' : 'false'}
        @click=${() => void this.move(m.id, index, back ? choice.position - 1 : choice.position + 1, back)}
      >
        ${chevron(back)}
      </button>`;
    };
    return html`<div class="versions" role="group" aria-label=${s('versions')} data-index=${index}>
      ${button(true)}<span class="version-count">${s('versionOf', { n, count })}</span>${button(false)}
    </div>`;
  }

  private async move(id: string, index: number, position: number, back: boolean): Promise<void> {
    const { history, s } = this.deps;
    if (!history.showVersion(id, position)) return;
    const choice = history.versionsOf(history.messages[index]?.id ?? '');
    if (choice) this.deps.announce(s('versionShown', { n: choice.position + 1, count: choice.versions.length }));
    // The question there is another message, in another row: the focus goes to the same button in it.
    await this.deps.rendered();
    this.deps
      .root()
      ?.querySelector<HTMLElement>(`.versions[data-index="${index}"] .${back ? 'previous' : 'next'}`)
      ?.focus();
  }
}
