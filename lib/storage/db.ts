import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB, type StoreNames } from 'idb';
import type { AccountState, OutboxItem } from '@/lib/queue/types';

/** The extension origin's database: content scripts run in the page's origin and cannot open it. */
export const DB_NAME = 'debate-companion';

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

/** One step of the layout: from version N to N + 1, inside the upgrade's one transaction. */
export type Migration = (
  db: DebateDb,
  tx: IDBPTransaction<DebateCompanionDb, StoreNames<DebateCompanionDb>[], 'versionchange'>,
) => void;

/**
 * The layout's steps: the version is their count. Add a step for every change of layout, and
 * never edit a released one; each released layout has a fixture (tests/fixtures/layouts/) that
 * today's code must open. The steps run in one transaction: one that throws aborts them all, and
 * the data stays exactly as the previous release left it.
 */
export const MIGRATIONS: readonly Migration[] = [
  // 1: the Outbox, its accounts' pause states, the key vault.
  (db) => {
    const outbox = db.createObjectStore('outbox', { keyPath: 'id' });
    outbox.createIndex('by-account-seq', ['account', 'seq']);
    outbox.createIndex('by-seq', 'seq');
    db.createObjectStore('accounts', { keyPath: 'account' });
    db.createObjectStore('vault');
  },
  // 2: settings, identity and drafts, out of `storage.local`.
  (db) => {
    db.createObjectStore('prefs');
  },
];

/** The layout this code reads and writes. */
export const DB_VERSION = MIGRATIONS.length;

/**
 * The stored data could not be brought to this version's layout. Nothing was changed (the steps
 * run in one transaction, aborted as a whole): the previous layout's data is all there.
 */
export class StorageUpgradeError extends Error {
  override readonly name = 'StorageUpgradeError';
  constructor(
    readonly from: number,
    readonly to: number,
    cause: unknown,
  ) {
    super(
      `Your saved data (layout ${from}) could not be upgraded to this version's (layout ${to}): ` +
        `${cause instanceof Error ? cause.message : String(cause)}. Nothing was changed or lost: your ` +
        'Outbox, drafts, accounts and settings are kept as they were, and writes wait until it works.',
      { cause },
    );
  }
}

const connections = new Map<string, Promise<DebateDb>>();

/**
 * Opens (once per name, then shares) the database, creating or upgrading its stores. `name` is for
 * tests that want a fresh database each; the extension uses the default. `migrations`: tests plant
 * a step of their own. A step that throws rejects with a `StorageUpgradeError` (and the next call
 * tries again); the data stays as it was.
 */
export function openDebateDb(name: string = DB_NAME, migrations: readonly Migration[] = MIGRATIONS): Promise<DebateDb> {
  const existing = connections.get(name);
  if (existing !== undefined) return existing;
  const forget = (): void => {
    connections.delete(name);
  };
  let failure: { from: number; cause: unknown } | undefined;
  const opened = openDB<DebateCompanionDb>(name, migrations.length, {
    upgrade(db, oldVersion, _newVersion, tx) {
      for (let step = oldVersion; step < migrations.length; step += 1) {
        try {
          migrations[step]?.(db, tx);
        } catch (cause) {
          failure = { from: oldVersion, cause };
          // The opening reports it (below): the aborted transaction's own promise is not a second error.
          tx.done.catch(() => undefined);
          tx.abort();
          return;
        }
      }
    },
    // Another context wants a newer version: step aside, the next call reopens.
    blocking() {
      void opening.then((db) => db.close());
      forget();
    },
    // The browser closed the connection (storage cleared, disk error): reopen on the next call.
    terminated: forget,
  });
  const opening = opened.catch((error: unknown) => {
    throw failure === undefined ? error : new StorageUpgradeError(failure.from, migrations.length, failure.cause);
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
