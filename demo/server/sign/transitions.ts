import { SignError } from './errors.js';
import { isoOffset, type Practice, type PracticeEvent, type Signer } from './model.js';

/**
 * The moves of spec §3 a signer causes, with the events of §6 and a webhook call to each
 * configured URL (fire and forget: the simulator does not retry).
 */

function record(p: Practice, event: PracticeEvent, signerWebhook: unknown): void {
  p.events.push(event);
  p.tsUpd = event.tsIns;
  deliverWebhooks(p, event, signerWebhook);
}

function assertPending(p: Practice, s: Signer): void {
  if (p.status !== 'L')
    throw new SignError(
      409,
      `Practice ${p.idFile} is not in progress (status ${p.status})`,
      'error.file.notInProgress',
    );
  if (s.status !== 'L')
    throw new SignError(409, `Signer ${s.email} has already acted (status ${s.status})`, 'error.signer.alreadyDone');
}

/** The signer signs: `L` stays while others are pending; the last signature moves it to `F`. */
export function signPractice(p: Practice, s: Signer, now = new Date()): void {
  assertPending(p, s);
  const ts = isoOffset(now);
  s.status = 'F';
  s.tsSign = ts;
  if (p.signers.every((x) => x.status === 'F')) p.status = 'F';
  record(
    p,
    {
      action: s.action,
      tsIns: ts,
      description: `Firmata da ${s.firstName} ${s.lastName}`,
      signerEmail: s.email,
      notes: null,
    },
    s.webhook,
  );
}

/** The signer rejects: the practice moves to `R`, event `D` with the reason in `notes`. */
export function rejectPractice(p: Practice, s: Signer, reason: string | null, now = new Date()): void {
  assertPending(p, s);
  const ts = isoOffset(now);
  s.status = 'R';
  s.notes = reason;
  p.status = 'R';
  record(
    p,
    {
      action: 'D',
      tsIns: ts,
      description: `Rifiutata da ${s.firstName} ${s.lastName}`,
      signerEmail: s.email,
      notes: reason,
    },
    s.webhook,
  );
}

/** Spec §6 payload, placeholders of §2.7 substituted in the URL. */
function deliverWebhooks(p: Practice, event: PracticeEvent, signerWebhook: unknown): void {
  const targets = [p.webhook, ...p.webhooks, signerWebhook].filter(
    (w): w is { url: string } => !!w && typeof (w as { url?: unknown }).url === 'string',
  );
  if (!targets.length) return;
  const payload = {
    idFile: p.idFile,
    tenantCode: 'demo',
    name: p.name,
    status: p.status,
    action: event.action,
    signerEmail: event.signerEmail ?? null,
    notes: event.action === 'I' ? null : (event.notes ?? null),
    protocol: p.protocol,
    externalId: p.externalId,
    time: event.tsIns,
  };
  for (const target of targets) {
    const url = target.url
      .replaceAll('{{idFile}}', String(p.idFile))
      .replaceAll('{{tenantCode}}', 'demo')
      .replaceAll('{{signerEmail}}', encodeURIComponent(event.signerEmail ?? ''))
      .replaceAll('{{status}}', p.status)
      .replaceAll('{{action}}', event.action);
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(3000),
    }).catch(() => {
      // Receivers are best effort in the simulator; the real service would reschedule.
    });
  }
}

/** Records the submission event (`I`) of a practice that starts now. */
export function recordSubmission(p: Practice): void {
  record(
    p,
    { action: 'I', tsIns: p.tsIns, description: 'Pratica inviata in firma', signerEmail: null, notes: null },
    undefined,
  );
}
