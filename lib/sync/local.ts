import type { AccountBook } from '@/lib/storage/accounts';
import { savedKey } from '@/lib/storage/saved-limits';
import type { SavedPost } from '@/lib/storage/saved-posts';
import type { Settings } from '@/lib/storage/settings';
import { syncedAccountsOf } from './accounts-plan';
import type { SyncLedger, SyncProblem } from './ledger';
import { checksum, type Items, SYNC_FIELDS, type SyncField } from './record';
import { type SyncValues, settingsValues } from './values';

/* This browser's side of a sync pass (the background's SyncService runs it): its values, what changed here, the problems to show. */

/** The synced values of this browser's settings, accounts and Saved list. */
export function valuesOf(
  settings: Settings,
  book: AccountBook,
  saved: readonly SavedPost[],
  ledger: SyncLedger,
): SyncValues {
  return {
    ...settingsValues(settings),
    accounts: syncedAccountsOf(book.accounts, ledger),
    saved: {
      posts: [...saved],
      removed: ledger.savedRemovals.filter((r) => !saved.some((post) => savedKey(post) === r.key)),
    },
  };
}

/**
 * Dates each field whose value changed here since last seen (`stamp`: false for changes sync itself
 * made). A field seen for the first time counts as never changed here: a synced value wins it.
 * Accounts gone since last seen were removed here: other browsers must not add them back.
 */
export function noteLocalChanges(ledger: SyncLedger, values: SyncValues, now: number, stamp = true): SyncLedger {
  const stamps = { ...ledger.stamps };
  const known = { ...ledger.known };
  for (const field of SYNC_FIELDS) {
    const sum = checksum(JSON.stringify(values[field]));
    if (known[field] !== undefined && known[field] !== sum && stamp) stamps[field] = now;
    known[field] = sum;
  }
  // In synced ids, as the list carries them.
  const ids = values.accounts.list.map((a) => a.id);
  const gone = ledger.accountIds.filter((id) => !ids.includes(id));
  const removedAccounts = [...new Set([...ledger.removedAccounts, ...gone])].slice(-100);
  return { ...ledger, stamps, known, accountIds: ids, removedAccounts };
}

export function sumOf(items: Items | undefined): string | undefined {
  const head = items === undefined ? undefined : Object.values(items)[0];
  return (head as { sum?: string } | undefined)?.sum;
}

export function refused(field: SyncField | 'all', detail: string, at: number): SyncProblem {
  return { field, kind: 'refused', detail, at };
}

/** This pass's problems, and earlier refusals not said again, newest first, at most 40. */
export function mergeProblems(fresh: SyncProblem[], kept: SyncProblem[]): SyncProblem[] {
  const seen = new Set(fresh.map((p) => `${p.field} ${p.kind} ${p.detail}`));
  return [...fresh, ...kept.filter((p) => !seen.has(`${p.field} ${p.kind} ${p.detail}`))].slice(0, 40);
}
