import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readSettings, updateSettings } from '@/lib/storage/settings';
import { syncedAccountsOf } from '@/lib/sync/accounts-plan';
import { ledgerItem } from '@/lib/sync/ledger';
import { holdsMore } from '@/lib/sync/local';
import { headKey, partKey, readField } from '@/lib/sync/record';
import type { SyncValues } from '@/lib/sync/values';
import { clock, OTHER_BROWSER, plant, problems, SYNC_A, syncSetup } from '../support/sync';

/*
 * What a review of sync traced by hand, each scenario as a test with its fix: a silent move of an
 * account without a key (a key being typed would follow it), two browsers handing a value back and
 * forth, old pieces kept over the quota, a local change losing to an older record.
 */

const stored = async (field: Parameters<typeof headKey>[0]) =>
  readField(await fakeBrowser.storage.sync.get(null), field);

describe('sync: what the review found', () => {
  beforeEach(() => {
    clock.now += 60_000;
  });

  it('only proposes a new address for an account without a key too (a key typed then would follow the address)', async () => {
    const { services, sync, account } = await syncSetup();
    await services.vault.clear(account.id);
    await plant('accounts', {
      list: [{ id: account.id, label: 'Mine', baseUrl: 'https://evil.example/', reserve: 0 }],
      removed: [],
    });
    await sync.changed();
    expect((await services.accounts.book()).accounts[0]?.baseUrl).toBe(SYNC_A);
    expect((await ledgerItem.getValue()).proposals).toEqual([
      expect.objectContaining({ to: 'https://evil.example/', open: true }),
    ]);
  });

  it('moves the Outbox’s writes with an account whose proposed address the user confirms', async () => {
    const { sync, account, moved } = await syncSetup();
    await plant('accounts', {
      list: [{ id: account.id, label: 'Mine', baseUrl: 'https://new.example/', reserve: 0 }],
      removed: [],
    });
    await sync.changed();
    await sync.answer(account.id, true);
    expect(moved).toEqual([[account.id, SYNC_A]]);
  });

  it('refuses a list naming one account twice', async () => {
    const { services, sync, account } = await syncSetup();
    const twin = { id: 'acct-twin', label: '', baseUrl: 'https://twin.example/', reserve: 0 };
    await plant('accounts', {
      list: [{ id: account.id, label: 'Mine', baseUrl: SYNC_A, reserve: 0 }, twin, twin],
      removed: [],
    });
    await sync.changed();
    expect((await services.accounts.book()).accounts).toHaveLength(1);
    expect(await problems()).toContainEqual(expect.objectContaining({ field: 'accounts', kind: 'refused' }));
  });

  it('lists removed accounts in one order on every browser', () => {
    const ledger = { aliases: {}, proposals: [], removedAccounts: ['acct-z', 'acct-b'] };
    expect(syncedAccountsOf([], ledger).removed).toEqual(['acct-b', 'acct-z']);
  });

  it('does not write over a refused record (a browser of another version would write it back)', async () => {
    const { sync } = await syncSetup();
    await plant('linkPatterns', ['not a pattern']);
    await sync.changed();
    expect(await stored('linkPatterns')).toMatchObject({ kind: 'value', by: OTHER_BROWSER });
  });

  it('writes over an older record once; the very same record written back again is named, not fought over', async () => {
    const { sync } = await syncSetup();
    await updateSettings({ mutedWords: ['mine'] });
    await sync.changed();
    const older = clock.now - 30_000;
    await plant('mutedWords', ['theirs'], older);
    await sync.changed();
    expect(await stored('mutedWords')).toMatchObject({ kind: 'value', value: ['mine'] });
    await plant('mutedWords', ['theirs'], older);
    await sync.changed();
    expect(await stored('mutedWords')).toMatchObject({ kind: 'value', value: ['theirs'] });
    expect(await problems()).toContainEqual(expect.objectContaining({ field: 'mutedWords', kind: 'conflict' }));
    expect((await readSettings()).mutedWords).toEqual(['mine']);
  });

  it('removes the pieces a longer value left, before writing', async () => {
    const { sync } = await syncSetup();
    const long = Array.from({ length: 500 }, (_, i) => `${'a'.repeat(90)}${i}`);
    await plant('mutedAuthors', long);
    await sync.changed();
    expect((await readSettings()).mutedAuthors).toEqual(long);
    expect(Object.keys(await fakeBrowser.storage.sync.get(null))).toContain(partKey('mutedAuthors', 3));
    clock.now += 60_000;
    await updateSettings({ mutedAuthors: ['one'] });
    await sync.changed();
    const keys = Object.keys(await fakeBrowser.storage.sync.get(null)).filter((key) =>
      key.startsWith('dc1:mutedAuthors'),
    );
    expect(keys).toEqual([headKey('mutedAuthors')]);
  });

  it('makes a local change the newest even when an applied record was dated a little ahead of this clock', async () => {
    const { sync } = await syncSetup();
    const ahead = clock.now + 120_000;
    await plant('mutedWords', ['theirs'], ahead);
    await sync.changed();
    expect((await readSettings()).mutedWords).toEqual(['theirs']);
    clock.now += 1_000;
    await updateSettings({ mutedWords: ['mine'] });
    await sync.changed();
    expect(await stored('mutedWords')).toMatchObject({ kind: 'value', value: ['mine'], at: ahead + 1 });
  });

  it('counts no change of its own where a union only lacks what there was no room for', () => {
    const values = (ids: string[]) =>
      ({
        accounts: { list: ids.map((id) => ({ id, label: '', baseUrl: SYNC_A, reserve: 0 })), removed: [] },
        saved: { posts: [], removed: [] },
      }) as unknown as SyncValues;
    expect(holdsMore('accounts', values(['acct-1']), values(['acct-1', 'acct-2']))).toBe(false);
    expect(holdsMore('accounts', values(['acct-1', 'acct-3']), values(['acct-1', 'acct-2']))).toBe(true);
  });
});
