/**
 * In-person signing in the viewer below a practice just sent: the signers the user hosts sign on
 * this device one after another. The viewer is named for one of them at a time (`signer-email`);
 * when that signer has signed here, the next in-person signer — who is in the room too — is named
 * and, if it is their turn now, their signing step opens at once in the viewer's dialog, as the
 * first one's did. A remote signer in between: the next in-person signer finds the Sign action in
 * the viewer when their turn comes.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { nextInPersonSigner, type SentSigner } from '../../../src/model/sign/composer/sent-signers.js';
import { sameEmail } from '../../../src/model/sign/signer-view.js';
import type { SignStatusDetail } from '../../sign-viewer/events.js';
import type { SportelloSignViewer } from '../../sign-viewer/sign-viewer.js';

export interface InPersonHostingOptions {
  /** The viewer below the practice sent, once rendered. */
  viewer: () => SportelloSignViewer | null;
  /** Tells the user (live region) that `signer` signs next, here. */
  announceNext: (signer: SentSigner) => void;
}

export class InPersonHosting implements ReactiveController {
  /** The in-person signer the viewer is named for: its `signer-email`. */
  current: SentSigner | undefined;
  private signers: readonly SentSigner[] = [];

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: InPersonHostingOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    // Nothing to start: hosting begins when a practice is sent.
  }

  /** A practice was sent: the viewer is named for its first in-person signer. True if they sign first of all. */
  start(signers: readonly SentSigner[]): boolean {
    this.signers = signers;
    this.current = signers.find((s) => s.inPerson);
    this.host.requestUpdate();
    return signers[0]?.inPerson === true;
  }

  /** Another practice is prepared: no one is hosted. */
  stop(): void {
    this.signers = [];
    this.current = undefined;
  }

  /** The viewer's `sportello-sign-status`: the hosted signer signed here → the next one signs. */
  readonly onStatus = async (e: CustomEvent<SignStatusDetail>): Promise<void> => {
    const d = e.detail;
    if (d.link !== undefined || !d.signer || d.signer.status !== 'F' || d.final) return;
    if (!this.current || !sameEmail(d.signer.email, this.current.email)) return;
    const next = nextInPersonSigner(this.signers, d.practice);
    if (!next) return;
    this.current = next;
    this.host.requestUpdate();
    this.options.announceNext(next);
    await this.host.updateComplete;
    // Opens only if it is their turn now (the viewer checks); the previous dialog closes first.
    await this.options.viewer()?.openSigning();
  };
}
