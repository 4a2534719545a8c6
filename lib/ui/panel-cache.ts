import { type Contribution, contributionSchema } from '@/lib/api/schemas';
import { type ReactionKind, reactionKindSchema } from '@/lib/storage/settings';
import { PANEL_CACHE_KEY } from './panel-cache-key';
import type { FirstPageCache } from './timeline-store';

/*
 * What the side panel shows while its first answers travel: the first timeline page and the
 * reaction kinds of the last opening. In the panel's own `localStorage` (the extension's origin:
 * no content script can read it; read synchronously, so it paints at once). Public posts and
 * labels only, nothing secret.
 */

interface Stored {
  page?: unknown;
  kinds?: unknown;
}

function load(storage: Storage | undefined): Stored {
  try {
    const raw = storage?.getItem(PANEL_CACHE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : {};
    return typeof value === 'object' && value !== null ? (value as Stored) : {};
  } catch {
    return {};
  }
}

function save(storage: Storage | undefined, change: Stored): void {
  try {
    storage?.setItem(PANEL_CACHE_KEY, JSON.stringify({ ...load(storage), ...change }));
  } catch {
    // Full or unavailable: the panel works without the cache, only less quickly.
  }
}

/** Keeps the well-formed entries of a stored list. */
function valid<T>(value: unknown, check: (entry: unknown) => T | undefined): T[] {
  if (!Array.isArray(value)) return [];
  return value.map(check).filter((entry): entry is T => entry !== undefined);
}

/** The first page of the last opening, for {@link TimelineStore}. */
export function firstPageCache(storage: Storage | undefined = globalThis.localStorage): FirstPageCache {
  return {
    read: () => valid<Contribution>(load(storage).page, (entry) => contributionSchema.safeParse(entry).data),
    write: (items) => save(storage, { page: items }),
  };
}

/** The reaction kinds of the last opening (undefined when none were kept). */
export function cachedReactionKinds(
  storage: Storage | undefined = globalThis.localStorage,
): ReactionKind[] | undefined {
  const kinds = valid<ReactionKind>(load(storage).kinds, (entry) => reactionKindSchema.safeParse(entry).data);
  return kinds.length > 0 ? kinds : undefined;
}

/** Keeps the reaction kinds for the next opening. */
export function cacheReactionKinds(
  kinds: readonly ReactionKind[],
  storage: Storage | undefined = globalThis.localStorage,
) {
  save(storage, { kinds });
}
