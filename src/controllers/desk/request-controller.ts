/**
 * Following one help-desk request: its detail and comment thread (`GET /richieste/{id}`,
 * `GET /richieste/commenti/{id}`) and the customer's new comments (`commento-cliente`).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isAbort, ServiceError } from '../../transport/errors.js';
import type { DeskClient, DeskComment, RequestDetail } from '../../services/desk.js';
import { randomKey, type LoadState } from './form-controller.js';

export interface DeskRequestControllerOptions {
  client: () => DeskClient | undefined;
  onError: (operation: string, error: ServiceError | Error) => void;
  onCommentAdded?: (comment: { idRichiesta: string; note: string }) => void;
}

export class DeskRequestController implements ReactiveController {
  state: LoadState = 'idle';
  detail: RequestDetail | undefined;
  comments: DeskComment[] = [];
  error: ServiceError | Error | undefined;

  commentState: 'idle' | 'sending' | 'error' | 'sent' = 'idle';
  commentError: ServiceError | Error | undefined;

  private requestId = '';
  private abort: AbortController | undefined;
  /** Same key for every attempt of one comment, so a retry posts it once. */
  private commentKey: string | undefined;
  private commentText = '';

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: DeskRequestControllerOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (this.requestId && this.state === 'idle') void this.load();
  }

  hostDisconnected(): void {
    this.abort?.abort();
    if (this.state === 'loading') this.state = 'idle';
  }

  /** Follows another request (or none). */
  follow(requestId: string | undefined): void {
    const id = requestId?.trim() ?? '';
    if (id === this.requestId) return;
    this.requestId = id;
    this.detail = undefined;
    this.comments = [];
    this.commentState = 'idle';
    this.commentKey = undefined;
    if (id) void this.load();
    else {
      this.abort?.abort();
      this.state = 'idle';
      this.host.requestUpdate();
    }
  }

  get id(): string {
    return this.requestId;
  }

  async load(): Promise<void> {
    const id = this.requestId;
    const client = this.options.client();
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    this.state = 'loading';
    this.error = undefined;
    this.host.requestUpdate();
    try {
      if (!client)
        throw new ServiceError({ service: 'desk', kind: 'protocol', message: 'No desk endpoint configured' });
      const [detail, comments] = await Promise.all([
        client.getRequest(id, abort.signal),
        client.getComments(id, abort.signal),
      ]);
      if (abort.signal.aborted || id !== this.requestId) return;
      this.detail = detail;
      this.comments = comments;
      this.state = 'ready';
    } catch (error) {
      if (isAbort(error) || abort.signal.aborted) return;
      this.state = 'error';
      this.error = error as Error;
      this.options.onError('load-request', error as Error);
    }
    this.host.requestUpdate();
  }

  /** Posts a customer comment, then reloads the thread. Resolves true when the server took it. */
  async addComment(note: string): Promise<boolean> {
    const text = note.trim();
    const client = this.options.client();
    if (!text || !client || this.commentState === 'sending') return false;
    if (text !== this.commentText || !this.commentKey) {
      this.commentKey = randomKey();
      this.commentText = text;
    }
    this.commentState = 'sending';
    this.commentError = undefined;
    this.host.requestUpdate();
    try {
      await client.addCustomerComment(this.requestId, { note: text }, this.commentKey);
      this.commentState = 'sent';
      this.commentKey = undefined;
      this.commentText = '';
      this.options.onCommentAdded?.({ idRichiesta: this.requestId, note: text });
      try {
        this.comments = await client.getComments(this.requestId);
      } catch (error) {
        if (!isAbort(error)) this.options.onError('load-comments', error as Error);
      }
      this.host.requestUpdate();
      return true;
    } catch (error) {
      this.commentState = 'error';
      this.commentError = error as Error;
      this.options.onError('add-comment', error as Error);
      this.host.requestUpdate();
      return false;
    }
  }
}
