import { DB_NAME, openDebateDb } from './db';

/*
 * Preferences and private state in the extension origin's IndexedDB, never in `storage.local`:
 * in Firefox a content process can read and write `storage.local` (there is no `setAccessLevel`),
 * so nothing that decides where requests go, what is written, or that is private (drafts) lives
 * there. Content scripts run in the page's origin and cannot open this database. Every read is
 * parsed as untrusted input all the same.
 */

/** The object store of these values (lib/storage/db.ts). */
export const PREFS_STORE = 'prefs';

/**
 * Tells other extension contexts which value changed; never the value. The background listens
 * (its own values, written by another context); pages follow the background's pushes instead.
 */
export const PREFS_CHANNEL = 'debate-companion-prefs';

/** A value kept in the prefs store. */
export interface Pref<T> {
  readonly name: string;
  /** The stored value, parsed; the fallback when none is stored or it does not parse. */
  getValue(): Promise<T>;
  /** Whether a value is stored (even one that does not parse). */
  hasValue(): Promise<boolean>;
  /** Parses a raw value as stored values are. */
  parse(raw: unknown): T;
  /** Stores the value and tells every context watching it. */
  setValue(value: T): Promise<void>;
  /** Calls `listener` with the new value after every change, in any context; returns the unwatch. */
  watch(listener: (value: T) => void): () => void;
}

export interface PrefOptions<T> {
  fallback: T;
  /** Checks a stored value; returns the fallback (or a repaired value) for what does not parse. */
  parse: (raw: unknown) => T;
  /** Tests open their own database. */
  dbName?: string;
}

/** One `watch` call. */
interface Watcher {
  /** The value was set in this context: here it is. */
  set(value: unknown): void;
  /** Another context changed it: read it again. */
  reread(): void;
}

/** Watchers in this context, by name. */
const watchers = new Map<string, Set<Watcher>>();
let channel: BroadcastChannel | undefined;

function changes(): BroadcastChannel | undefined {
  if (channel === undefined && typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel(PREFS_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      const name: unknown = event.data;
      if (typeof name === 'string') for (const watcher of watchers.get(name) ?? []) watcher.reread();
    };
  }
  return channel;
}

/** Forgets every watcher of this context (tests, as `fakeBrowser.reset()` does for storage events). */
export function forgetPrefWatchers(): void {
  watchers.clear();
}

/** Defines a value of the prefs store. */
export function definePref<T>(name: string, options: PrefOptions<T>): Pref<T> {
  const open = () => openDebateDb(options.dbName);
  const getValue = async (): Promise<T> => {
    const raw: unknown = await (await open()).get(PREFS_STORE, name);
    return raw === undefined ? options.fallback : options.parse(raw);
  };
  return {
    name,
    getValue,
    parse: options.parse,
    hasValue: async () => (await (await open()).get(PREFS_STORE, name)) !== undefined,
    async setValue(value) {
      const tx = (await open()).transaction(PREFS_STORE, 'readwrite');
      const put = tx.store.put(value, name);
      // Committed now, not when the task ends: Firefox aborts a closing page's open transactions,
      // and the side panel saves its drafts as it closes (pagehide).
      tx.commit();
      await Promise.all([put, tx.done]);
      for (const watcher of watchers.get(name) ?? []) watcher.set(value);
      changes()?.postMessage(name);
    },
    watch(listener) {
      changes();
      const watcher: Watcher = {
        set: (value) => listener(options.parse(value)),
        reread: () => void getValue().then(listener, () => undefined),
      };
      const set = watchers.get(name) ?? new Set();
      watchers.set(name, set);
      set.add(watcher);
      return () => {
        set.delete(watcher);
      };
    },
  };
}

/** What `readPrefsRaw` read: one named value, and every record whose name starts with a prefix. */
export interface RawPrefs {
  value: unknown;
  records: [string, unknown][];
}

/**
 * Reads one value and the records under a name prefix with the bare IndexedDB API (no library), for
 * the side panel's early script. An absent database is not created (the real open does that with
 * its upgrade): the read gives undefined.
 */
export function readPrefsRaw(name: string, prefix: string): Promise<RawPrefs | undefined> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(undefined);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(PREFS_STORE)) {
        db.close();
        resolve(undefined);
        return;
      }
      const tx = db.transaction(PREFS_STORE, 'readonly');
      const store = tx.objectStore(PREFS_STORE);
      const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
      const value = store.get(name);
      const keys = store.getAllKeys(range);
      const values = store.getAll(range);
      tx.oncomplete = () => {
        db.close();
        resolve({ value: value.result, records: keys.result.map((key, i) => [String(key), values.result[i]]) });
      };
      tx.onerror = () => {
        db.close();
        reject(tx.error);
      };
    };
  });
}
