/**
 * The panel's list of kept conversations (`persist`): whether it is open, what it asks the visitor
 * to confirm, what each of its buttons does, and where the focus goes then. The list itself is
 * drawn by past-conversations.ts; the conversations are the history's (and the device's).
 */
import type { ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';
import type { AiConversationHistory } from '../../../src/controllers/ai/conversation-history.js';
import type { Lang } from '../../../src/i18n/lang.js';
import { pastTitle, renderPastList, type PastConfirmation, type PastListHandlers } from './past-conversations.js';
import type { AiChatStringKey } from '../strings.js';

/** What the list reaches of the panel. */
export interface PastPanelDeps {
  /** The conversations kept on this device (the controller's history). */
  readonly history: AiConversationHistory;
  s(key: AiChatStringKey, params?: Record<string, string | number>): string;
  language(): Lang;
  root(): ParentNode;
  /** The panel's polite announcement. */
  announce(text: string): void;
  /** Another conversation, or none, is now the panel's. */
  shown(): void;
  newConversation(): void;
}

export class PastPanel implements ReactiveController {
  open = false;
  confirming: PastConfirmation | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly deps: PastPanelDeps,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    // A confirmation is modal: the focus starts in it and stays there until the visitor decides.
    const dialog = this.deps.root().querySelector<HTMLDialogElement>('dialog.confirm');
    if (dialog && !dialog.open) dialog.showModal();
  }

  /** The header's History button (with persistence on and something kept) and, open, the list. */
  render(persisting: boolean): { pastToggle: boolean; pastList: TemplateResult | undefined } {
    const { history } = this.deps;
    const entries = persisting ? history.past : [];
    return {
      pastToggle: entries.length > 0,
      pastList: this.open
        ? renderPastList(
            {
              s: this.deps.s,
              lang: this.deps.language(),
              entries,
              current: history.currentLocalId,
              confirming: this.confirming,
            },
            this.handlers,
          )
        : undefined,
    };
  }

  toggle(): Promise<void> {
    if (this.open) return this.leave('toggle');
    this.set(true, undefined);
    return this.focus('#past-heading');
  }

  private readonly handlers: PastListHandlers = {
    open: (localId) => {
      const { history } = this.deps;
      if (history.openPast(localId)) {
        this.deps.shown();
        const entry = history.past.find((e) => e.localId === localId);
        if (entry) this.deps.announce(this.deps.s('pastOpened', { title: pastTitle(this.deps, entry) }));
      }
      void this.leave('composer');
    },
    back: () => void this.leave('toggle'),
    newConversation: () => {
      this.deps.newConversation();
      void this.leave('composer');
    },
    ask: (confirmation) => this.set(true, confirmation),
    confirm: () => void this.confirmDelete(),
    cancel: () => {
      const asked = this.confirming;
      this.set(true, undefined);
      void this.focus(
        asked?.kind === 'one'
          ? `.past-delete[data-id="${CSS.escape(asked.entry.localId)}"]`
          : '.past-actions .secondary',
      );
    },
  };

  private set(open: boolean, confirming: PastConfirmation | undefined): void {
    this.open = open;
    this.confirming = confirming;
    this.host.requestUpdate();
  }

  private leave(focus: 'composer' | 'toggle'): Promise<void> {
    this.set(false, undefined);
    return this.focus(focus === 'composer' ? 'sportello-composer' : '.past-toggle');
  }

  /** Deletes what the visitor confirmed; the focus goes to the next conversation in the list, else its heading. */
  private async confirmDelete(): Promise<void> {
    const asked = this.confirming;
    this.set(true, undefined);
    if (!asked) return;
    const { history } = this.deps;
    let next = -1;
    if (asked.kind === 'one') {
      const index = history.past.findIndex((e) => e.localId === asked.entry.localId);
      const current = asked.entry.localId === history.currentLocalId;
      history.forget(asked.entry.localId);
      if (current) this.deps.shown();
      this.deps.announce(this.deps.s('pastDeleted'));
      next = Math.min(index, history.past.length - 1);
    } else {
      history.forgetAll();
      this.deps.shown();
      this.deps.announce(this.deps.s('pastAllDeleted'));
    }
    await this.host.updateComplete;
    const buttons = this.deps.root().querySelectorAll<HTMLElement>('.past-open');
    (buttons[next] ?? this.deps.root().querySelector<HTMLElement>('#past-heading'))?.focus();
  }

  private async focus(selector: string): Promise<void> {
    await this.host.updateComplete;
    this.deps.root().querySelector<HTMLElement>(selector)?.focus();
  }
}
