import type { AccountBook } from '@/lib/storage/accounts';
import { savedKey } from '@/lib/storage/saved-limits';
import type { SavedPost } from '@/lib/storage/saved-posts';
import type { Settings } from '@/lib/storage/settings';
import { syncedAccountsOf, syncedIdOf } from './accounts-plan';
import type { SyncLedger, SyncProblem } from './ledger';
import { checksum, type Items, SYNC_FIELDS, type SyncField } from './record';
import { type SyncValues, settingsValues } from './values';

/* This browser's side of a sync pass (the background's SyncService runs it): its values, what changed here, the problems to show. */

/** The synced values of this browser's settings, accounts and Saved list, each in one order on every browser. */
export function valuesOf(
  settings: Settings,
  book: AccountBook,
  saved: readonly SavedPost[],
  ledger: SyncLedger,
): SyncValues {
  const keys = new Set(saved.map(savedKey));
  return {
    ...settingsValues(settings),
    accounts: syncedAccountsOf(book.accounts, ledger),
    saved: {
      posts: [...saved].sort((a, b) => b.savedAt - a.savedAt || (savedKey(a) < savedKey(b) ? -1 : 1)),
      removed: ledger.savedRemovals
        .filter((removal) => !keys.has(removal.key))
        .sort((a, b) => a.at - b.at || (a.key < b.key ? -1 : 1)),
    },
  };
}

/**
 * Dates each field whose value changed here since last seen (`stamp`: false for changes sync itself
 * made), always later than the field's last date (a clock behind another browser's still makes the
 * newest change). A field seen for the first time counts as never changed here: a synced value wins
 * it. Accounts gone since last seen (`ids`: this browser's own) were removed here: other browsers
 * must not add them back.
 */
export function noteLocalChanges(
  ledger: SyncLedger,
  values: SyncValues,
  ids: readonly string[],
  now: number,
  stamp = true,
): SyncLedger {
  const stamps = { ...ledger.stamps };
  const known = { ...ledger.known };
  for (const field of SYNC_FIELDS) {
    const sum = checksum(JSON.stringify(values[field]));
    if (known[field] !== undefined && known[field] !== sum && stamp)
      stamps[field] = Math.max(now, (stamps[field] ?? 0) + 1);
    known[field] = sum;
  }
  const gone = ledger.accountIds.filter((id) => !ids.includes(id)).map((id) => syncedIdOf(id, ledger.aliases));
  const removedAccounts = [...new Set([...ledger.removedAccounts, ...gone])].slice(-100);
  return { ...ledger, stamps, known, accountIds: [...ids], removedAccounts };
}

/**
 * Whether this browser's value of a union field holds something the synced one lacks (an account
 * or a saved post it has not, a removal it does not know) — not merely less: what this browser had
 * no room for is no change of its own.
 */
export function holdsMore(field: 'accounts' | 'saved', mine: SyncValues, synced: SyncValues): boolean {
  if (field === 'accounts') {
    const theirs = new Set(synced.accounts.list.map((entry) => JSON.stringify(entry)));
    const removed = new Set(synced.accounts.removed);
    return (
      mine.accounts.list.some((entry) => !theirs.has(JSON.stringify(entry))) ||
      mine.accounts.removed.some((id) => !removed.has(id))
    );
  }
  const posts = new Set(synced.saved.posts.map(savedKey));
  const removals = new Set(synced.saved.removed.map((r) => `${r.key} ${r.at}`));
  return (
    mine.saved.posts.some((post) => !posts.has(savedKey(post))) ||
    mine.saved.removed.some((r) => !removals.has(`${r.key} ${r.at}`))
  );
}

export function sumOf(items: Items | undefined): string | undefined {
  const head = items === undefined ? undefined : Object.values(items)[0];
  return (head as { sum?: string } | undefined)?.sum;
}

export function refused(field: SyncField | 'all', detail: string, at: number): SyncProblem {
  return { field, kind: 'refused', detail, at };
}
