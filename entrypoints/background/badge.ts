import type { Status } from './status';
import { toolbar } from './tab-marks';

/** Badge colours: normal, rate-limited (amber), key disabled or a failed write (red). */
export const BADGE_COLORS = { normal: '#1f5fbf', paused: '#b45309', blocked: '#b91c1c' } as const;

/** What the toolbar badge shows for a status: the number of waiting writes (all accounts') and a colour. */
export function badgeFor(status: Status, now: number = Date.now()): { text: string; color: string } {
  const { pending } = status.outbox;
  const text = pending > 0 ? String(Math.min(pending, 999)) : '';
  // Every account counts: a disabled key or a rate limit on any of them colours the badge.
  const pauses = [status.pause, ...status.accounts.map((account) => account.pause)];
  if (pauses.some((pause) => pause.disabled !== null)) return { text: text || '!', color: BADGE_COLORS.blocked };
  if (pauses.some((pause) => pause.rateLimitedUntil !== null && pause.rateLimitedUntil > now)) {
    return { text, color: BADGE_COLORS.paused };
  }
  if (status.outbox.worst === 'failed' || status.outbox.worst === 'uncertain') {
    return { text: text || '!', color: BADGE_COLORS.blocked };
  }
  return { text, color: BADGE_COLORS.normal };
}

/** Draws the badge. */
export async function drawBadge(status: Status): Promise<void> {
  const { text, color } = badgeFor(status);
  const button = toolbar();
  await Promise.all([button.setBadgeText({ text }), button.setBadgeBackgroundColor({ color })]);
}
