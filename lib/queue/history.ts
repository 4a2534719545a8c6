import type { OutboxItem } from './types';

/** Sent writes younger than this are never pruned (settling a lost answer reads them). */
export const SETTLE_FLOOR_MS = 3_600_000;

/** When an item was sent (0 for one that was not). */
function sentAt(item: OutboxItem): number {
  return item.state.status === 'sent' ? item.state.at : 0;
}

/**
 * The sent writes a bounded history forgets at `now`: beyond the newest `keep` sent ones or older
 * than `maxAgeMs`, except those sent within {@link SETTLE_FLOOR_MS}. Nothing else is ever pruned.
 */
export function prunable(
  items: readonly OutboxItem[],
  bound: { keep: number; maxAgeMs: number },
  now: number,
): OutboxItem[] {
  const sent = items.filter((item) => item.state.status === 'sent').sort((a, b) => sentAt(b) - sentAt(a));
  return sent.filter(
    (item, rank) => sentAt(item) < now - SETTLE_FLOOR_MS && (rank >= bound.keep || sentAt(item) < now - bound.maxAgeMs),
  );
}
