import { displayLocale } from '@/lib/i18n';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

let relativeFormat: Intl.RelativeTimeFormat | undefined;
let exactFormat: Intl.DateTimeFormat | undefined;

/**
 * "5 min. ago", "yesterday", "now" in the UI language (Intl words: they come with the right plural
 * forms, which `_locales` cannot express). Future times (a skewed clock) read as "now".
 */
export function relativeTime(then: number, now: number): string {
  relativeFormat ??= new Intl.RelativeTimeFormat(displayLocale(), { numeric: 'auto', style: 'short' });
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relativeFormat.format(-Math.floor(seconds / size), unit);
  }
  return relativeFormat.format(0, 'second');
}

/** The exact date and time, for the hover title. */
export function exactTime(then: number): string {
  exactFormat ??= new Intl.DateTimeFormat(displayLocale(), { dateStyle: 'full', timeStyle: 'medium' });
  return exactFormat.format(then);
}

/** How long until the relative text changes, so a view re-renders no more often than needed. */
export function nextChangeIn(then: number, now: number): number {
  const seconds = Math.max(0, (now - then) / 1000);
  if (seconds < 60) return 10_000;
  if (seconds < 3600) return 60_000 - ((now - then) % 60_000);
  return 3_600_000 - ((now - then) % 3_600_000);
}
