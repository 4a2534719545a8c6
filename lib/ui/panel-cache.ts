import type { Contribution } from '@/lib/api/schemas';
import { isReactionKind, type ReactionKind } from '@/lib/storage/reaction-kinds';
import { cacheStamp, PANEL_CACHE_KEY } from './panel-cache-key';
import type { FirstPageCache } from './timeline-store';

/*
 * What the side panel shows while its first answers travel: the first timeline page and the
 * reaction kinds of the last opening. In the panel's own `localStorage` (the extension's origin:
 * no page or content script can read or write it; read synchronously, so it paints at once).
 * Public posts and labels only, nothing secret.
 *
 * Only this build's panel writes it, and only what it had checked (posts: a `getTimelinePage`
 * reply that passed its schema), so it is read back without zod, which the panel loads after its
 * first paint: a value written by another build (the stamp differs) or damaged is dropped, and each
 * entry must still have the shape the list needs. The cached posts stand in for at most the time
 * the fresh page takes to arrive and be checked; then they are replaced.
 */

interface Stored {
  stamp?: unknown;
  page?: unknown;
  kinds?: unknown;
}

function load(storage: Storage | undefined): Stored {
  try {
    const raw = storage?.getItem(PANEL_CACHE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : {};
    if (typeof value !== 'object' || value === null) return {};
    return (value as Stored).stamp === cacheStamp() ? (value as Stored) : {};
  } catch {
    return {};
  }
}

function save(storage: Storage | undefined, change: Stored): void {
  try {
    storage?.setItem(PANEL_CACHE_KEY, JSON.stringify({ ...load(storage), ...change, stamp: cacheStamp() }));
  } catch {
    // Full or unavailable: the panel works without the cache, only less quickly.
  }
}

/** Keeps the well-formed entries of a stored list. */
function valid<T>(value: unknown, check: (entry: unknown) => entry is T): T[] {
  return Array.isArray(value) ? value.filter(check) : [];
}

/** A stored post as the list needs it: an object with its id (checked by its schema before it was stored). */
function isStoredPost(entry: unknown): entry is Contribution {
  if (typeof entry !== 'object' || entry === null) return false;
  const { id } = entry as { id?: unknown };
  return typeof id === 'string' && id !== '';
}

/** The first page of the last opening, for {@link TimelineStore}. */
export function firstPageCache(storage: Storage | undefined = globalThis.localStorage): FirstPageCache {
  return {
    read: () => valid(load(storage).page, isStoredPost),
    write: (items) => save(storage, { page: items }),
  };
}

/** The reaction kinds of the last opening (undefined when none were kept). */
export function cachedReactionKinds(
  storage: Storage | undefined = globalThis.localStorage,
): ReactionKind[] | undefined {
  const kinds = valid(load(storage).kinds, isReactionKind);
  return kinds.length > 0 ? kinds : undefined;
}

/** Keeps the reaction kinds for the next opening. */
export function cacheReactionKinds(
  kinds: readonly ReactionKind[],
  storage: Storage | undefined = globalThis.localStorage,
) {
  save(storage, { kinds });
}
