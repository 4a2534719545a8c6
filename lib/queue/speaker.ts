import { forSpeaker } from './account-pause';
import type { OutboxRecords } from './records';

/**
 * A key check named `speaker`, the platform account the account's key acts for (`forSpeaker`):
 * waits and budget knowledge of another platform account are dropped, and the writes that waited
 * for its 429 are queued again, in order. True when a wait was dropped (a drain is due).
 */
export async function keyActsFor(records: OutboxRecords, account: string, speaker: string): Promise<boolean> {
  const state = records.account(account) ?? { account };
  const next = forSpeaker(state, speaker);
  if (next === state) return false;
  await records.updateAccount(next);
  const dropped = state.rateLimitedUntil !== undefined && next.rateLimitedUntil === undefined;
  for (const item of dropped ? records.list(account) : []) {
    if (item.state.status === 'waiting') await records.update({ ...item, state: { status: 'queued' } });
  }
  return dropped;
}
