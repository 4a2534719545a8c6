import { isPending } from './scheduler';
import type { OutboxItem } from './types';

/** A page's writes waiting at most (queued, or waiting for a time), per site. */
export const PAGE_PENDING_CAP = 10;
/** A page's writes per hour at most, per site. */
export const PAGE_HOURLY_CAP = 60;

/**
 * Writes from pages are capped per site, so a page (or a compromised renderer) cannot fill the
 * Outbox with writes no one clicked: at most {@link PAGE_PENDING_CAP} waiting and
 * {@link PAGE_HOURLY_CAP} an hour. The refusal's words (the bar shows them), or undefined: admitted.
 */
export function pageCapRefusal(items: readonly OutboxItem[], site: string, now: number): string | undefined {
  const mine = items.filter((item) => item.from === site);
  const pending = mine.filter(isPending).length;
  if (pending >= PAGE_PENDING_CAP) {
    return `${pending} writes from this site are still waiting: send or discard them in the Outbox first.`;
  }
  const lastHour = mine.filter((item) => now - item.createdAt < 3_600_000).length;
  if (lastHour >= PAGE_HOURLY_CAP) return `${lastHour} writes from this site in the last hour: that is the limit.`;
  return undefined;
}
