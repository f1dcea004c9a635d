import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isAbort, type ServiceError } from '../../transport/errors.js';
import type { AiClient, AnalysisJob } from '../../services/ai.js';
import { Poller, type BackoffOptions } from '../../model/sign/polling.js';

/**
 * Where the analysis of the shown document stands: not asked, being made, ready (a summary and
 * the temporary agent to ask), or failed (the visitor may try again; signing is never held up).
 */
export type DocumentAskPhase = 'idle' | 'analysing' | 'ready' | 'failed';

/** An analysis job moves within seconds: asked again soon, less often as it takes longer. */
const ANALYSIS_BACKOFF: BackoffOptions = { baseMs: 400, maxMs: 5000, factor: 1.4 };

export interface DocumentAskOptions {
  /** Every failure (a refused request, a failed job): the element warns and emits `sportello-error`. */
  onError?: (operation: string, error: ServiceError | Error) => void;
}

/**
 * "Ask about this document": asks the gateway to analyse the document being shown (the gateway
 * sends the PDF itself), follows the asynchronous job until it is done, and keeps its summary and
 * its temporary agent. One document at a time: another document starts again, and a failure stays
 * here (a recoverable state the viewer shows next to the document, which stays signable).
 */
export class DocumentAskController implements ReactiveController {
  phase: DocumentAskPhase = 'idle';
  summary: string | undefined;
  agentId: number | undefined;
  error: ServiceError | Error | undefined;
  private key = '';
  private jobId: number | undefined;
  private client: AiClient | undefined;
  private abort: AbortController | undefined;
  private readonly poller: Poller;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: DocumentAskOptions = {},
  ) {
    host.addController(this);
    this.poller = new Poller(
      () => this.poll(),
      () => ANALYSIS_BACKOFF,
      (error) => {
        if (isAbort(error)) return false;
        this.fail(error);
        return false;
      },
    );
  }

  hostConnected(): void {
    if (this.phase === 'analysing' && this.jobId !== undefined) this.poller.start(true);
  }

  hostDisconnected(): void {
    this.poller.stop();
    this.abort?.abort();
  }

  /** Analyses document `idDocument` with a summary in `language`, unless that is already under way or done. */
  show(client: AiClient, idDocument: number, language: string): void {
    const key = `${idDocument}:${language}`;
    if (key === this.key && client === this.client && this.phase !== 'idle') return;
    this.key = key;
    this.client = client;
    void this.start(idDocument, language);
  }

  /** After a failure: asks again (the gateway starts a new analysis). */
  retry(): void {
    const [id, language] = this.key.split(':');
    if (this.client && id) void this.start(Number(id), language ?? 'en');
  }

  /** Forgets the document (none shown, or the feature turned off). */
  clear(): void {
    this.poller.stop();
    this.abort?.abort();
    this.key = '';
    this.jobId = undefined;
    this.set('idle');
  }

  private async start(idDocument: number, language: string): Promise<void> {
    this.poller.stop();
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    this.summary = undefined;
    this.agentId = undefined;
    this.jobId = undefined;
    this.set('analysing');
    try {
      const job = await this.client!.analyseSigningDocument(idDocument, language, abort.signal);
      if (abort.signal.aborted) return;
      this.jobId = job.id;
      if (!this.take(job)) this.poller.start(false);
    } catch (error) {
      if (!isAbort(error) && !abort.signal.aborted) this.fail(error);
    }
  }

  private async poll(): Promise<boolean> {
    const abort = this.abort;
    if (this.jobId === undefined || !this.client || !abort) return false;
    const job = await this.client.analysis(this.jobId, abort.signal);
    if (abort.signal.aborted) return false;
    if (this.take(job)) this.poller.stop();
    return false;
  }

  /** Applies a job's state; true once it is final. */
  private take(job: AnalysisJob): boolean {
    if (job.status === 'completed') {
      this.summary = job.result?.response ?? undefined;
      this.agentId = job.result?.agent_id ?? undefined;
      this.set('ready');
      return true;
    }
    if (job.status === 'failed') {
      this.fail(new Error(job.error_message ?? 'analysis failed'));
      return true;
    }
    return false;
  }

  private fail(error: unknown): void {
    this.poller.stop();
    this.error = error instanceof Error ? error : new Error(String(error));
    this.options.onError?.('analyse-document', this.error);
    this.set('failed');
  }

  private set(phase: DocumentAskPhase): void {
    this.phase = phase;
    if (phase !== 'failed') this.error = undefined;
    this.host.requestUpdate();
  }
}
