/**
 * `<sportello-sign-composer>`'s state and work: the practice being prepared (every edit of the
 * draft goes through `set`), its documents, and what must be fixed before it is sent. It wires the
 * parts that each do one job: the browser's keeping of the work (composer-keeping.ts), the files'
 * uploads (composer-uploads.ts), the process types (composer-types.ts), the drafts saved at the
 * service (composer-service-drafts.ts) and sending, once per practice (composer-sending.ts). The
 * element renders what this holds and calls its methods; nothing here touches the DOM.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ServiceError } from '../../transport/errors.js';
import type { SignService } from '../../services/sign.js';
import type {
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
import { checkPractice, type Problem } from '../../model/sign/composer/practice-checks.js';
import { ComposerKeeping } from './composer-keeping.js';
import { ComposerUploads, type UploadState } from './composer-uploads.js';
import { ComposerProcessTypes } from './composer-types.js';
import { ComposerServiceDrafts } from './composer-service-drafts.js';
import { ComposerSending } from './composer-sending.js';

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

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export class SignComposerController implements ReactiveController {
  draft: PracticeDraft = emptyDraft();
  /** Whether an anchor's keyword was found in its document (set by the page view after searching). */
  readonly keywords = new Map<string, boolean>();

  readonly keeping: ComposerKeeping;
  readonly uploads: ComposerUploads;
  readonly processTypes: ComposerProcessTypes;
  readonly serviceDrafts: ComposerServiceDrafts;
  readonly sending: ComposerSending;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly o: ComposerControllerOptions,
  ) {
    host.addController(this);
    this.keeping = new ComposerKeeping({
      work: () => (this.sending.sent ? undefined : { draft: this.draft, sendKey: this.sending.key }),
      restore: (work, files) => {
        this.draft = work.draft;
        this.sending.key = work.sendKey;
        this.uploads.restore(files, work.draft.documents);
      },
      nothingKept: () => {
        const initial = o.initialType();
        if (initial) void this.processTypes.chooseByCode(initial);
      },
      requestUpdate: () => this.host.requestUpdate(),
    });
    this.uploads = new ComposerUploads({
      clients: () => o.clients(),
      storage: () => this.keeping.storage,
      uploaded: (id, answer) => this.uploaded(id, answer),
      changed: () => this.host.requestUpdate(),
      onError: (operation, error) => o.onError(operation, error),
    });
    this.sending = new ComposerSending(host, {
      authoring: () => o.clients()?.authoring,
      draft: () => this.draft,
      problems: () => this.problems(),
      preparer: () => o.host(),
      keyChanged: () => this.keeping.soon(),
      sent: async (response, draft) => {
        await this.keeping.discard();
        o.onSent(response, draft);
      },
      onError: (operation, error) => o.onError(operation, error),
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
    this.keeping.flush();
  }

  /**
   * Called on every update of the element: restores the work kept for the storage key once it is
   * known, and loads the process types once a client is there.
   */
  setUp(): void {
    this.keeping.follow(this.o.storageKey());
    this.processTypes.follow();
  }

  // ---- the draft ----

  /** Replaces the draft (every edit goes through here): shown at once, kept in the browser shortly after. */
  set(next: PracticeDraft): void {
    if (next === this.draft) return;
    this.draft = next;
    this.sending.refusal = undefined;
    this.host.requestUpdate();
    this.keeping.soon();
  }

  /**
   * The process type to start from was set or changed after the composer started (a framework
   * setting the attribute late): applied when nothing has been prepared yet, never over the user's work.
   */
  initialTypeChanged(): void {
    const code = this.o.initialType();
    const d = this.draft;
    if (!this.keeping.ready || !code || d.documents.length || d.signers.length || d.processType?.code === code) return;
    void this.processTypes.chooseByCode(code);
  }

  /** Forgets everything and starts a new practice. */
  async startOver(): Promise<void> {
    this.uploads.clear();
    this.keywords.clear();
    this.sending.startOver();
    this.serviceDrafts.saving.reset();
    this.draft = emptyDraft();
    await this.keeping.forget();
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
    this.keeping.restored = false;
    this.set(next);
  }

  // ---- before sending ----

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

  /** A new practice after one was sent. */
  prepareAnother(): Promise<void> {
    return this.startOver();
  }
}
