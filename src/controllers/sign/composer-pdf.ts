/**
 * The one document the composer's page editor shows: its bytes (the user's file, or a process
 * type's template from the service) opened with the lazily loaded pdf.js, the previous one
 * destroyed when another is shown, and keywords looked up in its text as the service finds an
 * anchor. Nothing here touches the DOM.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AsyncState } from '../async-state.js';
import { openPdf, type PdfDocument } from '../../pdf/pdfjs.js';
import { locateKeyword, pdfLookup, type PdfLookup } from '../../pdf/areas.js';
import type { NormalizedBox, ViewBox } from '../../pdf/geometry.js';
import { isAbort } from '../../transport/errors.js';

export interface ComposerPdfOptions {
  onError(operation: string, error: Error): void;
}

export class ComposerPdfController implements ReactiveController {
  state: AsyncState = 'idle';
  error: Error | undefined;
  pdf: PdfDocument | undefined;
  /** The composer's id of the document shown (or being opened). */
  documentId: string | undefined;

  private lookup: PdfLookup | undefined;
  private destroy: (() => Promise<void>) | undefined;
  private read: (() => Promise<Uint8Array>) | undefined;
  private generation = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly o: ComposerPdfOptions,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.close();
  }

  /** Shows document `id`, whose bytes `read` gives; nothing happens when it is the one shown already. */
  show(id: string, read: () => Promise<Uint8Array>): void {
    if (id === this.documentId && this.state !== 'error') return;
    this.close();
    this.documentId = id;
    this.read = read;
    void this.open(read);
  }

  /** Opens the shown document again (after a failure). */
  retry(): void {
    const id = this.documentId;
    const read = this.read;
    if (!id || !read) return;
    this.close();
    this.documentId = id;
    this.read = read;
    void this.open(read);
  }

  /** Forgets the shown document (removed, or none left). */
  close(): void {
    this.generation++;
    void this.destroy?.().catch(() => undefined);
    this.destroy = undefined;
    this.pdf = undefined;
    this.lookup = undefined;
    this.documentId = undefined;
    this.read = undefined;
    this.state = 'idle';
    this.error = undefined;
  }

  private async open(read: () => Promise<Uint8Array>): Promise<void> {
    const generation = this.generation;
    this.state = 'pending';
    this.host.requestUpdate();
    try {
      const opened = await openPdf(await read());
      const pdf = await opened.pdf.catch((error: unknown) => {
        void opened.destroy().catch(() => undefined);
        throw error;
      });
      if (generation !== this.generation) {
        void opened.destroy().catch(() => undefined);
        return;
      }
      this.pdf = pdf;
      this.destroy = opened.destroy;
      this.lookup = pdfLookup(pdf);
      this.state = 'complete';
    } catch (error) {
      if (generation !== this.generation || isAbort(error)) return;
      this.error = error instanceof Error ? error : new Error(String(error));
      this.state = 'error';
      this.o.onError('open-document', this.error);
    }
    this.host.requestUpdate();
  }

  /** Where `keyword` lands in the shown document (the page, and the keyword's box on the page as stored). */
  async find(keyword: string): Promise<{ page: number; box: NormalizedBox; viewBox: ViewBox } | undefined> {
    const lookup = this.lookup;
    if (!lookup || !keyword.trim()) return undefined;
    const hit = await locateKeyword(lookup, keyword.trim());
    return hit && lookup === this.lookup ? { page: hit.page, box: hit.found, viewBox: hit.viewBox } : undefined;
  }
}
