import type { Db } from '../db.js';
import { hashApiKey, newApiKey, newId, randomBase62 } from '../ids.js';
import { isScope, type Scope } from '../scopes.js';

/** An account as the API shows it (`author` in records). */
export interface Author {
  id: string;
  handle: string;
  displayName: string;
}

/** What a valid key resolves to. */
export interface KeyRecord {
  id: string;
  last4: string;
  accountId: string;
  scopes: Scope[];
  disabledReason: string | null;
  app: { id: string; name: string; test: boolean };
}

/** A key just issued: the clear text is returned once and never stored. */
export interface IssuedKey {
  key: string;
  keyId: string;
  account: string;
  appId: string;
}

interface KeyRow {
  id: string;
  last4: string;
  account_id: string;
  scopes: string;
  disabled_reason: string | null;
  app_id: string;
  app_name: string;
  app_test: number;
}

/** Accounts, their apps and their API keys. */
export class AccountStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Creates an account; a handle is made up when none is given. */
  createAccount(input: { handle?: string; displayName?: string; id?: string } = {}): Author {
    const suffix = randomBase62(6).toLowerCase();
    const author: Author = {
      id: input.id ?? newId('acc'),
      handle: input.handle ?? `tester_${suffix}`,
      displayName: input.displayName ?? `Test Account ${suffix}`,
    };
    this.db
      .prepare('INSERT INTO accounts (id, handle, display_name, created_at) VALUES (?, ?, ?, ?)')
      .run(author.id, author.handle, author.displayName, this.now());
    return author;
  }

  getAccount(id: string): Author | undefined {
    return this.db
      .prepare<[string], Author>('SELECT id, handle, display_name AS displayName FROM accounts WHERE id = ?')
      .get(id);
  }

  findByHandle(handle: string): Author | undefined {
    return this.db
      .prepare<[string], Author>('SELECT id, handle, display_name AS displayName FROM accounts WHERE handle = ?')
      .get(handle);
  }

  /** Issues a key for the account through a new test app (a test app's key is issued at once). */
  issueKey(accountId: string, scopes: readonly Scope[], appName = 'Sandbox test app'): IssuedKey {
    const key = newApiKey();
    const appId = newId('app');
    const keyId = newId('key');
    const now = this.now();
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO apps (id, account_id, name, test, created_at) VALUES (?, ?, ?, 1, ?)')
        .run(appId, accountId, appName, now);
      this.db
        .prepare(
          'INSERT INTO keys (id, app_id, account_id, hash, last4, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(keyId, appId, accountId, hashApiKey(key), key.slice(-4), JSON.stringify(scopes), now);
    })();
    return { key, keyId, account: accountId, appId };
  }

  /** Looks a clear-text key up by its hash. */
  findByClearKey(key: string): KeyRecord | undefined {
    return this.findWhere('k.hash = ?', hashApiKey(key));
  }

  findById(keyId: string): KeyRecord | undefined {
    return this.findWhere('k.id = ?', keyId);
  }

  /** Disables (reason given) or enables (null) a key. */
  setDisabled(keyId: string, reason: string | null): void {
    this.db.prepare('UPDATE keys SET disabled_reason = ? WHERE id = ?').run(reason, keyId);
  }

  /** Gives a key exactly these scopes (used to keep the demo test key whole across resets). */
  setScopes(keyId: string, scopes: readonly Scope[]): void {
    this.db.prepare('UPDATE keys SET scopes = ? WHERE id = ?').run(JSON.stringify(scopes), keyId);
  }

  private findWhere(where: string, value: string): KeyRecord | undefined {
    const row = this.db
      .prepare<[string], KeyRow>(
        `SELECT k.id, k.last4, k.account_id, k.scopes, k.disabled_reason,
                a.id AS app_id, a.name AS app_name, a.test AS app_test
         FROM keys k JOIN apps a ON a.id = k.app_id WHERE ${where}`,
      )
      .get(value);
    if (!row) return undefined;
    const parsed: unknown = JSON.parse(row.scopes);
    const scopes = Array.isArray(parsed) ? parsed.filter((s): s is Scope => typeof s === 'string' && isScope(s)) : [];
    return {
      id: row.id,
      last4: row.last4,
      accountId: row.account_id,
      scopes,
      disabledReason: row.disabled_reason,
      app: { id: row.app_id, name: row.app_name, test: row.app_test === 1 },
    };
  }
}
