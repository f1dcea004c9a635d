import { html, nothing } from 'lit';
import type { Lang } from '../../../src/i18n/lang.js';
import { langOf, type Speaker } from '../../../src/i18n/translate.js';
import { dateTimeFormat } from '../../../src/i18n/format.js';
import type { PracticeDetail } from '../../../src/services/sign.js';
import { signerName } from '../../../src/pdf/areas.js';
import { codeKey, t, type StringKey } from '../strings.js';

/** Date-time in the viewer's language; the server's own string when it cannot be read. */
export function formatDate(value: string | null | undefined, lang: Lang): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function statusWord(lang: Speaker, status: string | undefined): string {
  const key = codeKey('status_', status);
  return key ? t(lang, key) : (status ?? '');
}

function actionWord(lang: Speaker, action: string | undefined): string {
  const key = codeKey('action_', action);
  return key ? t(lang, key) : (action ?? '');
}

function eventWord(lang: Speaker, action: string): string {
  const key = codeKey('event_', action) ?? (codeKey('action_', action) ? ('event_sign' as StringKey) : undefined);
  return key ? t(lang, key) : action;
}

/**
 * Name, status, expiry, urgency. `lang` is the viewer itself (its own `strings` count), or a language.
 */
export function renderHeader(p: PracticeDetail, lang: Speaker) {
  const words = (k: StringKey) => t(lang, k);
  return html`<header class="practice-header" part="header">
    <h2 class="practice-name" dir="auto">${p.name}</h2>
    <dl class="facts">
      <div><dt>${words('status')}</dt><dd><span class="status status-${p.status}" part="status" data-status=${p.status}>${statusWord(lang, p.status)}</span></dd></div>
      <div><dt>${words('expires')}</dt><dd>${p.expirationDate ? html`<time datetime=${p.expirationDate}>${formatDate(p.expirationDate, langOf(lang))}</time>` : words('noExpiry')}</dd></div>
      ${p.urgent ? html`<div><dt class="visually-hidden">${words('urgent')}</dt><dd><span class="urgent">${words('urgent')}</span></dd></div>` : nothing}
    </dl>
    ${p.summary ? html`<p class="summary" dir="auto">${p.summary}</p>` : nothing}
  </header>`;
}

/** Signers in order, with their action and status; the one in front of the screen is marked. */
export function renderSigners(p: PracticeDetail, lang: Speaker, me: string | undefined) {
  const words = (k: StringKey) => t(lang, k);
  return html`<section class="signers" part="signers" aria-labelledby="signers-title">
    <h3 id="signers-title">${words('signers')}</h3>
    <ol>
      ${p.signers.map((s) => {
        const mine = !!me && s.email?.toLowerCase() === me.toLowerCase();
        const statusKey = codeKey('signerStatus_', s.status);
        return html`<li class="signer ${mine ? 'mine' : ''}" data-email=${s.email} data-status=${s.status}>
          <span class="who">${signerName(s)}${mine ? t(lang, 'areaYou') : ''}</span>
          <span class="what">${actionWord(lang, s.action)}</span>
          <span class="signer-status signer-status-${s.status}">${statusKey ? words(statusKey) : s.status}</span>
        </li>`;
      })}
    </ol>
  </section>`;
}

/** The practice's events, oldest first. */
export function renderEvents(p: PracticeDetail, lang: Speaker) {
  const words = (k: StringKey) => t(lang, k);
  if (!p.events.length) return nothing;
  return html`<section class="events" part="events" aria-labelledby="events-title">
    <h3 id="events-title">${words('events')}</h3>
    <ol>
      ${p.events.map(
        (e) => html`<li data-action=${e.action}>
          <time datetime=${e.tsIns}>${formatDate(e.tsIns, langOf(lang))}</time>
          <span dir=${e.description ? 'auto' : nothing}>${e.description || eventWord(lang, e.action)}</span>
          ${e.notes ? html`<span class="notes">${e.notes}</span>` : nothing}
        </li>`,
      )}
    </ol>
  </section>`;
}
