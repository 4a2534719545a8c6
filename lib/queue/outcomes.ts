/**
 * What each answer to a send leads to: the durable state of the item and of its account's pauses.
 * The scheduler (`scheduler.ts`) decides when to send; these functions only write down what came
 * back, so they take their dependencies as an argument and hold no state of their own.
 */

import {
  DISABLED_PROBE_BACKOFF,
  OFFLINE_RETRY_BACKOFF,
  samePauses,
  withDisabledKey,
  withLostAnswer,
  withOffline,
  withoutPauses,
  withRateLimit,
} from './account-pause';
import type { BackoffOptions, Random } from './backoff';
import { acceptedWrites, withBudget, withLearned } from './budget';
import { DEFAULT_RETRY_AFTER_MS, type SendDecision } from './classify';
import type { OutboxRecords } from './records';
import { claimedIds, settle } from './settle';
import type { AccountState, AnnouncedBudget, Clock, FailureReason, FindLanded, OutboxItem } from './types';

/** What writing down an answer needs; the scheduler's dependencies (`SchedulerDeps`) extend it. */
export interface OutcomeDeps {
  records: OutboxRecords;
  findLanded: FindLanded;
  clock: Clock;
  random: Random;
  disabledProbe?: BackoffOptions;
  offlineRetry?: BackoffOptions;
  /** The latest a send's answer can come (the sender's per-attempt timeout); default 15 s. */
  answerDeadlineMs?: number;
}

/** The sender's per-attempt timeout the scheduler assumes when none is given. */
export const DEFAULT_ANSWER_DEADLINE_MS = 15_000;

/**
 * Settles one item found `sending` that no pass is sending (the worker stopped while it was in
 * flight). A write the stored pause shows was refused goes back to `waiting`; else see
 * {@link settleUnknown}, with its answer lost.
 */
export async function recoverOne(deps: OutcomeDeps, item: OutboxItem, since: number): Promise<OutboxItem> {
  const { records, clock } = deps;
  const account = records.account(item.account);
  const by = account?.rateLimitedBy;
  // The refusal must be of this very attempt: by its number when stored, else by its time.
  const thisAttempt = by?.attempt !== undefined ? by.attempt === item.attempts : (by?.at ?? -1) >= since;
  if (account?.rateLimitedUntil !== undefined && by?.item === item.id && thisAttempt && by.lost !== true) {
    // The 429 was heard and stored before the stop: the platform refused the write.
    const now = clock();
    const waiting: OutboxItem = {
      ...item,
      state: { status: 'waiting', until: account.rateLimitedUntil },
      updatedAt: now,
    };
    await records.update(waiting);
    return waiting;
  }
  return settleUnknown(deps, item, since, 'interrupted', true);
}

/**
 * A refused write: the account's pause and the item's `waiting` state, durable together in one
 * transaction (a stop between two writes would otherwise leave a pause that explains nothing, or
 * a refused item with no pause). A 429 also teaches the budget (`withLearned`), and the budget its
 * headers announced (`observed`) is stored with it. Returns the time the item waits for.
 */
export async function storeRefusal(
  deps: OutcomeDeps,
  item: OutboxItem,
  until: number,
  at: number,
  error: FailureReason,
  observed?: AnnouncedBudget,
): Promise<number> {
  const { records } = deps;
  let state = withRateLimit(records.account(item.account) ?? { account: item.account }, until, {
    item: item.id,
    at,
    attempt: item.attempts,
  });
  if (error.kind === 'rate_limited') state = withLearned(state, acceptedWrites(records.list(item.account)), at, until);
  state = withBudget(state, observed);
  const wait = state.rateLimitedUntil ?? until;
  await records.updateWithAccount(
    { ...item, state: { status: 'waiting', until: wait }, lastError: error, updatedAt: at },
    state,
  );
  return wait;
}

/**
 * A send that threw: stores what the sender's error was classified as (`classifySendError`), and
 * the budget its answer's headers announced (`observed`) with it.
 */
export async function afterFailure(
  deps: OutcomeDeps,
  item: OutboxItem,
  since: number,
  decision: SendDecision,
  refused: { until: number; at: number } | undefined,
  observed?: AnnouncedBudget,
): Promise<void> {
  const { records, clock, random } = deps;
  const now = clock();
  const { error } = decision;
  switch (decision.type) {
    case 'rate_limited':
      // Usually stored already by onRefused, from the headers; again now with the full reason.
      await storeRefusal(
        deps,
        item,
        refused?.until ?? now + decision.retryAfterMs,
        refused?.at ?? now,
        error,
        observed,
      );
      return;
    case 'key_disabled': {
      const reason = error.reason ?? error.message;
      const probe = deps.disabledProbe ?? DISABLED_PROBE_BACKOFF;
      await updateAccount(deps, item.account, (state) =>
        withBudget(withDisabledKey(state, reason, now, probe), observed),
      );
      await records.update({ ...item, state: { status: 'queued' }, lastError: error, updatedAt: now });
      return;
    }
    case 'not_sent': {
      const retry = deps.offlineRetry ?? OFFLINE_RETRY_BACKOFF;
      await updateAccount(deps, item.account, (state) =>
        withBudget(withOffline(state, error.message, now, random, retry), observed),
      );
      await records.update({ ...item, state: { status: 'queued' }, lastError: error, updatedAt: now });
      return;
    }
    case 'failed':
      await records.update({ ...item, state: { status: 'failed', reason: error, at: now }, updatedAt: now });
      await updateAccount(deps, item.account, (state) => withBudget(withoutPauses(state, now), observed));
      return;
    case 'unknown':
      // The worker heard what happened (a 5xx, a broken connection: no answer reached the browser),
      // so no 429 can hide here; only a worker stopped mid-send may have lost one (recoverOne).
      await settleUnknown(deps, { ...item, lastError: error }, since, 'unknown', false);
      await updateAccount(deps, item.account, (state) => withBudget(state, observed));
      return;
    case 'landed_unreadable': {
      const settled = await settleUnknown(deps, { ...item, lastError: error }, since, 'unreadable', false);
      await updateAccount(deps, item.account, (state) => withBudget(state, observed));
      if (settled.state.status === 'sent') return;
      const reason = { ...error, mayHaveLanded: true };
      await records.update({ ...settled, state: { status: 'failed', reason, at: clock() }, updatedAt: clock() });
      return;
    }
  }
}

/**
 * Settles an item whose send may have landed: `sent` with the found id, else `uncertain`. When
 * its answer was lost and it is not found, its account waits the fallback (a lost 429) in the
 * same transaction, before any other write of that account goes out.
 */
export async function settleUnknown(
  deps: OutcomeDeps,
  item: OutboxItem,
  since: number,
  cause: string,
  answerLost: boolean,
): Promise<OutboxItem> {
  const { records, findLanded, clock } = deps;
  const verdict = await settle(item, since, findLanded, claimedIds(records.list(), item.id));
  const now = clock();
  if (verdict.landed) {
    const sent: OutboxItem = {
      ...item,
      state: { status: 'sent', id: verdict.id, at: now, settled: true },
      updatedAt: now,
    };
    await records.update(sent);
    return sent;
  }
  const next: OutboxItem = {
    ...item,
    state: { status: 'uncertain', since, at: now, detail: `${cause}: ${verdict.detail}` },
    updatedAt: now,
  };
  const current = records.account(item.account) ?? { account: item.account };
  const deadline = deps.answerDeadlineMs ?? DEFAULT_ANSWER_DEADLINE_MS;
  const paused = answerLost ? withLostAnswer(current, item.id, since, now, deadline, DEFAULT_RETRY_AFTER_MS) : current;
  if (samePauses(records.account(item.account), paused)) await records.update(next);
  else await records.updateWithAccount(next, paused);
  return next;
}

/** Changes an account's pauses or budget; stores them only when they changed. */
export async function updateAccount(
  deps: OutcomeDeps,
  account: string,
  change: (state: AccountState) => AccountState,
): Promise<void> {
  const { records } = deps;
  const current = records.account(account);
  const next = change(current ?? { account });
  if (!samePauses(current, next)) await records.updateAccount(next);
}
