import type { FindLanded, OutboxItem } from './types';

/** The verdict on a write whose outcome was unknown. */
export type SettleResult =
  | { landed: true; id: string }
  | { landed: false; detail: 'not_found' | 'lookup_failed'; message?: string };

/**
 * Looks for a write that may have landed. `sinceMs` is when the send began; `claimed` holds the
 * ids other Outbox items already own, so two items with the same body never claim one contribution.
 * Absence proves nothing (moderation may hold a write that did land), so "not found" means
 * `uncertain`, never "safe to send again".
 */
export async function settle(
  item: OutboxItem,
  sinceMs: number,
  findLanded: FindLanded,
  claimed: ReadonlySet<string>,
): Promise<SettleResult> {
  let candidates: readonly string[];
  try {
    candidates = await findLanded(item, sinceMs);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { landed: false, detail: 'lookup_failed', message };
  }
  const id = candidates.find((candidate) => !claimed.has(candidate));
  return id === undefined ? { landed: false, detail: 'not_found' } : { landed: true, id };
}

/** Ids owned by sent items other than `exceptId`. */
export function claimedIds(items: Iterable<OutboxItem>, exceptId: string): Set<string> {
  const ids = new Set<string>();
  for (const item of items) {
    if (item.id !== exceptId && item.state.status === 'sent' && item.state.id !== undefined) ids.add(item.state.id);
  }
  return ids;
}
