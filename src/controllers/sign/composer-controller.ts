/**
 * `<sportello-sign-composer>`'s state and work: the practice being prepared (a draft kept in the
 * browser as the user works and restored after a reload), its documents, and sending — once per
 * practice whatever the network does (one Idempotency-Key for every attempt, kept across a reload).
 * It wires the parts that each do one job: the files' uploads (composer-uploads.ts), the process
 * types (composer-types.ts) and the drafts saved at the service (composer-service-drafts.ts). The
 * element renders what this holds and calls its methods; nothing here touches the DOM.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { IdempotentWrite } from '../idempotent-write.js';
import { isServiceError, ServiceError } from '../../transport/errors.js';
import type { SignService } from '../../services/sign.js';
import type {
  CreationBody,
  CreationResponse,
  DraftRecord,
  SignAuthoringService,
  UploadedDocument,
} from '../../services/sign-authoring.js';
import {
  addDocument,
  emptyDraft,
  newId,
  removeDocument,
  type ComposerDocument,
  type PracticeDraft,
} from '../../model/sign/composer/practice-draft.js';
import { creationBody, type FieldRef } from '../../model/sign/composer/practice-body.js';
import { checkPractice, type Problem } from '../../model/sign/composer/practice-checks.js';
import { refusedField } from '../../model/sign/composer/refusals.js';
import { ComposerStorage } from '../../storage/sign-composer-draft.js';
import { ComposerUploads, type UploadState } from './composer-uploads.js';
import { ComposerProcessTypes } from './composer-types.js';
import { ComposerServiceDrafts } from './composer-service-drafts.js';

export interface ComposerClients {
  authoring: SignAuthoringService;
  reader: SignService;
}

export interface ComposerControllerOptions {
  clients(): ComposerClients | undefined;
  /** Where the work is kept in this browser (the element's draft key and whoever prepares it); undefined until known. */
  storageKey(): string | undefined;
  /** The username of whoever prepares the practice (for in-person signers), if known. */
  host(): string | undefined;
  /** Codes of the process types this user may use, when the page knows them (the author's claims). */
  allowedTypes(): readonly string[] | undefined;
  /** The process type to start from (the `process-type` attribute). */
  initialType(): string | undefined;
  onError(operation: string, error: ServiceError | Error): void;
  onSent(response: CreationResponse, draft: PracticeDraft): void;
  onDraftSaved(record: DraftRecord): void;
}

/** What the service refused in the last send, and the field it is about. */
export interface Refusal {
  field: FieldRef | undefined;
  message: string;
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export class SignComposerController implements ReactiveController {
  draft: PracticeDraft = emptyDraft();
  /** The draft came back from the browser's storage. */
  restored = false;
  /** When the browser last kept the work; undefined: not yet, or it cannot. */
  keptAt: number | undefined;
  /** False when this browser keeps nothing (no IndexedDB). */
  canKeep = true;
  /** Whether an anchor's keyword was found in its document (set by the page view after searching). */
  readonly keywords = new Map<string, boolean>();

  /** The last sent practice: the service's answer and what was sent. */
  sent: { response: CreationResponse; draft: PracticeDraft } | undefined;
  refusal: Refusal | undefined;
  /** The problems shown since the user last pressed Send (checked again as they fix them). */
  showProblems = false;

  readonly uploads: ComposerUploads;
  readonly processTypes: ComposerProcessTypes;
  readonly serviceDrafts: ComposerServiceDrafts;
  readonly sending: IdempotentWrite<CreationBody, CreationResponse>;

  private storage: ComposerStorage | undefined;
  private storageKeyUsed: string | undefined;
  private keepTimer: ReturnType<typeof setTimeout> | undefined;
  private lastFields = new Map<string, FieldRef>();
  private ready = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly o: ComposerControllerOptions,
  ) {
    host.addController(this);
    this.uploads = new ComposerUploads({
      clients: () => o.clients(),
      storage: () => this.storage,
      uploaded: (id, answer) => this.uploaded(id, answer),
      changed: () => this.host.requestUpdate(),
      onError: (operation, error) => o.onError(operation, error),
    });
    this.sending = new IdempotentWrite(host, {
      write: (body, key) => this.clientsOrThrow().authoring.send(body, key),
      onError: (error) => o.onError('send-practice', error),
      keyChanged: () => this.keepSoon(),
    });
    this.processTypes = new ComposerProcessTypes({
      authoring: () => o.clients()?.authoring,
      allowedTypes: () => o.allowedTypes(),
      draft: () => this.draft,
      applied: (next) => this.dropForgotten(next),
      onError: (operation, error) => o.onError(operation, error),
      requestUpdate: () => this.host.requestUpdate(),
    });
    this.serviceDrafts = new ComposerServiceDrafts(host, {
      authoring: () => o.clients()?.authoring,
      draft: () => this.draft,
      set: (next) => this.set(next),
      preparer: () => o.host(),
      onError: (operation, error) => o.onError(operation, error),
      onSaved: (record) => o.onDraftSaved(record),
    });
  }

  hostConnected(): void {
    // Set up by the element's first update (`setUp`), once its configuration is known.
  }

  hostDisconnected(): void {
    this.processTypes.stop();
    if (this.keepTimer) {
      clearTimeout(this.keepTimer);
      this.keepTimer = undefined;
      void this.keep();
    }
  }

  private clientsOrThrow(): ComposerClients {
    const c = this.o.clients();
    if (!c) throw new ServiceError({ service: 'sign', kind: 'protocol', message: 'No signing service configured.' });
    return c;
  }

  /**
   * Called on every update of the element: restores the work kept for the storage key once it is
   * known, and loads the process types once a client is there.
   */
  setUp(): void {
    const key = this.o.storageKey();
    if (key !== undefined && key !== this.storageKeyUsed) {
      this.storageKeyUsed = key;
      this.storage = new ComposerStorage(key);
      void this.restore(this.storage);
    }
    this.processTypes.follow();
  }

  // ---- the draft ----

  /** Replaces the draft (every edit goes through here): shown at once, kept in the browser shortly after. */
  set(next: PracticeDraft): void {
    if (next === this.draft) return;
    this.draft = next;
    this.refusal = undefined;
    this.host.requestUpdate();
    this.keepSoon();
  }

  private keepSoon(): void {
    if (!this.ready) return;
    clearTimeout(this.keepTimer);
    this.keepTimer = setTimeout(() => {
      this.keepTimer = undefined;
      void this.keep();
    }, 300);
  }

  private async keep(): Promise<void> {
    const storage = this.storage;
    if (!storage || this.sent) return;
    const kept = await storage.save({ draft: this.draft, sendKey: this.sending.key });
    this.canKeep = kept;
    this.keptAt = kept ? Date.now() : undefined;
    this.host.requestUpdate();
  }

  private async restore(storage: ComposerStorage): Promise<void> {
    this.ready = false;
    const { work, files } = await storage.load();
    if (storage !== this.storage) return;
    this.canKeep = await storage.available();
    const worked =
      !!work && (work.draft.documents.length > 0 || work.draft.signers.length > 0 || !!work.draft.processType);
    if (work && worked) {
      this.draft = work.draft;
      this.sending.key = work.sendKey;
      this.keptAt = work.savedAt;
      this.restored = true;
      this.uploads.restore(files, work.draft.documents);
    }
    this.ready = true;
    this.host.requestUpdate();
    const initial = this.o.initialType();
    if (!worked && initial) void this.processTypes.chooseByCode(initial);
  }

  /**
   * The process type to start from was set or changed after the composer started (a framework
   * setting the attribute late): applied when nothing has been prepared yet, never over the user's work.
   */
  initialTypeChanged(): void {
    const code = this.o.initialType();
    const d = this.draft;
    if (!this.ready || !code || d.documents.length || d.signers.length || d.processType?.code === code) return;
    void this.processTypes.chooseByCode(code);
  }

  /** Forgets everything and starts a new practice. */
  async startOver(): Promise<void> {
    this.uploads.clear();
    this.keywords.clear();
    this.sending.reset();
    this.serviceDrafts.saving.reset();
    this.sent = undefined;
    this.refusal = undefined;
    this.showProblems = false;
    this.restored = false;
    this.draft = emptyDraft();
    this.keptAt = undefined;
    clearTimeout(this.keepTimer);
    await this.storage?.clear();
    this.host.requestUpdate();
    const initial = this.o.initialType();
    if (initial) await this.processTypes.chooseByCode(initial);
  }

  // ---- documents ----

  /** Adds the user's files as documents and starts their uploads; returns the new documents. */
  addFiles(files: readonly File[]): ComposerDocument[] {
    const added: ComposerDocument[] = [];
    let d = this.draft;
    for (const file of files) {
      const doc: ComposerDocument = {
        id: newId('doc'),
        name: file.name || 'document.pdf',
        origin: 'upload',
        pages: 0,
        pageSizes: [],
        acrofields: [],
      };
      d = addDocument(d, doc);
      added.push(doc);
    }
    this.set(d);
    for (const [i, doc] of added.entries()) this.uploads.add(doc, files[i]!);
    return added;
  }

  removeDocument(id: string): void {
    this.uploads.forget(id);
    this.set(removeDocument(this.draft, id));
  }

  retryUpload(id: string): void {
    const doc = this.draft.documents.find((x) => x.id === id);
    if (doc) this.uploads.retry(doc);
  }

  upload(id: string): UploadState | undefined {
    return this.uploads.state(id);
  }

  private uploaded(id: string, answer: UploadedDocument): void {
    this.set({
      ...this.draft,
      documents: this.draft.documents.map((doc) =>
        doc.id === id
          ? {
              ...doc,
              uploadedFilename: answer.filename,
              pages: answer.pages,
              pageSizes: (answer.pagesSize ?? []).map((s) => ({ width: s.width, height: s.height })),
              acrofields: [...(answer.acrofields ?? [])],
            }
          : doc,
      ),
    });
  }

  /** A document's pages once pdf.js read them (a draft reopened without the upload's answer). */
  pagesRead(id: string, pages: number): void {
    const doc = this.draft.documents.find((x) => x.id === id);
    if (doc && doc.pages !== pages)
      this.set({ ...this.draft, documents: this.draft.documents.map((x) => (x.id === id ? { ...x, pages } : x)) });
  }

  /** Sets the draft, forgetting the files of documents it no longer has. */
  private dropForgotten(next: PracticeDraft): void {
    const kept = new Set(next.documents.map((x) => x.id));
    for (const doc of this.draft.documents) if (!kept.has(doc.id)) this.uploads.forget(doc.id);
    this.set(next);
  }

  /** Replaces the work with a draft kept at the service (its files kept when this page holds them). */
  async openDraft(record: DraftRecord): Promise<void> {
    const next = await this.serviceDrafts.read(record);
    if (!next) return;
    const before = this.draft.documents;
    const files = next.documents.map(
      (doc) => [doc, doc.uploadedFilename ? this.uploads.fileOf(doc.uploadedFilename, before) : undefined] as const,
    );
    this.uploads.clear();
    for (const [doc, file] of files) if (file) this.uploads.adopt(doc, file);
    this.keywords.clear();
    this.sending.reset();
    this.restored = false;
    this.set(next);
  }

  // ---- checking and sending ----

  /** What must be fixed before sending, now. */
  problems(): Problem[] {
    return checkPractice(this.draft, {
      upload: (id) => this.uploads.state(id)?.state ?? 'done',
      present: (id) => {
        const doc = this.draft.documents.find((x) => x.id === id);
        return !!doc && this.uploads.present(doc);
      },
      keywordFound: (id) => this.keywords.get(id),
      host: this.o.host(),
      today: today(),
    });
  }

  /**
   * Sends the practice, once: a second press while it is on its way, or a retry after a cut
   * connection, carries the same Idempotency-Key. Returns the problems that stop it (none: sent or failed).
   */
  async send(): Promise<Problem[]> {
    const problems = this.problems();
    this.showProblems = problems.length > 0;
    this.host.requestUpdate();
    if (problems.length) return problems;
    const built = creationBody(this.draft, this.o.host());
    this.lastFields = built.fields;
    this.refusal = undefined;
    const draft = this.draft;
    const response = await this.sending.run(built.body);
    if (response) {
      this.sent = { response, draft };
      this.showProblems = false;
      clearTimeout(this.keepTimer);
      await this.storage?.clear();
      this.o.onSent(response, draft);
    } else {
      const error = this.sending.error;
      if (error && isServiceError(error) && (error as ServiceError).status && (error as ServiceError).status! < 500) {
        const e = error as ServiceError;
        this.refusal = {
          field: refusedField({ message: e.message, code: e.code }, this.lastFields),
          message: e.message,
        };
      }
    }
    this.host.requestUpdate();
    return [];
  }

  /** A new practice after one was sent. */
  prepareAnother(): Promise<void> {
    return this.startOver();
  }
}
