import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isAbort, isServiceError, ServiceError } from '../../transport/errors.js';
import { getUrlBytes, type DownloadedFile, type SignService } from '../../services/sign.js';
import type { DocumentSource } from './document-controller.js';

export type DownloadKind = 'document' | 'practice' | 'report';

export interface DownloadControllerOptions {
  /** Asked before saving; return false to leave the file to the page (event cancelled). */
  beforeSave?: (kind: DownloadKind, file: DownloadedFile) => boolean;
  onError?: (operation: string, error: ServiceError) => void;
}

/** Saves a blob under its server-given name through a temporary `<a download>`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Downloads with a busy state and a visible error per kind. */
export class SignDownloadController implements ReactiveController {
  busy: DownloadKind | undefined;
  error: { kind: DownloadKind; error: ServiceError } | undefined;
  last: { kind: DownloadKind; filename: string } | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: DownloadControllerOptions = {},
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  async run(kind: DownloadKind, fetchFile: () => Promise<DownloadedFile>): Promise<void> {
    if (this.busy) return;
    this.busy = kind;
    this.error = undefined;
    this.host.requestUpdate();
    try {
      const file = await fetchFile();
      this.last = { kind, filename: file.filename };
      if (this.options.beforeSave?.(kind, file) ?? true) saveBlob(file.blob, file.filename);
    } catch (error) {
      if (!isAbort(error)) {
        const e = isServiceError(error)
          ? (error as ServiceError)
          : new ServiceError({ service: 'sign', kind: 'network', message: String((error as Error)?.message ?? error) });
        this.error = { kind, error: e };
        this.options.onError?.(`download-${kind}`, e);
      }
    } finally {
      this.busy = undefined;
      this.host.requestUpdate();
    }
  }

  /**
   * Downloads `kind` from where it lives: the shown document from the service or (link-only mode)
   * its URL; the whole practice and the audit report from the service.
   */
  download(
    kind: DownloadKind,
    from: { service?: SignService | undefined; idFile?: number | undefined; source?: DocumentSource | undefined },
  ): void {
    const { service, idFile, source } = from;
    if (kind === 'document' && source?.kind === 'url') {
      void this.run(kind, async () => {
        const { bytes, filename } = await getUrlBytes(source.url);
        return {
          blob: new Blob([bytes as BlobPart], { type: 'application/pdf' }),
          filename: filename ?? source.filename,
        };
      });
      return;
    }
    if (!service) return;
    if (kind === 'document' && source?.kind === 'service')
      void this.run(kind, () => service.downloadDocument(source.idDocument));
    if (idFile === undefined) return;
    if (kind === 'practice') void this.run(kind, () => service.downloadPractice(idFile));
    if (kind === 'report') void this.run(kind, () => service.downloadReport(idFile));
  }
}
