import 'fake-indexeddb/auto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Outbox } from '@/lib/queue/outbox';
import type { OutboxItem } from '@/lib/queue/types';
import { accountsItem } from '@/lib/storage/accounts';
import { closeDebateDb, DB_NAME, DB_VERSION, MIGRATIONS, openDebateDb, StorageUpgradeError } from '@/lib/storage/db';
import { readDrafts } from '@/lib/storage/drafts';
import { KeyVault } from '@/lib/storage/key-vault';
import { IdbOutboxStore } from '@/lib/storage/outbox-store';
import { settingsItem } from '@/lib/storage/settings';
import { FIXTURE_START, type LayoutFixture, loadFixture } from '../../fixtures/layouts/layout';

/** Every released data layout, as its release wrote it (tests/fixtures/layouts/make.ts). */
const DIR = path.join(import.meta.dirname, '../../fixtures/layouts');
const FIXTURES = readdirSync(DIR)
  .filter((file) => /^layout-\d+\.json$/.test(file))
  .map((file) => JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as LayoutFixture)
  .sort((a, b) => a.layout - b.layout);

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

/** The Outbox as today's background opens it, on the stored data; it never sends here. */
function openOutbox(): Promise<Outbox> {
  return Outbox.open({
    store: new IdbOutboxStore(),
    sender: () => Promise.reject(new Error('no send in this test')),
    findLanded: async () => [],
    clock: () => FIXTURE_START + 600_000,
  });
}

const items = (fixture: LayoutFixture) =>
  (fixture.database.outbox?.records ?? []).map(([, value]) => value as OutboxItem);

beforeEach(async () => {
  await closeDebateDb();
  await deleteDatabase(DB_NAME);
});
afterEach(async () => {
  await closeDebateDb();
  await deleteDatabase(DB_NAME);
});

describe('every released data layout opens with today’s code, nothing lost', () => {
  it('has a fixture of the layout this code writes', () => {
    expect(FIXTURES.map((fixture) => fixture.layout)).toContain(DB_VERSION);
  });

  describe.each(FIXTURES.map((fixture) => [fixture.layout, fixture] as const))('layout %i', (_, fixture) => {
    beforeEach(() => loadFixture(fixture, DB_NAME));

    it('every write in its state, the accounts, their keys, the settings and the drafts', async () => {
      const outbox = await openOutbox();
      const stored = items(fixture);
      expect(outbox.list().map((item) => [item.id, item.account, item.state.status])).toEqual(
        stored.map((item) => [item.id, item.account, item.state.status]),
      );
      // The ones that ask the user still ask; the one behind a 429 still waits for its time.
      const statuses = outbox.list().map((item) => item.state.status);
      for (const status of ['sent', 'failed', 'uncertain', 'queued']) expect(statuses).toContain(status);
      expect(outbox.accountState('acct-work')?.rateLimitedUntil).toBeGreaterThan(FIXTURE_START + 600_000);
      // A write cut off in flight by the update is settled as after a worker stop: never lost, never "sending".
      await outbox.recoverInterrupted();
      expect(outbox.list()).toHaveLength(stored.length);
      expect(outbox.list().filter((item) => item.state.status === 'sending')).toEqual([]);

      const book = await accountsItem.getValue();
      expect(book.accounts.map((account) => account.id)).toEqual(['acct-home', 'acct-work']);
      expect(book.defaultId).toBe('acct-home');
      const vault = new KeyVault();
      expect(await vault.keyFor('acct-home', 'https://debate.example')).toBe('dcp_home_fixture_key_1234');
      expect(await vault.keyFor('acct-work', 'https://work.example')).toBe('dcp_work_fixture_key_abcd');

      const settings = await settingsItem.getValue();
      expect(settings.mutedWords).toEqual(['spoiler']);
      expect(settings.reactionKinds).toEqual([{ value: 'well_sourced' }, { value: 'agree', label: 'Agree' }]);
      expect(settings.keepSentDays).toBe(14);
      expect((await readDrafts()).texts).toEqual({
        post: 'A post I am still writing.',
        'reply:p_42': 'A reply to post 42, half done.',
      });
    });
  });

  it('a step that fails leaves the last layout exactly as it was, and says so in words', async () => {
    const newest = FIXTURES.at(-1);
    if (newest === undefined) throw new Error('no layout fixture');
    await loadFixture(newest, DB_NAME);
    const broken = [
      ...MIGRATIONS,
      (db: Parameters<(typeof MIGRATIONS)[number]>[0]) => {
        db.deleteObjectStore('outbox');
        throw new Error('a planted broken step');
      },
    ];
    const failed = openDebateDb(DB_NAME, broken);
    await expect(failed).rejects.toBeInstanceOf(StorageUpgradeError);
    await expect(failed).rejects.toThrow(
      new RegExp(
        `layout ${newest.layout}\\) could not be upgraded .*layout ${broken.length}\\): a planted broken step\\. Nothing was changed or lost`,
      ),
    );
    // Today's code still reads every write: the step's deletion was undone with it.
    const outbox = await openOutbox();
    expect(outbox.list()).toHaveLength(items(newest).length);
    expect((await openDebateDb()).version).toBe(newest.layout);
  });
});
