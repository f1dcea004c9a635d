import type { AsyncState } from '../async-state.js';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { asServiceError, isAbort, ServiceError } from '../../transport/errors.js';
import { getUrlBytes, looksLikePdf, type ByteProgress, type SignService } from '../../services/sign.js';
import { pdfLookup, placeAreas, type AreaSpec, type PlacedArea } from '../../pdf/areas.js';
import { openPdf, preparePdfjs, type OpeningPdf, type PasswordRequest, type PdfDocument } from '../../pdf/pdfjs.js';

/** Where a document's bytes come from: the service (by id) or a plain URL (link-only mode). */
export type DocumentSource =
  | { kind: 'service'; idDocument: number; filename: string; index: number }
  | { kind: 'url'; url: string; filename: string; index: number };

/** `broken`: bytes arrived but are not a readable PDF. `service`: the bytes did not arrive. */
export type DocumentFailure = { kind: 'broken'; error: Error } | { kind: 'service'; error: ServiceError };

export interface DocumentControllerOptions {
  onError?: (operation: string, error: ServiceError | Error) => void;
}

/** Names of the performance marks the bench reads. */
export const MARK_BYTES = 'sportello-sign:bytes';
export const MARK_FIRST_PAGE = 'sportello-sign:first-page';

/**
 * Sets the mark `name` for the document shown now. The browser keeps every mark until it is
 * cleared, so the previous one of that name goes first: a viewer switching documents all day
 * holds one of each, not two more per document.
 */
export function markDocument(name: typeof MARK_BYTES | typeof MARK_FIRST_PAGE): void {
  performance.clearMarks(name);
  performance.mark(name);
}

function sourceKey(s: DocumentSource | undefined): string {
  return !s ? '' : s.kind === 'service' ? `id:${s.idDocument}` : `url:${s.url}`;
}

/**
 * One document on screen: fetches its bytes with progress, checks they are a PDF, opens them with
 * the lazily loaded pdf.js, and places the practice's areas on its pages. Switching documents
 * destroys the previous one (its worker-side data and canvases go with it).
 */
export class SignDocumentController implements ReactiveController {
  phase: AsyncState = 'idle';
  source: DocumentSource | undefined;
  progress: ByteProgress = { loaded: 0, total: undefined };
  pdf: PdfDocument | undefined;
  failure: DocumentFailure | undefined;
  areas: PlacedArea[] = [];
  /** performance.now() when the bytes were complete (bench: bytes → first page painted). */
  bytesAt: number | undefined;
  /**
   * The document is protected and pdf.js waits for its password: whether the last one given was
   * wrong, and whether the visitor cancelled the prompt (the document then says it is protected,
   * and the prompt can come back: pdf.js still holds the bytes and waits).
   */
  password: { incorrect: boolean; cancelled: boolean } | undefined;
  private passwordRequest: PasswordRequest | undefined;

  private abort: AbortController | undefined;
  private destroyPdf: (() => Promise<void>) | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: DocumentControllerOptions = {},
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    // Nothing to do: the element asks for its document again on its next update.
  }

  hostDisconnected(): void {
    this.release();
    this.phase = 'idle';
  }

  private lastService: SignService | undefined;
  private lastAreas: AreaSpec[] = [];

  /** Shows `source`; a no-op if it is already shown or loading, unless `force`. */
  async show(
    source: DocumentSource,
    service: SignService | undefined,
    areaSpecs: AreaSpec[],
    force = false,
  ): Promise<void> {
    if (!force && sourceKey(source) === sourceKey(this.source) && this.phase !== 'idle') {
      if (areaSpecs !== this.lastAreas) this.updateAreas(areaSpecs);
      return;
    }
    this.release();
    this.source = source;
    this.lastService = service;
    this.lastAreas = areaSpecs;
    const abort = (this.abort = new AbortController());
    this.phase = 'pending';
    this.progress = { loaded: 0, total: undefined };
    this.failure = undefined;
    this.areas = [];
    this.bytesAt = undefined;
    this.host.requestUpdate();
    let frame = 0;
    const onProgress = (p: ByteProgress) => {
      this.progress = p;
      // One update per frame is plenty for a progress bar.
      if (!frame) frame = requestAnimationFrame(() => ((frame = 0), this.host.requestUpdate()));
    };
    // pdf.js and its worker load while the bytes download; a failure here surfaces in openPdf().
    preparePdfjs().catch(() => undefined);
    let bytes: Uint8Array;
    try {
      if (source.kind === 'service') {
        if (!service)
          throw new ServiceError({
            service: 'sign',
            kind: 'protocol',
            message: 'No service configured for this document.',
          });
        bytes = await service.getDocumentBytes(source.idDocument, { signal: abort.signal, onProgress });
      } else {
        bytes = (await getUrlBytes(source.url, { signal: abort.signal, onProgress })).bytes;
      }
    } catch (error) {
      if (isAbort(error) || abort.signal.aborted) return;
      this.fail({ kind: 'service', error: asServiceError(error, 'sign') });
      return;
    }
    if (abort.signal.aborted) return;
    this.bytesAt = performance.now();
    markDocument(MARK_BYTES);
    if (!looksLikePdf(bytes)) {
      this.fail({ kind: 'broken', error: new Error('The document is not a PDF.') });
      return;
    }
    let opening: OpeningPdf;
    try {
      opening = await openPdf(bytes, (request) => this.askPassword(request, abort.signal));
    } catch (error) {
      // pdf.js itself did not load (an offline chunk, a refused worker): the connection's fault, retried.
      if (abort.signal.aborted) return;
      this.fail({ kind: 'service', error: asServiceError(error, 'sign') });
      return;
    }
    if (abort.signal.aborted) {
      void opening.destroy();
      return;
    }
    this.destroyPdf = opening.destroy;
    let pdf: PdfDocument;
    try {
      pdf = await opening.pdf;
    } catch (error) {
      // pdf.js is there and the bytes are not a document it can open (damaged, truncated, not a PDF).
      if (abort.signal.aborted) return;
      this.password = undefined;
      this.fail({ kind: 'broken', error: error instanceof Error ? error : new Error(String(error)) });
      return;
    }
    if (abort.signal.aborted) return;
    this.pdf = pdf;
    this.password = undefined;
    this.phase = 'complete';
    this.host.requestUpdate();
    // The newest areas: the practice may have changed (and show() been called again) while the bytes came.
    this.updateAreas(this.lastAreas);
  }

  /** Re-places the areas (the practice changed while the same document is shown). */
  updateAreas(specs: AreaSpec[]): void {
    this.lastAreas = specs;
    const pdf = this.pdf;
    const source = this.source;
    if (!pdf || !source || this.phase !== 'complete') return;
    const signal = this.abort?.signal;
    placeAreas(specs, source.index, pdfLookup(pdf), signal)
      .then((placed) => {
        if (signal?.aborted || this.pdf !== pdf) return;
        this.areas = placed;
        this.host.requestUpdate();
      })
      .catch(() => {
        // A page whose text cannot be read leaves its anchored areas unplaced; the rest stay.
      });
  }

  private askPassword(request: PasswordRequest, signal: AbortSignal): void {
    if (signal.aborted) return;
    this.passwordRequest = request;
    this.password = { incorrect: request.incorrect, cancelled: false };
    this.host.requestUpdate();
  }

  /** Sends the visitor's password to pdf.js; a wrong one comes back as `password.incorrect`. */
  submitPassword(password: string): void {
    const request = this.passwordRequest;
    if (!request || !this.password) return;
    this.passwordRequest = undefined;
    request.submit(password);
  }

  /** The visitor gave up: the document says it is protected (and offers the prompt again). */
  cancelPassword(): void {
    if (!this.password) return;
    this.password = { ...this.password, cancelled: true };
    this.host.requestUpdate();
  }

  /** Back to the password prompt after a cancel. */
  askPasswordAgain(): void {
    if (!this.password) return;
    this.password = { incorrect: false, cancelled: false };
    this.host.requestUpdate();
  }

  /** Tries the same document again. */
  retry(): void {
    if (this.source) void this.show(this.source, this.lastService, this.lastAreas, true);
  }

  clear(): void {
    this.release();
    this.source = undefined;
    this.phase = 'idle';
    this.failure = undefined;
    this.host.requestUpdate();
  }

  private fail(failure: DocumentFailure): void {
    this.failure = failure;
    this.phase = 'error';
    this.host.requestUpdate();
    this.options.onError?.(failure.kind === 'broken' ? 'open-document' : 'load-document', failure.error);
  }

  private release(): void {
    this.password = undefined;
    this.passwordRequest = undefined;
    this.abort?.abort();
    this.abort = undefined;
    const destroy = this.destroyPdf;
    this.destroyPdf = undefined;
    this.pdf = undefined;
    this.areas = [];
    // Destroyed only after the host re-rendered without it: the page view first cancels its
    // paints and text streams, which would otherwise talk to a torn-down worker transport.
    if (destroy) {
      void this.host.updateComplete
        .then(() => new Promise((r) => setTimeout(r, 50)))
        .then(() => destroy())
        .catch(() => undefined);
    }
  }
}
