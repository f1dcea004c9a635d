/** What the chat window's parts (forms, ended view, past chats) use of the window. */
import type { Lang } from '../../../src/i18n/lang.js';
import type { LiveChatController } from '../../../src/controllers/chat/live-chat-controller.js';
import type { ChatWindowLabels } from './window-labels.js';
import type { MessageBodies } from './message-bodies.js';
import type { VisitorIdentity } from '../../../src/model/chat/visitor-identity.js';

export interface ChatPrefill {
  name?: string | undefined;
  email?: string | undefined;
  category?: string | undefined;
  message?: string | undefined;
}

export interface WindowContext {
  readonly chat: LiveChatController;
  readonly language: Lang;
  readonly prefill: ChatPrefill;
  /** The proactive greeting the visitor answered, shown first. */
  readonly greeting?: string | undefined;
  readonly labels: ChatWindowLabels;
  readonly bodies: MessageBodies;
  /** The visitor the page vouches for (the gateway's visitor token), shown as verified and not asked. */
  readonly identity: VisitorIdentity | undefined;
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly updateComplete: Promise<boolean>;
  requestUpdate(): void;
  /** "Open a request instead": the desk form the page names (`desk-target`), if any. */
  renderDeskHandoff(): unknown;
  /** Focuses the first useful control of the current state. */
  focusFirst(): Promise<void>;
}
