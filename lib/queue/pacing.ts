/**
 * Reserve pacing: an account may keep writes per window for the platform's website and app. Pure
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
 * Until when the account's next write waits to keep `reserve` writes per window free, or
 * `undefined` (no reserve, nothing known, or the budget allows a write now).
 * - Announced: writes believed left (the observed remaining less our writes accepted since) at or
 *   under the reserve → wait for the reset (`resetAt`, else `seenAt` + the announced or learned
 *   window; neither known → no wait). Past it the observation is stale and one write may go; its
 *   answer refreshes the observation.
 * - Announced with a limit and a window, or learned: our accepted writes in any trailing window stay
 *   within `limit − reserve`, at least 1 (a reserve ≥ the limit still lets one write per window go).
 */
export function pacedUntil(
  state: AccountState | undefined,
  accepted: readonly Accepted[],
  reserve: number,
  now: number,
): number | undefined {
  if (state === undefined || !(reserve > 0)) return undefined;
  const { budget, learned } = state;
  if (budget === undefined) {
    return learned === undefined ? undefined : windowHold(learned.limit, learned.windowMs, accepted, reserve, now);
  }
  const windowMs = budget.windowMs ?? learned?.windowMs;
  const resetAt = resetOf(budget, windowMs);
  let until: number | undefined;
  if (resetAt !== undefined && resetAt > now && believedRemaining(budget, accepted) <= reserve) until = resetAt;
  // Our own count also holds: the one write a stale observation lets go must not eat into the reserve.
  if (budget.limit !== undefined && windowMs !== undefined) {
    const own = windowHold(budget.limit, windowMs, accepted, reserve, now);
    if (own !== undefined && (until === undefined || own > until)) until = own;
  }
  return until;
}

/** The observed remaining less our writes accepted after it was seen (their answers said nothing). */
export function believedRemaining(budget: AnnouncedBudget, accepted: readonly Accepted[]): number {
  let since = 0;
  for (const write of accepted) if (write.at >= budget.seenAt && write.id !== budget.item) since += 1;
  return Math.max(0, budget.remaining - since);
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
