import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isAbort, isServiceError, ServiceError } from '../../transport/errors.js';
import { getLinkStatus, isFinalStatus, type LinkStatus } from '../../services/sign.js';
import { DEFAULT_BACKOFF, Poller, type BackoffOptions } from '../../model/sign/polling.js';

/** Where a link-only signer stands. */
export type LinkOutcome = 'pending' | 'signed' | 'rejected' | 'closed';

export function linkOutcome(s: LinkStatus): LinkOutcome {
  if (s.signer?.status === 'F') return 'signed';
  if (s.signer?.status === 'R') return 'rejected';
  if (s.status !== 'L' || isFinalStatus(s.status)) return 'closed';
  return 'pending';
}

export interface LinkControllerOptions {
  backoff?: () => BackoffOptions;
  /** The outcome changed: the status now and the one before (undefined at the first answer). */
  onOutcome?: (outcome: LinkOutcome, status: LinkStatus, previous: LinkStatus | undefined, url: string) => void;
  onError?: (operation: string, error: ServiceError) => void;
}

/**
 * Link-only mode (a signer who holds only the signing link): once the signing page is open,
 * follows the link's status with polite polling until the signer has signed or rejected or the
 * link is closed. Before, the viewer never asked again and kept offering "Sign" after signing.
 */
export class SignLinkController implements ReactiveController {
  outcome: LinkOutcome | undefined;
  status: LinkStatus | undefined;
  private url: string | undefined;
  private abort: AbortController | undefined;
  private readonly poller: Poller;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: LinkControllerOptions = {},
  ) {
    host.addController(this);
    this.poller = new Poller(
      () => this.poll(),
      () => this.options.backoff?.() ?? DEFAULT_BACKOFF,
      (error) => {
        if (isAbort(error)) return false;
        const e = isServiceError(error) ? (error as ServiceError) : undefined;
        // A link that is gone or refused will not come back by asking again.
        if (e && (e.status === 401 || e.status === 403 || e.status === 404)) {
          this.options.onError?.('follow-link', e);
          return false;
        }
        return true;
      },
    );
  }

  hostConnected(): void {
    if (this.url && this.outcome === 'pending') this.poller.start(true);
  }

  hostDisconnected(): void {
    this.poller.stop();
    this.abort?.abort();
  }

  /** Follows `url` until an outcome other than pending. */
  follow(url: string): void {
    if (this.url === url && this.poller.active) return;
    this.stop();
    this.url = url;
    this.outcome = 'pending';
    this.abort = new AbortController();
    this.poller.start(false);
  }

  /** Asks now (the dialog closed). */
  refreshNow(): void {
    if (!this.url) return;
    this.poller.stop();
    this.poller.start(true);
  }

  stop(): void {
    this.poller.stop();
    this.abort?.abort();
    this.url = undefined;
    this.outcome = undefined;
    this.status = undefined;
  }

  private async poll(): Promise<boolean> {
    if (!this.url) return false;
    const status = await getLinkStatus(this.url, { signal: this.abort?.signal });
    const outcome = linkOutcome(status);
    const changed = outcome !== this.outcome;
    const previous = this.status;
    this.status = status;
    this.outcome = outcome;
    if (changed) {
      this.options.onOutcome?.(outcome, status, previous, this.url);
      this.host.requestUpdate();
    }
    if (outcome !== 'pending') this.poller.stop();
    return changed;
  }
}
