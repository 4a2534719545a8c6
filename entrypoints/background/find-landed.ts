import type { ApiClient } from '@/lib/api/client';
import type { Author } from '@/lib/api/schemas';
import type { ReadWithRetry } from '@/lib/queue';
import type { FindLanded } from '@/lib/queue/types';

/** How far back (newest first) the timeline is searched for a write whose answer was lost. */
const PAGES = 3;
const PAGE_SIZE = 50;
/** Clocks of the browser and the server differ a little: accept posts created this much before the send. */
const CLOCK_SKEW_MS = 60_000;

/** Whether the key check named the account by anything: an id, a handle or a display name. */
export function namesSomeone(account: Author | undefined): account is Author {
  return account !== undefined && (account.id ?? account.handle ?? account.displayName) !== undefined;
}

/**
 * Whether a post's author is the key's account, by whatever both name: the id when both carry one,
 * else the handle, else the display name. A key check that named no account at all matches any
 * author (the body and the time still have to match): looking is better than claiming "not found".
 */
export function sameAuthor(author: Author | undefined, account: Author | undefined): boolean {
  if (!namesSomeone(account)) return true;
  if (author === undefined) return false;
  if (author.id !== undefined && account.id !== undefined) return author.id === account.id;
  if (author.handle !== undefined && account.handle !== undefined) {
    return author.handle.toLowerCase() === account.handle.toLowerCase();
  }
  if (author.displayName !== undefined && account.displayName !== undefined) {
    return author.displayName === account.displayName;
  }
  return false;
}

/**
 * Settles a write whose outcome is unknown by looking for it among the newest public posts: by the
 * account `GET /v1/me` reports (in whatever it names it by: {@link sameAuthor}), same body, created
 * after the send began. Only posts can be found this way (the API has no read endpoint for comments
 * or reactions): for those it finds nothing, and the item becomes `uncertain` for the user to decide.
 */
export function findLandedWith(
  api: (account: string) => Promise<{ client: ApiClient; read: ReadWithRetry }>,
): FindLanded {
  return async (item, sinceMs) => {
    if (item.request.kind !== 'post') return [];
    const { client, read } = await api(item.account);
    const me = await read('me', () => client.me());
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
        else if (sameAuthor(post.author, me.account) && post.body?.trim() === body.trim()) found.push(post.id);
      }
      if (reachedOlder || result.nextCursor === null) break;
      cursor = result.nextCursor;
    }
    // Oldest first: the earliest match is the most likely to be this item's.
    return found.reverse();
  };
}
