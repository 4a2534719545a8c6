import { openDebateDb } from './db';
import { MAX_DRAFT_LENGTH } from './draft-limit';
import { DRAFT_RECORD_PREFIX, LEGACY_DRAFTS_PREF } from './drafts-key';
import { definePref, PREFS_STORE, type RawPrefs, readPrefsRaw } from './prefs';

/*
 * The composer drafts, kept so they survive closing the panel and restarting the browser. Private
 * until published, so in the extension origin's IndexedDB (lib/storage/prefs.ts), which no page or
 * content process can read or write.
 *
 * One record per draft (`draft:post`, `draft:reply:<post id>`): a page writes only the drafts it
 * changed, without reading first (a save started as the panel closes is on its way at once), and
 * two open panels never erase each other's drafts — with no watch, no channel, nothing to merge.
 * Until 29 Nov 2026 every draft was in one record (`drafts`): it is still read, its drafts count
 * where no newer record of their own exists, and the background splits it once (`splitLegacyDrafts`).
 */

/** The drafts: text by key, and when each was last changed (to keep only the recent ones). */
export interface StoredDrafts {
  texts: Record<string, string>;
  changedAt: Record<string, number>;
}

export const EMPTY_DRAFTS: StoredDrafts = { texts: {}, changedAt: {} };

/** Reply drafts kept at most; the oldest go first. */
export const MAX_REPLY_DRAFTS = 50;

/** One draft's record. */
interface DraftRecord {
  text: string;
  at: number;
}

/** A draft's key: the new-post composer, or the reply composer of one post. */
function isDraftKey(key: string): boolean {
  return key === 'post' || (key.startsWith('reply:') && key.length > 'reply:'.length && key.length <= 206);
}

function isText(text: unknown): text is string {
  return typeof text === 'string' && text !== '' && text.length <= MAX_DRAFT_LENGTH;
}

/** Keeps only well-formed entries of the legacy record (a damaged value loses drafts, never the panel). */
export function cleanDrafts(value: unknown): StoredDrafts {
  const texts: Record<string, string> = {};
  const changedAt: Record<string, number> = {};
  if (typeof value === 'object' && value !== null) {
    const raw = value as Partial<Record<keyof StoredDrafts, unknown>>;
    const rawTexts = typeof raw.texts === 'object' && raw.texts !== null ? raw.texts : {};
    const rawTimes = typeof raw.changedAt === 'object' && raw.changedAt !== null ? raw.changedAt : {};
    for (const [key, text] of Object.entries(rawTexts)) {
      if (!isText(text) || !isDraftKey(key)) continue;
      texts[key] = text;
      const at: unknown = Reflect.get(rawTimes, key);
      changedAt[key] = typeof at === 'number' && Number.isFinite(at) ? at : 0;
    }
  }
  return { texts, changedAt };
}

/**
 * The legacy record, as `migrateFromStorageLocal` moves it from `storage.local` (the layout before
 * the prefs store); its drafts are then split like any legacy record's.
 */
export const legacyDraftsItem = definePref<StoredDrafts>(LEGACY_DRAFTS_PREF, {
  fallback: EMPTY_DRAFTS,
  parse: (raw) => cleanDrafts(raw),
});

/**
 * The drafts from a raw read (`readPrefsRaw`, or the early script's): the legacy record's, then each
 * well-formed record of its own, which wins over the legacy entry unless older. Untrusted input.
 */
export function draftsFromRaw(raw: RawPrefs | undefined): StoredDrafts {
  const drafts = cleanDrafts(raw?.value);
  for (const [name, value] of raw?.records ?? []) {
    const key = name.slice(DRAFT_RECORD_PREFIX.length);
    if (!name.startsWith(DRAFT_RECORD_PREFIX) || !isDraftKey(key)) continue;
    if (typeof value !== 'object' || value === null) continue;
    const { text, at } = value as Partial<DraftRecord>;
    if (!isText(text) || typeof at !== 'number' || !Number.isFinite(at)) continue;
    if ((drafts.changedAt[key] ?? Number.NEGATIVE_INFINITY) > at) continue;
    drafts.texts[key] = text;
    drafts.changedAt[key] = at;
  }
  return drafts;
}

/** Reads every draft. */
export async function readDrafts(): Promise<StoredDrafts> {
  return draftsFromRaw(await readPrefsRaw(LEGACY_DRAFTS_PREF, DRAFT_RECORD_PREFIX));
}

/**
 * Opens the database for `writeDrafts` ahead of time (once: later calls find it open). The side
 * panel reads its drafts with a bare read; its first write would otherwise open the database as the
 * panel closes, and Firefox ends a closing page before an open completes.
 */
export function prepareDraftWrites(): void {
  openDebateDb().catch(() => undefined);
}

/**
 * Writes the drafts that changed (a text, or null: removed), each to its own record, in one
 * transaction committed now: Firefox aborts a closing page's open transactions, and the side panel
 * saves its drafts as it closes (pagehide).
 */
export async function writeDrafts(changes: ReadonlyMap<string, DraftRecord | null>): Promise<void> {
  if (changes.size === 0) return;
  const tx = (await openDebateDb()).transaction(PREFS_STORE, 'readwrite');
  const requests = [...changes].map(([key, record]) =>
    record === null
      ? tx.store.delete(`${DRAFT_RECORD_PREFIX}${key}`)
      : tx.store.put(record, `${DRAFT_RECORD_PREFIX}${key}`),
  );
  tx.commit();
  await Promise.all([...requests, tx.done]);
}

/** The reply drafts beyond the {@link MAX_REPLY_DRAFTS} most recently changed (the post draft always stays). */
export function draftsBeyondLimit(drafts: StoredDrafts): string[] {
  const replies = Object.keys(drafts.texts).filter((key) => key !== 'post');
  if (replies.length <= MAX_REPLY_DRAFTS) return [];
  return replies.sort((a, b) => (drafts.changedAt[b] ?? 0) - (drafts.changedAt[a] ?? 0)).slice(MAX_REPLY_DRAFTS);
}

/**
 * Moves the drafts of the legacy record into records of their own (never over a newer one), drops
 * those beyond the limit, and removes the legacy record, in one transaction: run by the background
 * at every start (a no-op once done). A failure leaves the legacy record, still read as before.
 */
export async function splitLegacyDrafts(): Promise<void> {
  const tx = (await openDebateDb()).transaction(PREFS_STORE, 'readwrite');
  const legacy: unknown = await tx.store.get(LEGACY_DRAFTS_PREF);
  if (legacy === undefined) {
    await tx.done;
    return;
  }
  const range = IDBKeyRange.bound(DRAFT_RECORD_PREFIX, `${DRAFT_RECORD_PREFIX}\uffff`);
  const [keys, values] = await Promise.all([tx.store.getAllKeys(range), tx.store.getAll(range)]);
  const records: [string, unknown][] = keys.map((key, i) => [String(key), values[i]]);
  const own = draftsFromRaw({ value: undefined, records });
  const merged = draftsFromRaw({ value: legacy, records });
  const dropped = new Set(draftsBeyondLimit(merged));
  for (const [key, text] of Object.entries(merged.texts)) {
    const at = merged.changedAt[key] ?? 0;
    if (dropped.has(key)) await tx.store.delete(`${DRAFT_RECORD_PREFIX}${key}`);
    else if (own.texts[key] === undefined) await tx.store.put({ text, at }, `${DRAFT_RECORD_PREFIX}${key}`);
  }
  await tx.store.delete(LEGACY_DRAFTS_PREF);
  await tx.done;
}
