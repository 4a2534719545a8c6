import { normalizeBaseUrl } from '@/lib/base-url';
import type { OutboxItem } from '@/lib/queue/types';
import { accountCheckSchema } from './account-check';
import { type AccountBook, newAccountId, repairBook } from './accounts';
import { DB_NAME, openDebateDb } from './db';
import { KEY_RECORD } from './key-vault';

/** What a single-key version left behind, read loosely: every part may be missing or damaged. */
function legacyOf(settings: unknown, key: unknown, identity: unknown) {
  const baseUrl = (settings as { baseUrl?: unknown } | undefined)?.baseUrl;
  const bound = key as { key?: unknown; origin?: unknown } | undefined;
  const keyOrigin = typeof bound?.origin === 'string' && typeof bound.key === 'string' ? bound.origin : undefined;
  const address = typeof baseUrl === 'string' && baseUrl !== '' ? normalizeBaseUrl(baseUrl) : undefined;
  const id = identity as { baseUrl?: unknown; account?: unknown; scopes?: unknown; checkedAt?: unknown } | undefined;
  return { address: address ?? (keyOrigin === undefined ? undefined : normalizeBaseUrl(keyOrigin)), keyOrigin, id };
}

/**
 * Turns what a single-key version stored into the first account, with no action from the user: the
 * configured address, its key (when it was given for that address's origin), the last key check, and
 * every write queued for that address. All in one transaction: a worker stopped halfway leaves either
 * the old state (migrated again at the next start) or the new one, never writes that belong to no one.
 * Does nothing once an account book exists. Returns the book.
 */
export async function migrateToAccounts(dbName: string = DB_NAME, now: number = Date.now()): Promise<AccountBook> {
  const db = await openDebateDb(dbName);
  const tx = db.transaction(['prefs', 'vault', 'outbox', 'accounts'], 'readwrite');
  const prefs = tx.objectStore('prefs');
  const existing: unknown = await prefs.get('accounts');
  if (existing !== undefined) {
    await tx.done;
    return repairBook(existing);
  }
  const vault = tx.objectStore('vault');
  const [settings, key, identity] = await Promise.all([
    prefs.get('settings'),
    vault.get(KEY_RECORD),
    prefs.get('identity'),
  ]);
  const legacy = legacyOf(settings, key, identity);
  let book: AccountBook = { accounts: [], defaultId: null, lastUsed: {} };
  if (legacy.address !== undefined) {
    const baseUrl = legacy.address;
    const origin = new URL(baseUrl).origin;
    const accountId = newAccountId();
    // The last key check, when it was of this address and still reads well.
    const parsed = accountCheckSchema.safeParse({
      outcome: 'ok',
      at: legacy.id?.checkedAt,
      account: legacy.id?.account ?? null,
      scopes: legacy.id?.scopes ?? null,
    });
    const check = legacy.id?.baseUrl === baseUrl && parsed.success ? parsed.data : undefined;
    book = repairBook({
      accounts: [{ id: accountId, label: '', baseUrl, reserve: 0, addedAt: now, ...(check ? { check } : {}) }],
      defaultId: accountId,
      lastUsed: {},
    });
    if (legacy.keyOrigin === origin) await vault.put(key, `key:${accountId}`);
    // The writes queued for that address, and its pause (a 429's time is the account's: it stays).
    const outbox = tx.objectStore('outbox');
    for (const item of (await outbox.getAll()) as OutboxItem[]) {
      if (item.account === baseUrl) await outbox.put({ ...item, account: accountId });
    }
    const pauses = tx.objectStore('accounts');
    const pause = await pauses.get(baseUrl);
    if (pause !== undefined) {
      await pauses.put({ ...pause, account: accountId });
      await pauses.delete(baseUrl);
    }
  }
  // A key given for another origin than the address was unusable already; it is not carried over.
  if (key !== undefined) await vault.delete(KEY_RECORD);
  await prefs.put(book, 'accounts');
  await tx.done;
  return book;
}
