import { savedKey } from '@/lib/storage/saved-limits';
import type { SavedPost } from '@/lib/storage/saved-posts';
import { MAX_SAVED_REMOVALS, type SavedRemoval, type SyncedSaved } from './values';

/**
 * The Saved list syncs as a union, post by post, newest change first: a post saved on either
 * browser is saved on both, unless one removed it after it was saved. (The list is not one value
 * that one browser's newer list replaces: only the newest posts fit in the quota, and a list cut to
 * fit must not remove the older ones elsewhere.)
 */
export function mergeSyncedSaved(
  mine: readonly SavedPost[],
  synced: SyncedSaved,
  myRemovals: readonly SavedRemoval[],
): { add: SavedPost[]; remove: string[]; removals: SavedRemoval[] } {
  const removedAt = new Map<string, number>();
  for (const removal of [...myRemovals, ...synced.removed]) {
    removedAt.set(removal.key, Math.max(removedAt.get(removal.key) ?? 0, removal.at));
  }
  const have = new Set(mine.map(savedKey));
  const add = synced.posts.filter(
    (post) => !have.has(savedKey(post)) && (removedAt.get(savedKey(post)) ?? -1) < post.savedAt,
  );
  const remove = mine.filter((post) => (removedAt.get(savedKey(post)) ?? -1) >= post.savedAt).map(savedKey);
  const removals = [...removedAt.entries()]
    .map(([key, at]) => ({ key, at }))
    .sort((a, b) => a.at - b.at || (a.key < b.key ? -1 : 1))
    .slice(-MAX_SAVED_REMOVALS);
  return { add, remove, removals };
}
