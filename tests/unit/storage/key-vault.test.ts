import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDebateDb, openDebateDb } from '@/lib/storage/db';
import { KeyVault, lastFour } from '@/lib/storage/key-vault';

let dbCount = 0;
const names: string[] = [];
function freshVault(): KeyVault {
  const name = `vault-test-${++dbCount}`;
  names.push(name);
  return new KeyVault(() => openDebateDb(name));
}

afterEach(async () => {
  for (const name of names.splice(0)) await closeDebateDb(name);
});

describe('KeyVault', () => {
  it('has no key at first', async () => {
    const vault = freshVault();
    expect(await vault.read('acct-a')).toBeUndefined();
    expect(await vault.describe('acct-a')).toEqual({ set: false, last4: null, origin: null });
  });

  it('saves, replaces and clears the key with its origin', async () => {
    const vault = freshVault();
    await vault.save('acct-a', 'dcp_first_key_1234', 'https://debate.example');
    await vault.save('acct-a', 'dcp_second_key_abcd', 'https://debate.example');
    expect(await vault.read('acct-a')).toEqual({ key: 'dcp_second_key_abcd', origin: 'https://debate.example' });
    expect(await vault.describe('acct-a')).toEqual({ set: true, last4: 'abcd', origin: 'https://debate.example' });
    await vault.clear('acct-a');
    expect(await vault.read('acct-a')).toBeUndefined();
  });

  it('describes a key from memory after the first read, and follows every save and clear', async () => {
    let opens = 0;
    const name = `vault-test-${++dbCount}`;
    names.push(name);
    const vault = new KeyVault(() => {
      opens += 1;
      return openDebateDb(name);
    });
    await vault.save('acct-a', 'dcp_first_key_1234', 'https://debate.example');
    expect(await vault.describe('acct-a')).toEqual({ set: true, last4: '1234', origin: 'https://debate.example' });
    const afterFirst = opens;
    await Promise.all([vault.describe('acct-a'), vault.describe('acct-a')]);
    expect(opens).toBe(afterFirst);
    // A save racing a description: the description after the save says the new key.
    const racing = vault.describe('acct-b');
    await vault.save('acct-b', 'dcp_other_key_wxyz', 'https://debate.example');
    await racing;
    expect((await vault.describe('acct-b')).last4).toBe('wxyz');
    await vault.clear('acct-a');
    expect(await vault.describe('acct-a')).toEqual({ set: false, last4: null, origin: null });
  });

  it('hands the key out only for the origin it was given for', async () => {
    const vault = freshVault();
    await vault.save('acct-a', 'dcp_bound_key_1234', 'https://debate.example');
    expect(await vault.keyFor('acct-a', 'https://debate.example')).toBe('dcp_bound_key_1234');
    for (const other of ['https://evil.example', 'http://debate.example', 'https://debate.example:8443', '']) {
      expect(await vault.keyFor('acct-a', other)).toBeUndefined();
    }
  });

  it('refuses to bind a key to what is not an origin', async () => {
    const vault = freshVault();
    for (const bad of [
      'https://debate.example/',
      'debate.example',
      'ftp://debate.example',
      'https://debate.example/v1',
    ]) {
      await expect(vault.save('acct-a', 'dcp_bound_key_1234', bad)).rejects.toThrow(TypeError);
    }
    expect(await vault.read('acct-a')).toBeUndefined();
  });

  it("treats a key saved before keys were bound (no origin) as absent, never binding it to today's address", async () => {
    const name = `vault-test-${++dbCount}`;
    names.push(name);
    const db = await openDebateDb(name);
    await db.put('vault', { key: 'dcp_legacy_key_1234', savedAt: 1 }, 'apiKey');
    const vault = new KeyVault(() => openDebateDb(name));
    expect(await vault.readLegacy()).toBeUndefined();
    expect(await vault.keyFor('acct-a', 'https://debate.example')).toBeUndefined();
  });

  it('keeps the key across a reopened database (a restarted worker)', async () => {
    const name = `vault-test-${++dbCount}`;
    names.push(name);
    await new KeyVault(() => openDebateDb(name)).save('acct-a', 'dcp_survives_restart', 'http://127.0.0.1:8787');
    await closeDebateDb(name);
    expect(await new KeyVault(() => openDebateDb(name)).keyFor('acct-a', 'http://127.0.0.1:8787')).toBe(
      'dcp_survives_restart',
    );
  });

  it('ignores a damaged record instead of handing it out as a key', async () => {
    const name = `vault-test-${++dbCount}`;
    names.push(name);
    const db = await openDebateDb(name);
    await db.put('vault', { key: 42 }, 'key:acct-a');
    expect(await new KeyVault(() => openDebateDb(name)).read('acct-a')).toBeUndefined();
  });

  it("keeps each account's key apart, and a single-key version's key under its old name", async () => {
    const name = `vault-test-${++dbCount}`;
    names.push(name);
    const vault = new KeyVault(() => openDebateDb(name));
    await vault.save('acct-a', 'dcp_key_of_a_1111', 'https://debate.example');
    await vault.save('acct-b', 'dcp_key_of_b_2222', 'https://debate.example');
    expect(await vault.keyFor('acct-a', 'https://debate.example')).toBe('dcp_key_of_a_1111');
    expect(await vault.keyFor('acct-b', 'https://debate.example')).toBe('dcp_key_of_b_2222');
    await vault.clear('acct-a');
    expect(await vault.keyFor('acct-a', 'https://debate.example')).toBeUndefined();
    expect(await vault.keyFor('acct-b', 'https://debate.example')).toBe('dcp_key_of_b_2222');
    await (await openDebateDb(name)).put(
      'vault',
      { key: 'dcp_old_single_9', origin: 'https://debate.example', savedAt: 1 },
      'apiKey',
    );
    expect(await vault.readLegacy()).toEqual({ key: 'dcp_old_single_9', origin: 'https://debate.example' });
  });

  it('shows only the last four characters', () => {
    expect(lastFour('dcp_0123456789wxyz')).toBe('wxyz');
  });
});
