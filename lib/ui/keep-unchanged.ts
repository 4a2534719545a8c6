import { sameJson } from '@/lib/same-json';

/*
 * A fresh list that keeps the records of the list before it wherever nothing changed, so the rows
 * of a windowed list (memoized on their post, lib/ui/memo.ts) render again only where a post did:
 * the side panel's fresh first page, which replaces the last opening's as the panel opens, then
 * costs the rows nothing when the posts are the same.
 */

/**
 * `fresh`, in its order, with each entry equal in content to the entry of `previous` with its id
 * replaced by that one. `kept(previous, fresh)` is told of each entry kept.
 */
export function keepUnchanged<T extends { id: string }>(
  previous: readonly T[],
  fresh: readonly T[],
  kept?: (previous: T, fresh: T) => void,
): T[] {
  if (previous.length === 0) return [...fresh];
  const byId = new Map(previous.map((entry) => [entry.id, entry]));
  return fresh.map((entry) => {
    const before = byId.get(entry.id);
    if (before === undefined || !sameJson(before, entry)) return entry;
    kept?.(before, entry);
    return before;
  });
}
