import { DRAFTS_PREF } from './drafts-key';
import { definePref } from './prefs';

/** The drafts as stored: text by key, and when each was last changed (to keep only the recent ones). */
export interface StoredDrafts {
  texts: Record<string, string>;
  changedAt: Record<string, number>;
}

export const EMPTY_DRAFTS: StoredDrafts = { texts: {}, changedAt: {} };

/**
 * The composer drafts, kept so they survive closing the panel and restarting the browser. Private
 * until published, so in the extension origin's IndexedDB (lib/storage/prefs.ts), which no page or
 * content process can read or write.
 */
export const draftsItem = definePref<StoredDrafts>(DRAFTS_PREF, {
  fallback: EMPTY_DRAFTS,
  parse: (raw) => cleanDrafts(raw),
});

/** Keeps only well-formed entries of a stored value (a damaged value loses drafts, never the panel). */
export function cleanDrafts(value: unknown): StoredDrafts {
  const texts: Record<string, string> = {};
  const changedAt: Record<string, number> = {};
  if (typeof value === 'object' && value !== null) {
    const raw = value as Partial<Record<keyof StoredDrafts, unknown>>;
    const rawTexts = typeof raw.texts === 'object' && raw.texts !== null ? raw.texts : {};
    const rawTimes = typeof raw.changedAt === 'object' && raw.changedAt !== null ? raw.changedAt : {};
    for (const [key, text] of Object.entries(rawTexts)) {
      if (typeof text !== 'string' || text === '') continue;
      texts[key] = text;
      const at: unknown = Reflect.get(rawTimes, key);
      changedAt[key] = typeof at === 'number' ? at : 0;
    }
  }
  return { texts, changedAt };
}
