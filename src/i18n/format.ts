/**
 * Every date, time, number, file size and duration the kit shows goes through Intl
 * here, in the element's language. Formatters are cached per locale and options.
 */
import type { Lang } from './lang.js';

/**
 * The locale Intl gets for a catalogue language. English is British: the kit's sites are European
 * (24-hour times, day-month dates); every other language formats as its main locale does.
 */
export function intlLocale(lang: Lang): string {
  return lang === 'en' ? 'en-GB' : lang;
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(
  kind: string,
  lang: Lang,
  options: object,
  make: (locale: string) => T,
): T {
  const key = `${kind}|${lang}|${JSON.stringify(options)}`;
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make(intlLocale(lang));
    if (cache.size > 200) cache.clear();
    cache.set(key, f);
  }
  return f;
}

export function dateTimeFormat(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('dt', lang, options, (locale) => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(lang: Lang, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached('n', lang, options, (locale) => new Intl.NumberFormat(locale, options));
}

/** A date (and time, unless `dayOnly`), or '' for a value that is not a date. */
export function formatDate(
  value: string | number | Date | null | undefined,
  lang: Lang,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateTimeFormat(lang, options).format(date);
}

/** `ms` as an hour and minute ("14:05", "2:05 PM" where the language says so). */
export function formatTime(ms: number | Date, lang: Lang): string {
  return dateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(ms);
}

/**
 * A file size in the largest unit that keeps it ≥ 1 ("850 kB", "1,5 MB"), unit names as Intl gives
 * them. Steps of 1024, as upload limits are set (10 × 1024 × 1024 reads "10 MB").
 */
export function formatFileSize(bytes: number, lang: Lang): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = Math.max(0, bytes);
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return numberFormat(lang, {
    style: 'unit',
    unit: units[i],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && i > 0 ? 1 : 0,
  }).format(value);
}

/** A duration in minutes in words, the largest two whole units ("1 Tag 2 Stunden", "1 giorno 2 ore"). */
export function formatMinutes(minutes: number, lang: Lang): string {
  const units: Array<[number, 'day' | 'hour' | 'minute']> = [
    [1440, 'day'],
    [60, 'hour'],
    [1, 'minute'],
  ];
  let rest = Math.max(0, Math.round(minutes));
  const parts: string[] = [];
  for (const [size, unit] of units) {
    const n = Math.floor(rest / size);
    if (n > 0 && parts.length < 2) {
      parts.push(numberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(n));
      rest -= n * size;
    }
  }
  return parts.length
    ? parts.join(' ')
    : numberFormat(lang, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(0);
}
