import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readSettings, updateSettings } from '@/lib/storage/settings';
import { ledgerItem } from '@/lib/sync/ledger';
import { headKey, partKey } from '@/lib/sync/record';
import { clock, plant, problems, SYNC_A, SYNC_KEY, syncSetup } from '../support/sync';

/*
 * The red team's attacks on sync (issue 32), each written before its defence. The attacker writes
 * `storage.sync`: in Firefox any content script can, and a synced record may come from a
 * compromised machine. None of it may decide where a key goes, nor plant one.
 */

const A = SYNC_A;
const EVIL = 'https://evil.example/';
const KEY = SYNC_KEY;
const setup = () => syncSetup();

describe('sync: the red team', () => {
  beforeEach(() => {
    clock.now += 60_000;
  });

  it('never writes a key, nor its last four characters, to storage.sync', async () => {
    await setup();
    const synced = JSON.stringify(await fakeBrowser.storage.sync.get(null));
    expect(synced).toContain('Mine');
    expect(synced).not.toContain(KEY);
    expect(synced).not.toContain('QXYZ');
  });

  it('refuses a synced account that carries a key: nothing added, no key stored', async () => {
    const { services, sync } = await setup();
    const planted = { id: 'acct-planted', label: 'Planted', baseUrl: EVIL, reserve: 0, key: 'dcp_planted0000' };
    await plant('accounts', { list: [planted], removed: [] });
    await sync.changed();
    expect((await services.accounts.book()).accounts.map((a) => a.baseUrl)).toEqual([A]);
    expect((await services.vault.describe('acct-planted')).set).toBe(false);
    expect(await problems()).toContainEqual(
      expect.objectContaining({ field: 'accounts', kind: 'refused', detail: 'list[0].key: unknown field' }),
    );
  });

  it('refuses an item of its own name that it does not know (a planted `dc1:key`)', async () => {
    const { services, sync } = await setup();
    await fakeBrowser.storage.sync.set({ 'dc1:key': { account: 'x', key: 'dcp_planted0000' } });
    await sync.changed();
    expect(await problems()).toContainEqual(
      expect.objectContaining({ field: 'all', kind: 'refused', detail: 'dc1:key: unknown item' }),
    );
    const [account] = (await services.accounts.book()).accounts;
    expect((await services.vault.read(account?.id ?? ''))?.key).toBe(KEY);
  });

  it('never moves a keyed account: a new address arrives as a proposal, and the key stays bound', async () => {
    const { services, sync, account } = await setup();
    await plant('accounts', { list: [{ id: account.id, label: 'Mine', baseUrl: EVIL, reserve: 0 }], removed: [] });
    await sync.changed();
    const [after] = (await services.accounts.book()).accounts;
    expect(after?.baseUrl).toBe(A);
    expect(await services.vault.read(account.id)).toMatchObject({ key: KEY, origin: 'http://127.0.0.1:8787' });
    expect((await ledgerItem.getValue()).proposals).toEqual([
      expect.objectContaining({ account: account.id, from: A, to: EVIL, open: true }),
    ]);
    // Declined: nothing moves, and the same address is not asked again.
    await sync.answer(account.id, false);
    await sync.changed();
    expect((await services.accounts.book()).accounts[0]?.baseUrl).toBe(A);
    expect((await ledgerItem.getValue()).proposals.filter((p) => p.open)).toEqual([]);
    // A later address supersedes the one kept; confirmed, it is the one the account moves to.
    const later = 'https://later.example/';
    clock.now += 60_000;
    await plant('accounts', { list: [{ id: account.id, label: 'Mine', baseUrl: later, reserve: 0 }], removed: [] });
    await sync.changed();
    expect(await sync.answer(account.id, true)).toEqual({ keyRemovedFor: 'http://127.0.0.1:8787' });
    await sync.changed();
    expect((await services.accounts.book()).accounts[0]?.baseUrl).toBe(later);
  });

  it('moves the account only once the user confirms, and forgets a key given for another origin', async () => {
    const { services, sync, account } = await setup();
    await plant('accounts', { list: [{ id: account.id, label: 'Mine', baseUrl: EVIL, reserve: 0 }], removed: [] });
    await sync.changed();
    expect(await sync.answer(account.id, true)).toEqual({ keyRemovedFor: 'http://127.0.0.1:8787' });
    expect((await services.accounts.book()).accounts[0]?.baseUrl).toBe(EVIL);
    expect((await services.vault.describe(account.id)).set).toBe(false);
  });

  it('adds an account arriving by sync without a key: it asks for one', async () => {
    const { services, sync, account } = await setup();
    const mine = { id: account.id, label: 'Mine', baseUrl: A, reserve: 0 };
    const theirs = { id: 'acct-theirs', label: 'Work', baseUrl: 'https://work.example/', reserve: 2 };
    await plant('accounts', { list: [mine, theirs], removed: [] });
    await sync.changed();
    const added = (await services.accounts.book()).accounts.find((a) => a.id === 'acct-theirs');
    expect(added).toMatchObject({ label: 'Work', baseUrl: 'https://work.example/', reserve: 2 });
    expect((await services.vault.describe('acct-theirs')).set).toBe(false);
  });

  it('never removes an account that has a key here', async () => {
    const { services, sync, account } = await setup();
    await plant('accounts', { list: [], removed: [account.id] });
    await sync.changed();
    expect((await services.accounts.book()).accounts.map((a) => a.id)).toEqual([account.id]);
    expect((await services.vault.read(account.id))?.key).toBe(KEY);
  });

  it('does not let a record dated far ahead win every later change', async () => {
    const { sync } = await setup();
    await plant('mutedWords', ['planted'], 8.6e15);
    await sync.changed();
    expect((await readSettings()).mutedWords).toEqual(['planted']);
    clock.now += 60_000;
    await updateSettings({ mutedWords: ['mine'] });
    await sync.changed();
    const head = (await fakeBrowser.storage.sync.get(headKey('mutedWords')))[headKey('mutedWords')] as {
      at: number;
      by: string;
    };
    expect(head).toMatchObject({ at: clock.now, by: (await ledgerItem.getValue()).device });
    expect((await readSettings()).mutedWords).toEqual(['mine']);
  });

  it('refuses a record whose parts do not add up, and a value the options page would refuse', async () => {
    const { sync } = await setup();
    const long = Array.from(
      { length: 200 },
      (_, i) => `word number ${i} of a long muted list, long enough to need two items`,
    );
    await plant('mutedWords', long);
    await fakeBrowser.storage.sync.set({ [partKey('mutedWords', 1)]: 'tampered' });
    await plant('linkPatterns', ['not a pattern']);
    await sync.changed();
    expect((await readSettings()).mutedWords).toEqual([]);
    expect((await readSettings()).linkPatterns).toEqual([]);
    expect(await problems()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'mutedWords', kind: 'refused', detail: 'record: checksum' }),
        expect.objectContaining({ field: 'linkPatterns', kind: 'refused' }),
      ]),
    );
  });

  it('says what does not fit in the quota, and keeps the local value', async () => {
    const { sync } = await setup();
    const hosts = Array.from({ length: 200 }, (_, i) => `${'h'.repeat(200)}${i}.example`);
    const words = Array.from({ length: 200 }, (_, i) => `${'w'.repeat(90)} ${i}`);
    const authors = Array.from({ length: 500 }, (_, i) => `${'a'.repeat(90)}${i}`);
    await updateSettings({ excludedHosts: hosts, mutedAuthors: authors, mutedWords: words });
    await sync.changed();
    expect((await readSettings()).mutedWords).toEqual(words);
    expect(await problems()).toContainEqual(expect.objectContaining({ field: 'mutedAuthors', kind: 'no_room' }));
    const synced = await fakeBrowser.storage.sync.get(null);
    const bytes = Object.entries(synced).reduce((sum, [k, v]) => sum + k.length + JSON.stringify(v).length, 0);
    expect(bytes).toBeLessThanOrEqual(102_400);
  });
});
