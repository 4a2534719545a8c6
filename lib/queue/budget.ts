/**
 * What the Outbox knows about an account's write budget: announced by an answer's headers, or
 * learned from a 429 when no headers say it. Pure functions over `AccountState`; `pacing.ts`
 * decides from them when the next write may go.
 */

import type { BudgetSignal } from '@/lib/api/budget';
import { MAX_RETRY_AFTER_MS } from '@/lib/api/retry-after';
import { SETTLE_FLOOR_MS } from './history';
import type { AccountState, AnnouncedBudget, OutboxItem } from './types';

/** How far back a 429 looks for the writes that spent the budget (sent items this young are never pruned). */
export const LEARN_LOOKBACK_MS = SETTLE_FLOOR_MS;

/** One write of ours the platform accepted: which item, and when its answer came. */
export interface Accepted {
  id: string;
  at: number;
}

/** The account's accepted writes (`sent`), oldest answer first. */
export function acceptedWrites(items: readonly OutboxItem[]): Accepted[] {
  const accepted: Accepted[] = [];
  for (const item of items) if (item.state.status === 'sent') accepted.push({ id: item.id, at: item.state.at });
  return accepted.sort((a, b) => a.at - b.at);
}

/** A signal from the sender, made absolute at `seenAt` (the answer to `item`). */
export function observeBudget(signal: BudgetSignal, seenAt: number, item: string): AnnouncedBudget {
  const observed: AnnouncedBudget = { remaining: Math.max(0, signal.remaining), seenAt, item, source: signal.source };
  if (validCount(signal.limit)) observed.limit = signal.limit;
  // A budget never holds writes longer than a 429 could: a reset or window past a day is cut to one.
  if (validSpan(signal.resetMs)) observed.resetAt = seenAt + Math.min(signal.resetMs, MAX_RETRY_AFTER_MS);
  if (validSpan(signal.windowMs) && signal.windowMs > 0) {
    observed.windowMs = Math.min(signal.windowMs, MAX_RETRY_AFTER_MS);
  }
  const later = (signal.later ?? []).flatMap((policy) =>
    validCount(policy.remaining) && validSpan(policy.resetMs)
      ? [{ remaining: policy.remaining, resetAt: seenAt + Math.min(policy.resetMs, MAX_RETRY_AFTER_MS) }]
      : [],
  );
  if (later.length > 0) observed.later = later;
  return observed;
}

/** The state with the newest observation, if any (it replaces the older one). */
export function withBudget(state: AccountState, observed: AnnouncedBudget | undefined): AccountState {
  return observed === undefined ? state : { ...state, budget: observed };
}

/**
 * After a 429 heard at `at` whose wait ends at `until`: learns `limit` = our writes accepted since
 * the previous refusal's wait ended (at most {@link LEARN_LOOKBACK_MS} back), `windowMs` = the wait
 * plus the time since the first of them. Exact for a sliding-window server when that run began with
 * an empty budget and nobody else wrote; otherwise the window errs long and the limit low (someone
 * else's writes are invisible), except that a website write older than all of ours shortens the window.
 * No write of ours since then (someone else spent the budget): the old lesson stays.
 */
export function withLearned(
  state: AccountState,
  accepted: readonly Accepted[],
  at: number,
  until: number,
): AccountState {
  const from = Math.max(state.refusalEndsAt ?? Number.NEGATIVE_INFINITY, at - LEARN_LOOKBACK_MS);
  const spent = accepted.filter((write) => write.at >= from && write.at <= at);
  const next: AccountState = { ...state, refusalEndsAt: Math.max(until, state.refusalEndsAt ?? until) };
  const first = spent[0];
  if (first !== undefined) next.learned = { limit: spent.length, windowMs: until - first.at, learnedAt: at };
  return next;
}

function validCount(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value) && value >= 0;
}

function validSpan(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value) && value >= 0;
}
