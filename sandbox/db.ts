import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/** The SQLite handle type used throughout the sandbox. */
export type Db = Database.Database;

/**
 * Schema migrations, applied in order; `PRAGMA user_version` records how many ran.
 * Append only: a file database made by an older sandbox is upgraded in place, never rebuilt.
 */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE sandbox_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    handle TEXT NOT NULL UNIQUE,
    display_name TEXT NOT NULL,
    budget_writes INTEGER,
    budget_window_seconds INTEGER,
    created_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE apps (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    test INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;

  -- Keys are kept as SHA-256 hashes plus their last four characters; the clear text is never stored here.
  CREATE TABLE keys (
    id TEXT PRIMARY KEY,
    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    hash TEXT NOT NULL UNIQUE,
    last4 TEXT NOT NULL,
    scopes TEXT NOT NULL,
    disabled_reason TEXT,
    created_at INTEGER NOT NULL
  ) STRICT;

  -- seq is the keyset for the timeline: AUTOINCREMENT never reuses a value, even after a reset.
  CREATE TABLE posts (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    moderation_state TEXT NOT NULL CHECK (moderation_state IN ('published', 'held', 'rejected')),
    moderation_reason TEXT
  ) STRICT;
  CREATE INDEX posts_published ON posts(seq) WHERE moderation_state = 'published';

  CREATE TABLE comments (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    moderation_state TEXT NOT NULL CHECK (moderation_state IN ('published', 'held', 'rejected')),
    moderation_reason TEXT
  ) STRICT;
  CREATE INDEX comments_post ON comments(post_id, moderation_state, seq);

  CREATE TABLE reactions (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (post_id, account_id, kind)
  ) STRICT;

  -- The sliding-window log of accepted writes, one row per write, per account.
  CREATE TABLE budget_writes (account_id TEXT NOT NULL, at INTEGER NOT NULL) STRICT;
  CREATE INDEX budget_writes_account ON budget_writes(account_id, at);

  CREATE TABLE webhooks (
    id TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    secret TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    contribution_id TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE webhook_attempts (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    delivery_id TEXT NOT NULL,
    webhook_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    attempt INTEGER NOT NULL,
    url TEXT NOT NULL,
    status INTEGER,
    ok INTEGER NOT NULL,
    error TEXT,
    at INTEGER NOT NULL,
    duration_ms INTEGER NOT NULL,
    next_attempt_at INTEGER
  ) STRICT;
  `,
  // Budget writes are kept (not deleted once they leave the window) with where they came from, so a test
  // can check afterwards how a client used its windows (GET /__sandbox/accounts/{id}/writes).
  `
  ALTER TABLE budget_writes ADD COLUMN channel TEXT NOT NULL DEFAULT 'api' CHECK (channel IN ('api', 'website'));
  ALTER TABLE budget_writes ADD COLUMN kind TEXT CHECK (kind IN ('post', 'comment', 'reaction'));
  `,
];

/** Opens (creating when needed) the sandbox database and brings its schema up to date. */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 2000');
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true });
  const from = typeof current === 'number' ? current : 0;
  if (from > MIGRATIONS.length) {
    throw new Error(`The database schema (version ${from}) is newer than this sandbox knows (${MIGRATIONS.length}).`);
  }
  for (let version = from; version < MIGRATIONS.length; version++) {
    const sql = MIGRATIONS[version] ?? '';
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
