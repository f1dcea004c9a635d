/**
 * The signers of a practice just sent, as the composer tells the page and the user: the service's
 * answer (§2.8) matched to the draft's signers, who signs here on this device, and the passwords
 * the service made up for signers the user asked one for without giving it. Pure.
 */
import type { CreationResponse } from '../../../services/sign-authoring.js';
import { sentSigners } from './practice-body.js';
import type { PracticeDraft } from './practice-draft.js';

export interface SentSigner {
  email: string;
  name: string;
  /** §2.3 action code. */
  action: string;
  /**
   * The signer's signing link, only where the user may see it: an external signer's, when the
   * service (or the gateway) gave it. Absent for internal users and for links kept from the user.
   */
  signingUrl?: string | undefined;
  /** Signs here, on this device (§2.6 in-person signing hosted by the user). */
  inPerson: boolean;
}

const same = (a: string | undefined | null, b: string | undefined | null) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The answer's signers in signing order. A signer is in person when the service names the user as
 * their host, or (a service that does not echo `hostUsername`) when the draft's signer in the same
 * place was marked so.
 */
export function sentSignersOf(
  response: CreationResponse,
  draft: PracticeDraft,
  host: string | undefined,
): { signers: SentSigner[]; passwords: Map<string, string> } {
  const mine = sentSigners(draft);
  const passwords = new Map<string, string>();
  const signers = (response.signers ?? []).map((s, i) => {
    const drafted = mine.find((d) => same(d.email, s.email)) ?? mine[i];
    const name = [s.firstName, s.lastName].filter((x) => x && x.trim()).join(' ') || s.email;
    const inPerson = s.hostUsername ? same(s.hostUsername, host) : !!drafted?.inPerson;
    if (s.password && drafted?.requirePassword && !drafted.password) passwords.set(s.email, s.password);
    return {
      email: s.email,
      name,
      action: s.action,
      ...(s.signingUrl ? { signingUrl: s.signingUrl } : {}),
      inPerson,
    };
  });
  return { signers, passwords };
}

/**
 * The signer this device hosts next, after an in-person signer has signed here: the first signer,
 * in signing order, who signs in person and has not yet signed or refused (by the practice as the
 * service now gives it). Undefined when every in-person signer is done. A signer missing from the
 * practice counts as not done (the service's list is the one that orders; ours matches by e-mail).
 */
export function nextInPersonSigner(
  signers: readonly SentSigner[],
  practice: { signers: ReadonlyArray<{ email: string; status: string }> },
): SentSigner | undefined {
  const done = (email: string) =>
    practice.signers.some((s) => same(s.email, email) && (s.status === 'F' || s.status === 'R'));
  return signers.find((s) => s.inPerson && !done(s.email));
}
