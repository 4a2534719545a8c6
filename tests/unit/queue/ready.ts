import { acceptedWrites } from '@/lib/queue/budget';
import { pacedUntil } from '@/lib/queue/pacing';
import { type AccountState, isHeld, type OutboxItem } from '@/lib/queue/types';

/**
 * The accounts whose head write may go out at `now`, judged from each account's own items and
 * state alone: pending head, no pause of its own ahead (429, probe, offline), not waiting, not held
 * for Undo, not held by its own pacing, nothing of its own in flight. At a quiet moment this list
 * must be empty: a ready account left unsent would be held up by some other account.
 */
export function readyAccounts(
  accounts: readonly string[],
  items: readonly OutboxItem[],
  states: ReadonlyMap<string, AccountState>,
  reserves: Readonly<Record<string, number>>,
  now: number,
): string[] {
  return accounts.filter((account) => {
    const own = items.filter((item) => item.account === account);
    if (own.some((item) => item.state.status === 'sending')) return false;
    const head = own.find((item) => item.state.status === 'queued' || item.state.status === 'waiting');
    if (head === undefined) return false;
    const state = states.get(account);
    const pauses = [state?.rateLimitedUntil, state?.disabled?.nextProbeAt, state?.offline?.retryAt];
    if (pauses.some((until) => until !== undefined && until > now)) return false;
    if (head.state.status === 'waiting' && head.state.until > now) return false;
    if (isHeld(head, now)) return false;
    return pacedUntil(state, acceptedWrites(own), reserves[account] ?? 0, now) === undefined;
  });
}
