import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { initialState, Task, TaskStatus } from '@lit/task';
import { loadStateOf, type AsyncState } from '../async-state.js';
import { isAbort, isServiceError, ServiceError } from '../../transport/errors.js';
import { isFinalStatus, type PracticeDetail, type PracticeStatus, type SignService } from '../../services/sign.js';
import { DEFAULT_BACKOFF, Poller, type BackoffOptions } from '../../model/sign/polling.js';
import { signerView, signerSteps, type SignerStep, type SignerView } from '../../model/sign/signer-view.js';

export interface PracticeControllerOptions {
  /** Called when the practice's status changes while followed (after a Sign action). */
  onStatus?: (change: {
    idFile: number;
    status: PracticeStatus;
    previousStatus: PracticeStatus;
    practice: PracticeDetail;
  }) => void;
  /** Called when one signer's step changes while followed (they signed or rejected). */
  onStep?: (change: {
    idFile: number;
    signer: SignerStep;
    /** The signer's status before. */
    previousStatus: string;
    /** The practice's status before this poll (its `status` is the new one). */
    previousPracticeStatus: PracticeStatus;
    practice: PracticeDetail;
  }) => void;
  /** Called once per failure the user sees (load, poll that stops, link). */
  onError?: (operation: string, error: ServiceError) => void;
  backoff?: () => BackoffOptions;
  /** The signer in front of the screen (`signer-email`): only their own link is ever fetched. */
  signerEmail?: () => string | undefined;
  /** Follow the practice from the moment it loads (a named signer waits for their turn or the end). */
  followOnLoad?: () => boolean;
}

function asServiceError(error: unknown): ServiceError {
  if (isServiceError(error)) return error as ServiceError;
  return new ServiceError({
    service: 'sign',
    kind: 'network',
    message: error instanceof Error ? error.message : String(error),
    cause: error,
  });
}

/**
 * A signature practice seen by the viewer: loads it, prefetches the signing link while it can be
 * signed, and after a Sign action follows its status with polite polling until it is final.
 */
export class SignPracticeController implements ReactiveController {
  /**
   * Loading the practice: a one-shot task (run again by {@link load} or Retry), rendered by the
   * element through the kit's one task view. Following it afterwards is the poller's job.
   */
  readonly loading: Task<readonly [SignService | undefined, number | undefined], PracticeDetail>;
  practice: PracticeDetail | undefined;
  /** A failure while following (a poll that stops for good); a failed load is the task's error. */
  private followError: ServiceError | undefined;
  /** A load was cut by a disconnect: asked again on reconnect. */
  private reloadOnConnect = false;
  /** The signing link, fetched ahead so a click can open it synchronously (no popup blocker). */
  signingLink: string | undefined;
  linkError: ServiceError | undefined;
  /** True while the practice is being followed after a Sign action. */
  following = false;

  private service: SignService | undefined;
  private idFile: number | undefined;
  private abort: AbortController | undefined;
  private readonly poller: Poller;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: PracticeControllerOptions = {},
  ) {
    host.addController(this);
    this.loading = new Task(host, {
      autoRun: false,
      task: async ([service, idFile], { signal }) => {
        if (!service || idFile === undefined) return initialState;
        return normalisePractice(await service.getPractice(idFile, { signal }));
      },
      onComplete: (practice) => {
        this.practice = practice;
        // The task marks itself complete right after this callback: what needs `phase` runs then.
        queueMicrotask(() => {
          if (this.practice !== practice) return;
          void this.prefetchLink();
          if (this.options.followOnLoad?.()) this.follow();
        });
      },
      onError: (error) => {
        this.practice = undefined;
        if (!isAbort(error)) this.options.onError?.('load-practice', asServiceError(error));
      },
    });
    this.poller = new Poller(
      () => this.poll(),
      () => this.options.backoff?.() ?? DEFAULT_BACKOFF,
      (error) => {
        const e = asServiceError(error);
        if (isAbort(error)) return false;
        // 401 after the transport's own refresh, 403 and 404 will not heal by polling again.
        if (e.status === 401 || e.status === 403 || e.status === 404) {
          this.following = false;
          this.followError = e;
          this.options.onError?.('follow-practice', e);
          this.host.requestUpdate();
          return false;
        }
        return true;
      },
    );
  }

  /** Where the practice stands: loading, shown, failed (to load, or to follow), or nothing asked. */
  get phase(): AsyncState {
    if (this.followError) return 'error';
    const state = loadStateOf(this.loading);
    return state === 'complete' && !this.practice ? 'idle' : state;
  }

  /** What failed: the load, or following the practice. */
  get error(): ServiceError | undefined {
    if (this.followError) return this.followError;
    if (this.loading.status !== TaskStatus.ERROR || isAbort(this.loading.error)) return undefined;
    return asServiceError(this.loading.error);
  }

  hostConnected(): void {
    if (this.reloadOnConnect) {
      this.reloadOnConnect = false;
      void this.loading.run();
    }
    if (this.following && this.practice && !isFinalStatus(this.practice.status)) this.poller.start(true);
  }

  hostDisconnected(): void {
    this.poller.stop();
    this.abort?.abort();
    if (this.loading.status === TaskStatus.PENDING) {
      this.reloadOnConnect = true;
      this.loading.abort();
    }
  }

  /** Loads (or reloads) `idFile` with `service`. Safe to call again with the same arguments. */
  load(service: SignService, idFile: number): Promise<void> {
    this.abort?.abort();
    this.abort = new AbortController();
    this.poller.stop();
    this.following = false;
    this.followError = undefined;
    this.service = service;
    this.idFile = idFile;
    this.signingLink = undefined;
    this.linkError = undefined;
    return this.loading.run([service, idFile]);
  }

  /** Resolves once the load under way, if any, has settled (its failure is the element's to show). */
  async settled(): Promise<void> {
    try {
      await this.loading.taskComplete;
    } catch {
      // Shown by the element from `phase` and `error`.
    }
  }

  /** Forgets the practice (element emptied or switched to link-only mode). */
  clear(): void {
    this.abort?.abort();
    this.poller.stop();
    this.following = false;
    this.practice = undefined;
    this.followError = undefined;
    this.signingLink = undefined;
    this.reloadOnConnect = false;
    // A run without a practice supersedes any load under way and leaves the task idle.
    void this.loading.run([undefined, undefined]);
  }

  /** The practice as the signer in front of the screen sees it (whose turn, each signer's step). */
  get view(): SignerView | undefined {
    if (!this.practice) return undefined;
    const email = this.options.signerEmail?.();
    // One view per practice answer and signer: the page view redraws its areas only when it changes.
    if (this.viewCache?.practice !== this.practice || this.viewCache.email !== email) {
      this.viewCache = { practice: this.practice, email, view: signerView(this.practice, email) };
    }
    return this.viewCache.view;
  }

  private viewCache: { practice: PracticeDetail; email: string | undefined; view: SignerView } | undefined;

  /**
   * True if a Sign action makes sense now: the practice is in progress and the link the service
   * gives is the viewing signer's (their turn), or no signer is named (the back-office view).
   */
  get canSign(): boolean {
    return this.phase === 'complete' && this.practice?.status === 'L' && !!this.view?.canSign;
  }

  private async prefetchLink(): Promise<void> {
    if (!this.canSign) {
      // Someone else's turn now: their link is never kept, shown or opened here.
      this.signingLink = undefined;
      return;
    }
    if (!this.service || this.idFile === undefined) return;
    try {
      this.signingLink = await this.service.getSigningLink(this.idFile, { signal: this.abort?.signal });
      this.linkError = undefined;
    } catch (error) {
      if (isAbort(error)) return;
      this.signingLink = undefined;
      this.linkError = asServiceError(error);
    }
    this.host.requestUpdate();
  }

  /** The signing link now: the prefetched one, else asked for. Rejects with ServiceError. */
  async getLink(): Promise<string> {
    if (!this.canSign)
      throw new ServiceError({ service: 'sign', kind: 'protocol', message: "It is not this signer's turn." });
    if (this.signingLink) return this.signingLink;
    if (!this.service || this.idFile === undefined)
      throw new ServiceError({ service: 'sign', kind: 'protocol', message: 'No practice loaded.' });
    try {
      this.signingLink = await this.service.getSigningLink(this.idFile, { signal: this.abort?.signal });
      this.linkError = undefined;
      return this.signingLink;
    } catch (error) {
      this.linkError = asServiceError(error);
      this.options.onError?.('signing-link', this.linkError);
      this.host.requestUpdate();
      throw this.linkError;
    }
  }

  /** Starts following the practice (after the signing page was opened). */
  follow(): void {
    if (!this.practice || isFinalStatus(this.practice.status)) return;
    this.following = true;
    this.host.requestUpdate();
    this.poller.start(false);
  }

  /** Polls now (the signing dialog closed, or the user asked). */
  refreshNow(): void {
    if (this.following) {
      this.poller.stop();
      this.poller.start(true);
    } else {
      void this.poll().catch(() => undefined);
    }
  }

  /** One `onStep` per signer whose step changed between two polls, in signing order. */
  private reportSteps(previous: PracticeDetail, next: PracticeDetail): void {
    const before = signerSteps(previous);
    for (const step of signerSteps(next).values()) {
      const was = before.get(step.email.trim().toLowerCase())?.status;
      if (was !== undefined && was !== step.status) {
        this.options.onStep?.({
          idFile: next.idFile,
          signer: step,
          previousStatus: was,
          previousPracticeStatus: previous.status,
          practice: next,
        });
      }
    }
  }

  /** One poll: true if anything the viewer shows changed. */
  private async poll(): Promise<boolean> {
    if (!this.service || this.idFile === undefined) return false;
    const next = normalisePractice(await this.service.getPractice(this.idFile, { signal: this.abort?.signal }));
    const previous = this.practice;
    const changed =
      !previous ||
      previous.status !== next.status ||
      previous.tsUpd !== next.tsUpd ||
      previous.events.length !== next.events.length ||
      previous.signers.some((s, i) => s.status !== next.signers[i]?.status);
    this.practice = next;
    this.followError = undefined;
    if (changed) {
      // The next signer gets another link: fetched again only if it is the viewing signer's.
      this.signingLink = undefined;
      void this.prefetchLink();
    }
    if (previous) this.reportSteps(previous, next);
    if (previous && previous.status !== next.status) {
      this.options.onStatus?.({
        idFile: next.idFile,
        status: next.status,
        previousStatus: previous.status,
        practice: next,
      });
    }
    if (isFinalStatus(next.status)) {
      this.following = false;
      this.poller.stop();
    }
    this.host.requestUpdate();
    return changed;
  }
}

/** Arrays the viewer iterates are always arrays, whatever a proxy or an older server sent. */
function normalisePractice(p: PracticeDetail): PracticeDetail {
  return {
    ...p,
    signers: Array.isArray(p.signers) ? p.signers : [],
    documents: Array.isArray(p.documents) ? [...p.documents].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)) : [],
    events: Array.isArray(p.events) ? p.events : [],
  };
}
