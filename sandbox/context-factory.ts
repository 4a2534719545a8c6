import { type Budget, BudgetService } from './budget.js';
import type { BudgetHeaderStyle } from './budget-headers.js';
import { Clock } from './clock.js';
import type { SandboxContext } from './context.js';
import { CursorCodec } from './cursor.js';
import { openDatabase } from './db.js';
import { ensureDemo } from './demo.js';
import { DialectHolder } from './dialects/index.js';
import { FaultService } from './faults.js';
import { randomBase62 } from './ids.js';
import { ModerationService } from './moderation.js';
import { RequestLog } from './request-log.js';
import { SCOPES } from './scopes.js';
import { isEmpty, seedDemoContent } from './seed.js';
import { AccountStore } from './store/accounts.js';
import { ContentStore } from './store/content.js';
import { SettingsStore } from './store/settings.js';
import { insertSyntheticPosts } from './synthetic.js';
import { WebhookService } from './webhooks.js';
import { WriteService } from './writes.js';

/** How to build a sandbox's state. */
export interface ContextOptions {
  db: string;
  now: () => number;
  budget: Budget;
  webhookBaseDelayMs: number;
  seed: boolean;
  posts: number;
  log: (line: string) => void;
  /** The API's dialect at start (default `standard`). */
  dialect?: string;
  /** Budget headers on write answers regardless of the dialect (default: the dialect's own). */
  budgetHeaders?: BudgetHeaderStyle;
}

/** Opens the database and wires every service; seeds and generates posts when asked. */
export function createContext(o: ContextOptions): SandboxContext {
  const db = openDatabase(o.db);
  const clock = new Clock(o.now);
  const settings = new SettingsStore(db);
  const site = { baseUrl: '', hosts: new Set<string>() };
  const accounts = new AccountStore(db, () => clock.now());
  const content = new ContentStore(db, (id) => `${site.baseUrl}/posts/${id}`);
  const budget = new BudgetService(db, o.budget);
  const moderation = new ModerationService(settings);
  const webhooks = new WebhookService(db, clock, {
    baseDelayMs: o.webhookBaseDelayMs,
    maxAttempts: 6,
    timeoutMs: 5000,
    log: o.log,
  });
  const faults = new FaultService();
  const requests = new RequestLog();
  const writes = new WriteService({ db, clock, content, budget, moderation, webhooks });
  let secret = settings.get('cursor_secret');
  if (!secret) {
    secret = randomBase62(43);
    settings.set('cursor_secret', secret);
  }
  const cursors = new CursorCodec(secret);
  const demo = db.transaction(() => ensureDemo(settings, accounts))();
  const seed = () =>
    seedDemoContent({ db, accounts, content, moderation, demoAccountId: demo.accountId, now: clock.now() });

  const ctx: SandboxContext = {
    db,
    clock,
    settings,
    accounts,
    content,
    budget,
    moderation,
    webhooks,
    faults,
    requests,
    writes,
    cursors,
    dialect: new DialectHolder(o.dialect),
    budgetHeaders: { override: o.budgetHeaders ?? null },
    demo,
    site,
    log: o.log,
    reset(withSeed) {
      webhooks.cancelPending();
      faults.clear();
      requests.clear();
      clock.resetOffset();
      db.transaction(() => {
        for (const table of [
          'webhook_attempts',
          'events',
          'webhooks',
          'budget_writes',
          'reactions',
          'comments',
          'posts',
        ]) {
          db.exec(`DELETE FROM ${table}`);
        }
        db.prepare('DELETE FROM keys WHERE id != ?').run(demo.keyId);
        db.prepare('DELETE FROM apps WHERE id NOT IN (SELECT app_id FROM keys)').run();
        db.prepare('DELETE FROM accounts WHERE id != ?').run(demo.accountId);
        db.prepare('UPDATE accounts SET budget_writes = NULL, budget_window_seconds = NULL').run();
        accounts.setDisabled(demo.keyId, null);
        accounts.setScopes(demo.keyId, SCOPES);
        moderation.resetToDefaults();
      })();
      if (withSeed) seed();
    },
  };

  if (o.seed && isEmpty(db)) seed();
  if (o.posts > 0) {
    const authors = db
      .prepare<[], { id: string }>('SELECT id FROM accounts ORDER BY created_at, id LIMIT 7')
      .all()
      .map((r) => r.id);
    insertSyntheticPosts(db, authors, o.posts, clock.now());
  }
  return ctx;
}
