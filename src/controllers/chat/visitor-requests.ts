/**
 * The visitor's requests to the chat service (rating the chat, the transcript by e-mail, the
 * contact form when nobody is available) and how the latest request the window made went: under
 * way, its error, the fields it marked. Loading and starting the chat report here too.
 */
import { fieldErrorsOf, type ChatClient, type FieldError } from '../../services/chat.js';
import { isServiceError, ServiceError } from '../../transport/errors.js';
import type { ContactInput } from '../../model/chat/chat-types.js';
import { contactConsentErrors, validateContact } from '../../model/chat/prechat.js';
import type { ChatConversation } from './chat-conversation.js';
import type { LiveChatHost } from './live-chat-host.js';

export class VisitorRequests {
  busy = false;
  error: { operation: string; error: ServiceError | Error } | undefined;
  fieldErrors: FieldError[] = [];

  constructor(
    private readonly host: LiveChatHost,
    private readonly conversation: ChatConversation,
    private readonly client: () => ChatClient | undefined,
  ) {}

  update(patch: Partial<Pick<VisitorRequests, 'busy' | 'error' | 'fieldErrors'>>): void {
    Object.assign(this, patch);
    this.host.requestUpdate();
  }

  async rate(rating: number, comment: string): Promise<boolean> {
    return this.run(
      'rate-chat',
      () => this.client()!.rate(this.conversation.idChat!, rating, comment),
      () => this.conversation.update({ phase: 'rated' }),
    );
  }

  async requestTranscript(email: string): Promise<boolean> {
    return this.run('send-transcript', () => this.client()!.sendTranscript(this.conversation.idChat!, email));
  }

  async submitContact(input: ContactInput): Promise<boolean> {
    const o = this.host.chatOptions();
    this.update({ busy: true, fieldErrors: [], error: undefined });
    let errors: FieldError[];
    try {
      errors = [...(await validateContact(this.client()!, input, o.language)), ...contactConsentErrors(input)];
    } catch (error) {
      this.fail('contact-request', error);
      this.update({ busy: false });
      return false;
    }
    if (errors.length) {
      this.update({ fieldErrors: errors, busy: false });
      return false;
    }
    return this.run(
      'contact-request',
      () =>
        this.client()!.contactRequest(input.channel, {
          name: input.name,
          ...(input.channel === 'email' ? { email: input.email } : { phone: input.phone }),
          message: input.message,
          language: o.language,
        }),
      () => this.conversation.update({ phase: 'offline-sent' }),
      true,
    );
  }

  dismissError(): void {
    this.update({ error: undefined });
  }

  /** Runs a visitor's request; with `fields`, a 400 naming fields marks them on the form instead of a general error. */
  private async run(
    operation: string,
    request: () => Promise<unknown>,
    after?: () => void,
    fields = false,
  ): Promise<boolean> {
    this.update({ busy: true, error: undefined });
    try {
      await request();
      after?.();
      return true;
    } catch (error) {
      const fieldErrors = fields ? fieldErrorsOf(error) : undefined;
      if (fieldErrors) this.update({ fieldErrors });
      else this.fail(operation, error);
      return false;
    } finally {
      this.update({ busy: false });
    }
  }

  /** Shows a failure in the window and reports it to the page. */
  fail(operation: string, error: unknown): void {
    const e =
      isServiceError(error) || error instanceof Error
        ? error
        : new ServiceError({ service: 'chat', kind: 'protocol', message: String(error) });
    this.error = { operation, error: e };
    this.host.onChatError(operation, e);
    this.host.requestUpdate();
  }
}
