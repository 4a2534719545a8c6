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
  spend(accountId: string, now: number): void {
    this.db.prepare('INSERT INTO budget_writes (account_id, at) VALUES (?, ?)').run(accountId, now);
  }

  usage(accountId: string, now: number): BudgetUsage {
    const budget = this.budgetOf(accountId);
    const windowMs = budget.windowSeconds * 1000;
    const since = now - windowMs;
    // Entries that left the window can never count again (time only moves forward).
    this.db.prepare('DELETE FROM budget_writes WHERE account_id = ? AND at <= ?').run(accountId, since);
    const used =
      this.db
        .prepare<[string, number], { n: number }>(
          'SELECT COUNT(*) AS n FROM budget_writes WHERE account_id = ? AND at > ?',
        )
        .get(accountId, since)?.n ?? 0;
    const remaining = Math.max(0, budget.writes - used);
    let retryAfterSeconds = 0;
    if (remaining === 0) {
      // The write that must leave the window before one more fits (budgets can shrink below `used`).
      const leaving = this.db
        .prepare<[string, number, number], { at: number }>(
          'SELECT at FROM budget_writes WHERE account_id = ? AND at > ? ORDER BY at ASC LIMIT 1 OFFSET ?',
        )
        .get(accountId, since, used - budget.writes);
      const freeAt = (leaving?.at ?? now) + windowMs;
      retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now) / 1000));
    }
    return { ...budget, used, remaining, retryAfterSeconds };
  }
}
