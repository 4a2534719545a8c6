/** What `npm run soak` is asked for and what it finds (bench/support/soak.ts). */

export interface SoakOptions {
  days: number;
  /** Writes in all, spread over the days. */
  writes: number;
  /** The history bounds the user set (the background prunes sent writes by them). */
  keepSent: number;
  keepSentDays: number;
  seed: number;
  /** Told of each simulated day as it ends. */
  onDay?: (day: number, figures: { pending: number; stored: number }) => void;
}

export interface SoakResult {
  enqueued: number;
  landed: number;
  /** Neither landed nor told to the user (failed or uncertain). */
  lost: number;
  /** Told to the user: refused for good, or uncertain (sent again only by the user). */
  asked: number;
  duplicated: number;
  /** Sends that left before a Retry-After the sandbox had named had passed (its own log). */
  early: number;
  events: Record<string, number>;
  /** Items kept in the Outbox's store at the end, and their size as JSON. */
  stored: { items: number; sent: number; bytes: number };
  /** Sent items beyond the history bounds at the end (0: pruning kept them). */
  beyondBounds: number;
  heapMb: { start: number; end: number };
  simulatedDays: number;
  realSeconds: number;
}
