import {
  DISABLED_PROBE_BACKOFF,
  OFFLINE_RETRY_BACKOFF,
  pausedUntil,
  samePauses,
  withDisabledKey,
  withOffline,
  withoutPauses,
  withRateLimit,
} from './account-pause';
import type { BackoffOptions, Random } from './backoff';
import { classifySendError, type SendDecision } from './classify';
import type { OutboxRecords } from './records';
import { claimedIds, settle } from './settle';
import type { AccountState, Clock, FindLanded, OutboxItem, WriteSender } from './types';

/** What the drainer needs from outside. */
export interface SchedulerDeps {
  records: OutboxRecords;
  sender: WriteSender;
  findLanded: FindLanded;
  clock: Clock;
  random: Random;
  disabledProbe?: BackoffOptions;
  offlineRetry?: BackoffOptions;
}

/** The result of one drain: when the background should wake the drainer again. */
export interface DrainResult {
  /** Earliest time a pass could make progress (`<= now`: at once), or null when nothing is pending. */
  nextWakeAt: number | null;
}

/**
 * The drainer: sends pending writes, oldest first, one at a time per account, and turns every
 * answer into the next durable state. Only one pass runs at a time; see `drain`.
 */
export class Scheduler {
  private running: Promise<DrainResult> | null = null;
  private followUp: Promise<DrainResult> | null = null;
  /** Items this instance is sending or settling right now (any other `sending` item was interrupted). */
  private readonly busy = new Set<string>();

  constructor(private readonly deps: SchedulerDeps) {}

  /**
   * Sends everything that may be sent now. Concurrent callers (alarm, start-up, a message) share
   * the running pass; a call that arrives while a pass runs gets exactly one more pass after it,
   * shared by every such caller, so a write enqueued mid-pass is never missed.
   */
  drain(): Promise<DrainResult> {
    if (this.running === null) {
      const pass = this.pass().finally(() => {
        this.running = null;
      });
      this.running = pass;
      return pass;
    }
    if (this.followUp === null) {
      this.followUp = this.running
        .catch(() => undefined)
        .then(() => {
          this.followUp = null;
          return this.drain();
        });
    }
    return this.followUp;
  }

  /**
   * Settles every item found `sending` that this instance is not sending: the worker stopped while
   * it was in flight. Each becomes `sent` (found among the newest contributions) or `uncertain`.
   * Call at start-up; every drain pass also does it first.
   */
  async recoverInterrupted(): Promise<OutboxItem[]> {
    const { records } = this.deps;
    const candidates = records.list().filter((item) => item.state.status === 'sending');
    const settled: OutboxItem[] = [];
    for (const { id } of candidates) {
      // Look again: an earlier settle in this loop awaited, and others may have moved the item.
      const item = records.item(id);
      if (item === undefined || item.state.status !== 'sending' || this.busy.has(id)) continue;
      this.busy.add(item.id);
      try {
        settled.push(await this.settleUnknown(item, item.state.since, 'interrupted'));
      } finally {
        this.busy.delete(item.id);
      }
    }
    return settled;
  }

  /** The earliest time a drain could make progress (for one account when given); `<= now` means now; null when nothing waits. */
  nextWakeAt(only?: string): number | null {
    const { records, clock } = this.deps;
    const now = clock();
    let earliest: number | null = null;
    for (const account of only === undefined ? records.accountNames() : [only]) {
      const head = records.list(account).find(isPending);
      if (head === undefined) continue;
      let at = pausedUntil(records.account(account), now) ?? now;
      if (head.state.status === 'waiting') at = Math.max(at, head.state.until);
      if (earliest === null || at < earliest) earliest = at;
    }
    return earliest;
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

  private async pass(): Promise<DrainResult> {
    await this.recoverInterrupted();
    const accounts = this.deps.records.accountNames();
    // allSettled, not all: the pass must not end (and free the drainer) while another account's
    // send is still in flight, or a second pass could put a second write of that account in flight.
    const outcomes = await Promise.allSettled(accounts.map((account) => this.drainAccount(account)));
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure !== undefined) throw failure.reason;
    return { nextWakeAt: this.nextWakeAt() };
  }

  private async drainAccount(account: string): Promise<void> {
    const { records, clock } = this.deps;
    for (;;) {
      const now = clock();
      if (pausedUntil(records.account(account), now) !== undefined) return;
      const head = records.list(account).find(isPending);
      if (head === undefined) return;
      if (head.state.status === 'waiting' && head.state.until > now) return;
      await this.sendOne(head);
    }
  }

  private async sendOne(item: OutboxItem): Promise<void> {
    const { records, sender, clock } = this.deps;
    const since = clock();
    const sending: OutboxItem = {
      ...item,
      state: { status: 'sending', since },
      attempts: item.attempts + 1,
      updatedAt: since,
    };
    this.busy.add(item.id);
    try {
      // Durable before the request leaves: a stop mid-send is then found and settled at start-up.
      await records.update(sending);
      let id: string;
      try {
        ({ id } = await sender(sending));
      } catch (error) {
        await this.afterFailure(sending, since, classifySendError(error));
        return;
      }
      const { lastError: _, ...rest } = sending;
      await records.update({ ...rest, state: { status: 'sent', id, at: clock() }, updatedAt: clock() });
      await this.updateAccount(item.account, (state) => withoutPauses(state, clock()));
    } finally {
      this.busy.delete(item.id);
    }
  }

  private async afterFailure(item: OutboxItem, since: number, decision: SendDecision): Promise<void> {
    const { records, clock, random } = this.deps;
    const now = clock();
    const { error } = decision;
    switch (decision.type) {
      case 'rate_limited': {
        const until = now + decision.retryAfterMs;
        // The account first: once the item says `waiting`, the pause that explains it is durable.
        await this.updateAccount(item.account, (state) => withRateLimit(state, until));
        const wait = Math.max(until, records.account(item.account)?.rateLimitedUntil ?? until);
        await records.update({ ...item, state: { status: 'waiting', until: wait }, lastError: error, updatedAt: now });
        return;
      }
      case 'key_disabled': {
        const reason = error.reason ?? error.message;
        const probe = this.deps.disabledProbe ?? DISABLED_PROBE_BACKOFF;
        await this.updateAccount(item.account, (state) => withDisabledKey(state, reason, now, probe));
        await records.update({ ...item, state: { status: 'queued' }, lastError: error, updatedAt: now });
        return;
      }
      case 'not_sent': {
        const retry = this.deps.offlineRetry ?? OFFLINE_RETRY_BACKOFF;
        await this.updateAccount(item.account, (state) => withOffline(state, error.message, now, random, retry));
        await records.update({ ...item, state: { status: 'queued' }, lastError: error, updatedAt: now });
        return;
      }
      case 'failed':
        await records.update({ ...item, state: { status: 'failed', reason: error, at: now }, updatedAt: now });
        await this.updateAccount(item.account, (state) => withoutPauses(state, now));
        return;
      case 'unknown':
        await this.settleUnknown({ ...item, lastError: error }, since, 'unknown');
        return;
      case 'landed_unreadable': {
        const settled = await this.settleUnknown({ ...item, lastError: error }, since, 'unreadable');
        if (settled.state.status === 'sent') return;
        const reason = { ...error, mayHaveLanded: true };
        await records.update({ ...settled, state: { status: 'failed', reason, at: clock() }, updatedAt: clock() });
        return;
      }
    }
  }

  /** Settles an item whose send may have landed: `sent` with the found id, else `uncertain`. */
  private async settleUnknown(item: OutboxItem, since: number, cause: string): Promise<OutboxItem> {
    const { records, findLanded, clock } = this.deps;
    const verdict = await settle(item, since, findLanded, claimedIds(records.list(), item.id));
    const now = clock();
    const next: OutboxItem = verdict.landed
      ? { ...item, state: { status: 'sent', id: verdict.id, at: now, settled: true }, updatedAt: now }
      : {
          ...item,
          state: { status: 'uncertain', since, at: now, detail: `${cause}: ${verdict.detail}` },
          updatedAt: now,
        };
    await records.update(next);
    return next;
  }

  private async updateAccount(account: string, change: (state: AccountState) => AccountState): Promise<void> {
    const { records } = this.deps;
    const current = records.account(account);
    const next = change(current ?? { account });
    if (!samePauses(current, next)) await records.updateAccount(next);
  }
}

/** Queued, or waiting for a 429's time: the items the drainer may send, in `seq` order. */
export function isPending(item: OutboxItem): boolean {
  return item.state.status === 'queued' || item.state.status === 'waiting';
}
