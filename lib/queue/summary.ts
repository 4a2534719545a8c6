import { pausedUntil } from './account-pause';
import { acceptedWrites } from './budget';
import { type BudgetView, budgetView, type PacedHold } from './pacing';
import type { AccountState, ItemStatus, OutboxItem } from './types';

/** Item states from most to least in need of the user's attention. */
export const STATUS_SEVERITY: readonly ItemStatus[] = [
  'failed',
  'uncertain',
  'waiting',
  'sending',
  'queued',
  'scheduled',
  'sent',
];

/** An account's pause as the UI shows it (times absolute, ms). */
export interface AccountPause {
  account: string;
  /** Set while a 429's time lies ahead. */
  rateLimitedUntil?: number;
  /** True when that time is the fallback wait after a write whose answer was lost (no 429 was heard). */
  lostAnswer?: boolean;
  /** Set while the key is disabled: the server's reason and the next probe. */
  disabled?: { reason: string; nextProbeAt: number };
  /** Set while the network is down: the next retry. */
  offlineUntil?: number;
}

/** An account's write budget and reserve pacing as the UI shows them (not a pause: nothing failed). */
export interface AccountPacing {
  account: string;
  /** Set while pacing holds the account's next write back to keep its reserve. */
  paced?: PacedHold;
  /** What is known of the budget: announced by headers, or learned from refusals. */
  budget?: BudgetView;
}

/** Everything the badge, the popup and the Outbox header need, in one object. */
export interface OutboxSummary {
  counts: Record<ItemStatus, number>;
  /** Writes not yet sent or decided: queued, waiting and sending (a scheduled one waits for its time, not for the platform). */
  pending: number;
  /** The state most in need of attention among the items, or null when there are none. */
  worst: ItemStatus | null;
  /** Accounts currently paused (rate-limited, key disabled, offline). */
  paused: AccountPause[];
  /** When the drainer should run next (see Scheduler.nextWakeAt). */
  nextWakeAt: number | null;
  /** Accounts with a known budget or held by pacing. */
  pacing: AccountPacing[];
}

/**
 * Builds the summary from the items and account states (of one account when `account` is given);
 * `paced` names the accounts pacing holds (Scheduler.pacedHold).
 */
export function summarize(
  items: readonly OutboxItem[],
  accounts: readonly AccountState[],
  now: number,
  nextWakeAt: number | null,
  paced: ReadonlyMap<string, PacedHold> = new Map(),
): OutboxSummary {
  const counts: Record<ItemStatus, number> = {
    queued: 0,
    sending: 0,
    sent: 0,
    waiting: 0,
    failed: 0,
    uncertain: 0,
    scheduled: 0,
  };
  for (const item of items) counts[item.state.status] += 1;
  const worst = STATUS_SEVERITY.find((status) => counts[status] > 0) ?? null;
  const paused: AccountPause[] = [];
  for (const state of accounts) {
    if (pausedUntil(state, now) === undefined && state.disabled === undefined) continue;
    const pause: AccountPause = { account: state.account };
    if (state.rateLimitedUntil !== undefined && state.rateLimitedUntil > now) {
      pause.rateLimitedUntil = state.rateLimitedUntil;
      if (state.rateLimitedBy?.lost === true) pause.lostAnswer = true;
    }
    // A disabled key stays "disabled" after its probe time passed, until a probe succeeds.
    if (state.disabled !== undefined) {
      pause.disabled = { reason: state.disabled.reason, nextProbeAt: state.disabled.nextProbeAt };
    }
    if (state.offline !== undefined && state.offline.retryAt > now) pause.offlineUntil = state.offline.retryAt;
    paused.push(pause);
  }
  const pacing: AccountPacing[] = [];
  for (const state of accounts) {
    const entry: AccountPacing = { account: state.account };
    const hold = paced.get(state.account);
    if (hold !== undefined) entry.paced = hold;
    const budget = budgetView(state, acceptedWrites(items.filter((item) => item.account === state.account)), now);
    if (budget !== undefined) entry.budget = budget;
    if (hold !== undefined || budget !== undefined) pacing.push(entry);
  }
  return { counts, pending: counts.queued + counts.waiting + counts.sending, worst, paused, nextWakeAt, pacing };
}
