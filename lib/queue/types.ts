import type { BudgetSignal } from '@/lib/api/budget';
import type { ApiErrorKind } from '@/lib/api/errors';

/** A write the user asked for. The Outbox sends it as one POST. */
export type WriteRequest =
  | { kind: 'post'; body: string }
  | { kind: 'comment'; postId: string; body: string }
  | { kind: 'reaction'; postId: string; reaction: string };

/** Why an item failed, kept as plain data so it survives IndexedDB and crosses messages. */
export interface FailureReason {
  /** The ApiError kind, or `unexpected` for anything the sender threw that was not an ApiError. */
  kind: ApiErrorKind | 'unexpected';
  message: string;
  status?: number;
  /** The scope a 403 named (`forbidden_scope`). */
  scope?: string;
  /** The server's reason text (disabled key, validation). */
  reason?: string;
  /**
   * True when the server accepted the write (2xx) but its answer could not be read
   * (`bad_response`) and the write was not found afterwards: sending again may duplicate it.
   */
  mayHaveLanded?: boolean;
}

/**
 * Where an item is. `queued → sending → sent(id)`; a 429 makes it `waiting(until)`; an unknown
 * outcome that could not be settled makes it `uncertain`; a definite refusal makes it `failed`.
 */
export type ItemState =
  | { status: 'queued' }
  | { status: 'sending'; since: number }
  /**
   * `id`: the platform's id (absent when it gave none: a reaction's record may have no id).
   * `twins`: other copies of the same post the platform holds (a browser re-sent the POST by itself).
   * `moderation: 'held'`: the platform took it but holds it for moderation; it is not public yet.
   * `since`: when the send that landed began (absent when it was found by a lookup): a read that
   * ended before it cannot have counted it.
   */
  | {
      status: 'sent';
      id?: string;
      at: number;
      since?: number;
      settled?: boolean;
      twins?: string[];
      moderation?: 'held';
    }
  | { status: 'waiting'; until: number }
  | { status: 'failed'; reason: FailureReason; at: number }
  | { status: 'uncertain'; since: number; at: number; detail: string }
  /**
   * The user chose when it goes: not sent, nor holding up its account's other writes, before
   * `sendAt`; then it joins the back of its account's queue (scheduled.ts).
   */
  | { status: 'scheduled'; sendAt: number };

/** The name of an item state. */
export type ItemStatus = ItemState['status'];

/** One write in the Outbox, exactly as persisted. */
export interface OutboxItem {
  /** Local id, stable for the item's whole life (also across "send again"). */
  id: string;
  /** Opaque account key given by the caller; FIFO and pauses are per account. */
  account: string;
  /** Monotonically increasing across the Outbox; FIFO order within an account. */
  seq: number;
  request: WriteRequest;
  state: ItemState;
  createdAt: number;
  updatedAt: number;
  /** How many times a send was started for this item (all attempts, all resends). */
  attempts: number;
  /** How many times the user explicitly sent it again (from `failed` or `uncertain`). */
  resends: number;
  /** The last error seen while it is still pending (offline, disabled key, 429), for display. */
  lastError?: FailureReason;
  /**
   * The site (origin) whose inline bar asked for this write; absent for the extension's own pages.
   * Bars on a site learn the state of that site's writes only, and pages' writes are capped.
   */
  from?: string;
  /**
   * Not sent before this time (epoch ms): a write from a click the extension could not prove the
   * user saw (Firefox has no IntersectionObserver v2), held for its Undo window. Its account's
   * later writes wait behind it (first in, first out).
   */
  holdUntil?: number;
  /**
   * A scheduled write that went to the queue: the time the user chose, and when it went (later
   * than chosen when the browser was not running then). Kept for the Outbox's words and notices.
   */
  scheduled?: { sendAt: number; wentAt: number };
}

/** Still in its Undo window at `now`: queued, and held until later. */
export function isHeld(item: OutboxItem, now: number): boolean {
  return item.state.status === 'queued' && item.holdUntil !== undefined && item.holdUntil > now;
}

/** Persisted pause state of one account. Absent fields mean "not paused for that reason". */
export interface AccountState {
  account: string;
  /** A 429 (or 503 with Retry-After) named this absolute time: no write before it. */
  rateLimitedUntil?: number;
  /**
   * Which send set `rateLimitedUntil` and when: a refusal heard (`lost` absent), or a send whose
   * answer was lost with the worker (`lost: true`: the fallback wait, since a 429 may have been lost).
   * At start-up it proves that an item left `sending` was refused, not written.
   */
  rateLimitedBy?: {
    item: string;
    at: number;
    lost?: boolean;
    /**
     * The refused send's attempt number (the item's `attempts` then): a later attempt of the same
     * item, interrupted in the same millisecond as the refusal (a `Retry-After: 0`), is not it.
     */
    attempt?: number;
  };
  /** 403 key_disabled: the queue is paused; the head item is tried again at `nextProbeAt`. */
  disabled?: { reason: string; since: number; attempt: number; nextProbeAt: number };
  /** The sender could not reach the server before sending (offline): retry with backoff. */
  offline?: { since: number; attempt: number; retryAt: number; message: string };
  /** The budget the newest answer's headers announced (see `pacing.ts`). Kept, not a pause. */
  budget?: AnnouncedBudget;
  /** The budget learned from a 429 when no headers say one (see `budget.ts`). Kept, not a pause. */
  learned?: LearnedBudget;
  /**
   * When the newest heard 429's wait ends, kept after it passed: the next 429 learns only from the
   * writes accepted after it.
   */
  refusalEndsAt?: number;
  /**
   * The platform account the key acts for, as the last key check named it: budgets are the
   * platform account's, so the waits and budget knowledge above are that account's.
   */
  speaker?: string;
}

/** What an answer's budget headers said, made absolute (epoch ms). */
export interface AnnouncedBudget {
  limit?: number;
  /** Writes left when the answer came, the write that answer was for already counted. */
  remaining: number;
  /** When the budget frees again, when said. */
  resetAt?: number;
  windowMs?: number;
  /** Other announced policies that free later (`BudgetSignal.later`): writes left then, and when each frees. */
  later?: { remaining: number; resetAt: number }[];
  /** When the answer came. */
  seenAt: number;
  /** The item whose answer said it (its own write is counted in `remaining`). */
  item: string;
  source: BudgetSignal['source'];
}

/** A budget learned from a 429: at most `limit` accepted writes in any `windowMs`. */
export interface LearnedBudget {
  limit: number;
  windowMs: number;
  learnedAt: number;
}

/** What the sender returns for a write the server accepted. */
export interface SendResult {
  /** The contribution's id (reactions: the reaction's id, if the server gave one), as webhook events name it. */
  id?: string;
  /** The record's moderation, when the platform held or rejected it (answered 202, or said so in the record). */
  moderation?: { state: 'held' | 'rejected'; reason?: string };
}

/** What the Outbox gives the sender for one write. */
export interface SendHooks {
  /**
   * Called as soon as the answer's status line and headers say "wait" (429, or 503 with
   * Retry-After), before the body is read or anything else is awaited: the Outbox makes the pause
   * durable here, so a worker stopped at any later instant still knows the write was refused.
   * The sender must await it before going on, and still throw the ApiError afterwards.
   */
  onRefused?: (retryAfterMs: number, status: number) => Promise<void>;
  /**
   * Called with what an answer's headers said about the account's write budget, for accepted
   * writes and refusals alike, before the sender resolves or throws (for a refusal, the API client
   * calls it before `onRefused`; either order is stored). The Outbox stores it with the write's
   * outcome; the sender must await it.
   */
  onBudget?: (signal: BudgetSignal) => Promise<void>;
  signal?: AbortSignal;
}

/**
 * Sends one write. Throws an ApiError on failure. The contract that matters:
 * - `outcomeUnknown: true` whenever the request may have reached the server (network error or
 *   timeout after it left, 500/502/504);
 * - kind `network` with `outcomeUnknown: false` when it certainly did not leave (offline, DNS,
 *   connection refused): the item stays queued and is retried with backoff.
 * Anything thrown that is not an ApiError is treated as an unknown outcome (never re-sent blindly).
 */
export type WriteSender = (item: OutboxItem, hooks?: SendHooks) => Promise<SendResult>;

/**
 * Looks for a write that may have landed: same account, same body (same reaction), created at or
 * after `sinceMs`. Returns candidate contribution ids, best first; the Outbox skips ids already
 * claimed by another item. May throw (offline): the item then becomes `uncertain`.
 */
export type FindLanded = (item: OutboxItem, sinceMs: number) => Promise<readonly string[]>;

/** Milliseconds since the epoch. Injected so tests drive time. */
export type Clock = () => number;
