/**
 * Following one help-desk request to the end: its detail and comment thread (`GET /richieste/{id}`,
 * `GET /richieste/commenti/{id}`) kept live by polling with backoff while the host is on screen and
 * the tab visible, the customer's replies with files and reminders (`commento-cliente`), reopening
 * a closed request with a note, rating it, and fetching its files. Every write is an
 * IdempotentWrite (an `@lit/task` run on demand) carrying one Idempotency-Key for all the attempts
 * of one content, so a retry never posts twice, and a second press while one is on its way sends
 * nothing.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { initialState, Task } from '@lit/task';
import { isAbort, isServiceError, ServiceError } from '../../transport/errors.js';
import type { DeskClient, DeskComment, Reopened, RequestDetail } from '../../services/desk.js';
import { IdempotentWrite } from '../idempotent-write.js';
import { DEFAULT_BACKOFF, Poller, type BackoffOptions } from '../../model/sign/polling.js';
import { canRemind, fingerprint, type RatingInput } from '../../model/desk/follow-model.js';
import { loadStateOf, taskError, type AsyncState } from '../async-state.js';
import { UploadSet } from '../../model/desk/uploads.js';

export interface DeskRequestControllerOptions {
  client: () => DeskClient | undefined;
  onError: (operation: string, error: ServiceError | Error) => void;
  onCommentAdded?: (comment: { idRichiesta: string; note: string; reminder: boolean; nomeAllegati: string[] }) => void;
  /** A poll (or a reload) found the request changed: state, assignee, dates or new comments. */
  onUpdated?: (detail: RequestDetail, previous: RequestDetail) => void;
  /** Poll schedule; `baseMs` 0 turns live updates off. */
  backoff?: () => BackoffOptions;
}

/** One load of the request: what the customer sees of it. */
interface Loaded {
  id: string;
  detail: RequestDetail;
  comments: DeskComment[];
}

/** What a customer's comment posts (the request it goes to is part of what its key stands for). */
interface CommentPayload {
  id: string;
  body: { note: string; sollecito?: true; idUpload?: string; nomeAllegati?: string[] };
}

/** The client to write with, or the configuration problem as the write's failure. */
function writer(client: DeskClient | undefined): DeskClient {
  if (!client) throw new ServiceError({ service: 'desk', kind: 'protocol', message: 'No desk endpoint configured' });
  return client;
}

export class DeskRequestController implements ReactiveController {
  /**
   * Loading the request (detail and thread): a one-shot task, run when another request is followed
   * and by Reload or Retry, rendered by the view through the kit's one task view. Live updates
   * (quiet polls that keep what is shown on a failure) are the poller's, beside it.
   */
  readonly loading: Task<readonly [DeskClient | undefined, string], Loaded>;
  detail: RequestDetail | undefined;
  comments: DeskComment[] = [];

  /** Each write the customer asks for (reply, reopen, rating), each with its own key (idempotent-write.ts). */
  readonly commenting: IdempotentWrite<CommentPayload, unknown>;
  readonly reopening: IdempotentWrite<{ id: string; note: string }, Reopened>;
  readonly rating: IdempotentWrite<Record<string, unknown>, unknown>;
  /** The last comment sent was a reminder. */
  lastWasReminder = false;

  /** Files of the reply being written (same upload pair as a new request). */
  readonly uploads: UploadSet;

  private requestId = '';
  /** The running quiet poll, aborted by a load or a disconnect. */
  private abort: AbortController | undefined;
  private seen = '';
  private readonly poller: Poller;
  private inView = true;
  private observer: IntersectionObserver | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: DeskRequestControllerOptions,
  ) {
    this.uploads = new UploadSet({
      client: () => this.options.client(),
      changed: () => this.host.requestUpdate(),
      onError: (operation, error) => this.options.onError(operation, error),
    });
    this.commenting = new IdempotentWrite(host, {
      // Its failure is reported by addComment, which knows whether it was a reminder.
      write: ({ id, body }, key) => writer(this.options.client()).addCustomerComment(id, body, key),
    });
    this.reopening = new IdempotentWrite(host, {
      write: ({ id, note }, key) => writer(this.options.client()).reopenRequest(id, note, key),
      onError: (error) => this.options.onError('reopen', error),
    });
    this.rating = new IdempotentWrite(host, {
      write: (payload, key) => writer(this.options.client()).rateRequest(payload, key),
      onError: (error) => this.options.onError('rate', error),
    });
    this.loading = new Task(host, {
      autoRun: false,
      task: async ([client, id], { signal }) => {
        // No client: a configuration problem the element shows and reports itself (it loads
        // again when the configuration changes), not a failed load as well.
        if (!client || !id) return initialState;
        const [detail, comments] = await Promise.all([client.getRequest(id, signal), client.getComments(id, signal)]);
        return { id, detail, comments };
      },
      onComplete: (loaded) => this.adopt(loaded),
      onError: (error) => {
        if (!isAbort(error)) this.options.onError('load-request', error as Error);
      },
    });
    // A 404/403 will not get better by asking again; anything else keeps polling (with backoff).
    this.poller = new Poller(
      () => this.poll(),
      () => this.backoff,
      (error) => !(isServiceError(error) && (error.status === 404 || error.status === 403)),
    );
    host.addController(this);
  }

  private get backoff(): BackoffOptions {
    return this.options.backoff?.() ?? DEFAULT_BACKOFF;
  }

  /** Where the request's load stands (quiet polls do not change it). */
  get state(): AsyncState {
    if (!this.requestId) return 'idle';
    return loadStateOf(this.loading);
  }

  /** Why the load failed, if it did. */
  get error(): Error | undefined {
    return this.state === 'error' ? taskError(this.loading) : undefined;
  }

  hostConnected(): void {
    if (this.requestId && this.state === 'idle') void this.refresh();
    // On screen or not: a request scrolled away (or in a closed modal) is not polled.
    const element = this.host as unknown as Element;
    if (typeof IntersectionObserver !== 'undefined' && element instanceof Element) {
      this.observer = new IntersectionObserver((entries) => {
        const last = entries[entries.length - 1];
        if (last) this.setInView(last.isIntersecting);
      });
      this.observer.observe(element);
    }
    this.updatePolling();
  }

  hostDisconnected(): void {
    this.abort?.abort();
    this.observer?.disconnect();
    this.observer = undefined;
    this.poller.stop();
    this.uploads.abortAll();
    this.loading.abort();
  }

  /** Whether the host is on screen (the element's IntersectionObserver, or a test). */
  setInView(inView: boolean): void {
    if (this.inView === inView) return;
    this.inView = inView;
    this.updatePolling();
  }

  /** Starts or stops live updates to match: a request followed, the host on screen, polling wanted. */
  updatePolling(): void {
    const wanted = !!this.requestId && this.inView && this.backoff.baseMs > 0 && this.state !== 'error';
    if (wanted === this.poller.active) return;
    if (wanted) this.poller.start(this.state === 'complete');
    else this.poller.stop();
    this.host.requestUpdate();
  }

  /** True while live updates run. */
  get polling(): boolean {
    return this.poller.active;
  }

  /** Follows another request (or none). */
  follow(requestId: string | undefined): void {
    const id = requestId?.trim() ?? '';
    if (id === this.requestId) return;
    this.requestId = id;
    this.detail = undefined;
    this.comments = [];
    this.seen = '';
    for (const write of [this.commenting, this.reopening, this.rating]) write.reset();
    this.uploads.clear();
    this.poller.stop();
    if (id) void this.refresh();
    else {
      this.abort?.abort();
      this.loading.abort();
      this.host.requestUpdate();
    }
  }

  get id(): string {
    return this.requestId;
  }

  /** Loads at once (a new request followed, Reload, Retry), then resumes live updates. */
  async refresh(): Promise<void> {
    this.abort?.abort();
    await this.loading.run([this.options.client(), this.requestId]);
    this.updatePolling();
  }

  /** One live update: keeps what is shown on a failure and rethrows for the poller's backoff. Resolves whether anything changed. */
  private async poll(): Promise<boolean> {
    const id = this.requestId;
    const client = this.options.client();
    if (!id || !client || this.state === 'pending') return false;
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    try {
      const [detail, comments] = await Promise.all([
        client.getRequest(id, abort.signal),
        client.getComments(id, abort.signal),
      ]);
      if (abort.signal.aborted) return false;
      return this.adopt({ id, detail, comments });
    } catch (error) {
      if (isAbort(error) || abort.signal.aborted) return false;
      throw error;
    }
  }

  /** Takes a fresh detail and thread of the followed request; true when what the customer sees changed. */
  private adopt(loaded: Loaded): boolean {
    if (loaded.id !== this.requestId) return false;
    const previous = this.detail;
    const next = fingerprint(loaded.detail, loaded.comments);
    const changed = next !== this.seen;
    this.seen = next;
    this.detail = loaded.detail;
    this.comments = loaded.comments;
    if (changed && previous) this.options.onUpdated?.(loaded.detail, previous);
    this.host.requestUpdate();
    return changed;
  }

  get commentState(): AsyncState {
    return this.commenting.state;
  }

  get commentError(): Error | undefined {
    return this.commenting.error;
  }

  get reopenState(): AsyncState {
    return this.reopening.state;
  }

  get reopenError(): Error | undefined {
    return this.reopening.error;
  }

  get ratingState(): AsyncState {
    return this.rating.state;
  }

  get ratingError(): Error | undefined {
    return this.rating.error;
  }

  /** A reminder may be sent now (open request, none in the last 24 hours). */
  canRemind(now = Date.now()): boolean {
    return canRemind(this.detail, this.comments, now);
  }

  /**
   * Posts a customer comment with the reply's files (a reminder when `reminder`), then reloads the
   * thread. Resolves true when the server took it. A call while one is on its way sends nothing.
   */
  async addComment(note: string, opts: { reminder?: boolean } = {}): Promise<boolean> {
    const text = note.trim();
    const reminder = opts.reminder === true;
    if (!text || !this.options.client() || this.commenting.pending || this.uploads.uploading) return false;
    if (reminder && !this.canRemind()) return false;
    const files = this.uploads.fields();
    const id = this.requestId;
    await this.commenting.run({ id, body: { note: text, ...(reminder ? { sollecito: true } : {}), ...files } });
    if (this.commenting.state !== 'complete') {
      const error = this.commenting.error;
      if (error) this.options.onError(reminder ? 'send-reminder' : 'add-comment', error);
      return false;
    }
    this.lastWasReminder = reminder;
    this.uploads.clear();
    this.options.onCommentAdded?.({ idRichiesta: id, note: text, reminder, nomeAllegati: files.nomeAllegati ?? [] });
    await this.poll().catch((error: unknown) => {
      if (!isAbort(error)) this.options.onError('load-comments', error as Error);
    });
    this.host.requestUpdate();
    return true;
  }

  /** Reopens the closed request with a note; resolves the new linked request, or undefined. */
  async reopen(note: string): Promise<Reopened | undefined> {
    const text = note.trim();
    if (!text || !this.options.client() || this.reopening.pending) return undefined;
    return this.reopening.run({ id: this.requestId, note: text });
  }

  /** Rates the closed request; `body` builds what is posted (the spec does not show it). */
  async rate(input: RatingInput, body: (input: RatingInput) => Record<string, unknown>): Promise<boolean> {
    if (!this.options.client() || this.rating.pending) return false;
    await this.rating.run(body(input));
    if (this.rating.state !== 'complete') return false;
    await this.poll().catch(() => undefined);
    this.host.requestUpdate();
    return true;
  }

  /** Fetches one of the request's files with the client's credentials. */
  async download(name: string, pathTemplate?: string): Promise<Blob | undefined> {
    const client = this.options.client();
    try {
      if (!client)
        throw new ServiceError({ service: 'desk', kind: 'protocol', message: 'No desk endpoint configured' });
      return await client.downloadAttachment(this.requestId, name, pathTemplate);
    } catch (error) {
      if (!isAbort(error)) this.options.onError('download', error as Error);
      return undefined;
    }
  }

  /** The plain URL of one file (for the link's href; the click downloads with credentials). */
  fileUrl(name: string, pathTemplate?: string): string | undefined {
    return this.options.client()?.attachmentUrl(this.requestId, name, pathTemplate);
  }
}
