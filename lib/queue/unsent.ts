import type { OutboxRecords } from './records';
import { isScheduled } from './scheduled';
import { isPending } from './scheduler';
import type { OutboxItem } from './types';

/** Not sent yet and not on its way: queued, waiting, or scheduled for later. */
function isUnsent(item: OutboxItem): boolean {
  return isPending(item) || isScheduled(item);
}

/**
 * Moves an account's writes not yet sent (a `sending` one keeps its account) to another, keeping
 * their `seq`: queued again, as the new account's budget is its own; a scheduled one keeps its
 * time. Run inside the records' serial chain. Returns them.
 */
export async function moveWrites(records: OutboxRecords, from: string, to: string, now: number): Promise<OutboxItem[]> {
  const moved: OutboxItem[] = [];
  for (const item of records.list(from)) {
    if (!isUnsent(item)) continue;
    const state: OutboxItem['state'] = isScheduled(item) ? item.state : { status: 'queued' };
    const next: OutboxItem = { ...item, account: to, state, updatedAt: now };
    await records.update(next);
    moved.push(next);
  }
  return moved;
}

/** Removes an account's writes not yet sent (queued, waiting or scheduled). Returns how many. */
export async function dropUnsent(records: OutboxRecords, account: string): Promise<number> {
  const unsent = records.list(account).filter(isUnsent);
  await records.removeMany(unsent.map((item) => item.id));
  return unsent.length;
}
