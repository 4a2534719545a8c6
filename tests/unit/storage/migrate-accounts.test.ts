import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_ID } from '@/lib/storage/accounts';
import { closeDebateDb, openDebateDb } from '@/lib/storage/db';
import { KeyVault } from '@/lib/storage/key-vault';
import { migrateToAccounts } from '@/lib/storage/migrate-accounts';

let count = 0;
const names: string[] = [];
async function freshDb() {
  const name = `migrate-accounts-${++count}`;
  names.push(name);
  return { name, db: await openDebateDb(name) };
}
afterEach(async () => {
  for (const name of names.splice(0)) await closeDebateDb(name);
});

const item = (id: string, account: string) => ({
  id,
  account,
  seq: Number(id.slice(1)),
  request: { kind: 'post', body: id },
  state: { status: 'queued' },
  createdAt: 1,
  updatedAt: 1,
  attempts: 0,
  resends: 0,
});

describe('a single-key version becomes the first account, with no action from the user', () => {
  it('carries over the address, the key, the last check, the queued writes and their pause', async () => {
    const { name, db } = await freshDb();
    await db.put('prefs', { baseUrl: 'http://127.0.0.1:8787', reactionKinds: [] }, 'settings');
    await db.put(
      'prefs',
      { baseUrl: 'http://127.0.0.1:8787/', account: { handle: 'demo' }, scopes: ['posts:write'], checkedAt: 5 },
      'identity',
    );
    await db.put('vault', { key: 'dcp_single_key_1234', origin: 'http://127.0.0.1:8787', savedAt: 1 }, 'apiKey');
    await db.put('outbox', item('o1', 'http://127.0.0.1:8787/') as never);
    await db.put('outbox', item('o2', 'https://elsewhere.example/') as never);
    await db.put('accounts', { account: 'http://127.0.0.1:8787/', rateLimitedUntil: 9_999 });

    const book = await migrateToAccounts(name, 100);
    expect(book.accounts).toHaveLength(1);
    const [account] = book.accounts;
    expect(account).toMatchObject({ baseUrl: 'http://127.0.0.1:8787/', label: '', reserve: 0, addedAt: 100 });
    expect(account?.id).toMatch(ACCOUNT_ID);
    expect(account?.check).toEqual({ outcome: 'ok', at: 5, account: { handle: 'demo' }, scopes: ['posts:write'] });
    expect(book.defaultId).toBe(account?.id);
    const id = account?.id ?? '';
    const vault = new KeyVault(() => openDebateDb(name));
    expect(await vault.keyFor(id, 'http://127.0.0.1:8787')).toBe('dcp_single_key_1234');
    expect(await vault.readLegacy()).toBeUndefined();
    expect((await db.get('outbox', 'o1'))?.account).toBe(id);
    // A write queued for another address keeps waiting for an account of its own address.
    expect((await db.get('outbox', 'o2'))?.account).toBe('https://elsewhere.example/');
    // The 429's time is the account's: it stays.
    expect(await db.get('accounts', id)).toEqual({ account: id, rateLimitedUntil: 9_999 });
    expect(await db.get('accounts', 'http://127.0.0.1:8787/')).toBeUndefined();

    // Once: a second start changes nothing.
    expect(await migrateToAccounts(name, 200)).toEqual(book);
  });

  it('drops a key that was given for another origin than the address (it was unusable already)', async () => {
    const { name, db } = await freshDb();
    await db.put('prefs', { baseUrl: 'https://debate.example/api' }, 'settings');
    await db.put('vault', { key: 'dcp_other_origin_1', origin: 'https://evil.example', savedAt: 1 }, 'apiKey');
    const book = await migrateToAccounts(name);
    const id = book.accounts[0]?.id ?? '';
    expect(book.accounts[0]?.baseUrl).toBe('https://debate.example/api/');
    expect(await new KeyVault(() => openDebateDb(name)).read(id)).toBeUndefined();
    expect(await db.get('vault', 'apiKey')).toBeUndefined();
  });

  it('makes no account from nothing, and a damaged address is no account', async () => {
    const { name, db } = await freshDb();
    expect((await migrateToAccounts(name)).accounts).toEqual([]);
    const other = await freshDb();
    await other.db.put('prefs', { baseUrl: 'http://debate.example' }, 'settings');
    expect((await migrateToAccounts(other.name)).accounts).toEqual([]);
    expect(await db.get('prefs', 'accounts')).toEqual({ accounts: [], defaultId: null, lastUsed: {} });
  });
});
