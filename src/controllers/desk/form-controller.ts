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

/** The triple's info and the expected due date, for one triple. */
interface Preview {
  triple: string;
  info: TripleInfo;
  due: DuePreview | undefined;
}

/** A lookup's state; one cut by a disconnect is idle (asked again on reconnect). */
function lookupState(task: Task<readonly unknown[], unknown>): AsyncState {
  const state = stateOf(task);
  return state === 'error' && isAbort(task.error) ? 'idle' : state;
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

  /** The submission: a write that keeps one Idempotency-Key across its attempts (see {@link submit}). */
  submitState: AsyncState = 'idle';
  created: CreatedRequest | undefined;
  submitError: ServiceError | Error | undefined;
  /** The key every attempt of the current submission carries; see {@link submit}. */
  idempotencyKey: string | undefined;

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
    return lookupState(this.sectionsLoad);
  }

  get sectionsError(): Error | undefined {
    return this.sectionsState === 'error' ? taskError(this.sectionsLoad) : undefined;
  }

  get previewState(): AsyncState {
    return lookupState(this.previewLoad);
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
