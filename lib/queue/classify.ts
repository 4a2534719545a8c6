import { isApiError } from '@/lib/api/errors';
import type { FailureReason } from './types';

/** Used when a 429 carries no usable wait (the API client already falls back to 60 s; this is a guard). */
export const DEFAULT_RETRY_AFTER_MS = 60_000;

/** What the scheduler does after a failed send. */
export type SendDecision =
  /** 429, or 503 with Retry-After: pause every write of the account until now + retryAfterMs. */
  | { type: 'rate_limited'; retryAfterMs: number; error: FailureReason }
  /** 403 disabled key: keep the item queued, pause the account, probe with backoff. */
  | { type: 'key_disabled'; error: FailureReason }
  /** Certainly never reached the server (offline): keep queued, retry with backoff. */
  | { type: 'not_sent'; error: FailureReason }
  /** May have landed: settle it, never re-send blindly. */
  | { type: 'unknown'; error: FailureReason }
  /** 2xx whose body did not parse: it landed; settle to learn its id, else fail with a warning. */
  | { type: 'landed_unreadable'; error: FailureReason }
  /** A definite refusal (401, 403 scope, 404, other 4xx): fail; the user edits, resends or discards. */
  | { type: 'failed'; error: FailureReason };

/** Maps whatever the sender threw to the scheduler's decision. */
export function classifySendError(thrown: unknown): SendDecision {
  if (!isApiError(thrown)) {
    // A bug or an unexpected throw may still have happened after the request left.
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    return { type: 'unknown', error: { kind: 'unexpected', message } };
  }
  const error: FailureReason = { kind: thrown.kind, message: thrown.message };
  if (thrown.status !== undefined) error.status = thrown.status;
  if (thrown.scope !== undefined) error.scope = thrown.scope;
  if (thrown.reason !== undefined) error.reason = thrown.reason;

  switch (thrown.kind) {
    case 'rate_limited':
      return { type: 'rate_limited', retryAfterMs: validWait(thrown.retryAfterMs), error };
    case 'key_disabled':
      return { type: 'key_disabled', error };
    case 'forbidden_scope':
    case 'unauthorized':
    case 'not_found':
    case 'invalid':
      // The server answered and refused: nothing was written.
      return { type: 'failed', error };
    case 'bad_response':
      return { type: 'landed_unreadable', error };
    case 'server':
      // A 503 with Retry-After is the server asking us to wait, like a 429; it did not act.
      if (thrown.status === 503 && thrown.retryAfterMs !== undefined) {
        return { type: 'rate_limited', retryAfterMs: validWait(thrown.retryAfterMs), error };
      }
      return thrown.outcomeUnknown ? { type: 'unknown', error } : { type: 'not_sent', error };
    case 'network':
      return thrown.outcomeUnknown ? { type: 'unknown', error } : { type: 'not_sent', error };
  }
}

function validWait(ms: number | undefined): number {
  return ms !== undefined && Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_RETRY_AFTER_MS;
}
