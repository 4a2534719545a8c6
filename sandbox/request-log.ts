/** One API request as the sandbox saw it. */
export interface RequestLogEntry {
  /** Sandbox time (ms) when the request arrived. */
  at: number;
  method: string;
  path: string;
  /** The query string as sent (`?limit=20&cursor=…`), or '' (tests check what a request carried). */
  query: string;
  /** The account of the key sent, when the key is known (also when disabled or lacking a scope). */
  account: string | null;
  keyId: string | null;
  /** The status the handler answered (for a dropped connection: what it would have answered). */
  status: number;
  retryAfterSeconds: number | null;
  /** True when an injected fault destroyed the connection instead of answering. */
  dropped: boolean;
  durationMs: number;
}

/** The most recent API requests, in memory, oldest first; for tests that check how a client behaved. */
export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private readonly listeners = new Set<(entry: RequestLogEntry) => void>();

  constructor(private readonly capacity = 10_000) {}

  /** Logs a request; subscribers hear of it once `answerSent` resolves (the answer has gone out). */
  record(entry: RequestLogEntry, answerSent: Promise<void> = Promise.resolve()): void {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    if (this.listeners.size === 0) return;
    void answerSent.then(() => {
      for (const listener of this.listeners) listener(entry);
    });
  }

  /**
   * Calls `listener` with every entry once its answer has gone out to the client (in-process tests
   * that must act within milliseconds of an answer, e.g. stop a browser's worker right after a
   * 429). Returns the unsubscribe.
   */
  subscribe(listener: (entry: RequestLogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  list(filter: { account?: string; since?: number } = {}): RequestLogEntry[] {
    return this.entries.filter(
      (e) =>
        (filter.account === undefined || e.account === filter.account) &&
        (filter.since === undefined || e.at >= filter.since),
    );
  }

  clear(): void {
    this.entries = [];
  }
}
