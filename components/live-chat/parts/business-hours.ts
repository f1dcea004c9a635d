/**
 * The widget's weekly opening hours as one line for a visitor who finds the chat closed
 * ("Mon–Fri 09:00–18:00"). The spec gives the hours no shape; the simulator's (and this
 * reader's) is `{ timeZone, days: [{ day: 1..7 (ISO, Monday = 1), open: "HH:MM", close: "HH:MM" }] }`.
 * Anything else from the server yields nothing rather than a wrong line.
 */
import { intlLocale } from '../../../src/i18n/format.js';

export interface BusinessHours {
  timeZone?: string;
  days: Array<{ day: number; open: string; close: string }>;
}

const TIME = /^([01]\d|2[0-4]):[0-5]\d$/;

/** The hours when the server's value has the expected shape, else undefined. */
export function readBusinessHours(raw: unknown): BusinessHours | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const { timeZone, days } = raw as { timeZone?: unknown; days?: unknown };
  if (!Array.isArray(days) || !days.length) return undefined;
  const valid = days.every((d) => {
    const x = d as { day?: unknown; open?: unknown; close?: unknown };
    return (
      Number.isInteger(x.day) &&
      (x.day as number) >= 1 &&
      (x.day as number) <= 7 &&
      typeof x.open === 'string' &&
      TIME.test(x.open) &&
      typeof x.close === 'string' &&
      TIME.test(x.close)
    );
  });
  if (!valid) return undefined;
  return { ...(typeof timeZone === 'string' && timeZone ? { timeZone } : {}), days: days as BusinessHours['days'] };
}

function weekdayNames(lang: string): string[] {
  const format = new Intl.DateTimeFormat(intlLocale(lang), { weekday: 'short', timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return [1, 2, 3, 4, 5, 6, 7].map((day) => format.format(new Date(Date.UTC(2024, 0, day))));
}

/**
 * Runs of consecutive days with the same hours, each as "Mon–Fri 09:00–18:00"; several spans on
 * one day are joined with commas. Empty when the widget is open round the clock every day (then
 * the hours say nothing a closed chat could use).
 */
export function summariseHours(hours: BusinessHours, lang: string): string[] {
  const byDay = new Map<number, string>();
  for (const d of [...hours.days].sort((a, b) => a.day - b.day || a.open.localeCompare(b.open))) {
    const span = `${d.open}–${d.close}`;
    byDay.set(d.day, byDay.has(d.day) ? `${byDay.get(d.day)}, ${span}` : span);
  }
  if ([1, 2, 3, 4, 5, 6, 7].every((day) => byDay.get(day) === '00:00–24:00')) return [];
  const names = weekdayNames(lang);
  const runs: Array<{ from: number; to: number; spans: string }> = [];
  for (let day = 1; day <= 7; day++) {
    const spans = byDay.get(day);
    if (!spans) continue;
    const last = runs.at(-1);
    if (last && last.to === day - 1 && last.spans === spans) last.to = day;
    else runs.push({ from: day, to: day, spans });
  }
  return runs.map((r) => `${names[r.from - 1]}${r.to > r.from ? `–${names[r.to - 1]}` : ''} ${r.spans}`);
}

/**
 * The hours' time zone in the visitor's language ("Central European Time", "Ora dell’Europa
 * centrale"), when it is not the visitor's own; the place in the zone's id if the browser cannot name it.
 */
export function foreignZone(
  hours: BusinessHours,
  lang: string,
  visitorZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string | undefined {
  if (!hours.timeZone || hours.timeZone === visitorZone) return undefined;
  try {
    const parts = new Intl.DateTimeFormat(intlLocale(lang), {
      timeZone: hours.timeZone,
      timeZoneName: 'longGeneric',
    }).formatToParts(new Date());
    const name = parts.find((p) => p.type === 'timeZoneName')?.value;
    if (name) return name;
  } catch {
    // an unknown zone id: fall back to its place name
  }
  return hours.timeZone.split('/').at(-1)!.replace(/_/g, ' ');
}
