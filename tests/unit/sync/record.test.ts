import { describe, expect, it } from 'vitest';
import { planAccounts, syncedAccountsOf } from '@/lib/sync/accounts-plan';
import { decide, emptyLedger } from '@/lib/sync/ledger';
import { fitAll } from '@/lib/sync/quota';
import { headKey, ITEM_BYTES, itemBytes, partKey, readField, toItems } from '@/lib/sync/record';
import { mergeSyncedSaved } from '@/lib/sync/saved-merge';
import { checkValue } from '@/lib/sync/values';

const A = 'https://a.example/';
const post = (id: string, savedAt: number) => ({ id, source: 'https://a.example', savedAt, body: `Post ${id}` });

describe('sync records', () => {
  it('cuts a long value into items under the per-item quota and reads it back whole', () => {
    const value = Array.from({ length: 200 }, (_, i) => `mot ${i} — «${'é'.repeat(80)}» \u{1F600}`);
    const items = toItems('mutedWords', value, 5, 'me');
    expect(items).toBeDefined();
    const all = items ?? {};
    expect(Object.keys(all).length).toBeGreaterThan(2);
    for (const [key, item] of Object.entries(all)) expect(itemBytes(key, item)).toBeLessThanOrEqual(ITEM_BYTES);
    expect(readField(all, 'mutedWords')).toMatchObject({ kind: 'value', at: 5, by: 'me', value });
  });

  it('never reads parts that do not add up', () => {
    const all =
      toItems(
        'mutedWords',
        Array.from({ length: 200 }, (_, i) => `${'w'.repeat(90)} ${i}`),
        5,
        'me',
      ) ?? {};
    expect(readField({ ...all, [partKey('mutedWords', 1)]: 'x' }, 'mutedWords')).toEqual({
      kind: 'broken',
      detail: 'checksum',
    });
    const { [partKey('mutedWords', 1)]: _gone, ...missing } = all;
    expect(readField(missing, 'mutedWords')).toEqual({ kind: 'broken', detail: 'parts' });
    expect(readField({ [headKey('notify')]: { at: 1, by: 'x', n: 1, sum: 'zz', text: 'true' } }, 'notify')).toEqual({
      kind: 'broken',
      detail: 'head',
    });
  });

  it('checks a synced value as a backup is checked', () => {
    expect(checkValue('reactionKinds', [{ value: 'agree' }, { value: 'agree' }])).toEqual({
      ok: false,
      detail: 'reactionKinds[1].value: custom',
    });
    expect(checkValue('history', { keepSent: 50, keepSentDays: 3 })).toEqual({
      ok: true,
      value: { keepSent: 50, keepSentDays: 3 },
    });
    expect(
      checkValue('accounts', {
        list: [{ id: 'acct-1', label: '', baseUrl: 'http://evil.example/', reserve: 0 }],
        removed: [],
      }).ok,
    ).toBe(false);
  });

  it('newest change first; a tie goes to the greater browser id', () => {
    const ledger = { ...emptyLedger(), device: 'b', stamps: { notify: 10 } };
    const read = (at: number, by = 'a') => ({ kind: 'value' as const, at, by, sum: '00000001', value: true });
    expect(decide(read(11), ledger, 'notify', 100)).toBe('apply');
    expect(decide(read(9), ledger, 'notify', 100)).toBe('push');
    expect(decide(read(10, 'a'), ledger, 'notify', 100)).toBe('push');
    expect(decide(read(10, 'c'), ledger, 'notify', 100)).toBe('apply');
  });
});

describe('sync of accounts', () => {
  const local = (id: string, baseUrl: string, keyed: boolean) => ({
    id,
    label: '',
    baseUrl,
    reserve: 0,
    keyed,
    pending: 0,
  });
  const none = { aliases: {}, removedAccounts: [], proposals: [] };

  it('makes one account of the same address added on both browsers', () => {
    const plan = planAccounts(
      { list: [{ id: 'acct-r', label: 'Work', baseUrl: A, reserve: 1 }], removed: [] },
      [local('acct-l', A, true)],
      none,
      19,
      0,
    );
    expect(plan).toMatchObject({
      add: [],
      aliases: { 'acct-r': 'acct-l' },
      update: [{ id: 'acct-l', label: 'Work', reserve: 1 }],
    });
    expect(
      syncedAccountsOf([{ id: 'acct-l', label: 'Work', baseUrl: A, reserve: 1 }], { ...none, aliases: plan.aliases })
        .list[0]?.id,
    ).toBe('acct-l'); // the smaller of the two ids, the same on both browsers
  });

  it('lists accounts in one order on every browser, with a proposed address as synced', () => {
    const accounts = [
      { id: 'acct-b', label: '', baseUrl: A, reserve: 0 },
      { id: 'acct-a', label: '', baseUrl: A, reserve: 0 },
    ];
    const proposals = [{ account: 'acct-b', from: A, to: 'https://b.example/', at: 0, open: true }];
    expect(syncedAccountsOf(accounts, { ...none, proposals }).list.map((a) => [a.id, a.baseUrl])).toEqual([
      ['acct-a', A],
      ['acct-b', 'https://b.example/'],
    ]);
  });

  it('leaves out what this browser has no room for, and says how many', () => {
    const list = ['acct-1', 'acct-2', 'acct-3'].map((id) => ({ id, label: '', baseUrl: A, reserve: 0 }));
    expect(planAccounts({ list, removed: [] }, [], none, 1, 0)).toMatchObject({ add: [list[0]], full: 2 });
  });
});

describe('sync of saved posts', () => {
  it('is a union, post by post, where a later removal wins', () => {
    const merge = mergeSyncedSaved(
      [post('a', 10), post('b', 10)],
      { posts: [post('c', 20), post('d', 5)], removed: [{ key: 'https://a.example b', at: 15 }] },
      [{ key: 'https://a.example d', at: 6 }],
    );
    expect(merge.add.map((p) => p.id)).toEqual(['c']);
    expect(merge.remove).toEqual(['https://a.example b']);
  });

  it('syncs the newest saved posts that fit, and says how many of how many', () => {
    const posts = Array.from({ length: 500 }, (_, i) => ({ ...post(`p${i}`, 1000 - i), body: 'x'.repeat(2000) }));
    const values = {
      accounts: { list: [], removed: [] },
      reactionKinds: [{ value: 'agree' }],
      keys: { on: true, next: 'j', previous: 'k', reply: 'r', save: 's', search: '/', help: '?', react: true },
      notify: false,
      linkPatterns: [],
      excludedHosts: [],
      chosenSites: [],
      mutedWords: [],
      mutedAuthors: [],
      history: { keepSent: 200, keepSentDays: 7 },
      saved: { posts, removed: [] },
    };
    const fitted = fitAll(values, {}, 'me');
    const misfit = fitted.misfits.find((m) => m.field === 'saved');
    expect(misfit).toMatchObject({ kind: 'partial', total: 500 });
    const synced = (misfit as { synced: number }).synced;
    expect(synced).toBeGreaterThan(30);
    const read = readField(fitted.items.saved ?? {}, 'saved');
    expect(read.kind === 'value' && (read.value as { posts: unknown[] }).posts).toHaveLength(synced);
  });
});
