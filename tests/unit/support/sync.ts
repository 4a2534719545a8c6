import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BackgroundServices } from '@/entrypoints/background/services';
import { SyncService } from '@/entrypoints/background/sync';
import { SavedPostsBook } from '@/lib/storage/saved-book';
import { ledgerItem } from '@/lib/sync/ledger';
import { type SyncField, toItems } from '@/lib/sync/record';

/** A sync test's browser: its services, the sync service on a clock the test moves, one keyed account. */
export const SYNC_A = 'http://127.0.0.1:8787/';
export const SYNC_KEY = 'dcp_secretKEYQXYZ';
export const OTHER_BROWSER = 'other-browser';

export const clock = { now: 1_800_000_000_000 };

export async function syncSetup(options: { pending?: (id: string) => Promise<number> } = {}) {
  await fakeBrowser.storage.sync.clear();
  const services = new BackgroundServices();
  const saved = new SavedPostsBook();
  const moved: [string, string][] = [];
  const sync = new SyncService({
    accounts: services.accounts,
    saved,
    keyed: async (id) => (await services.vault.describe(id)).set,
    pending: options.pending ?? (async () => 0),
    changed: () => undefined,
    moved: async (account, from) => {
      moved.push([account.id, from]);
    },
    now: () => clock.now,
  });
  const account = await services.accounts.add({ baseUrl: SYNC_A, key: SYNC_KEY, label: 'Mine' });
  await sync.changed();
  await sync.setOn(true);
  return { services, sync, account, saved, moved };
}

/** Writes a record as another browser's sync would deliver it. */
export async function plant(field: SyncField, value: unknown, at = clock.now + 1000, by = OTHER_BROWSER) {
  const items = toItems(field, value, at, by);
  if (items === undefined) throw new Error('too large to plant');
  await fakeBrowser.storage.sync.set(items);
}

export async function problems() {
  return (await ledgerItem.getValue()).problems;
}
