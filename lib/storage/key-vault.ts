import { type DebateDb, openDebateDb } from './db';

const KEY_RECORD = 'apiKey';

interface StoredKey {
  key: string;
  savedAt: number;
}

function isStoredKey(value: unknown): value is StoredKey {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as StoredKey).key === 'string' &&
    typeof (value as StoredKey).savedAt === 'number'
  );
}

/**
 * The API key, kept in the extension origin's IndexedDB: content scripts run in the page's origin
 * and cannot open it (in Chrome and Firefox alike), unlike `storage.local`. Only the background
 * uses this; no other context ever receives the key, and nothing here logs it.
 */
export class KeyVault {
  constructor(private readonly open: () => Promise<DebateDb> = () => openDebateDb()) {}

  /** The key, or undefined when none is saved. */
  async read(): Promise<string | undefined> {
    const stored = await (await this.open()).get('vault', KEY_RECORD);
    return isStoredKey(stored) ? stored.key : undefined;
  }

  /** Saves (replaces) the key. */
  async save(key: string, now: number = Date.now()): Promise<void> {
    await (await this.open()).put('vault', { key, savedAt: now } satisfies StoredKey, KEY_RECORD);
  }

  /** Forgets the key. */
  async clear(): Promise<void> {
    await (await this.open()).delete('vault', KEY_RECORD);
  }

  /** What the UI may see of the key: whether one is set and its last four characters. */
  async describe(): Promise<{ set: boolean; last4: string | null }> {
    const key = await this.read();
    return key === undefined ? { set: false, last4: null } : { set: true, last4: lastFour(key) };
  }
}

/** The last four characters of a key: all the UI is ever shown of it. */
export function lastFour(key: string): string {
  return key.slice(-4);
}
