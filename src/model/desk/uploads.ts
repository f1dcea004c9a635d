/**
 * Files attached to one desk message (a new request, or a reply on an existing one): one upload id
 * asked once (`GET /richieste/upload-id`, design.md), each file posted under it with progress, a
 * failed one retried, a removed one aborted, and the `idUpload` + `nomeAllegati` pair the message
 * then carries. Used by the form's controller and the follow view's.
 */
import { isAbort, ServiceError } from '../../transport/errors.js';
import type { DeskClient } from '../../services/desk.js';
import { randomKey } from '../random-key.js';
import { portableFileName } from './file-name.js';

export { randomKey } from '../random-key.js';

export interface Attachment {
  /** Local key for rendering and removal. */
  key: string;
  /** The name the file is sent under (file-name.ts). */
  name: string;
  /** The file's own name, when it had to be sent under another. */
  originalName?: string | undefined;
  size: number;
  state: 'uploading' | 'done' | 'error';
  loaded: number;
  total: number;
  error?: ServiceError | Error | undefined;
  /** Kept to retry a failed upload. */
  file?: File | undefined;
  abort?: AbortController | undefined;
}

export interface UploadSetOptions {
  client: () => DeskClient | undefined;
  /** Something to render changed. */
  changed: () => void;
  onError: (operation: string, error: ServiceError | Error) => void;
  /** A file finished uploading or was removed (worth saving in a draft). */
  saved?: () => void;
}

export class UploadSet {
  attachments: Attachment[] = [];
  idUpload: string | undefined;
  private uploadIdPromise: Promise<string> | undefined;

  constructor(private readonly options: UploadSetOptions) {}

  /** Files a draft says are already uploaded under `idUpload`. */
  restore(idUpload: string | undefined, files: ReadonlyArray<{ name: string; size: number }>): void {
    if (!idUpload || !files.length) return;
    this.idUpload = idUpload;
    this.attachments = files.map((f) => ({
      key: randomKey(),
      name: f.name,
      size: f.size,
      state: 'done',
      loaded: f.size,
      total: f.size,
    }));
    this.options.changed();
  }

  private ensureUploadId(client: DeskClient): Promise<string> {
    if (this.idUpload) return Promise.resolve(this.idUpload);
    this.uploadIdPromise ??= client.newUploadId().then(
      (id) => {
        this.idUpload = id;
        return id;
      },
      (error: unknown) => {
        this.uploadIdPromise = undefined;
        throw error;
      },
    );
    return this.uploadIdPromise;
  }

  add(files: Iterable<File>): void {
    for (const picked of files) {
      const name = portableFileName(picked.name);
      const file =
        name === picked.name
          ? picked
          : new File([picked], name, { type: picked.type, lastModified: picked.lastModified });
      const attachment: Attachment = {
        key: randomKey(),
        name,
        ...(name === picked.name ? {} : { originalName: picked.name }),
        size: file.size,
        state: 'uploading',
        loaded: 0,
        total: file.size,
        file,
      };
      this.attachments = [...this.attachments, attachment];
      void this.upload(attachment);
    }
    this.options.changed();
  }

  retry(key: string): void {
    const attachment = this.attachments.find((a) => a.key === key);
    if (attachment?.state === 'error' && attachment.file) void this.upload(attachment);
  }

  private update(attachment: Attachment, patch: Partial<Attachment>): void {
    Object.assign(attachment, patch);
    this.attachments = [...this.attachments];
    this.options.changed();
  }

  private async upload(attachment: Attachment): Promise<void> {
    const client = this.options.client();
    const abort = new AbortController();
    this.update(attachment, { state: 'uploading', loaded: 0, error: undefined, abort });
    try {
      if (!client)
        throw new ServiceError({ service: 'desk', kind: 'protocol', message: 'No desk endpoint configured' });
      const idUpload = await this.ensureUploadId(client);
      if (abort.signal.aborted) return;
      await client.upload(idUpload, attachment.file as File, {
        signal: abort.signal,
        onProgress: (loaded, total) => this.update(attachment, { loaded, total: total || attachment.size }),
      });
      this.update(attachment, { state: 'done', loaded: attachment.size, total: attachment.size, abort: undefined });
      this.options.saved?.();
    } catch (error) {
      if (isAbort(error) || abort.signal.aborted) {
        // Removed by the user: gone. Still listed (the element left the page): offer a retry.
        if (this.attachments.includes(attachment))
          this.update(attachment, { state: 'error', error: error as Error, abort: undefined });
        return;
      }
      this.update(attachment, { state: 'error', error: error as Error, abort: undefined });
      this.options.onError('upload', error as Error);
    }
  }

  /**
   * Removes a file before sending (aborting its upload). The spec has no delete for uploads: the
   * file stays in the upload area but is no longer named in `nomeAllegati`, so the message does not carry it.
   */
  remove(key: string): void {
    this.attachments.find((a) => a.key === key)?.abort?.abort();
    this.attachments = this.attachments.filter((a) => a.key !== key);
    this.options.changed();
    this.options.saved?.();
  }

  get uploading(): boolean {
    return this.attachments.some((a) => a.state === 'uploading');
  }

  /** `idUpload` + `nomeAllegati` for the message body, when any file is uploaded. */
  fields(): { idUpload?: string; nomeAllegati?: string[] } {
    const names = this.attachments.filter((a) => a.state === 'done').map((a) => a.name);
    return names.length && this.idUpload ? { idUpload: this.idUpload, nomeAllegati: names } : {};
  }

  /** Aborts what is on its way (the host left the page); the files stay listed for a retry. */
  abortAll(): void {
    for (const a of this.attachments) a.abort?.abort();
  }

  /** Forgets everything (after sending, or a reset): the next file asks a new upload id. */
  clear(): void {
    this.abortAll();
    this.attachments = [];
    this.idUpload = undefined;
    this.uploadIdPromise = undefined;
    this.options.changed();
  }
}
