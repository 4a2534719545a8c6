import { displayLocale, type MessageKey } from '@/lib/i18n';
import { MAX_SCHEDULE_AHEAD_MS } from '@/lib/messages/limits';

export { wentLateBy } from '@/lib/messages/limits';

/**
 * "Send at…": the time a user picks in a composer's date-and-time field (`datetime-local`, the
 * browser's own picker, in the user's time zone), checked before it is sent and shown in words.
 */

/** The chosen time, or why it cannot be taken (words of the composer's). */
export type SendAtChoice = { sendAt: number } | { problem: MessageKey };

/** Reads the field's value (`2026-11-29T14:00`, local time) against `now`. */
export function parseSendAt(value: string, now: number): SendAtChoice {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (match === null) return { problem: 'composeSendAtMissing' };
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const sendAt = new Date(year ?? 0, (month ?? 1) - 1, day, hour, minute, second).getTime();
  if (!Number.isSafeInteger(sendAt)) return { problem: 'composeSendAtMissing' };
  if (sendAt <= now) return { problem: 'composeSendAtPast' };
  if (sendAt > now + MAX_SCHEDULE_AHEAD_MS) return { problem: 'composeSendAtFar' };
  return { sendAt };
}

/** A time as the field holds it: `YYYY-MM-DDTHH:MM`, local. */
export function fieldValue(ms: number): string {
  const date = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The field's first offer: the next whole quarter hour at least ten minutes ahead. */
export function suggestedSendAt(now: number): string {
  const quarter = 15 * 60_000;
  return fieldValue(Math.ceil((now + 10 * 60_000) / quarter) * quarter);
}

/** A scheduled time in words: "Sun, Nov 29, 2:00 PM" (the user's language and time zone). */
export function whenWords(ms: number): string {
  return new Date(ms).toLocaleString(displayLocale(), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** How late, in words: "32 min", "2 hr 5 min" (the language's own short units). */
export function lateWords(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(displayLocale(), { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (minutes < 60) return unit(minutes, 'minute');
  const rest = minutes % 60;
  return rest === 0 ? unit(minutes / 60, 'hour') : `${unit(Math.floor(minutes / 60), 'hour')} ${unit(rest, 'minute')}`;
}
