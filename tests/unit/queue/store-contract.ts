import { describe, expect, it } from 'vitest';
import type { OutboxStore } from '@/lib/queue/store';
import type { AccountState, OutboxItem } from '@/lib/queue/types';

/** A minimal valid item; `seq` and `account` vary per test. */
export function makeItem(id: string, seq: number, account = 'acc-a', overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id,
    account,
    seq,
    request: { kind: 'post', body: `body ${id}` },
    state: { status: 'queued' },
    createdAt: 1_000 + seq,
    updatedAt: 1_000 + seq,
    attempts: 0,
    resends: 0,
    ...overrides,
  };
}

/**
 * The behaviour every OutboxStore must have, written once and run against each implementation
 * (memory and IndexedDB). `makeStore` must return an empty store.
 */
export function describeStoreContract(name: string, makeStore: () => Promise<OutboxStore>): void {
  describe(`OutboxStore contract: ${name}`, () => {
    it('puts an item and its account state together', async () => {
      const store = await makeStore();
      const waiting = makeItem('w', 1, 'acc-a', { state: { status: 'waiting', until: 9_000 } });
      const paused: AccountState = {
        account: 'acc-a',
        rateLimitedUntil: 9_000,
        rateLimitedBy: { item: 'w', at: 4_000 },
      };
      await store.putItemAndAccount(waiting, paused);
      expect(await store.getItem('w')).toEqual(waiting);
      expect(await store.getAccount('acc-a')).toEqual(paused);
    });

    it('starts empty', async () => {
      const store = await makeStore();
      expect(await store.listItems()).toEqual([]);
      expect(await store.listAccounts()).toEqual([]);
      expect(await store.getItem('nope')).toBeUndefined();
      expect(await store.getAccount('nope')).toBeUndefined();
    });

    it('returns what was put, as an equal copy', async () => {
      const store = await makeStore();
      const item = makeItem('a', 1, 'acc-a', {
        request: { kind: 'comment', postId: 'p_1', body: 'reply' },
        state: { status: 'failed', reason: { kind: 'forbidden_scope', message: 'no', scope: 'posts:write' }, at: 5 },
      });
      await store.putItem(item);
      const read = await store.getItem('a');
      expect(read).toEqual(item);
      // Changing the caller's object afterwards does not change what is stored.
      item.seq = 99;
      expect((await store.getItem('a'))?.seq).toBe(1);
    });

    it('lists items in ascending seq order whatever the insertion order', async () => {
      const store = await makeStore();
      for (const [id, seq, account] of [
        ['c', 30, 'acc-b'],
        ['a', 10, 'acc-a'],
        ['d', 40, 'acc-a'],
        ['b', 20, 'acc-b'],
      ] as const) {
        await store.putItem(makeItem(id, seq, account));
      }
      expect((await store.listItems()).map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
    });

    it('replaces an item put again under the same id, and re-sorts by its new seq', async () => {
      const store = await makeStore();
      await store.putItem(makeItem('a', 1));
      await store.putItem(makeItem('b', 2));
      await store.putItem(makeItem('a', 3, 'acc-a', { state: { status: 'sent', id: 'p_9', at: 7 } }));
      const items = await store.listItems();
      expect(items.map((item) => item.id)).toEqual(['b', 'a']);
      expect(items[1]?.state).toEqual({ status: 'sent', id: 'p_9', at: 7 });
    });

    it('deletes items, and deleting a missing one is not an error', async () => {
      const store = await makeStore();
      await store.putItem(makeItem('a', 1));
      await store.deleteItem('a');
      await store.deleteItem('a');
      expect(await store.listItems()).toEqual([]);
    });

    it('deletes many items at once, missing ones included', async () => {
      const store = await makeStore();
      for (const [id, seq] of [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ] as const)
        await store.putItem(makeItem(id, seq));
      await store.deleteItems(['a', 'c', 'zz']);
      expect((await store.listItems()).map((item) => item.id)).toEqual(['b']);
      await store.deleteItems([]);
    });

    it('keeps account states by account, replacing on put', async () => {
      const store = await makeStore();
      const paused: AccountState = { account: 'acc-a', rateLimitedUntil: 12_345 };
      const disabled: AccountState = {
        account: 'acc-b',
        disabled: { reason: 'abuse report', since: 1, attempt: 2, nextProbeAt: 99 },
      };
      await store.putAccount(paused);
      await store.putAccount(disabled);
      await store.putAccount({ account: 'acc-a', rateLimitedUntil: 20_000 });
      expect(await store.getAccount('acc-a')).toEqual({ account: 'acc-a', rateLimitedUntil: 20_000 });
      expect(await store.getAccount('acc-b')).toEqual(disabled);
      const all = await store.listAccounts();
      expect(all.map((state) => state.account).sort()).toEqual(['acc-a', 'acc-b']);
      await store.deleteAccount('acc-a');
      expect(await store.getAccount('acc-a')).toBeUndefined();
    });

    it('keeps concurrent puts, each resolving once stored', async () => {
      const store = await makeStore();
      await Promise.all(Array.from({ length: 25 }, (_, i) => store.putItem(makeItem(`i${i}`, i + 1))));
      expect((await store.listItems()).map((item) => item.seq)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    });
  });
}
