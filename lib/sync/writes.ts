import type { SyncLedger, SyncProblem } from './ledger';
import { refused, sumOf } from './local';
import type { Fitted } from './quota';
import { fieldOfKey, type Items, itemBytes, leftoverParts, readField, SYNC_FIELDS, type SyncField } from './record';
import type { SyncValues } from './values';

/* What a sync pass writes to `storage.sync` and removes from it (the background's SyncService). */

/**
 * The items to write and remove: each field of `write` whose record differs, with the pieces its
 * earlier value left, and the records of fields that do not fit here (their room is the others').
 * A record this browser already wrote over once, written again just as it was by another browser,
 * is not written over a second time: named, so two browsers never hand a value back and forth.
 */
export function plannedWrites(
  all: Items,
  fitted: Fitted,
  write: ReadonlySet<SyncField>,
  ledger: SyncLedger,
  problems: SyncProblem[],
  now: number,
): { writes: Items; stale: string[]; overwrote: SyncLedger['overwrote'] } {
  const writes: Items = {};
  const stale: string[] = [];
  const overwrote = { ...ledger.overwrote };
  for (const field of SYNC_FIELDS) {
    const items = fitted.items[field];
    const read = readField(all, field);
    if (items === undefined) {
      if (fitted.misfits.some((m) => m.field === field && m.kind !== 'partial'))
        stale.push(...Object.keys(all).filter((key) => fieldOfKey(key) === field));
      continue;
    }
    if (!write.has(field) || (read.kind === 'value' && read.sum === sumOf(items))) continue;
    if (read.kind === 'value') {
      const mark = `${read.sum} ${read.at} ${read.by}`;
      if (overwrote[field] === mark) {
        problems.push({ field, kind: 'conflict', detail: '', at: now });
        continue;
      }
      overwrote[field] = mark;
    }
    Object.assign(writes, items);
    stale.push(...leftoverParts(all, field, items));
  }
  return { writes, stale, overwrote };
}

/** The values as written: the Saved list cut to the posts that fit. */
export function writtenValues(values: SyncValues, fitted: Fitted): SyncValues {
  const partial = fitted.misfits.find((misfit) => misfit.kind === 'partial');
  if (partial === undefined || partial.kind !== 'partial') return values;
  return { ...values, saved: { ...values.saved, posts: values.saved.posts.slice(0, partial.synced) } };
}

/**
 * The bytes `storage.sync` holds that are no record of ours (they stay, so the quota left is less);
 * an item of our prefix that is no record of ours is named.
 */
export function foreignBytes(all: Items, problems: SyncProblem[], now: number): number {
  let taken = 0;
  for (const [key, value] of Object.entries(all)) {
    const field = fieldOfKey(key);
    if (field === 'unknown') problems.push(refused('all', `${key}: unknown item`, now));
    if (field === undefined || field === 'unknown') taken += itemBytes(key, value);
  }
  return taken;
}
