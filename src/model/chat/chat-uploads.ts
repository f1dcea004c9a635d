/**
 * The files a visitor attaches before sending: the widget's limits checked first, then the upload
 * with its progress, a retry where one may work, and the file deleted on the service when taken
 * back. The controller sends the finished ones with the next message.
 */
import { newId, type ChatClient, type WidgetConfig } from '../../services/chat.js';
import { isAbort, isServiceError } from '../../transport/errors.js';
import type { UploadItem } from './chat-types.js';
import type { ChatAttachment } from './transcript.js';

/**
 * The service's reason for refusing a file (a 400 whose `errors.file` names it), as the codes the
 * widget's own checks use where they mean the same; undefined for any other failure.
 */
export function uploadRefusal(error: unknown): string | undefined {
  if (!isServiceError(error) || error.status !== 400) return undefined;
  const body = error.body as { errors?: { file?: unknown } } | undefined;
  const code = typeof body?.errors?.file === 'string' ? body.errors.file : undefined;
  if (code === 'type-not-allowed') return 'unsupported-type';
  return code === 'too-large' || code === 'type-mismatch' || code === 'empty' ? code : 'refused';
}

export interface UploadsOwner {
  readonly client: ChatClient | undefined;
  readonly idChat: string | undefined;
  readonly config: WidgetConfig | undefined;
  requestUpdate(): void;
  onUploadError(error: Error): void;
}

export class ChatUploads {
  items: UploadItem[] = [];

  constructor(private readonly owner: UploadsOwner) {}

  attach(files: File[]): void {
    const limits = this.owner.config?.attachments;
    for (const file of files) {
      const item: UploadItem = { key: newId(), name: file.name, progress: 0, state: 'uploading', file };
      this.items = [...this.items, item];
      // Known limits are checked here so nobody waits for an upload the server will refuse.
      const tooBig = limits?.maxBytes !== undefined && file.size > limits.maxBytes;
      const tooMany = limits?.maxFilesPerMessage !== undefined && this.items.length > limits.maxFilesPerMessage;
      const wrongType = !!limits?.contentTypes?.length && !limits.contentTypes.includes(file.type.toLowerCase());
      if (tooBig || tooMany || wrongType) {
        item.state = 'failed';
        item.error = tooBig ? 'too-large' : tooMany ? 'too-many' : 'unsupported-type';
        continue;
      }
      void this.upload(item);
    }
    this.owner.requestUpdate();
  }

  retry(key: string): void {
    const item = this.items.find((u) => u.key === key);
    // A file refused for a reason (the widget's limits, the service's 400) would only be refused again.
    if (item?.state === 'failed' && item.failure) void this.upload(item);
  }

  remove(key: string): void {
    const item = this.items.find((u) => u.key === key);
    item?.abort?.abort();
    // Taken back before sending: the file should not stay on the service, downloadable by its uuid.
    if (item?.attachment) {
      this.owner.client?.deleteAttachment(item.attachment.uuid).catch((e: unknown) => {
        if (!isAbort(e))
          console.info('[sportello] removed attachment not deleted on the service:', (e as Error).message);
      });
    }
    this.items = this.items.filter((u) => u.key !== key);
    this.owner.requestUpdate();
  }

  /** The finished attachments, to go with the next message. */
  finished(): ChatAttachment[] {
    return this.items.filter((u) => u.state === 'done' && u.attachment).map((u) => u.attachment!);
  }

  /** Drops the finished ones once sent. */
  clearDone(): void {
    this.items = this.items.filter((u) => u.state !== 'done');
  }

  clear(): void {
    this.items = [];
  }

  abortAll(): void {
    for (const u of this.items) u.abort?.abort();
  }

  private async upload(item: UploadItem): Promise<void> {
    const update = (patch: Partial<UploadItem>) => {
      this.items = this.items.map((u) => (u.key === item.key ? Object.assign(u, patch) : u));
      this.owner.requestUpdate();
    };
    const abort = new AbortController();
    update({ state: 'uploading', progress: 0, error: undefined, failure: undefined, abort });
    try {
      const attachment = await this.owner.client!.upload(
        this.owner.idChat!,
        item.file,
        (loaded, total) => update({ progress: total ? loaded / total : 0 }),
        abort.signal,
      );
      update({ state: 'done', progress: 1, attachment, abort: undefined });
    } catch (error) {
      if (isAbort(error)) return;
      const reason = uploadRefusal(error);
      update({ state: 'failed', error: reason, failure: reason ? undefined : (error as Error), abort: undefined });
      this.owner.onUploadError(error as Error);
    }
  }
}
