import type { BudgetSignal } from '@/lib/api/budget';
import { pausedUntil, samePauses, withoutPauses } from './account-pause';
import { acceptedWrites, observeBudget, withBudget } from './budget';
import { classifySendError, DEFAULT_RETRY_AFTER_MS } from './classify';
import { landedState } from './landed';
import { afterFailure, type OutcomeDeps, recoverOne, storeRefusal } from './outcomes';
import { type PacedHold, pacedUntil } from './pacing';
import {
  type AnnouncedBudget,
  type FailureReason,
  isHeld,
  type OutboxItem,
  type SendResult,
  type WriteSender,
} from './types';

/** What the drainer needs from outside. */
export interface SchedulerDeps extends OutcomeDeps {
  sender: WriteSender;
  /**
   * Called before each send, before the item is stored `sending`: the background arms a wake-up
   * there, so a worker stopped mid-send (or a pass that throws) is always woken again.
   */
  beforeSend?: (item: OutboxItem) => Promise<void>;
  /**
   * Whether an account's writes may go out now: the background answers whether a key is saved for
   * the account's origin. A write queued for another address than the key's waits (no wake-up is
   * planned for it) until a key for its address is saved and the drainer is kicked.
   */
  canSend?: (account: string) => Promise<boolean>;
  /**
   * How many writes per budget window the account keeps for the platform's website and app (0 or
   * absent: none). Asked before each send; see `pacing.ts` for how the wait is chosen.
   */
  reserveFor?: (account: string) => number | Promise<number>;
}

/** The result of one drain: when the background should wake the drainer again. */
export interface DrainResult {
  /** Earliest time a pass could make progress (`<= now`: at once), or null when nothing can be sent. */
  nextWakeAt: number | null;
  /** Whether any write of any account is still to be sent (also one waiting for a key). */
  pending: boolean;
}

/**
 * The drainer: sends pending writes, oldest first, one at a time per account, and turns every
 * answer into the next durable state. Accounts drain independently; see `drain`.
 */
export class Scheduler {
  /** Each account's running loop, and the one more loop asked for while it runs. */
  private readonly accountRuns = new Map<string, Promise<void>>();
  private readonly accountFollowUps = new Map<string, Promise<void>>();
  /** Recoveries (settling interrupted sends) run one after another, never interleaved. */
  private exclusiveTail: Promise<unknown> = Promise.resolve();
  /** Items this instance is sending or settling right now (any other `sending` item was interrupted). */
  private readonly busy = new Set<string>();
  /** Accounts whose writes wait for a key for their address (as of the last pass). */
  private readonly keyless = new Set<string>();
  /** Each account's reserve as last asked (`nextWakeAt` and the summary are synchronous). */
  private readonly reserves = new Map<string, number>();

  constructor(private readonly deps: SchedulerDeps) {}

  /**
   * Sends everything that may be sent now. Interrupted sends are settled first; then each account
   * runs its own loop, one at a time per account: a call that arrives while an account's loop runs
   * gets exactly one more loop of that account after it (shared by every such caller), so a write
   * enqueued meanwhile is never missed, and an account never waits for another's send, slow or paused.
   * Resolves once every account's loop this call started or joined has ended.
   */
  async drain(): Promise<DrainResult> {
    await this.exclusive(() => this.recover());
    const accounts = this.deps.records.accountNames();
    // allSettled, not all: this call must not report (and the background must not plan the next
    // wake-up) while another account's send is still in flight.
    const outcomes = await Promise.allSettled(accounts.map((account) => this.runAccount(account)));
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure !== undefined) throw failure.reason;
    return { nextWakeAt: this.nextWakeAt(), pending: this.deps.records.list().some(isPending) };
  }

  /** The account's loop: the one running, else a new one; a call while one runs gets one more after it. */
  private runAccount(account: string): Promise<void> {
    const running = this.accountRuns.get(account);
    if (running === undefined) {
      const run = this.drainAccount(account).finally(() => this.accountRuns.delete(account));
      this.accountRuns.set(account, run);
      return run;
    }
    let next = this.accountFollowUps.get(account);
    if (next === undefined) {
      next = running
        .catch(() => undefined)
        .then(() => {
          this.accountFollowUps.delete(account);
          return this.runAccount(account);
        });
      this.accountFollowUps.set(account, next);
    }
    return next;
  }

  /**
   * Settles every item found `sending` that this instance is not sending: the worker stopped while
   * it was in flight. A write the stored pause shows was refused goes back to the queue; the others
   * become `sent` (found among the newest contributions) or `uncertain`, and an uncertain one pauses
   * its account for the fallback wait (its answer, perhaps a 429, was lost). Call at start-up;
   * every drain pass also does it first.
   */
  recoverInterrupted(): Promise<OutboxItem[]> {
    return this.exclusive(() => this.recover());
  }

  /** The earliest time a drain could make progress (for one account when given); `<= now` means now; null when nothing waits. */
  nextWakeAt(only?: string): number | null {
    const { records, clock } = this.deps;
    const now = clock();
    let earliest: number | null = null;
    for (const account of only === undefined ? records.accountNames() : [only]) {
      if (this.keyless.has(account)) continue;
      const head = records.list(account).find(isPending);
      if (head === undefined) continue;
      let at = pausedUntil(records.account(account), now) ?? now;
      if (head.state.status === 'waiting') at = Math.max(at, head.state.until);
      if (head.holdUntil !== undefined) at = Math.max(at, head.holdUntil);
      const paced = this.pacedAt(account, now);
      if (paced !== undefined) at = Math.max(at, paced);
      if (earliest === null || at < earliest) earliest = at;
    }
    return earliest;
  }

  /** Pacing holding the account's next pending write now, if it does (with the reserve last asked). */
  pacedHold(account: string): PacedHold | undefined {
    const now = this.deps.clock();
    if (!this.deps.records.list(account).some(isPending)) return undefined;
    const until = this.pacedAt(account, now);
    return until === undefined ? undefined : { until, reserve: this.reserves.get(account) ?? 0 };
  }

  private pacedAt(account: string, now: number): number | undefined {
    const { records } = this.deps;
    const reserve = this.reserves.get(account) ?? 0;
    const until = pacedUntil(records.account(account), acceptedWrites(records.list(account)), reserve, now);
    return until !== undefined && until > now ? until : undefined;
  }

  private async askReserve(account: string): Promise<void> {
    const { reserveFor } = this.deps;
    if (reserveFor === undefined) return;
    try {
      const reserve = await reserveFor(account);
      this.reserves.set(account, Number.isFinite(reserve) && reserve > 0 ? Math.floor(reserve) : 0);
    } catch {
      // A settings read that failed keeps the reserve last known: the queue goes on.
    }
  }

  /**
   * Lifts a disabled-key or offline pause at once (the user saved a new key, the browser came
   * online). A 429's time stays: the budget is the account's, a new key adds none.
   */
  async resumeAccount(account: string): Promise<void> {
    const { records } = this.deps;
    const state = records.account(account);
    if (state === undefined) return;
    const next = withoutPauses(state, this.deps.clock());
    if (!samePauses(state, next)) await records.updateAccount(next);
  }

  /** Back online: writes held for the network may go now (a 429's time and a key's probe stay). */
  async resumeOnline(): Promise<void> {
    const { records } = this.deps;
    for (const { offline, ...rest } of records.listAccounts())
      if (offline !== undefined) await records.updateAccount(rest);
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.exclusiveTail.then(fn, fn);
    this.exclusiveTail = run.catch(() => undefined);
    return run;
  }

  private async recover(): Promise<OutboxItem[]> {
    const { records } = this.deps;
    const candidates = records.list().filter((item) => item.state.status === 'sending');
    const recovered: OutboxItem[] = [];
    for (const { id } of candidates) {
      // Look again: an earlier settle in this loop awaited, and others may have moved the item.
      const item = records.item(id);
      if (item === undefined || item.state.status !== 'sending' || this.busy.has(id)) continue;
      this.busy.add(item.id);
      try {
        recovered.push(await recoverOne(this.deps, item, item.state.since));
      } finally {
        this.busy.delete(item.id);
      }
    }
    return recovered;
  }

  /** The accounts whose pending writes wait for a key for their address (as of the last pass). */
  waitingForKey(): string[] {
    return [...this.keyless].filter((account) => this.deps.records.list(account).some(isPending));
  }

  private async drainAccount(account: string): Promise<void> {
    const { records, clock, canSend } = this.deps;
    this.keyless.delete(account);
    if (canSend !== undefined && records.list(account).some(isPending) && !(await canSend(account))) {
      this.keyless.add(account);
      return;
    }
    for (;;) {
      // Asked before the checks: no await may come between choosing the head and sending it.
      await this.askReserve(account);
      const now = clock();
      if (pausedUntil(records.account(account), now) !== undefined) return;
      const items = records.list(account);
      // One write in flight per account, also while an interrupted one is still being settled.
      if (items.some((item) => item.state.status === 'sending')) return;
      const head = items.find(isPending);
      if (head === undefined) return;
      if (head.state.status === 'waiting' && head.state.until > now) return;
      if (isHeld(head, now)) return;
      // Pacing only adds waiting: every check above still holds on its own.
      if (this.pacedAt(account, now) !== undefined) return;
      await this.sendOne(head);
    }
  }

  private async sendOne(item: OutboxItem): Promise<void> {
    const { records, sender, clock, beforeSend } = this.deps;
    this.busy.add(item.id);
    try {
      if (beforeSend !== undefined) await beforeSend(item).catch(() => undefined);
      const since = clock();
      const sending: OutboxItem = {
        ...item,
        state: { status: 'sending', since },
        attempts: item.attempts + 1,
        updatedAt: since,
      };
      // Durable before the request leaves: a stop mid-send is then found and settled at start-up.
      await records.update(sending);
      let refused: { until: number; at: number } | undefined;
      // Stored with the outcome, in the same write (not a write of its own).
      let observed: AnnouncedBudget | undefined;
      const onBudget = async (signal: BudgetSignal): Promise<void> => {
        observed = observeBudget(signal, clock(), sending.id);
      };
      const onRefused = async (retryAfterMs: number, status: number): Promise<void> => {
        const at = clock();
        const wait = Number.isFinite(retryAfterMs) && retryAfterMs >= 0 ? retryAfterMs : DEFAULT_RETRY_AFTER_MS;
        const error: FailureReason = {
          kind: status === 429 ? 'rate_limited' : 'server',
          status,
          message: 'The platform asked to wait before the next write.',
        };
        refused = { until: await storeRefusal(this.deps, sending, at + wait, at, error, observed), at };
      };
      let result: SendResult;
      try {
        result = await sender(sending, { onRefused, onBudget });
      } catch (error) {
        await afterFailure(this.deps, sending, since, classifySendError(error), refused, observed);
        return;
      }
      const now = clock();
      const { lastError: _, ...rest } = sending;
      const landed: OutboxItem = { ...rest, state: landedState(result, now, since), updatedAt: now };
      const current = records.account(item.account);
      const next = withBudget(withoutPauses(current ?? { account: item.account }, now), observed);
      // The outcome and what the answer said of the budget: one transaction, one write.
      if (samePauses(current, next)) await records.update(landed);
      else await records.updateWithAccount(landed, next);
    } finally {
      this.busy.delete(item.id);
    }
  }
}

/** Queued, or waiting for a 429's time: the items the drainer may send, in `seq` order. */
export function isPending(item: OutboxItem): boolean {
  return item.state.status === 'queued' || item.state.status === 'waiting';
}
