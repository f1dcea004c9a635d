/**
 * The composer's files: each one uploaded as soon as it is added (`POST /documents/upload`, with
 * progress), its bytes kept for drawing its pages (in memory, and in the browser's storage so a
 * reload keeps them), a failed upload kept to be tried again, an upload cut when its document is
 * removed. A process type's template documents are read from the service when first shown.
 */
import { asServiceError, isAbort, ServiceError } from '../../transport/errors.js';
import { looksLikePdf, type SignService } from '../../services/sign.js';
import type { SignAuthoringService, UploadedDocument } from '../../services/sign-authoring.js';
import type { ComposerDocument } from '../../model/sign/composer/practice-draft.js';
import type { ComposerStorage } from '../../storage/sign-composer-draft.js';

export interface UploadState {
  state: 'uploading' | 'failed' | 'done';
  loaded: number;
  total: number;
  error?: ServiceError | undefined;
}

export interface UploadsHost {
  clients(): { authoring: SignAuthoringService; reader: SignService } | undefined;
  storage(): ComposerStorage | undefined;
  /** An upload finished: the document's fields from the service's answer. */
  uploaded(documentId: string, answer: UploadedDocument): void;
  /** Something changed that the user sees (progress, a failure). */
  changed(): void;
  onError(operation: string, error: ServiceError): void;
}

export class ComposerUploads {
  private readonly states = new Map<string, UploadState>();
  private readonly files = new Map<string, Blob>();
  private readonly aborts = new Map<string, AbortController>();
  private readonly bytes = new Map<string, Promise<Uint8Array>>();
  private frame = 0;

  constructor(private readonly host: UploadsHost) {}

  state(documentId: string): UploadState | undefined {
    return this.states.get(documentId);
  }

  /** Whether the document's file is here (a template is always at the service). */
  present(doc: ComposerDocument): boolean {
    return doc.origin === 'template' || this.files.has(doc.id);
  }

  /** The file of an upload name, if one of the given documents holds it here (a service draft reopened). */
  fileOf(uploadedFilename: string, documents: readonly ComposerDocument[]): Blob | undefined {
    const doc = documents.find((d) => d.uploadedFilename === uploadedFilename && this.files.has(d.id));
    return doc ? this.files.get(doc.id) : undefined;
  }

  /** Files kept from before (the browser draft restored): uploads cut by a reload start again. */
  restore(files: ReadonlyMap<string, Blob>, documents: readonly ComposerDocument[]): void {
    for (const [id, blob] of files) this.files.set(id, blob);
    for (const doc of documents) {
      if (doc.origin !== 'upload') continue;
      if (doc.uploadedFilename) this.states.set(doc.id, { state: 'done', loaded: 1, total: 1 });
      else if (this.files.has(doc.id)) this.start(doc);
    }
  }

  /** Keeps `file` for a new document and uploads it. */
  add(doc: ComposerDocument, file: Blob): void {
    this.files.set(doc.id, file);
    void this.host.storage()?.saveFile(doc.id, file);
    this.start(doc);
  }

  /** Keeps a file already uploaded (a service draft reopened on this device). */
  adopt(doc: ComposerDocument, file: Blob): void {
    this.files.set(doc.id, file);
    this.states.set(doc.id, { state: 'done', loaded: 1, total: 1 });
    void this.host.storage()?.saveFile(doc.id, file);
  }

  /** Uploads the document's file again (after a failure). */
  retry(doc: ComposerDocument): void {
    if (this.files.has(doc.id)) this.start(doc);
  }

  /** Forgets a removed document: its upload is cut, its bytes dropped. */
  forget(documentId: string): void {
    this.aborts.get(documentId)?.abort();
    this.aborts.delete(documentId);
    this.states.delete(documentId);
    this.files.delete(documentId);
    this.bytes.delete(documentId);
    void this.host.storage()?.deleteFile(documentId);
  }

  /** Everything forgotten (start over). */
  clear(): void {
    for (const id of [...this.states.keys(), ...this.files.keys()]) this.forget(id);
  }

  /** The document's bytes for pdf.js (a fresh copy: opening a PDF hands its bytes to the worker). */
  async read(doc: ComposerDocument): Promise<Uint8Array> {
    let pending = this.bytes.get(doc.id);
    if (!pending) {
      const file = this.files.get(doc.id);
      if (file) pending = file.arrayBuffer().then((b) => new Uint8Array(b));
      else if (doc.idDocument !== undefined) {
        const reader = this.host.clients()?.reader;
        if (!reader) throw new ServiceError({ service: 'sign', kind: 'protocol', message: 'No service configured.' });
        pending = reader.getDocumentBytes(doc.idDocument);
      } else
        throw new ServiceError({ service: 'sign', kind: 'protocol', message: `${doc.name} is not on this device.` });
      pending.catch(() => this.bytes.delete(doc.id));
      this.bytes.set(doc.id, pending);
    }
    return (await pending).slice();
  }

  private start(doc: ComposerDocument): void {
    const file = this.files.get(doc.id);
    const authoring = this.host.clients()?.authoring;
    if (!file) return;
    this.aborts.get(doc.id)?.abort();
    const abort = new AbortController();
    this.aborts.set(doc.id, abort);
    const state: UploadState = { state: 'uploading', loaded: 0, total: file.size };
    this.states.set(doc.id, state);
    this.host.changed();
    if (!authoring) {
      this.fail(doc.id, new ServiceError({ service: 'sign', kind: 'protocol', message: 'No service configured.' }));
      return;
    }
    void (async () => {
      const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
      try {
        const answer = await authoring.upload(file, doc.name, {
          signal: abort.signal,
          // A file that is not a PDF: the service converts it, where it can (§4 `convert`).
          convert: !looksLikePdf(head),
          onProgress: (loaded, total) => {
            state.loaded = loaded;
            state.total = total || file.size;
            // One repaint a frame is plenty for a progress bar.
            if (!this.frame)
              this.frame = requestAnimationFrame(() => {
                this.frame = 0;
                this.host.changed();
              });
          },
        });
        if (abort.signal.aborted) return;
        this.states.set(doc.id, { state: 'done', loaded: state.total, total: state.total });
        this.aborts.delete(doc.id);
        this.host.uploaded(doc.id, answer);
      } catch (error) {
        if (abort.signal.aborted || isAbort(error)) return;
        this.fail(doc.id, asServiceError(error, 'sign'));
      }
    })();
  }

  private fail(documentId: string, error: ServiceError): void {
    this.aborts.delete(documentId);
    this.states.set(documentId, { state: 'failed', loaded: 0, total: 0, error });
    this.host.onError('upload-document', error);
    this.host.changed();
  }
}
