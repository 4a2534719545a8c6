import { type Items, itemsBytes, SYNC_FIELDS, type SyncField, TOTAL_BYTES, toItems } from './record';
import type { SyncedSaved, SyncValues } from './values';

/*
 * Spending the browser's sync quota: fields in {@link SYNC_FIELDS} order while they fit, each whole;
 * the Saved list last, its newest posts as far as the room left allows. What does not fit is named,
 * never dropped in silence, and the local value is always kept.
 */

/** A field that did not fit (whole or in part). */
export type Misfit =
  | { field: SyncField; kind: 'too_large' | 'no_room' }
  | { field: 'saved'; kind: 'partial'; synced: number; total: number };

export interface Fitted {
  /** Each field's items, for the fields that fit. */
  items: Partial<Record<SyncField, Items>>;
  misfits: Misfit[];
}

/** The items of every field's value, dated by `stamps`, within {@link TOTAL_BYTES} less what is `taken`. */
export function fitAll(
  values: SyncValues,
  stamps: Partial<Record<SyncField, number>>,
  by: string,
  /** Bytes that stay in use whatever is written (items not ours). */
  taken = 0,
): Fitted {
  const fitted: Fitted = { items: {}, misfits: [] };
  let room = TOTAL_BYTES - taken;
  for (const field of SYNC_FIELDS) {
    const at = stamps[field] ?? 0;
    if (field === 'saved') {
      const saved = fitSaved(values.saved, room, at, by);
      if (saved.items !== undefined) fitted.items.saved = saved.items;
      const total = values.saved.posts.length;
      if (saved.synced < total) fitted.misfits.push({ field, kind: 'partial', synced: saved.synced, total });
      continue;
    }
    const items = toItems(field, values[field], at, by);
    const bytes = items === undefined ? Number.POSITIVE_INFINITY : itemsBytes(items);
    if (items !== undefined && bytes <= room) {
      fitted.items[field] = items;
      room -= bytes;
    } else fitted.misfits.push({ field, kind: items === undefined ? 'too_large' : 'no_room' });
  }
  return fitted;
}

/** The newest saved posts whose items fit in `room` (found by halving), with every removal. */
function fitSaved(saved: SyncedSaved, room: number, at: number, by: string): { items?: Items; synced: number } {
  const tryCount = (count: number) => {
    const items = toItems('saved', { posts: saved.posts.slice(0, count), removed: saved.removed }, at, by);
    return items !== undefined && itemsBytes(items) <= room ? items : undefined;
  };
  const all = tryCount(saved.posts.length);
  if (all !== undefined) return { items: all, synced: saved.posts.length };
  let [low, high] = [0, saved.posts.length];
  let best = tryCount(0);
  while (low < high - 1) {
    const middle = Math.floor((low + high) / 2);
    const items = tryCount(middle);
    if (items === undefined) high = middle;
    else [low, best] = [middle, items];
  }
  return best === undefined ? { synced: 0 } : { items: best, synced: low };
}
