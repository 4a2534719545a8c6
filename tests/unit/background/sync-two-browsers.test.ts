import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BackgroundServices } from '@/entrypoints/background/services';
import { SyncService } from '@/entrypoints/background/sync';
import { openDebateDb } from '@/lib/storage/db';
import { SavedPostsBook } from '@/lib/storage/saved-book';
import { readSettings, updateSettings } from '@/lib/storage/settings';

/*
 * Two browsers of one user, sync on in both, one `storage.sync` between them. Each browser's own
 * storage (the extension's IndexedDB) is swapped in for its turn; a turn is one pass, as the
 * browser's `storage.onChanged` would start it. They must agree, and then stop writing.
 */

const STORES = ['prefs', 'vault', 'accounts', 'outbox'] as const;
type Snapshot = Record<(typeof STORES)[number], [IDBValidKey, unknown][]>;

async function snapshot(): Promise<Snapshot> {
  const db = await openDebateDb();
  const out = {} as Snapshot;
  for (const store of STORES) {
    const keys = await db.getAllKeys(store);
    const values = await db.getAll(store);
    out[store] = keys.map((key, i) => [key, values[i]]);
  }
  return out;
}

async function restore(snap: Snapshot): Promise<void> {
  const db = await openDebateDb();
  for (const store of STORES) {
    await db.clear(store);
    for (const [key, value] of snap[store]) {
      if (db.transaction(store).store.keyPath === null) await db.put(store, value as never, key as never);
      else await db.put(store, value as never);
    }
  }
}

let clock = 1_800_000_000_000;

/** A browser: its services, its sync, and its storage while the other one runs. */
async function browserOf(setUp: (services: BackgroundServices) => Promise<void>) {
  for (const store of STORES) await (await openDebateDb()).clear(store);
  const services = new BackgroundServices();
  const saved = new SavedPostsBook();
  const sync = new SyncService({
    accounts: services.accounts,
    saved,
    keyed: async (id) => (await services.vault.describe(id)).set,
    pending: async () => 0,
    changed: () => undefined,
    now: () => clock,
  });
  await setUp(services);
  await sync.changed();
  await sync.setOn(true);
  return { services, saved, sync, state: await snapshot() };
}

type Browser = Awaited<ReturnType<typeof browserOf>>;

/** One turn of `b`: its storage in, a pass, its storage out; whether it wrote to `storage.sync`. */
async function turn(b: Browser, change?: () => Promise<void>): Promise<boolean> {
  await restore(b.state);
  clock += 1_000;
  await change?.();
  const before = JSON.stringify(await fakeBrowser.storage.sync.get(null));
  await b.sync.changed();
  const wrote = JSON.stringify(await fakeBrowser.storage.sync.get(null)) !== before;
  b.state = await snapshot();
  return wrote;
}

/** Turns in alternation until a round writes nothing; the number of rounds it took. */
async function settle(a: Browser, b: Browser): Promise<number> {
  for (let round = 1; round <= 12; round++) {
    const wroteA = await turn(a);
    const wroteB = await turn(b);
    if (!wroteA && !wroteB) return round;
  }
  throw new Error('still writing after 12 rounds: the browsers hand values back and forth');
}

describe('sync between two browsers', () => {
  it('agree on settings, accounts and saved posts, then stop writing', async () => {
    await fakeBrowser.storage.sync.clear();
    const A = 'https://debate.example/';
    const a = await browserOf(async (s) => {
      await s.accounts.add({ baseUrl: A, key: 'dcp_keyOfBrowserA1', label: 'Home' });
      await updateSettings({ mutedWords: ['older'] });
    });
    const b = await browserOf(async (s) => {
      await s.accounts.add({ baseUrl: A, key: 'dcp_keyOfBrowserB1', label: 'Home' });
      await s.accounts.add({ baseUrl: 'https://other.example/', label: 'Work' });
    });
    expect(await settle(a, b)).toBeLessThanOrEqual(4);

    // A change on each side, at once; a saved post on each; an account removed on B.
    await turn(a, async () => {
      await updateSettings({ mutedWords: ['newer'] });
      await a.saved.save({ id: 'p_a', source: 'https://debate.example', savedAt: clock, body: 'A' });
    });
    await turn(b, async () => {
      await updateSettings({ excludedHosts: ['mail.example'] });
      await b.saved.save({ id: 'p_b', source: 'https://debate.example', savedAt: clock, body: 'B' });
      const work = (await b.services.accounts.book()).accounts.find((x) => x.label === 'Work');
      if (work !== undefined) await b.services.accounts.remove(work.id);
    });
    expect(await settle(a, b)).toBeLessThanOrEqual(4);

    for (const side of [a, b]) {
      await restore(side.state);
      const settings = await readSettings();
      expect(settings.mutedWords).toEqual(['newer']);
      expect(settings.excludedHosts).toEqual(['mail.example']);
      expect((await side.saved.list()).map((p) => p.id).sort()).toEqual(['p_a', 'p_b']);
      const accounts = (await side.services.accounts.book()).accounts;
      expect(accounts.map((x) => [x.label, x.baseUrl])).toEqual([['Home', A]]);
      // Each browser's own key stays its own.
      expect((await side.services.vault.describe(accounts[0]?.id ?? '')).set).toBe(true);
    }
  });
});
