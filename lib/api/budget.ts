/**
 * What a server says about an account's write budget in an answer's headers, in whichever dialect
 * it speaks (the IETF `RateLimit`/`RateLimit-Policy` fields, or `X-RateLimit-Limit/Remaining/Reset`).
 * The spec promises none of it (§8: only 429 with Retry-After), so every field may be absent.
 */
export interface BudgetSignal {
  /** Writes allowed per window, when the server says. */
  limit?: number;
  /** Writes left in the current window. */
  remaining: number;
  /** Milliseconds from the answer until the budget frees again (the window's reset), when said. */
  resetMs?: number;
  /** The window's length in ms, when said (a policy's `w=`). */
  windowMs?: number;
  /**
   * The other policies announced (the current IETF draft names several, e.g. a burst and a day) that
   * free later than this one, which has the fewest writes left: each still holds a reserve it
   * reaches, until its own reset. Absent when there is none.
   */
  later?: { remaining: number; resetMs: number }[];
  /** The header dialect it was read from, for the words the UI shows. */
  source: 'ietf' | 'x-ratelimit';
}
