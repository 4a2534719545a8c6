import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { AccountState, OutboxItem } from '@/lib/queue/types';

/** The extension origin's database: content scripts run in the page's origin and cannot open it. */
export const DB_NAME = 'debate-companion';
/** Bump with an `upgrade` step for every schema change; never edit a released step. */
export const DB_VERSION = 2;

/** The schema, typed for `idb`. */
export interface DebateCompanionDb extends DBSchema {
  /** Outbox items, keyed by their id. */
  outbox: {
    key: string;
    value: OutboxItem;
    indexes: {
      /** FIFO order of one account: `IDBKeyRange.bound([account, 0], [account, Infinity])`. */
      'by-account-seq': [string, number];
      /** FIFO order of the whole Outbox. */
      'by-seq': number;
    };
  };
  /** Pause state per account (rate-limited until, disabled key, offline), keyed by account. */
  accounts: {
    key: string;
    value: AccountState;
  };
  /**
   * The key vault (written by lib/storage/key-vault.ts): out-of-line keys, so the vault chooses its
   * record names and shapes.
   */
  vault: {
    key: string;
    value: unknown;
  };
  /**
   * Settings, identity and drafts (lib/storage/prefs.ts): out-of-line keys, values parsed on read.
   * Here and not in `storage.local`, which Firefox's content processes can write.
   */
  prefs: {
    key: string;
    value: unknown;
  };
}

/** An open connection to the database. */
export type DebateDb = IDBPDatabase<DebateCompanionDb>;

const connections = new Map<string, Promise<DebateDb>>();

/**
 * Opens (once per name, then shares) the database, creating or upgrading its stores. `name` is for
 * tests that want a fresh database each; the extension uses the default.
 */
export function openDebateDb(name: string = DB_NAME): Promise<DebateDb> {
  const existing = connections.get(name);
  if (existing !== undefined) return existing;
  const forget = (): void => {
    connections.delete(name);
  };
  const opening = openDB<DebateCompanionDb>(name, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const outbox = db.createObjectStore('outbox', { keyPath: 'id' });
        outbox.createIndex('by-account-seq', ['account', 'seq']);
        outbox.createIndex('by-seq', 'seq');
        db.createObjectStore('accounts', { keyPath: 'account' });
        db.createObjectStore('vault');
      }
      if (oldVersion < 2) db.createObjectStore('prefs');
    },
    // Another context wants a newer version: step aside, the next call reopens.
    blocking() {
      void opening.then((db) => db.close());
      forget();
    },
    // The browser closed the connection (storage cleared, disk error): reopen on the next call.
    terminated: forget,
  });
  connections.set(name, opening);
  opening.catch(forget);
  return opening;
}

/** Closes and forgets the shared connection (tests; before deleting the database). */
export async function closeDebateDb(name: string = DB_NAME): Promise<void> {
  const existing = connections.get(name);
  connections.delete(name);
  if (existing !== undefined) (await existing).close();
}
