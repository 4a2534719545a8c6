/** One API request as the sandbox saw it. */
export interface RequestLogEntry {
  /** Sandbox time (ms) when the request arrived. */
  at: number;
  method: string;
  path: string;
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

  constructor(private readonly capacity = 10_000) {}

  record(entry: RequestLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
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
