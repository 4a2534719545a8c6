import type { BackoffOptions, Random } from './backoff';
import type { OutboxStore } from './store';
import type { Clock, FindLanded, OutboxItem, WriteSender } from './types';

/** What the Outbox is built from. Everything with a side effect is injected. */
export interface OutboxOptions {
  store: OutboxStore;
  sender: WriteSender;
  findLanded: FindLanded;
  /** Defaults to `Date.now`. */
  clock?: Clock;
  /** Defaults to `Math.random` (jitter of offline retries). */
  random?: Random;
  /** Defaults to `crypto.randomUUID`. */
  newId?: () => string;
  /** Probe windows of a disabled key (default 30 s doubling to 10 min). */
  disabledProbe?: BackoffOptions;
  /** Retry windows while offline (default full jitter over 2 s doubling to 5 min). */
  offlineRetry?: BackoffOptions;
  /** Called before each send (the background arms a wake-up there); see SchedulerDeps. */
  beforeSend?: (item: OutboxItem) => Promise<void>;
  /** The sender's per-attempt timeout: the latest a lost answer could have come (default 15 s). */
  answerDeadlineMs?: number;
  /** Whether an account's writes may go out now (a key is saved for its address); see SchedulerDeps. */
  canSend?: (account: string) => Promise<boolean>;
  /** Writes per budget window the account keeps for the website and app (0 or absent: none); see SchedulerDeps. */
  reserveFor?: (account: string) => number | Promise<number>;
}

/** Why a user action on an item was refused. */
export type OutboxActionErrorCode = 'not_found' | 'not_allowed';

/** Thrown by `discard`, `sendAgain` and `editAndResend` when the item cannot take that action. */
export class OutboxActionError extends Error {
  override readonly name = 'OutboxActionError';
  constructor(
    readonly code: OutboxActionErrorCode,
    message: string,
  ) {
    super(message);
  }
}
