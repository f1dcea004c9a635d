/**
 * What the viewer makes of news from the service: the practice's status changed, one signer's step
 * changed, or (link-only) the link's signer acted. Each becomes words in the live region, a
 * `sportello-sign-status` event for the page, and — when the viewing signer is done — the signing
 * dialog closing. The controllers find the news; this says it.
 */
import type { Speaker } from '../../../src/i18n/translate.js';
import { isFinalStatus, type PracticeDetail, type PracticeStatus } from '../../../src/services/sign.js';
import { sameEmail, type SignerStep } from '../../../src/model/sign/signer-view.js';
import type { LinkOutcome } from '../../../src/controllers/sign/link-controller.js';
import type { LinkStatus } from '../../../src/services/sign.js';
import type { SignStatusDetail } from '../events.js';
import { t } from '../strings.js';
import { statusWord } from './practice-summary.js';

export interface NewsTarget {
  speaker: Speaker;
  /** Says the words in the live region. */
  say(text: string): void;
  /** Dispatches `sportello-sign-status`. */
  status(detail: SignStatusDetail): void;
  /** The signer in front of the screen, if named. */
  viewingSigner(): string | undefined;
  /** Closes the signing dialog (nothing more to do there). */
  done(): void;
}

export function practiceStatusNews(
  to: NewsTarget,
  change: { idFile: number; status: PracticeStatus; previousStatus: PracticeStatus; practice: PracticeDetail },
): void {
  const { idFile, status, previousStatus, practice } = change;
  to.say(t(to.speaker, 'statusChanged', { status: statusWord(to.speaker, status) }));
  to.status({ idFile, status, previousStatus, final: isFinalStatus(status), practice });
  if (isFinalStatus(status)) to.done();
}

export function signerStepNews(
  to: NewsTarget,
  change: {
    idFile: number;
    signer: SignerStep;
    previousStatus: string;
    previousPracticeStatus: PracticeStatus;
    practice: PracticeDetail;
  },
): void {
  const { idFile, signer, previousStatus, previousPracticeStatus, practice } = change;
  const key = signer.status === 'R' ? 'signerRejected' : signer.status === 'F' ? 'signerSigned' : undefined;
  if (key) to.say(t(to.speaker, key, { name: signer.name }));
  to.status({
    idFile,
    status: practice.status,
    previousStatus: previousPracticeStatus,
    final: isFinalStatus(practice.status),
    practice,
    signer: { email: signer.email, name: signer.name, status: signer.status, previousStatus, at: signer.at },
  });
  // The viewing signer is done: the signing dialog has nothing more to show.
  if (sameEmail(to.viewingSigner(), signer.email)) to.done();
}

/** Link-only mode: the link's signer acted, or the link closed — said, and told the page as `sportello-sign-status`. */
export function linkOutcomeNews(
  to: NewsTarget,
  outcome: LinkOutcome,
  status: LinkStatus,
  previous: LinkStatus | undefined,
  link: string,
): void {
  if (outcome === 'pending') return;
  to.say(t(to.speaker, outcome === 'signed' ? 'linkSigned' : outcome === 'rejected' ? 'linkRejected' : 'linkClosed'));
  const idFile = (status as { idFile?: unknown }).idFile;
  const signer = status.signer;
  to.status({
    link,
    outcome,
    idFile: typeof idFile === 'number' ? idFile : undefined,
    status: status.status,
    // Before its first answer the link was open (the viewer offers Sign only then): `L`.
    previousStatus: previous?.status ?? 'L',
    final: isFinalStatus(status.status),
    signer: signer
      ? {
          email: signer.email ?? '',
          status: signer.status,
          previousStatus: previous?.signer?.status ?? 'L',
          at: signer.tsSign ?? undefined,
        }
      : undefined,
  });
  to.done();
}
