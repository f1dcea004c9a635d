/**
 * The day a chat message belongs to, as the list shows it above the first message of each day:
 * nothing for a conversation that is all of today, else "Today", "Yesterday" or the date.
 */
import { intlLocale } from '../../src/i18n/format.js';

/** A local calendar day as one comparable number (yyyymmdd). */
export function dayKey(ms: number): number {
  const d = new Date(ms);
  return d.getFullYear() * 10000 + (d.getMonth() + 1) * 100 + d.getDate();
}

/** Whole local days from `from` to `to` (a DST day still counts as one). */
function daysBetween(from: number, to: number): number {
  const start = new Date(from);
  const end = new Date(to);
  return Math.round(
    (Date.UTC(end.getFullYear(), end.getMonth(), end.getDate()) -
      Date.UTC(start.getFullYear(), start.getMonth(), start.getDate())) /
      86400000,
  );
}

const formats = new Map<
  string,
  { relative: Intl.RelativeTimeFormat; thisYear: Intl.DateTimeFormat; otherYear: Intl.DateTimeFormat }
>();

function formatsFor(lang: string) {
  let f = formats.get(lang);
  if (!f) {
    // The kit's one language-to-locale rule (English is en-GB), as every other date of the kit.
    const locale = lang ? intlLocale(lang) : undefined;
    f = {
      relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
      thisYear: new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' }),
      otherYear: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }),
    };
    formats.set(lang, f);
  }
  return f;
}

function capitalised(text: string, lang: string): string {
  return text.charAt(0).toLocaleUpperCase(lang || undefined) + text.slice(1);
}

/** "Today", "Yesterday" or the date of `ms`, in `lang`, seen on the day of `now`. */
export function dayName(ms: number, now: number, lang: string): string {
  const f = formatsFor(lang);
  const ago = daysBetween(ms, now);
  if (ago === 0 || ago === 1) return capitalised(f.relative.format(-ago, 'day'), lang);
  return capitalised(
    (new Date(ms).getFullYear() === new Date(now).getFullYear() ? f.thisYear : f.otherYear).format(ms),
    lang,
  );
}

/**
 * The label above a message at `ms` whose previous message is at `previousMs` (undefined for the
 * first): a new day gets one; the first message gets one unless it is from today.
 */
export function dayLabel(
  ms: number | undefined,
  previousMs: number | undefined,
  now: number,
  lang: string,
): string | undefined {
  if (ms === undefined || Number.isNaN(ms)) return undefined;
  const day = dayKey(ms);
  if (previousMs === undefined || Number.isNaN(previousMs))
    return day === dayKey(now) ? undefined : dayName(ms, now, lang);
  return day === dayKey(previousMs) ? undefined : dayName(ms, now, lang);
}
