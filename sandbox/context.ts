import type { HttpBindings } from '@hono/node-server';
import type { BudgetService } from './budget.js';
import type { BudgetHeaderStyle } from './budget-headers.js';
import type { Clock } from './clock.js';
import type { CursorCodec } from './cursor.js';
import type { Db } from './db.js';
import type { DialectHolder } from './dialects/index.js';
import type { FaultService } from './faults.js';
import type { ModerationService } from './moderation.js';
import type { RequestLog } from './request-log.js';
import type { AccountStore, KeyRecord } from './store/accounts.js';
import type { ContentStore } from './store/content.js';
import type { SettingsStore } from './store/settings.js';
import type { WebhookService } from './webhooks.js';
import type { WriteService } from './writes.js';

/** The demo account: the CLI's test key acts for it, and the website is "signed in" as it. */
export interface DemoAccount {
  accountId: string;
  keyId: string;
  testKey: string;
}

/** Everything a request handler may use; built once per sandbox. */
export interface SandboxContext {
  db: Db;
  clock: Clock;
  settings: SettingsStore;
  accounts: AccountStore;
  content: ContentStore;
  budget: BudgetService;
  moderation: ModerationService;
  webhooks: WebhookService;
  faults: FaultService;
  requests: RequestLog;
  writes: WriteService;
  cursors: CursorCodec;
  /** The API's dialect: its choices wherever the spec is silent (sandbox/dialects). */
  dialect: DialectHolder;
  /**
   * How write answers announce the budget: `override` when set (`--budget-headers`, `POST
   * /__sandbox/budget-headers`), else the dialect's own style. A reset keeps it, as it keeps the dialect.
   */
  budgetHeaders: { override: BudgetHeaderStyle | null };
  demo: DemoAccount;
  /** The base URL once the server listens (records carry absolute post URLs). */
  /**
   * The website's address, and the `Host` values answered (`host:port`, lower case; empty until the
   * server listens, then every request's Host must be one of them).
   */
  site: { baseUrl: string; hosts: Set<string> };
  log: (line: string) => void;
  /** Empties the data and restores the demo account; `seed` puts the demo content back. */
  reset(seed: boolean): void;
}

/** Hono environment of every sandbox route. */
export interface SandboxEnv {
  Bindings: HttpBindings;
  Variables: {
    key: KeyRecord;
    /** Set by the fault middleware when it destroyed the connection after the handler answered this status. */
    droppedStatus: number;
  };
}
