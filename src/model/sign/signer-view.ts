/**
 * A practice as one signer sees it: whose turn it is, what they may do, and each signer's step
 * (who signed and when, from the events). Pure: the viewer and its tests call it with a practice.
 *
 * Order (the spec shows no rule; the simulator's README states it): signers act in the order the
 * practice lists them, and `GET /files/{idFile}/link` names the first signer still pending. So the
 * link is the viewing signer's only while they are that signer; at any other time it is someone
 * else's, and the viewer neither shows nor opens it.
 */
import type { PracticeDetail, PracticeSigner } from '../../services/sign.js';
import { isFinalStatus } from '../../services/sign.js';

export type SignerTurn =
  /** The viewing signer is the first pending one: the Sign action is theirs. */
  | 'your-turn'
  /** An earlier signer has to act first (`waitingFor`). */
  | 'waiting'
  /** The viewing signer has signed; others still have to (`waitingFor`). */
  | 'signed-waiting'
  | 'completed'
  | 'rejected'
  | 'expired'
  | 'cancelled'
  /** Still in progress, and the viewer is not one of the signers (an observer with a signer-email that is not on the practice). */
  | 'not-a-signer'
  /** No signer is named (no `signer-email`): the back-office view, any pending signer's link. */
  | 'overview'
  /** Another state (draft, suspended, …): nothing to sign. */
  | 'closed';

export interface SignerStep {
  email: string;
  name: string;
  status: string;
  /** When they signed or rejected (ISO), from `tsSign` or their event. */
  at?: string | undefined;
}

export interface SignerView {
  turn: SignerTurn;
  /** The viewing signer, when named and on the practice. */
  me?: SignerStep | undefined;
  /** The signer whose step comes next (the link's holder). */
  waitingFor?: SignerStep | undefined;
  /** Every signer's step, by lower-cased e-mail. */
  steps: Map<string, SignerStep>;
  /** True if the Sign action may be shown: the link the service gives now belongs to whoever is looking. */
  canSign: boolean;
}

const SIGNATURE_ACTIONS = new Set(['S', 'E', 'T', 'V', 'Q', 'P', 'O', 'J', 'W']);

function nameOf(s: Pick<PracticeSigner, 'firstName' | 'lastName' | 'email'>): string {
  return [s.firstName, s.lastName].filter(Boolean).join(' ') || s.email;
}

export const sameEmail = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Each signer's step, with the time of their signature or rejection from `tsSign` or the events. */
export function signerSteps(p: Pick<PracticeDetail, 'signers' | 'events'>): Map<string, SignerStep> {
  const steps = new Map<string, SignerStep>();
  for (const s of p.signers) {
    let at = s.tsSign ?? undefined;
    if (!at && (s.status === 'F' || s.status === 'R')) {
      const mine = p.events.filter(
        (e) =>
          sameEmail(e.signerEmail, s.email) && (s.status === 'R' ? e.action === 'D' : SIGNATURE_ACTIONS.has(e.action)),
      );
      at = mine.at(-1)?.tsIns;
    }
    steps.set(s.email.trim().toLowerCase(), { email: s.email, name: nameOf(s), status: s.status, at });
  }
  return steps;
}

export function signerView(p: PracticeDetail, signerEmail: string | undefined): SignerView {
  const steps = signerSteps(p);
  const pending = p.signers.find((s) => s.status === 'L');
  const waitingFor = pending ? steps.get(pending.email.trim().toLowerCase()) : undefined;
  const me = signerEmail ? steps.get(signerEmail.trim().toLowerCase()) : undefined;
  const view = (turn: SignerTurn, canSign = false): SignerView => ({ turn, me, waitingFor, steps, canSign });

  if (p.status === 'F' || p.status === 'A') return view('completed');
  if (p.status === 'R') return view('rejected');
  if (p.status === 'E') return view('expired');
  if (p.status === 'V') return view('cancelled');
  if (p.status !== 'L' || isFinalStatus(p.status)) return view('closed');
  if (!signerEmail) return view('overview', !!pending);
  if (!me) return view('not-a-signer');
  if (me.status === 'F') return view('signed-waiting');
  if (me.status === 'R') return view('rejected');
  if (pending && sameEmail(pending.email, me.email)) return view('your-turn', true);
  return view('waiting');
}
