/**
 * Following one help-desk request to the end: its detail and comment thread (`GET /richieste/{id}`,
 * `GET /richieste/commenti/{id}`) kept live by polling with backoff while the host is on screen and
 * the tab visible, the customer's replies with files and reminders (`commento-cliente`), reopening
 * a closed request with a note, rating it, and fetching its files. Every write carries one
 * Idempotency-Key for all its attempts, so a retry never posts twice.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isAbort, isServiceError, ServiceError } from '../../transport/errors.js';
import type { DeskClient, DeskComment, Reopened, RequestDetail } from '../../services/desk.js';
import { DEFAULT_BACKOFF, Poller, type BackoffOptions } from '../sign/polling.js';
import { canRemind, fingerprint, type RatingInput } from './follow-model.js';
import type { AsyncState } from '../async-state.js';
import { randomKey, UploadSet } from './uploads.js';

export interface DeskRequestControllerOptions {
  client: () => DeskClient | undefined;
  onError: (operation: string, error: ServiceError | Error) => void;
  onCommentAdded?: (comment: { idRichiesta: string; note: string; reminder: boolean; nomeAllegati: string[] }) => void;
  /** A poll (or a reload) found the request changed: state, assignee, dates or new comments. */
  onUpdated?: (detail: RequestDetail, previous: RequestDetail) => void;
  /** Poll schedule; `baseMs` 0 turns live updates off. */
  backoff?: () => BackoffOptions;
}

/** Same key for every attempt of one write with the same content; a new content is a new write. */
class OnceKey {
  private key: string | undefined;
  private content = '';
  for(content: string): string {
    if (!this.key || content !== this.content) {
      this.key = randomKey();
      this.content = content;
    }
    return this.key;
  }
  spent(): void {
    this.key = undefined;
    this.content = '';
  }
}

export class DeskRequestController implements ReactiveController {
  state: AsyncState = 'idle';
  detail: RequestDetail | undefined;
  comments: DeskComment[] = [];
  error: ServiceError | Error | undefined;

  /** Each write the customer asks for (reply, reopen, rating): where it stands and what failed. */
  commentState: AsyncState = 'idle';
  commentError: ServiceError | Error | undefined;
  /** The last comment sent was a reminder. */
  lastWasReminder = false;
  reopenState: AsyncState = 'idle';
  reopenError: ServiceError | Error | undefined;
  ratingState: AsyncState = 'idle';
  ratingError: ServiceError | Error | undefined;

  /** Files of the reply being written (same upload pair as a new request). */
  readonly uploads: UploadSet;

  private requestId = '';
  private abort: AbortController | undefined;
  private seen = '';
  private readonly commentKey = new OnceKey();
  private readonly reopenKey = new OnceKey();
  private readonly ratingKey = new OnceKey();
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
    // A 404/403 will not get better by asking again; anything else keeps polling (with backoff).
    this.poller = new Poller(
      () => this.load({ quiet: true }),
      () => this.backoff,
      (error) => !(isServiceError(error) && (error.status === 404 || error.status === 403)),
    );
    host.addController(this);
  }

  private get backoff(): BackoffOptions {
    return this.options.backoff?.() ?? DEFAULT_BACKOFF;
  }

  hostConnected(): void {
    if (this.requestId && this.state === 'idle') void this.load();
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
    if (this.state === 'pending') this.state = 'idle';
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
    this.commentState = this.reopenState = this.ratingState = 'idle';
    this.commentKey.spent();
    this.uploads.clear();
    this.poller.stop();
    if (id) void this.load().then(() => this.updatePolling());
    else {
      this.abort?.abort();
      this.state = 'idle';
      this.host.requestUpdate();
    }
  }

  get id(): string {
    return this.requestId;
  }

  /**
   * Loads detail and thread. Resolves whether what the customer sees changed. `quiet` (a poll)
   * keeps the shown request on a failure and rethrows for the poller's backoff.
   */
  async load(opts: { quiet?: boolean } = {}): Promise<boolean> {
    const id = this.requestId;
    const client = this.options.client();
    if (!id) return false;
    if (opts.quiet && this.state === 'pending') return false;
    this.abort?.abort();
    // No client: a configuration problem, which the element shows and reports itself; it loads
    // again when the configuration changes. Not a failed load as well.
    if (!client) {
      this.state = 'idle';
      this.error = undefined;
      this.host.requestUpdate();
      return false;
    }
    const abort = (this.abort = new AbortController());
    if (!opts.quiet || !this.detail) {
      this.state = 'pending';
      this.error = undefined;
      this.host.requestUpdate();
    }
    try {
      const [detail, comments] = await Promise.all([
        client.getRequest(id, abort.signal),
        client.getComments(id, abort.signal),
      ]);
      if (abort.signal.aborted || id !== this.requestId) return false;
      const previous = this.detail;
      const next = fingerprint(detail, comments);
      const changed = next !== this.seen;
      this.seen = next;
      this.detail = detail;
      this.comments = comments;
      this.state = 'complete';
      this.error = undefined;
      if (changed && previous) this.options.onUpdated?.(detail, previous);
      this.host.requestUpdate();
      return changed;
    } catch (error) {
      if (isAbort(error) || abort.signal.aborted) return false;
      if (opts.quiet && this.detail) throw error;
      this.state = 'error';
      this.error = error as Error;
      this.options.onError('load-request', error as Error);
      this.host.requestUpdate();
      this.updatePolling();
      return false;
    }
  }

  /** Reloads at once (the Refresh button, or after the page's own change) and resumes polling. */
  async refresh(): Promise<void> {
    await this.load();
    this.updatePolling();
  }

  /** A reminder may be sent now (open request, none in the last 24 hours). */
  canRemind(now = Date.now()): boolean {
    return canRemind(this.detail, this.comments, now);
  }

  /**
   * Posts a customer comment with the reply's files (a reminder when `reminder`), then reloads the
   * thread. Resolves true when the server took it.
   */
  async addComment(note: string, opts: { reminder?: boolean } = {}): Promise<boolean> {
    const text = note.trim();
    const client = this.options.client();
    const reminder = opts.reminder === true;
    if (!text || !client || this.commentState === 'pending' || this.uploads.uploading) return false;
    if (reminder && !this.canRemind()) return false;
    const files = this.uploads.fields();
    const key = this.commentKey.for(JSON.stringify([text, reminder, files]));
    this.commentState = 'pending';
    this.commentError = undefined;
    this.host.requestUpdate();
    try {
      await client.addCustomerComment(
        this.requestId,
        { note: text, ...(reminder ? { sollecito: true } : {}), ...files },
        key,
      );
      this.commentKey.spent();
      this.commentState = 'complete';
      this.lastWasReminder = reminder;
      this.uploads.clear();
      this.options.onCommentAdded?.({
        idRichiesta: this.requestId,
        note: text,
        reminder,
        nomeAllegati: files.nomeAllegati ?? [],
      });
      await this.load({ quiet: true }).catch((error: unknown) => {
        if (!isAbort(error)) this.options.onError('load-comments', error as Error);
      });
      this.host.requestUpdate();
      return true;
    } catch (error) {
      this.commentState = 'error';
      this.commentError = error as Error;
      this.options.onError(reminder ? 'send-reminder' : 'add-comment', error as Error);
      this.host.requestUpdate();
      return false;
    }
  }

  /** Reopens the closed request with a note; resolves the new linked request, or undefined. */
  async reopen(note: string): Promise<Reopened | undefined> {
    const text = note.trim();
    const client = this.options.client();
    if (!text || !client || this.reopenState === 'pending') return undefined;
    const key = this.reopenKey.for(text);
    this.reopenState = 'pending';
    this.reopenError = undefined;
    this.host.requestUpdate();
    try {
      const reopened = await client.reopenRequest(this.requestId, text, key);
      this.reopenKey.spent();
      this.reopenState = 'complete';
      this.host.requestUpdate();
      return reopened;
    } catch (error) {
      this.reopenState = 'error';
      this.reopenError = error as Error;
      this.options.onError('reopen', error as Error);
      this.host.requestUpdate();
      return undefined;
    }
  }

  /** Rates the closed request; `body` builds what is posted (the spec does not show it). */
  async rate(input: RatingInput, body: (input: RatingInput) => Record<string, unknown>): Promise<boolean> {
    const client = this.options.client();
    if (!client || this.ratingState === 'pending') return false;
    const payload = body(input);
    const key = this.ratingKey.for(JSON.stringify(payload));
    this.ratingState = 'pending';
    this.ratingError = undefined;
    this.host.requestUpdate();
    try {
      await client.rateRequest(payload, key);
      this.ratingKey.spent();
      this.ratingState = 'complete';
      await this.load({ quiet: true }).catch(() => undefined);
      this.host.requestUpdate();
      return true;
    } catch (error) {
      this.ratingState = 'error';
      this.ratingError = error as Error;
      this.options.onError('rate', error as Error);
      this.host.requestUpdate();
      return false;
    }
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
