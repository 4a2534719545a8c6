import { siteOriginOf } from '@/lib/base-url';
import { type DebateDb, openDebateDb } from './db';

/** An origin an API address may have (`https://host[:port]`, or `http:` on loopback), as `siteOriginOf` gives it. */
const isApiOrigin = (value: string): boolean => siteOriginOf(value) === value;

/** Where a single-key version kept its one key (moved to the first account at start-up). */
export const KEY_RECORD = 'apiKey';

/** The key and the API origin it was given for: it is never sent anywhere else. */
export interface BoundKey {
  key: string;
  /** `https://debate.example` (scheme, host and port): the only origin the key is sent to. */
  origin: string;
}

/** What the UI may see of a key. */
export interface KeyDescription {
  set: boolean;
  last4: string | null;
  origin: string | null;
}

interface StoredKey extends BoundKey {
  savedAt: number;
}

/**
 * A stored record is trusted only when whole. A key saved before keys were bound to an origin has
 * no `origin`: it is treated as absent (the user enters it again), never bound to whatever address
 * is configured now — that address may have been changed by someone else since.
 */
function isStoredKey(value: unknown): value is StoredKey {
  if (typeof value !== 'object' || value === null) return false;
  const { key, origin, savedAt } = value as Partial<Record<keyof StoredKey, unknown>>;
  return typeof key === 'string' && typeof origin === 'string' && isApiOrigin(origin) && typeof savedAt === 'number';
}

/** The record an account's key is kept under. */
const recordOf = (account: string): string => `key:${account}`;

/**
 * The API keys, one per account, each kept with its origin in the extension origin's IndexedDB:
 * content scripts run in the page's origin and cannot open it (in Chrome and Firefox alike), unlike
 * `storage.local`. Only the background uses this; no other context ever receives a key, and
 * nothing here logs one.
 */
export class KeyVault {
  /**
   * What `describe` answered, per account: the status is made on every push, and the keys change
   * only through this vault (the background's one instance; no other context can open it).
   */
  private readonly descriptions = new Map<string, Promise<KeyDescription>>();

  constructor(private readonly open: () => Promise<DebateDb> = () => openDebateDb()) {}

  /** An account's key and its origin, or undefined when none is saved. */
  async read(account: string): Promise<BoundKey | undefined> {
    return this.readRecord(recordOf(account));
  }

  /** The key of a single-key version, kept under its old name until it is moved to an account. */
  async readLegacy(): Promise<BoundKey | undefined> {
    return this.readRecord(KEY_RECORD);
  }

  /** The account's key when it was given for `origin`; undefined otherwise (none saved, or saved for another). */
  async keyFor(account: string, origin: string): Promise<string | undefined> {
    const bound = await this.read(account);
    return bound !== undefined && bound.origin === origin ? bound.key : undefined;
  }

  /** Saves (replaces) an account's key, bound to `origin`. */
  async save(account: string, key: string, origin: string, now: number = Date.now()): Promise<void> {
    if (!isApiOrigin(origin)) throw new TypeError('A key is bound to an API origin (https, or http on loopback).');
    this.descriptions.delete(account);
    try {
      await (await this.open()).put('vault', { key, origin, savedAt: now } satisfies StoredKey, recordOf(account));
    } finally {
      this.descriptions.delete(account);
    }
  }

  /** Forgets an account's key. */
  async clear(account: string): Promise<void> {
    this.descriptions.delete(account);
    try {
      await (await this.open()).delete('vault', recordOf(account));
    } finally {
      this.descriptions.delete(account);
    }
  }

  /** What the UI may see of a key: whether one is set, its last four characters and its origin. */
  describe(account: string): Promise<KeyDescription> {
    let description = this.descriptions.get(account);
    if (description === undefined) {
      description = this.read(account).then((bound) =>
        bound === undefined
          ? { set: false, last4: null, origin: null }
          : { set: true, last4: lastFour(bound.key), origin: bound.origin },
      );
      this.descriptions.set(account, description);
      // A failed read is not kept: the next push reads again.
      const kept = description;
      kept.catch(() => {
        if (this.descriptions.get(account) === kept) this.descriptions.delete(account);
      });
    }
    return description;
  }

  private async readRecord(name: string): Promise<BoundKey | undefined> {
    const stored = await (await this.open()).get('vault', name);
    return isStoredKey(stored) ? { key: stored.key, origin: stored.origin } : undefined;
  }
}

/** The last four characters of a key: all the UI is ever shown of it. */
export function lastFour(key: string): string {
  return key.slice(-4);
}
