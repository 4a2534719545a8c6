import type { ApiClient } from '@/lib/api/client';
import type { ReadWithRetry } from '@/lib/queue';
import type { FindLanded } from '@/lib/queue/types';

/** How far back (newest first) the timeline is searched for a write whose answer was lost. */
const PAGES = 3;
const PAGE_SIZE = 50;
/** Clocks of the browser and the server differ a little: accept posts created this much before the send. */
const CLOCK_SKEW_MS = 60_000;

/**
 * Settles a write whose outcome is unknown by looking for it among the newest public posts: same
 * account as `GET /v1/me` reports, same body, created after the send began. Only posts can be found
 * this way (the API has no read endpoint for comments or reactions): for those it finds nothing,
 * and the item becomes `uncertain` for the user to decide.
 */
export function findLandedWith(api: (baseUrl: string) => { client: ApiClient; read: ReadWithRetry }): FindLanded {
  return async (item, sinceMs) => {
    if (item.request.kind !== 'post') return [];
    const { client, read } = api(item.account);
    const me = await read('me', () => client.me());
    const accountId = me.account?.id;
    if (accountId === undefined) return [];
    const body = item.request.body;
    const found: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < PAGES; page++) {
      const current = cursor;
      const result = await read(`settle:${current ?? ''}`, () =>
        client.timeline(current === undefined ? { limit: PAGE_SIZE } : { limit: PAGE_SIZE, cursor: current }),
      );
      let reachedOlder = false;
      for (const post of result.items) {
        const created = post.createdAt === undefined ? Number.NaN : Date.parse(post.createdAt);
        if (created < sinceMs - CLOCK_SKEW_MS) reachedOlder = true;
        else if (post.author?.id === accountId && post.body?.trim() === body.trim()) found.push(post.id);
      }
      if (reachedOlder || result.nextCursor === null) break;
      cursor = result.nextCursor;
    }
    // Oldest first: the earliest match is the most likely to be this item's.
    return found.reverse();
  };
}
