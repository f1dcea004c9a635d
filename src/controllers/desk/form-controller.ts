/**
 * The help-desk form's network side as element state: the catalogue, what the chosen triple implies
 * (extra sections, SLA, expected due date), attachment uploads with progress, and one submission
 * that is never created twice. The element renders these fields and calls the methods; it never
 * sees a Response.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { initialState, Task, TaskStatus } from '@lit/task';
import { stateOf, taskError, type AsyncState } from '../async-state.js';
import { isAbort, isServiceError, ServiceError } from '../../transport/errors.js';
import {
  DeskClient,
  fetchCatalogJson,
  type CreatedRequest,
  type DuePreview,
  type TripleInfo,
  type TripleQuery,
} from '../../services/desk.js';
import { identify, normaliseCatalog, type Catalog, type KeyPreference } from './catalog.js';
import type { ExtraSection, Selection } from './form-model.js';
import { randomKey, UploadSet, type Attachment } from './uploads.js';

export interface DeskFormControllerOptions {
  /** The service client for the current endpoint and credentials, or undefined when not configured. */
  client: () => DeskClient | undefined;
  /** Called for every failure the element should also report as `sportello-error`. */
  onError: (operation: string, error: ServiceError | Error) => void;
  /** Called whenever something worth saving in the draft changed (upload id, attachments, key). */
  onDraftChange?: () => void;
  /** The `catalog-src` URL to load the catalogue from (as written: resolved against the page here); undefined when the catalogue is given as data. */
  catalogSrc?: () => string | undefined;
}

export { randomKey, type Attachment } from './uploads.js';

/** Failures after which the server surely created nothing, so a new attempt may use a new key. */
function definitelyNotCreated(error: unknown): boolean {
  return (
    isServiceError(error) &&
    error.kind === 'http' &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

export class DeskFormController implements ReactiveController {
  /**
   * The catalogue from `catalog-src`: a one-shot load, run again when the URL changes (or on Retry).
   * Rendered through the kit's one task view (components/shared/task-view.ts).
   */
  readonly catalogLoad: Task<readonly [string | undefined], Catalog>;
  /** The catalogue given as data (the `catalog` property), already normalised, or why it is not valid. */
  private given: { catalog: Catalog | undefined; error: Error | undefined } | undefined;

  sectionsState: AsyncState = 'idle';
  sections: ExtraSection[] = [];
  sectionsError: ServiceError | Error | undefined;

  previewState: AsyncState = 'idle';
  tripleInfo: TripleInfo | undefined;
  due: DuePreview | undefined;
  previewError: ServiceError | Error | undefined;

  /** The submission: a write that keeps one Idempotency-Key across its attempts (see {@link submit}). */
  submitState: AsyncState = 'idle';
  created: CreatedRequest | undefined;
  submitError: ServiceError | Error | undefined;
  /** The key every attempt of the current submission carries; see {@link submit}. */
  idempotencyKey: string | undefined;

  private tripleAbort: AbortController | undefined;
  private tripleKey = '';
  private previewKey = '';
  private submitPromise: Promise<CreatedRequest | undefined> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: DeskFormControllerOptions,
  ) {
    host.addController(this);
    this.catalogLoad = new Task(host, {
      args: () => [this.given ? undefined : options.catalogSrc?.()] as const,
      task: async ([src], { signal }) => {
        if (!src) return initialState;
        return normaliseCatalog(await fetchCatalogJson(new URL(src, document.baseURI).href, signal));
      },
      onError: (error) =>
        this.options.onError('load-catalog', error instanceof Error ? error : new Error(String(error))),
    });
  }

  /** The catalogue the form offers: given as data, or loaded from `catalog-src`. */
  get catalog(): Catalog | undefined {
    if (this.given) return this.given.catalog;
    return this.catalogLoad.status === TaskStatus.COMPLETE ? this.catalogLoad.value : undefined;
  }

  get catalogState(): AsyncState {
    if (this.given) return this.given.error ? 'error' : 'complete';
    return stateOf(this.catalogLoad);
  }

  get catalogError(): Error | undefined {
    return this.given ? this.given.error : taskError(this.catalogLoad);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    // The catalogue load is left to finish (small, and the element may only be moving in the DOM).
    // Triple lookups are dropped and asked again on the next update after a reconnect.
    this.tripleAbort?.abort();
    this.tripleKey = '';
    this.previewKey = '';
    this.uploads.abortAll();
  }

  // ---- catalogue -------------------------------------------------------------------------------

  /** Uses a catalogue given as data (the `catalog` property); `undefined` goes back to `catalog-src`. */
  setCatalog(input: unknown): void {
    if (input === undefined || input === null) {
      this.given = undefined;
    } else {
      try {
        this.given = { catalog: normaliseCatalog(input), error: undefined };
      } catch (error) {
        this.given = { catalog: undefined, error: error as Error };
        this.options.onError('catalog', error as Error);
      }
    }
    this.host.requestUpdate();
  }

  // ---- what the triple implies -----------------------------------------------------------------

  /** Query identifying the triple for the lookups (ids or codes, as the catalogue has them). */
  static tripleQuery(selection: Selection, prefer: KeyPreference): TripleQuery | undefined {
    if (!selection.service || !selection.requestType) return undefined;
    return {
      ...identify('Servizio', selection.service, prefer),
      ...identify('AssetRoot', selection.assetRoot, prefer),
      ...identify('AssetFiglio', selection.assetChild, prefer),
      ...identify('TipoRichiesta', selection.requestType, prefer),
    };
  }

  /**
   * Fetches extra sections, triple info and the due-date preview when the triple (or the urgency
   * and report date, for the preview) changed since the last call. Cheap to call on every update.
   */
  refreshTriple(selection: Selection, prefer: KeyPreference, reportDateIso: string | undefined): void {
    const client = this.options.client();
    const triple = DeskFormController.tripleQuery(selection, prefer);
    const tripleKey = triple && client ? JSON.stringify(triple) : '';
    const previewQuery = triple
      ? {
          ...triple,
          ...identify('Urgenza', selection.urgency, prefer),
          ...(reportDateIso ? { dataRiferimento: reportDateIso } : {}),
        }
      : undefined;
    const previewKey = previewQuery && client ? JSON.stringify(previewQuery) : '';
    if (tripleKey === this.tripleKey && previewKey === this.previewKey) return;
    const tripleChanged = tripleKey !== this.tripleKey;
    this.tripleKey = tripleKey;
    this.previewKey = previewKey;
    if (tripleChanged) {
      this.tripleAbort?.abort();
      this.tripleAbort = new AbortController();
    }
    const signal = this.tripleAbort?.signal;
    if (!triple || !client || !previewQuery) {
      this.sections = [];
      this.sectionsState = 'idle';
      this.tripleInfo = undefined;
      this.due = undefined;
      this.previewState = 'idle';
      this.host.requestUpdate();
      return;
    }
    if (tripleChanged) void this.loadSections(client, triple, tripleKey, signal);
    void this.loadPreview(client, triple, previewQuery, previewKey, tripleChanged, signal);
  }

  /** Retries whatever failed in the triple lookups. */
  retryTriple(selection: Selection, prefer: KeyPreference, reportDateIso: string | undefined): void {
    this.tripleKey = '';
    this.previewKey = '';
    this.refreshTriple(selection, prefer, reportDateIso);
  }

  private async loadSections(
    client: DeskClient,
    triple: TripleQuery,
    key: string,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    this.sectionsState = 'pending';
    this.sectionsError = undefined;
    this.host.requestUpdate();
    try {
      const sections = await client.extraAttributes(triple, signal);
      if (key !== this.tripleKey) return;
      this.sections = sections;
      this.sectionsState = 'complete';
    } catch (error) {
      if (isAbort(error) || key !== this.tripleKey) return;
      this.sections = [];
      this.sectionsState = 'error';
      this.sectionsError = error as Error;
      this.options.onError('load-attributes', error as Error);
    }
    this.host.requestUpdate();
  }

  private async loadPreview(
    client: DeskClient,
    triple: TripleQuery,
    query: TripleQuery,
    key: string,
    withInfo: boolean,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    this.previewState = 'pending';
    this.previewError = undefined;
    this.host.requestUpdate();
    try {
      const hasUrgency = Object.keys(query).some((k) => k === 'idUrgenza' || k === 'codUrgenza');
      const infoPromise =
        withInfo || !this.tripleInfo ? client.tripleInfo(triple, signal) : Promise.resolve(this.tripleInfo);
      // Without an urgency the due date follows the triple's default priority, which info-terna names.
      const duePromise = hasUrgency
        ? client.dueDate(query, signal)
        : infoPromise.then((i) => {
            const p = i.priority;
            const byPriority =
              p?.id !== undefined ? { idPriorita: p.id } : p?.codice ? { codPriorita: p.codice } : undefined;
            return byPriority ? client.dueDate({ ...query, ...byPriority }, signal) : undefined;
          });
      const [info, due] = await Promise.all([infoPromise, duePromise]);
      if (key !== this.previewKey) return;
      this.tripleInfo = info;
      this.due = due;
      this.previewState = 'complete';
    } catch (error) {
      if (isAbort(error) || key !== this.previewKey) return;
      this.previewState = 'error';
      this.previewError = error as Error;
      this.options.onError('load-sla', error as Error);
    }
    this.host.requestUpdate();
  }

  // ---- attachments (see uploads.ts) -----------------------------------------------------------

  readonly uploads = new UploadSet({
    client: () => this.options.client(),
    changed: () => this.host.requestUpdate(),
    onError: (operation, error) => this.options.onError(operation, error),
    saved: () => this.options.onDraftChange?.(),
  });

  get attachments(): Attachment[] {
    return this.uploads.attachments;
  }

  get idUpload(): string | undefined {
    return this.uploads.idUpload;
  }

  restoreAttachments(idUpload: string | undefined, files: ReadonlyArray<{ name: string; size: number }>): void {
    this.uploads.restore(idUpload, files);
  }

  addFiles(files: Iterable<File>): void {
    this.uploads.add(files);
  }

  retryAttachment(key: string): void {
    this.uploads.retry(key);
  }

  removeAttachment(key: string): void {
    this.uploads.remove(key);
  }

  /** The submission on its way, if any. */
  get pending(): Promise<CreatedRequest | undefined> | undefined {
    return this.submitPromise;
  }

  get uploading(): boolean {
    return this.uploads.uploading;
  }

  /** `idUpload` + `nomeAllegati` for the creation body, when any attachment is uploaded. */
  attachmentFields(): { idUpload?: string; nomeAllegati?: string[] } {
    return this.uploads.fields();
  }

  // ---- submission ------------------------------------------------------------------------------

  /**
   * Sends the creation once. Every attempt of one submission carries the same Idempotency-Key: the
   * transport retries network failures, timeouts and 5xx under it, and a user's "try again" after
   * a failure re-uses it too, so the server creates at most one request. Only an answer that proves
   * nothing was created (a 4xx) lets the next attempt start a new key. A second call while one is
   * running returns the running one.
   */
  submit(body: Record<string, unknown>, timeoutMs?: number): Promise<CreatedRequest | undefined> {
    if (this.submitPromise) return this.submitPromise;
    if (this.submitState === 'complete') return Promise.resolve(this.created);
    const client = this.options.client();
    if (!client) {
      const error = new ServiceError({ service: 'desk', kind: 'protocol', message: 'No desk endpoint configured' });
      this.submitState = 'error';
      this.submitError = error;
      this.options.onError('submit', error);
      this.host.requestUpdate();
      return Promise.resolve(undefined);
    }
    this.idempotencyKey ??= randomKey();
    const key = this.idempotencyKey;
    this.submitState = 'pending';
    this.submitError = undefined;
    this.options.onDraftChange?.();
    this.host.requestUpdate();
    const run = async (): Promise<CreatedRequest | undefined> => {
      try {
        const created = await client.createRequest(body, { idempotencyKey: key, timeoutMs });
        this.created = created;
        this.submitState = 'complete';
        this.idempotencyKey = undefined;
        return created;
      } catch (error) {
        this.submitState = 'error';
        this.submitError = error as Error;
        if (definitelyNotCreated(error)) this.idempotencyKey = undefined;
        this.options.onError('submit', error as Error);
        return undefined;
      } finally {
        this.submitPromise = undefined;
        this.options.onDraftChange?.();
        this.host.requestUpdate();
      }
    };
    this.submitPromise = run();
    return this.submitPromise;
  }

  /** Back to an empty form (keeps the catalogue). */
  reset(): void {
    this.uploads.clear();
    this.submitState = 'idle';
    this.created = undefined;
    this.submitError = undefined;
    this.idempotencyKey = undefined;
    this.host.requestUpdate();
  }
}
