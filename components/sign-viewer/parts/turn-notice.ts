import { html, nothing } from 'lit';
import type { Speaker } from '../../../src/i18n/translate.js';
import type { SignerView } from '../../../src/model/sign/signer-view.js';
import type { LinkOutcome } from '../../../src/controllers/sign/link-controller.js';
import { t, type StringKey } from '../strings.js';

const TURN_KEYS: Partial<Record<SignerView['turn'], StringKey>> = {
  'your-turn': 'turn_yourTurn',
  waiting: 'turn_waiting',
  'signed-waiting': 'turn_signedWaiting',
  completed: 'turn_completed',
  rejected: 'turn_rejected',
  expired: 'turn_expired',
  cancelled: 'turn_cancelled',
  'not-a-signer': 'turn_notSigner',
};

/**
 * Where the named signer stands, in words: "your turn", "waiting for Emily", "you have signed —
 * waiting for the others", completed, rejected, expired. Nothing in the back-office view (no
 * `signer-email`), where the practice's status badge says it all.
 */
export function renderTurn(view: SignerView | undefined, lang: Speaker, named: boolean) {
  if (!view || !named) return nothing;
  const key = TURN_KEYS[view.turn];
  if (!key) return nothing;
  const text = t(lang, key, { name: view.waitingFor?.name ?? '' });
  return html`<p class="turn turn-${view.turn}" part="turn" data-turn=${view.turn}>${text}</p>`;
}

const OUTCOME_KEYS: Record<Exclude<LinkOutcome, 'pending'>, StringKey> = {
  signed: 'linkSigned',
  rejected: 'linkRejected',
  closed: 'linkClosed',
};

/** Link-only mode's ending: "Signed. Thank you." (or rejected / no longer open). */
export function renderLinkOutcome(outcome: LinkOutcome | undefined, lang: Speaker) {
  if (!outcome || outcome === 'pending') return nothing;
  return html`<p class="turn turn-${outcome}" part="turn" data-turn=${outcome}>${t(lang, OUTCOME_KEYS[outcome])}</p>`;
}
