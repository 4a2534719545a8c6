/**
 * The one countdown clock: every wait the extension shows (a rate limit, a queued write, an Undo
 * window) is drawn with these, in the side panel, the popup, the options page and the inline bars.
 */

/** Whole seconds left until `until` (ms), never negative; a started second counts as a whole one. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** A countdown as a clock shows it: `0:07`, `12:30`, `1:02:03`. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * The minute a countdown is in, for screen readers: changes only when a whole minute passes, so a
 * live region announces it once a minute (and at the end), not every second. 0 = less than a minute.
 */
export function minutesLeft(seconds: number): number {
  return Math.floor(Math.max(0, seconds) / 60);
}
