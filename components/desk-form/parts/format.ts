/** Formatting and small browser helpers shared by the desk form and the follow-up view. */
import type { Lang } from '../../../src/i18n/lang.js';
import { intlLocale as locale } from '../../../src/i18n/format.js';

/** A server date (ISO 8601) in the user's words; the raw text when it does not parse. */
export function formatDate(value: string | null | undefined, lang: Lang): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Intl.DateTimeFormat(
    locale(lang),
    dayOnly ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(date);
}

/** Minutes as "1 day 2 hours" / "1 giorno 2 ore" (whole units, largest two). */
export function formatMinutes(minutes: number, lang: Lang): string {
  const units: Array<[number, Intl.NumberFormatOptions['unit']]> = [
    [1440, 'day'],
    [60, 'hour'],
    [1, 'minute'],
  ];
  const parts: string[] = [];
  let rest = Math.max(0, Math.round(minutes));
  for (const [size, unit] of units) {
    const n = Math.floor(rest / size);
    if (n > 0 && parts.length < 2) {
      parts.push(new Intl.NumberFormat(locale(lang), { style: 'unit', unit, unitDisplay: 'long' }).format(n));
      rest -= n * size;
    }
  }
  return parts.length
    ? parts.join(' ')
    : new Intl.NumberFormat(locale(lang), { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(0);
}

/**
 * Copies text: the async Clipboard API where the page allows it, else a hidden textarea and
 * `execCommand('copy')` (older browsers, insecure origins, iframes without clipboard-write).
 */
export async function copyText(text: string, root: ShadowRoot | Document): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or not focused: fall back below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  const parent = root instanceof ShadowRoot ? root : document.body;
  parent.append(area);
  const active = (root as ShadowRoot).activeElement as HTMLElement | null;
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  active?.focus();
  return ok;
}
