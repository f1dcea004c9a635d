/**
 * Starting a chat: the pre-chat form's checks (the service's and the widget's own), the visitor's
 * privacy consent, and the start itself, from the form or from outside it (prefilled, a handover).
 */
import {
  StartRejected,
  type ChatCategory,
  type ChatClient,
  type FieldError,
  type WidgetConfig,
} from '../../services/chat.js';
import { isAbort } from '../../transport/errors.js';
import type { ChatRealtime } from '../../realtime/shared-realtime.js';
import type { PrechatInput } from '../../model/chat/chat-types.js';
import { localPrechatErrors, validatePrechat } from '../../model/chat/prechat.js';
import type { ChatConversation } from './chat-conversation.js';
import type { VisitorRequests } from './visitor-requests.js';
import type { LiveChatHost } from './live-chat-host.js';

/** What a start takes: the visitor, the topic and the page it starts on. */
export interface StartInput {
  name: string;
  /** The name the operator sees when the visitor gave none (a chat started from outside the form). */
  standInName?: string | undefined;
  email?: string | undefined;
  idChatCategory?: string | undefined;
  startingPage: string;
  /** The title of that page (the operator's first navigation entry). */
  startingPageTitle?: string | undefined;
  /** The widget's custom pre-chat fields, by name. */
  fields?: Record<string, string | boolean> | undefined;
  firstMessage?: string | undefined;
}

/** What the starter needs from the controller that holds it. */
export interface StarterOwner {
  readonly host: LiveChatHost;
  readonly conversation: ChatConversation;
  readonly requests: VisitorRequests;
  readonly client: ChatClient | undefined;
  readonly realtime: ChatRealtime | undefined;
  readonly config: WidgetConfig | undefined;
  readonly categories: ChatCategory[];
  /** The widget's storage key (empty until the chat loads). */
  readonly storageKey: string;
  load(): Promise<void>;
  follow(idChat: string, phase: 'queued' | 'chatting'): Promise<void>;
  newChat(): void;
  isOnline(): boolean;
}

export class ChatStarter {
  /**
   * Whom the visitor's consent (ticked in this window's pre-chat form) was given for: the widget
   * (storage key, whose privacy notice they read) and visitor id. A window re-attached to another
   * widget, or after the page cleared the storage for another visitor, asks again.
   */
  private consentedFor: string | undefined;

  constructor(private readonly owner: StarterOwner) {}

  private consentScope(): string | undefined {
    const visitorId = this.owner.client?.options.visitorId;
    const key = this.owner.storageKey;
    return key && visitorId ? `${key}\u0000${visitorId}` : undefined;
  }

  async submitPrechat(input: PrechatInput, startingPage: string, startingPageTitle = ''): Promise<boolean> {
    const { requests } = this.owner;
    requests.update({ busy: true, fieldErrors: [], error: undefined });
    let errors: FieldError[];
    try {
      errors = [...(await this.validate(input)), ...this.localErrors(input)];
    } catch (error) {
      requests.fail('start-chat', error);
      requests.update({ busy: false });
      return false;
    }
    if (errors.length) {
      requests.update({ fieldErrors: errors, busy: false });
      return false;
    }
    if (input.consent) this.consentedFor = this.consentScope();
    const firstMessage = [input.context?.trim(), input.message.trim()].filter(Boolean).join('\n\n');
    // start() puts every failure on screen itself (field errors, the offline form, the error notice).
    return this.start({
      name: input.name,
      email: input.email,
      idChatCategory: input.idChatCategory,
      startingPage,
      startingPageTitle,
      fields: input.fields,
      firstMessage,
    }).then(
      () => true,
      () => false,
    );
  }

  private validate(input: Pick<PrechatInput, 'name' | 'email' | 'message' | 'fields'>): Promise<FieldError[]> {
    return validatePrechat(this.owner.client!, input, this.owner.host.chatOptions().language);
  }

  private localErrors(input: Pick<PrechatInput, 'consent' | 'idChatCategory'>): FieldError[] {
    return localPrechatErrors(input, this.owner.config, this.owner.categories);
  }

  /**
   * Starts a chat without the form (prefilled / handoff), or reuses the running one.
   * Without the privacy consent the widget asks for (not yet given in this window), no chat starts:
   * the pre-chat form is shown instead, filled with the input and with what is missing marked, and
   * the returned promise rejects with a `StartRejected` (`consent`) — like a start the server refused
   * for a missing field, so callers that handle one handle both.
   */
  async start(input: StartInput): Promise<string> {
    const { conversation: c, requests } = this.owner;
    await this.owner.load();
    if (c.idChat && !c.over) {
      if (input.firstMessage) c.send(input.firstMessage);
      return c.idChat;
    }
    const consented = this.consentedFor !== undefined && this.consentedFor === this.consentScope();
    if (!consented && this.owner.config?.privacy?.required !== false) throw await this.askConsent(input);
    const o = this.owner.host.chatOptions();
    c.name = input.name || input.standInName || '';
    c.email = input.email ?? '';
    c.clear();
    c.update({ phase: 'starting' });
    requests.update({ busy: true, error: undefined });
    try {
      const idChat = await this.owner.realtime!.startChat({
        name: c.name,
        email: input.email || undefined,
        idChatCategory: input.idChatCategory
          ? Number.isFinite(Number(input.idChatCategory))
            ? Number(input.idChatCategory)
            : input.idChatCategory
          : undefined,
        language: o.language,
        startingPage: input.startingPage,
        startingPageTitle: input.startingPageTitle || undefined,
        fields: input.fields && Object.keys(input.fields).length ? input.fields : undefined,
      });
      await this.owner.follow(idChat, 'queued');
      this.owner.host.onChatStarted?.(idChat);
      if (input.firstMessage?.trim()) c.send(input.firstMessage.trim());
      return idChat;
    } catch (error) {
      // Stopped meanwhile (the element left the page): nothing to show.
      if (isAbort(error)) throw error;
      if (error instanceof StartRejected && error.reason === 'offline') {
        c.update({ phase: 'offline' });
      } else if (error instanceof StartRejected && error.fieldErrors.length) {
        // Shown on the fields of the pre-chat form, like the validation step's own errors.
        requests.update({ fieldErrors: error.fieldErrors });
        c.update({ phase: 'prechat' });
      } else {
        requests.fail('start-chat', error);
        c.update({ phase: this.owner.isOnline() ? 'prechat' : 'offline' });
      }
      throw error;
    } finally {
      requests.update({ busy: false });
    }
  }

  /** A start from outside the form without consent: the form, prefilled, asks for it (see `start`). */
  private async askConsent(input: Pick<StartInput, 'name' | 'email' | 'idChatCategory'>): Promise<StartRejected> {
    const { conversation: c, requests } = this.owner;
    if (c.over) this.owner.newChat();
    // Still loading, failed to load or offline: that screen stays (the contact form asks its own consent).
    if (c.phase !== 'prechat') return new StartRejected('consent', []);
    c.name = input.name;
    c.email = input.email ?? '';
    const fields = {
      name: input.name,
      email: c.email,
      message: '',
      consent: false,
      idChatCategory: input.idChatCategory,
    };
    requests.update({ busy: true, fieldErrors: [], error: undefined });
    // Everything missing is marked at once; if the check itself fails, the form runs it again on submit.
    const serverErrors = await this.validate(fields).catch((): FieldError[] => []);
    const errors = [...serverErrors, ...this.localErrors(fields)];
    requests.update({ fieldErrors: errors, busy: false });
    return new StartRejected('consent', errors);
  }
}
