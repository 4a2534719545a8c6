import type { Db } from './db.js';

/** A write budget: at most `writes` accepted writes within any `windowSeconds`. */
export interface Budget {
  writes: number;
  windowSeconds: number;
}

/** The outcome of asking the budget for one more write. */
export type BudgetDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Current use of an account's budget. */
export interface BudgetUsage extends Budget {
  used: number;
  remaining: number;
  /** Whole seconds until one more write would be accepted; 0 when one would be accepted now. */
  retryAfterSeconds: number;
  /**
   * Whole seconds (rounded up) until `remaining` next rises: until the oldest write in the window
   * leaves it (when the budget shrank below `used`, the one that makes room: then it equals
   * `retryAfterSeconds`); 0 when nothing is used.
   */
  resetSeconds: number;
}

/** Where a write came from: a key (the API) or the website's forms. */
export type WriteChannel = 'api' | 'website';

/** What a write created. */
export type WriteKind = 'post' | 'comment' | 'reaction';

/** One accepted write, as the budget log keeps it. */
export interface BudgetWrite {
  /** Sandbox time in ms. */
  at: number;
  channel: WriteChannel;
  /** Null for writes logged by a sandbox older than this field. */
  kind: WriteKind | null;
}

/**
 * Per-account write budgets as a sliding-window log: a write at time t is accepted when fewer than
 * `writes` accepted writes lie in (t − window, t]. Shared by every key of the account and the website.
 */
export class BudgetService {
  constructor(
    private readonly db: Db,
    private readonly defaults: Budget,
  ) {}

  /** The budget that applies to the account (its override, else the sandbox default). */
  budgetOf(accountId: string): Budget {
    const row = this.db
      .prepare<[string], { w: number | null; s: number | null }>(
        'SELECT budget_writes AS w, budget_window_seconds AS s FROM accounts WHERE id = ?',
      )
      .get(accountId);
    return { writes: row?.w ?? this.defaults.writes, windowSeconds: row?.s ?? this.defaults.windowSeconds };
  }

  setBudget(accountId: string, budget: Budget): void {
    this.db
      .prepare('UPDATE accounts SET budget_writes = ?, budget_window_seconds = ? WHERE id = ?')
      .run(budget.writes, budget.windowSeconds, accountId);
  }

  /** Whether one more write may happen now; must run in the same transaction as the write it guards. */
  check(accountId: string, now: number): BudgetDecision {
    const usage = this.usage(accountId, now);
    return usage.remaining > 0 ? { ok: true } : { ok: false, retryAfterSeconds: usage.retryAfterSeconds };
  }

  /** Records an accepted write. */
  spend(accountId: string, now: number, channel: WriteChannel = 'api', kind: WriteKind | null = null): void {
    this.db
      .prepare('INSERT INTO budget_writes (account_id, at, channel, kind) VALUES (?, ?, ?, ?)')
      .run(accountId, now, channel, kind);
  }

  /** Every accepted write of the account since `since` (ms, inclusive), oldest first; kept until a reset. */
  writes(accountId: string, since = Number.MIN_SAFE_INTEGER): BudgetWrite[] {
    return this.db
      .prepare<[string, number], BudgetWrite>(
        'SELECT at, channel, kind FROM budget_writes WHERE account_id = ? AND at >= ? ORDER BY at ASC, rowid ASC',
      )
      .all(accountId, since);
  }

  usage(accountId: string, now: number): BudgetUsage {
    const budget = this.budgetOf(accountId);
    const windowMs = budget.windowSeconds * 1000;
    const since = now - windowMs;
    // Writes that left the window stay in the log (tests read it afterwards); they no longer count.
    const used =
      this.db
        .prepare<[string, number], { n: number }>(
          'SELECT COUNT(*) AS n FROM budget_writes WHERE account_id = ? AND at > ?',
        )
        .get(accountId, since)?.n ?? 0;
    const remaining = Math.max(0, budget.writes - used);
    // The write whose leaving raises `remaining`: the oldest, or, when the budget shrank below `used`,
    // the one that makes room for one more.
    const leaving =
      used === 0
        ? undefined
        : this.db
            .prepare<[string, number, number], { at: number }>(
              'SELECT at FROM budget_writes WHERE account_id = ? AND at > ? ORDER BY at ASC LIMIT 1 OFFSET ?',
            )
            .get(accountId, since, Math.max(0, used - budget.writes));
    const resetSeconds = leaving === undefined ? 0 : Math.max(1, Math.ceil((leaving.at + windowMs - now) / 1000));
    const retryAfterSeconds = remaining === 0 ? Math.max(1, resetSeconds) : 0;
    return { ...budget, used, remaining, retryAfterSeconds, resetSeconds };
  }
}
