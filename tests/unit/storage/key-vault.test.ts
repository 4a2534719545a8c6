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
    expect(await vault.read()).toBeUndefined();
    expect(await vault.describe()).toEqual({ set: false, last4: null, origin: null });
  });

  it('saves, replaces and clears the key with its origin', async () => {
    const vault = freshVault();
    await vault.save('dcp_first_key_1234', 'https://debate.example');
    await vault.save('dcp_second_key_abcd', 'https://debate.example');
    expect(await vault.read()).toEqual({ key: 'dcp_second_key_abcd', origin: 'https://debate.example' });
    expect(await vault.describe()).toEqual({ set: true, last4: 'abcd', origin: 'https://debate.example' });
    await vault.clear();
    expect(await vault.read()).toBeUndefined();
  });

  it('hands the key out only for the origin it was given for', async () => {
    const vault = freshVault();
    await vault.save('dcp_bound_key_1234', 'https://debate.example');
    expect(await vault.keyFor('https://debate.example')).toBe('dcp_bound_key_1234');
    for (const other of ['https://evil.example', 'http://debate.example', 'https://debate.example:8443', '']) {
      expect(await vault.keyFor(other)).toBeUndefined();
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
      await expect(vault.save('dcp_bound_key_1234', bad)).rejects.toThrow(TypeError);
    }
    expect(await vault.read()).toBeUndefined();
  });

  it("treats a key saved before keys were bound (no origin) as absent, never binding it to today's address", async () => {
    const name = `vault-test-${++dbCount}`;
    names.push(name);
    const db = await openDebateDb(name);
    await db.put('vault', { key: 'dcp_legacy_key_1234', savedAt: 1 }, 'apiKey');
    const vault = new KeyVault(() => openDebateDb(name));
    expect(await vault.read()).toBeUndefined();
    expect(await vault.keyFor('https://debate.example')).toBeUndefined();
  });

  it('keeps the key across a reopened database (a restarted worker)', async () => {
    const name = `vault-test-${++dbCount}`;
    names.push(name);
    await new KeyVault(() => openDebateDb(name)).save('dcp_survives_restart', 'http://127.0.0.1:8787');
    await closeDebateDb(name);
    expect(await new KeyVault(() => openDebateDb(name)).keyFor('http://127.0.0.1:8787')).toBe('dcp_survives_restart');
  });

  it('ignores a damaged record instead of handing it out as a key', async () => {
    const name = `vault-test-${++dbCount}`;
    names.push(name);
    const db = await openDebateDb(name);
    await db.put('vault', { key: 42 }, 'apiKey');
    expect(await new KeyVault(() => openDebateDb(name)).read()).toBeUndefined();
  });

  it('shows only the last four characters', () => {
    expect(lastFour('dcp_0123456789wxyz')).toBe('wxyz');
  });
});
