import { z } from '@/lib/zod';

/*
 * How the synced settings lie in `storage.sync`: one record per part of the settings (a "field"),
 * each a head item `dc1:<field>` and, for a value longer than one item may hold, more items
 * `dc1:<field>.1`, `dc1:<field>.2`… holding the rest of its JSON text. The head says when the
 * value changed (`at`), which browser changed it (`by`), in how many items it lies (`n`) and a
 * checksum of the whole text (`sum`): items that do not add up (a write still arriving, a record
 * tampered with) are never read as a value. Everything read here is untrusted input: in Firefox a
 * content script can write `storage.sync`, and a synced record may come from a compromised machine.
 */

/** What syncs, in the order the quota is spent (the Saved list last: it takes what room is left). */
export const SYNC_FIELDS = [
  'accounts',
  'reactionKinds',
  'keys',
  'history',
  'notify',
  'linkPatterns',
  'excludedHosts',
  'chosenSites',
  'mutedWords',
  'mutedAuthors',
  'saved',
] as const;
export type SyncField = (typeof SYNC_FIELDS)[number];

/** The prefix of every item of ours. */
export const ITEM_PREFIX = 'dc1:';

/**
 * The browsers' sync quotas, Chrome and Firefox alike, are 8,192 bytes per item (key plus JSON of
 * the value) and 102,400 in total. Ours stay a little under each, so a browser that counts
 * differently still takes them.
 */
export const ITEM_BYTES = 7_900;
export const TOTAL_BYTES = 100_000;
/** The most items one value may take (the total quota over one item's share, rounded up). */
export const MAX_PARTS = 13;
/** How far ahead of this machine's clock a change's time is believed (beyond: "now"). */
export const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

/** A record's head, as read. */
export const headSchema = z.strictObject({
  at: z.int().min(0).max(8.64e15),
  by: z.string().max(64),
  n: z.int().min(1).max(MAX_PARTS),
  sum: z.string().regex(/^[0-9a-f]{8}$/),
  text: z.string(),
});
export type Head = z.infer<typeof headSchema>;

/** The items one field's value takes. */
export type Items = Record<string, unknown>;

export function headKey(field: SyncField): string {
  return `${ITEM_PREFIX}${field}`;
}

export function partKey(field: SyncField, index: number): string {
  return `${ITEM_PREFIX}${field}.${index}`;
}

/** Which field an item key belongs to, or undefined for a key that is not one of ours. */
export function fieldOfKey(key: string): SyncField | 'unknown' | undefined {
  if (!key.startsWith(ITEM_PREFIX)) return undefined;
  const name = key.slice(ITEM_PREFIX.length).replace(/\.\d{1,2}$/, '');
  return (SYNC_FIELDS as readonly string[]).includes(name) ? (name as SyncField) : 'unknown';
}

/** FNV-1a over the text's UTF-16 units, as 8 hex digits. */
export function checksum(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The bytes an item counts for: its key and its value's JSON, in UTF-8. */
export function itemBytes(key: string, value: unknown): number {
  return new TextEncoder().encode(key + JSON.stringify(value)).length;
}

/**
 * A value's items: its JSON text cut so each item stays under {@link ITEM_BYTES}. Undefined when it
 * needs more than {@link MAX_PARTS} items.
 */
export function toItems(field: SyncField, value: unknown, at: number, by: string): Items | undefined {
  const text = JSON.stringify(value);
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > 0 && pieces.length <= MAX_PARTS) {
    // The head's own fields take a little room: a piece shrinks in proportion to what its item is
    // over, and is never cut inside a surrogate pair (a browser may store a lone half as U+FFFD).
    let size = Math.min(rest.length, ITEM_BYTES);
    for (;;) {
      if (size > 1 && size < rest.length && /[\uD800-\uDBFF]/.test(rest.charAt(size - 1))) size -= 1;
      const [bytes, room] = [itemBytes(partKey(field, 99), rest.slice(0, size)), ITEM_BYTES - 160];
      if (bytes <= room || size <= 1) break;
      size = Math.max(1, Math.min(size - 1, Math.floor((size * room) / bytes)));
    }
    pieces.push(rest.slice(0, size));
    rest = rest.slice(size);
  }
  if (pieces.length === 0) pieces.push('');
  if (pieces.length > MAX_PARTS) return undefined;
  const items: Items = {
    [headKey(field)]: { at, by, n: pieces.length, sum: checksum(text), text: pieces[0] ?? '' },
  };
  pieces.slice(1).forEach((piece, index) => {
    items[partKey(field, index + 1)] = piece;
  });
  return items;
}

/** The bytes a field's items count for together. */
export function itemsBytes(items: Items): number {
  return Object.entries(items).reduce((sum, [key, value]) => sum + itemBytes(key, value), 0);
}

/** What a field's record says, read from everything synced. */
export type Read =
  | { kind: 'none' }
  | { kind: 'value'; at: number; by: string; sum: string; value: unknown }
  /** Not a record of ours as written: words for the user name the field. */
  | { kind: 'broken'; detail: string };

/** Reads one field's record from all synced items: its head, its parts, the whole text checked. */
export function readField(all: Items, field: SyncField): Read {
  const raw = all[headKey(field)];
  if (raw === undefined) return { kind: 'none' };
  const head = headSchema.safeParse(raw);
  if (!head.success) return { kind: 'broken', detail: 'head' };
  let text = head.data.text;
  for (let index = 1; index < head.data.n; index++) {
    const part = all[partKey(field, index)];
    if (typeof part !== 'string') return { kind: 'broken', detail: 'parts' };
    text += part;
  }
  if (checksum(text) !== head.data.sum) return { kind: 'broken', detail: 'checksum' };
  try {
    return { kind: 'value', at: head.data.at, by: head.data.by, sum: head.data.sum, value: JSON.parse(text) };
  } catch {
    return { kind: 'broken', detail: 'json' };
  }
}

/** The part keys a field's earlier, longer value left behind (removed when a shorter one is written). */
export function leftoverParts(all: Items, field: SyncField, items: Items): string[] {
  return Object.keys(all).filter((key) => fieldOfKey(key) === field && key !== headKey(field) && !(key in items));
}
