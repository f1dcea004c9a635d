/**
 * What a customer may do with a request they follow, decided from what the service says about it:
 * is it closed, may it be reopened or rated, when may the next reminder go, and did anything change
 * since the last look. Pure functions: no DOM, no I/O, no clock of their own.
 */
import type { DeskComment, RequestDetail } from '../../services/desk-types.js';

/** One reminder a day (issue #22): the customer's last `sollecito` sets when the next may go. */
export const REMINDER_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Closed: `statoAvanz` `C` (the simulator's code; the spec shows only A and P) or a `statoRichiesta`
 * that says so in Italian or English, or a closing date.
 */
export function isClosed(detail: RequestDetail | undefined): boolean {
  if (!detail) return false;
  if (detail.statoAvanz === 'C') return true;
  if (typeof detail['dataChiusura'] === 'string' && detail['dataChiusura']) return true;
  return /^(chius|closed)/i.test(detail.statoRichiesta ?? '');
}

/** The request this one was reopened as, if any. */
export function reopenedAs(detail: RequestDetail | undefined): number | undefined {
  const v = detail?.['idRichiestaRiapertura'];
  return typeof v === 'number' && v > 0 ? v : undefined;
}

/** The rating already given, if the service reports one (`valutazione`: a number or `{valutazione, note}`). */
export function givenRating(
  detail: RequestDetail | undefined,
): { stars: number; note?: string | undefined } | undefined {
  const v = detail?.['valutazione'];
  if (typeof v === 'number' && v > 0) return { stars: v };
  if (v && typeof v === 'object' && typeof (v as { valutazione?: unknown }).valutazione === 'number') {
    const r = v as { valutazione: number; note?: unknown };
    return { stars: r.valutazione, note: typeof r.note === 'string' ? r.note : undefined };
  }
  return undefined;
}

export const canReopen = (detail: RequestDetail | undefined): boolean =>
  isClosed(detail) && reopenedAs(detail) === undefined;
export const canRate = (detail: RequestDetail | undefined): boolean =>
  isClosed(detail) && givenRating(detail) === undefined;

/**
 * When the next reminder may be sent (ms since the epoch), or undefined when one may go now.
 * Reads the thread, so the rule holds across reloads and devices.
 */
export function nextReminderAt(
  comments: readonly DeskComment[],
  now: number,
  intervalMs = REMINDER_INTERVAL_MS,
): number | undefined {
  let last: number | undefined;
  for (const c of comments) {
    if (!c.reminder || !c.origin.startsWith('clie') || !c.date) continue;
    const t = Date.parse(c.date);
    if (Number.isFinite(t) && (last === undefined || t > last)) last = t;
  }
  if (last === undefined) return undefined;
  const next = last + intervalMs;
  return next > now ? next : undefined;
}

/** A reminder is for a request still being worked on. */
export const canRemind = (detail: RequestDetail | undefined, comments: readonly DeskComment[], now: number): boolean =>
  !!detail && !isClosed(detail) && nextReminderAt(comments, now) === undefined;

/** What the customer sees of a request, as one comparable string: a poll that changes it is news. */
export function fingerprint(detail: RequestDetail | undefined, comments: readonly DeskComment[]): string {
  if (!detail) return '';
  return JSON.stringify([
    detail.statoAvanz,
    detail.statoRichiesta,
    detail.statoAssegnazione,
    detail.utenteAssegnatario?.idUtente,
    detail.dataPcarico,
    detail.dataScadenza,
    detail['dataChiusura'],
    detail['valutazione'],
    detail['idRichiestaRiapertura'],
    comments.map((c) => [c.id, c.text, c.attachments]),
  ]);
}

/** What the rating form gathered. */
export interface RatingInput {
  idRichiesta: number;
  /** 1 (very poor) to 5 (excellent). */
  valutazione: number;
  note?: string | undefined;
}

/**
 * The body of `POST /richieste/valutazione-richiesta`. The spec names the path and not the body;
 * this is the assumption written in demo/server/desk/README.md. Elements take a `ratingBody`
 * function to map it to the real server's names.
 */
export function defaultRatingBody(input: RatingInput): Record<string, unknown> {
  return {
    idRichiesta: input.idRichiesta,
    valutazione: input.valutazione,
    ...(input.note ? { note: input.note } : {}),
  };
}
