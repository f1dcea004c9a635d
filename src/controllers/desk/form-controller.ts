/**
 * The help-desk form's network side as element state: the catalogue, what the chosen triple implies
 * (extra sections, SLA, expected due date), attachment uploads with progress, and one submission
 * that is never created twice. The element renders these fields and calls the methods; it never
 * sees a Response.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { initialState, Task, TaskStatus } from '@lit/task';
import { loadStateOf, stateOf, taskError, type AsyncState } from '../async-state.js';
import { isAbort, ServiceError } from '../../transport/errors.js';
import { IdempotentWrite } from '../idempotent-write.js';
import {
  DeskClient,
  fetchCatalogJson,
  type CreatedRequest,
  type DuePreview,
  type TripleInfo,
  type TripleQuery,
} from '../../services/desk.js';
import { identify, normaliseCatalog, type Catalog, type KeyPreference } from '../../model/desk/catalog.js';
import type { ExtraSection, Selection } from '../../model/desk/form-model.js';
import { UploadSet, type Attachment } from '../../model/desk/uploads.js';

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

export { randomKey, type Attachment } from '../../model/desk/uploads.js';

/** The triple's info and the expected due date, for one triple. */
interface Preview {
  triple: string;
  info: TripleInfo;
  due: DuePreview | undefined;
}

export class DeskFormController implements ReactiveController {
  /**
   * The catalogue from `catalog-src`: a one-shot load, run again when the URL changes (or on Retry).
   * Rendered through the kit's one task view (components/shared/task-view.ts).
   */
  readonly catalogLoad: Task<readonly [string | undefined], Catalog>;
  /** The catalogue given as data (the `catalog` property), already normalised, or why it is not valid. */
  private given: { catalog: Catalog | undefined; error: Error | undefined } | undefined;

  /**
   * What the chosen triple implies, two lookups run again whenever the triple (or, for the preview,
   * the urgency and report date) changes — a change aborts the lookup on its way: the extra
   * sections, and the triple's info with the expected due date.
   */
  readonly sectionsLoad: Task<readonly [DeskClient | undefined, string], ExtraSection[]>;
  readonly previewLoad: Task<readonly [DeskClient | undefined, string, string], Preview>;
  /** The lookups' inputs as of the last {@link refreshTriple}: the triple and the preview query, as JSON keys. */
  private lookup: { client: DeskClient | undefined; triple: string; preview: string } | undefined;
  /** The triple's info, kept while only the urgency or the date changes. */
  private infoFor: { triple: string; info: TripleInfo } | undefined;
  /** Lookups cut by a disconnect, asked again on reconnect. */
  private lookupsCut = false;

  /**
   * The submission: a `@lit/task` run on demand that keeps one Idempotency-Key across the attempts
   * of one body and never sends twice (see idempotent-write.ts and {@link submit}).
   */
  readonly submission: IdempotentWrite<Record<string, unknown>, CreatedRequest>;
  /** The per-attempt timeout of the submission on its way (not part of what the key stands for). */
  private submitTimeout: number | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: DeskFormControllerOptions,
  ) {
    host.addController(this);
    this.submission = new IdempotentWrite(host, {
      write: (body, idempotencyKey) => {
        const client = this.options.client();
        if (!client)
          throw new ServiceError({ service: 'desk', kind: 'protocol', message: 'No desk endpoint configured' });
        return client.createRequest(body, { idempotencyKey, timeoutMs: this.submitTimeout });
      },
      onError: (error) => this.options.onError('submit', error),
      keyChanged: () => this.options.onDraftChange?.(),
    });
    this.catalogLoad = new Task(host, {
      args: () => [this.given ? undefined : options.catalogSrc?.()] as const,
      task: async ([src], { signal }) => {
        if (!src) return initialState;
        return normaliseCatalog(await fetchCatalogJson(new URL(src, document.baseURI).href, signal));
      },
      onError: (error) =>
        this.options.onError('load-catalog', error instanceof Error ? error : new Error(String(error))),
    });
    this.sectionsLoad = new Task(host, {
      args: () => [this.lookup?.client, this.lookup?.triple ?? ''] as const,
      task: async ([client, triple], { signal }) => {
        if (!client || !triple) return initialState;
        return client.extraAttributes(JSON.parse(triple) as TripleQuery, signal);
      },
      onError: (error) => {
        if (!isAbort(error)) this.options.onError('load-attributes', error as Error);
      },
    });
    this.previewLoad = new Task(host, {
      args: () => [this.lookup?.client, this.lookup?.triple ?? '', this.lookup?.preview ?? ''] as const,
      task: async ([client, triple, preview], { signal }) => {
        if (!client || !triple || !preview) return initialState;
        return this.loadPreview(client, triple, preview, signal);
      },
      onComplete: (preview) => (this.infoFor = { triple: preview.triple, info: preview.info }),
      onError: (error) => {
        if (!isAbort(error)) this.options.onError('load-sla', error as Error);
      },
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

  hostConnected(): void {
    if (!this.lookupsCut) return;
    this.lookupsCut = false;
    void this.sectionsLoad.run();
    void this.previewLoad.run();
  }

  hostDisconnected(): void {
    // The catalogue load is left to finish (small, and the element may only be moving in the DOM).
    // Triple lookups on their way are dropped and asked again on reconnect.
    for (const task of [this.sectionsLoad, this.previewLoad] as Task<readonly unknown[], unknown>[]) {
      if (task.status !== TaskStatus.PENDING) continue;
      this.lookupsCut = true;
      task.abort();
    }
    this.uploads.abortAll();
  }

  // ---- what the triple implies, as the element reads it ---------------------------------------

  get sections(): ExtraSection[] {
    const status = this.sectionsLoad.status;
    return status === TaskStatus.COMPLETE || status === TaskStatus.PENDING ? (this.sectionsLoad.value ?? []) : [];
  }

  get sectionsState(): AsyncState {
    return loadStateOf(this.sectionsLoad);
  }

  get sectionsError(): Error | undefined {
    return this.sectionsState === 'error' ? taskError(this.sectionsLoad) : undefined;
  }

  get previewState(): AsyncState {
    return loadStateOf(this.previewLoad);
  }

  get previewError(): Error | undefined {
    return this.previewState === 'error' ? taskError(this.previewLoad) : undefined;
  }

  /** The triple's info (kept while the preview is asked again); undefined with no triple chosen. */
  get tripleInfo(): TripleInfo | undefined {
    return this.previewLoad.status === TaskStatus.INITIAL ? undefined : this.previewLoad.value?.info;
  }

  get due(): DuePreview | undefined {
    return this.previewLoad.status === TaskStatus.INITIAL ? undefined : this.previewLoad.value?.due;
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
   * Sets what the lookups ask: the triple (extra sections, triple info) and the preview query (the
   * triple with urgency and report date). Cheap to call on every update: the tasks run again only
   * when a key changed.
   */
  refreshTriple(selection: Selection, prefer: KeyPreference, reportDateIso: string | undefined): void {
    const client = this.options.client();
    const triple = DeskFormController.tripleQuery(selection, prefer);
    const previewQuery = triple
      ? {
          ...triple,
          ...identify('Urgenza', selection.urgency, prefer),
          ...(reportDateIso ? { dataRiferimento: reportDateIso } : {}),
        }
      : undefined;
    this.lookup = {
      client,
      triple: triple && client ? JSON.stringify(triple) : '',
      preview: previewQuery && client ? JSON.stringify(previewQuery) : '',
    };
  }

  /** Asks again whatever failed in the triple lookups. */
  retryTriple(selection: Selection, prefer: KeyPreference, reportDateIso: string | undefined): void {
    this.refreshTriple(selection, prefer, reportDateIso);
    if (this.sectionsLoad.status === TaskStatus.ERROR) void this.sectionsLoad.run();
    if (this.previewLoad.status === TaskStatus.ERROR) void this.previewLoad.run();
  }

  private async loadPreview(
    client: DeskClient,
    triple: string,
    preview: string,
    signal: AbortSignal,
  ): Promise<Preview> {
    const tripleQuery = JSON.parse(triple) as TripleQuery;
    const query = JSON.parse(preview) as TripleQuery;
    const hasUrgency = Object.keys(query).some((k) => k === 'idUrgenza' || k === 'codUrgenza');
    const known = this.infoFor?.triple === triple ? this.infoFor.info : undefined;
    const infoPromise = known ? Promise.resolve(known) : client.tripleInfo(tripleQuery, signal);
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
    return { triple, info, due };
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
    return this.submission.pending;
  }

  get submitState(): AsyncState {
    return this.submission.state;
  }

  /** What the successful submission answered. */
  get created(): CreatedRequest | undefined {
    return this.submission.value;
  }

  get submitError(): Error | undefined {
    return this.submission.error;
  }

  /** The key every attempt of the current submission carries (kept in the draft across a reload). */
  get idempotencyKey(): string | undefined {
    return this.submission.key;
  }

  set idempotencyKey(key: string | undefined) {
    this.submission.key = key;
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
   * Sends the creation once. Every attempt of one body carries the same Idempotency-Key: the
   * transport retries network failures, timeouts and 5xx under it, and a user's "try again" after
   * a failure re-uses it too, so the server creates at most one request. Only an answer that proves
   * nothing was created (a 4xx) or a changed body starts a new key. A second call while one is
   * running returns the running one; after success, the request created.
   */
  submit(body: Record<string, unknown>, timeoutMs?: number): Promise<CreatedRequest | undefined> {
    if (!this.submission.pending && this.submitState === 'complete') return Promise.resolve(this.created);
    if (!this.submission.pending) this.submitTimeout = timeoutMs;
    return this.submission.run(body);
  }

  /** Back to an empty form (keeps the catalogue). */
  reset(): void {
    this.uploads.clear();
    this.submission.reset();
  }
}
