/**
 * Pacing: an account's writes go when its budget has room, as the platform announces it (no 429
 * needed to learn it), keeping the reserve the user asked for the platform's website and app. Pure
 * functions of the account's state and its accepted writes; the scheduler only adds this wait to
 * every other (a 429's time, probes, offline retries and Undo holds still hold on their own).
 */

import type { Accepted } from './budget';
import type { AccountState, AnnouncedBudget } from './types';

/** Pacing holding an account's next write (times absolute, ms). */
export interface PacedHold {
  until: number;
  /** The reserve it keeps, writes per window. */
  reserve: number;
}

/** The account's write budget as the UI shows it; plain data. */
export interface BudgetView {
  /** `announced`: from the newest answer's headers; `learned`: from 429s ("learned from refusals"). */
  source: 'announced' | 'learned';
  limit?: number;
  /** Writes believed left now (absent once an announced window has passed: unknown until the next answer). */
  remaining?: number;
  windowMs?: number;
  /** When an announced budget frees again, while that lies ahead. */
  resetAt?: number;
}

/**
 * Until when the account's next write waits, or `undefined` (it may go now as far as the budget
 * knows). `reserve` writes per window stay free for the website (0: none).
 * - Announced (the newest answer's headers): writes believed left (the observed remaining less our
 *   writes accepted since) at or under the reserve → wait for the reset (`resetAt`, else `seenAt` +
 *   the announced or learned window; neither known → no wait). Past it the observation is stale and
 *   one write may go; its answer refreshes the observation. Where the window is announced and our
 *   own writes explain all the use the answer announced ({@link ownLogExplains}), our log's times
 *   replace the reset, which headers round up to whole seconds: the wait ends when our oldest write
 *   in the window leaves it.
 * - Announced policies beside the one with the fewest writes left (`later`, e.g. a day beside a
 *   burst): each with writes believed left at or under the reserve holds until its own reset.
 * - Announced with a limit and a window (with a reserve, a learned window will do), or learned with
 *   a reserve: our accepted writes in any trailing window stay within `limit − reserve`, at least 1
 *   (a reserve ≥ the limit still lets one write per window go).
 * - Nothing announced and no reserve: no pacing; a 429's Retry-After holds on its own.
 * Pacing only adds waiting: a 429's time, probes and holds apply beside it, so no header, however
 * wrong, makes a write go before a Retry-After.
 */
export function pacedUntil(
  state: AccountState | undefined,
  accepted: readonly Accepted[],
  reserve: number,
  now: number,
): number | undefined {
  if (state === undefined) return undefined;
  const kept = reserve > 0 ? reserve : 0;
  const { budget, learned } = state;
  if (budget === undefined) {
    return kept === 0 || learned === undefined
      ? undefined
      : windowHold(learned.limit, learned.windowMs, accepted, kept, now);
  }
  const windowMs = budget.windowMs ?? learned?.windowMs;
  // Our own count also holds: the one write a stale observation lets go must not eat into the reserve.
  // Without a reserve only an announced window counts: a learned one errs long.
  const ownWindow = kept > 0 ? windowMs : budget.windowMs;
  const own =
    budget.limit !== undefined && ownWindow !== undefined
      ? windowHold(budget.limit, ownWindow, accepted, kept, now)
      : undefined;
  const policies = laterPolicyHold(budget, accepted, kept, now);
  if (budget.windowMs !== undefined && ownLogExplains(budget, accepted, budget.windowMs)) return latest(own, policies);
  const resetAt = resetOf(budget, windowMs);
  if (resetAt === undefined || resetAt <= now || believedRemaining(budget, accepted) > kept) {
    return latest(own, policies);
  }
  return latest(latest(own, resetAt), policies);
}

/** The later of two times, either possibly unknown. */
function latest(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || (b !== undefined && b > a) ? b : a;
}

/** The latest reset ahead among the other announced policies with writes believed left at or under the reserve. */
function laterPolicyHold(budget: AnnouncedBudget, accepted: readonly Accepted[], kept: number, now: number) {
  const since = writesSince(budget, accepted);
  let until: number | undefined;
  for (const policy of budget.later ?? []) {
    if (policy.resetAt > now && policy.remaining - since <= kept) until = latest(until, policy.resetAt);
  }
  return until;
}

/**
 * Whether our accepted writes account for all the use the answer announced: with a limit said, the
 * writes it counted (`limit − remaining`) are at most ours answered in the window before it (the
 * write it answered included). Then nobody else wrote in that window and, as our answers come after
 * the platform counted each write, "our oldest write in the window + window" is never before the
 * platform frees it. More use than ours (the website, another device) → the announced reset rules.
 */
export function ownLogExplains(budget: AnnouncedBudget, accepted: readonly Accepted[], windowMs: number): boolean {
  if (budget.limit === undefined) return false;
  const counted = budget.limit - budget.remaining;
  let ours = 0;
  for (const write of accepted) {
    if (write.id === budget.item || (write.at > budget.seenAt - windowMs && write.at <= budget.seenAt)) ours += 1;
  }
  return counted <= ours;
}

/** The observed remaining less our writes accepted after it was seen (their answers said nothing). */
export function believedRemaining(budget: AnnouncedBudget, accepted: readonly Accepted[]): number {
  return Math.max(0, budget.remaining - writesSince(budget, accepted));
}

/** Our writes accepted after the observation was seen (not the one whose answer said it). */
function writesSince(budget: AnnouncedBudget, accepted: readonly Accepted[]): number {
  let since = 0;
  for (const write of accepted) if (write.at >= budget.seenAt && write.id !== budget.item) since += 1;
  return since;
}

/** What the UI shows of an account's budget, or `undefined` when none is known. */
export function budgetView(state: AccountState, accepted: readonly Accepted[], now: number): BudgetView | undefined {
  const { budget, learned } = state;
  if (budget !== undefined) {
    const view: BudgetView = { source: 'announced' };
    if (budget.limit !== undefined) view.limit = budget.limit;
    const windowMs = budget.windowMs ?? learned?.windowMs;
    if (budget.windowMs !== undefined) view.windowMs = budget.windowMs;
    const resetAt = resetOf(budget, windowMs);
    if (resetAt === undefined || resetAt > now) view.remaining = believedRemaining(budget, accepted);
    if (budget.resetAt !== undefined && budget.resetAt > now) view.resetAt = budget.resetAt;
    return view;
  }
  if (learned === undefined) return undefined;
  const used = accepted.filter((write) => write.at > now - learned.windowMs && write.at <= now).length;
  return {
    source: 'learned',
    limit: learned.limit,
    remaining: Math.max(0, learned.limit - used),
    windowMs: learned.windowMs,
  };
}

function resetOf(budget: AnnouncedBudget, windowMs: number | undefined): number | undefined {
  return budget.resetAt ?? (windowMs === undefined ? undefined : budget.seenAt + windowMs);
}

/** Our accepted writes in (now − windowMs, now] at `max(1, limit − reserve)`: wait until the oldest that must leave has left. */
function windowHold(
  limit: number,
  windowMs: number,
  accepted: readonly Accepted[],
  reserve: number,
  now: number,
): number | undefined {
  const cap = Math.max(1, limit - reserve);
  const inWindow = accepted.filter((write) => write.at > now - windowMs && write.at <= now);
  if (inWindow.length < cap) return undefined;
  // Sorted oldest first (acceptedWrites): once this one leaves, one fewer than the cap remain.
  const leaving = inWindow[inWindow.length - cap];
  return leaving === undefined ? undefined : leaving.at + windowMs;
}
