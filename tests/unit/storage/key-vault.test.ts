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
    expect(await vault.describe()).toEqual({ set: false, last4: null });
  });

  it('saves, replaces and clears the key', async () => {
    const vault = freshVault();
    await vault.save('dcp_first_key_1234');
    await vault.save('dcp_second_key_abcd');
    expect(await vault.read()).toBe('dcp_second_key_abcd');
    expect(await vault.describe()).toEqual({ set: true, last4: 'abcd' });
    await vault.clear();
    expect(await vault.read()).toBeUndefined();
  });

  it('keeps the key across a reopened database (a restarted worker)', async () => {
    const name = `vault-test-${++dbCount}`;
    names.push(name);
    await new KeyVault(() => openDebateDb(name)).save('dcp_survives_restart');
    await closeDebateDb(name);
    expect(await new KeyVault(() => openDebateDb(name)).read()).toBe('dcp_survives_restart');
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
