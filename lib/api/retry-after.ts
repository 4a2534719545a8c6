/** Wait used when a 429 (or 503) names no usable Retry-After: missing, garbage or negative. */
export const DEFAULT_RETRY_AFTER_MS = 60_000;

/**
 * Longest wait we honour. A larger value is almost certainly a server bug (milliseconds sent as
 * seconds, a far-future date): we still wait longer than a retry loop would, but the queue does not
 * stall for months. The scheduler then gets another 429 with a fresh value if the server meant it.
 */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** Shortest wait: `Retry-After: 0` or a past date must not turn into a tight retry loop. */
export const MIN_RETRY_AFTER_MS = 1000;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAY = '(?:mon|tue|wed|thu|fri|sat|sun)[a-z]{0,6}';
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)';
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
/** RFC 9110 IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`. */
const IMF_FIXDATE = new RegExp(`^${WEEKDAY}, (\\d{1,2}) ${MONTH} (\\d{4}) ${TIME} GMT$`, 'i');
/** Obsolete RFC 850: `Sunday, 06-Nov-94 08:49:37 GMT`. */
const RFC850 = new RegExp(`^${WEEKDAY}, (\\d{1,2})-${MONTH}-(\\d{2}) ${TIME} GMT$`, 'i');
/** Obsolete asctime: `Sun Nov  6 08:49:37 1994` (always GMT). */
const ASCTIME = new RegExp(`^${WEEKDAY} ${MONTH} +(\\d{1,2}) ${TIME} (\\d{4})$`, 'i');
/** Not HTTP, but plausible from a real server: ISO 8601 with a zone. */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/i;

/** Parses an HTTP date (the three RFC 9110 forms, plus ISO 8601) to epoch ms, or undefined. */
export function parseHttpDate(value: string): number | undefined {
  const text = value.trim();
  let parts: [day: string, month: string, year: number, h: string, m: string, s: string] | undefined;
  let match = IMF_FIXDATE.exec(text);
  if (match) parts = [match[1] ?? '', match[2] ?? '', Number(match[3]), match[4] ?? '', match[5] ?? '', match[6] ?? ''];
  match = parts ? null : RFC850.exec(text);
  if (match) {
    const yy = Number(match[3]);
    // RFC 9110 §5.6.7: a two-digit year more than 50 years ahead is in the past century.
    parts = [
      match[1] ?? '',
      match[2] ?? '',
      yy < 70 ? 2000 + yy : 1900 + yy,
      match[4] ?? '',
      match[5] ?? '',
      match[6] ?? '',
    ];
  }
  match = parts ? null : ASCTIME.exec(text);
  if (match) parts = [match[2] ?? '', match[1] ?? '', Number(match[6]), match[3] ?? '', match[4] ?? '', match[5] ?? ''];
  if (parts) {
    const [day, month, year, h, m, s] = parts;
    if (Number(day) < 1 || Number(day) > 31 || Number(h) > 23 || Number(m) > 59 || Number(s) > 60) return undefined;
    const time = Date.UTC(year, MONTHS.indexOf(month.toLowerCase()), Number(day), Number(h), Number(m), Number(s));
    return Number.isFinite(time) ? time : undefined;
  }
  if (ISO.test(text)) {
    const time = Date.parse(text);
    return Number.isFinite(time) ? time : undefined;
  }
  return undefined;
}

/**
 * Parses a Retry-After value to a wait in ms, or undefined when it is missing or unusable.
 * Delta-seconds (`120`, tolerated `1.5`) or an HTTP date; a date is measured against the response's
 * own `Date` header when it has a valid one (so a skewed local clock does not shorten the wait),
 * otherwise against `now`. Not clamped: see {@link retryAfterMs}.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number,
  serverDate?: string | null,
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(?:\.\d+)?$/.test(text)) {
    const seconds = Number(text);
    return Number.isFinite(seconds) ? Math.ceil(seconds * 1000) : Number.POSITIVE_INFINITY;
  }
  const at = parseHttpDate(text);
  if (at === undefined) return undefined;
  const reference = (serverDate ? parseHttpDate(serverDate) : undefined) ?? now;
  return Math.max(0, at - reference);
}

/**
 * The wait for a rate-limited response: the Retry-After header; else a seconds value from the body
 * (some servers put it there); else {@link DEFAULT_RETRY_AFTER_MS}. Always within
 * [{@link MIN_RETRY_AFTER_MS}, {@link MAX_RETRY_AFTER_MS}].
 */
export function retryAfterMs(
  header: string | null | undefined,
  now: number,
  serverDate?: string | null,
  bodySeconds?: number,
): number {
  let wait = parseRetryAfter(header, now, serverDate);
  if (wait === undefined && bodySeconds !== undefined && Number.isFinite(bodySeconds) && bodySeconds >= 0) {
    wait = Math.ceil(bodySeconds * 1000);
  }
  if (wait === undefined || Number.isNaN(wait)) wait = DEFAULT_RETRY_AFTER_MS;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(MIN_RETRY_AFTER_MS, wait));
}
