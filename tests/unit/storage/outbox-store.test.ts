import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { Outbox } from '@/lib/queue/outbox';
import { closeDebateDb, DB_NAME, DB_VERSION, openDebateDb } from '@/lib/storage/db';
import { IdbOutboxStore } from '@/lib/storage/outbox-store';
import { describeStoreContract, makeItem } from '../queue/store-contract';

let counter = 0;
/** A fresh database per test, so tests do not see each other's items. */
function freshName(): string {
  counter += 1;
  return `outbox-store-test-${counter}`;
}

describeStoreContract('IdbOutboxStore', async () => {
  const name = freshName();
  return new IdbOutboxStore(() => openDebateDb(name));
});

describe('openDebateDb', () => {
  it('creates the outbox, accounts, vault and prefs stores', async () => {
    const name = freshName();
    const db = await openDebateDb(name);
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(['accounts', 'outbox', 'prefs', 'vault']);
    const tx = db.transaction('outbox');
    expect([...tx.store.indexNames].sort()).toEqual(['by-account-seq', 'by-seq']);
    expect(tx.store.keyPath).toBe('id');
    await tx.done;
    await closeDebateDb(name);
  });

  it('shares one connection per name and reopens after close', async () => {
    const name = freshName();
    const first = await openDebateDb(name);
    expect(await openDebateDb(name)).toBe(first);
    await closeDebateDb(name);
    const second = await openDebateDb(name);
    expect(second).not.toBe(first);
    await closeDebateDb(name);
  });

  it('uses the extension database name by default', () => {
    expect(DB_NAME).toBe('debate-companion');
  });

  it('orders one account by the account+seq index', async () => {
    const name = freshName();
    const store = new IdbOutboxStore(() => openDebateDb(name));
    await store.putItem(makeItem('b2', 4, 'acc-b'));
    await store.putItem(makeItem('a2', 3, 'acc-a'));
    await store.putItem(makeItem('a1', 1, 'acc-a'));
    await store.putItem(makeItem('b1', 2, 'acc-b'));
    const db = await openDebateDb(name);
    const range = IDBKeyRange.bound(['acc-a', 0], ['acc-a', Number.POSITIVE_INFINITY]);
    const ids = (await db.getAllFromIndex('outbox', 'by-account-seq', range)).map((item) => item.id);
    expect(ids).toEqual(['a1', 'a2']);
    await closeDebateDb(name);
  });
});

describe('Outbox on IndexedDB', () => {
  it('survives a restart: what was enqueued is there, in order, after reopening the database', async () => {
    const name = freshName();
    const neverSend = async (): Promise<{ id: string }> => new Promise(() => undefined);
    const options = { sender: neverSend, findLanded: async () => [], clock: () => 1_000 };
    const first = await Outbox.open({ ...options, store: new IdbOutboxStore(() => openDebateDb(name)) });
    await first.enqueue('acc', { kind: 'post', body: 'one' });
    await first.enqueue('acc', { kind: 'reaction', postId: 'p_1', reaction: 'well_sourced' });
    await closeDebateDb(name);

    const second = await Outbox.open({ ...options, store: new IdbOutboxStore(() => openDebateDb(name)) });
    expect(second.list().map((item) => item.request.kind)).toEqual(['post', 'reaction']);
    await closeDebateDb(name);
  });

  it('settles a write the worker was sending when it stopped, and keeps a 429 pause across the restart', async () => {
    const name = freshName();
    const store = () => new IdbOutboxStore(() => openDebateDb(name));
    let now = 5_000;
    const clock = () => now;
    const rateLimited = new ApiError({ kind: 'rate_limited', message: '429', status: 429, retryAfterMs: 30_000 });
    const first = await Outbox.open({
      store: store(),
      clock,
      findLanded: async () => [],
      // The first write is refused with a 429; the worker then stops while the next send is out.
      sender: async (item) => {
        if (item.request.kind === 'post' && item.request.body === 'limited') throw rateLimited;
        return new Promise(() => undefined);
      },
    });
    await first.enqueue('acc', { kind: 'post', body: 'limited' });
    await first.enqueue('other', { kind: 'post', body: 'in flight' });
    void first.drain();
    await vi.waitFor(() => expect(first.list().map((item) => item.state.status)).toEqual(['waiting', 'sending']));
    await closeDebateDb(name);

    now = 10_000;
    const second = await Outbox.open({
      store: store(),
      clock,
      sender: async () => ({ id: 'p_new' }),
      findLanded: async (item) =>
        item.request.kind === 'post' && item.request.body === 'in flight' ? ['p_landed'] : [],
    });
    await second.recoverInterrupted();
    expect(second.list().map((item) => item.state)).toEqual([
      { status: 'waiting', until: 35_000 },
      { status: 'sent', id: 'p_landed', at: 10_000, settled: true },
    ]);
    expect(second.accountState('acc')?.rateLimitedUntil).toBe(35_000);
    expect((await second.drain()).nextWakeAt).toBe(35_000);
    await closeDebateDb(name);
  });
});
